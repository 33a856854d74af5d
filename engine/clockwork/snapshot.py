"""Full snapshots of a Clockwork Memorion state as plain JSON data; ``from_snapshot(to_snapshot(g))`` folds on
exactly like ``g``."""

from __future__ import annotations

from typing import Any

from engine.clockwork.cards import CwCardDB
from engine.clockwork.state import Game, Player, Unit

SNAPSHOT_VERSION = 1
_UNIT = ("card", "uid", "face", "state", "memorions", "recalls", "damage", "attacks", "blocks", "destroyed", "mods",
         "grants", "level_mods")
_PLAYER = ("name", "deck_list", "sideboard", "deck", "hand", "storage", "drop", "limit", "life", "counters",
           "mulligan", "failed_draw", "stage", "opening_hand", "seen", "played", "deified_turn", "recalls_made",
           "recall_time", "words", "recall_times")
_GAME = ("first", "ruleset", "turn", "turn_player", "phase", "step", "used", "due", "pending", "battle", "sequence",
         "result", "next_uid", "applied", "dirty", "doomed")


def _unit(u: Unit | None) -> dict[str, Any] | None:
    if u is None:
        return None
    d = {k: getattr(u, k) for k in _UNIT}
    d["mods"] = [list(m) for m in u.mods]
    return d


def _unit_back(d: dict[str, Any] | None) -> Unit | None:
    if d is None:
        return None
    u = Unit(d["card"], d["uid"], d["face"])
    for k in _UNIT[3:]:
        setattr(u, k, d[k])
    u.mods = [(m[0], m[1]) for m in d["mods"]]
    return u


def to_snapshot(g: Game) -> dict[str, Any]:
    """Everything in ``g`` as JSON-ready data (a deep copy)."""
    clone = g.clone()
    players = []
    for p in clone.players:
        d = {k: getattr(p, k) for k in _PLAYER}
        d["ruler"], d["zones"] = _unit(p.ruler), [_unit(u) for u in p.zones]
        players.append(d)
    last = None if clone.last_end is None else list(clone.last_end)
    return {"v": SNAPSHOT_VERSION, **{k: getattr(clone, k) for k in _GAME}, "last_end": last, "players": players}


def from_snapshot(d: dict[str, Any], cards: CwCardDB) -> Game:
    """Rebuild the state a snapshot was taken of (``ValueError`` for another snapshot version)."""
    if d.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"snapshot version {d.get('v')!r} is not {SNAPSHOT_VERSION}")
    players = []
    for pd in d["players"]:
        p = Player(pd["name"], pd["deck_list"], pd["sideboard"])
        for k in _PLAYER[3:]:
            if k in pd:  # a snapshot taken before ``recall_times`` was kept starts it at 0
                setattr(p, k, pd[k])
        p.seen, p.played = {k: v for k, v in pd["seen"].items()}, {k: v for k, v in pd["played"].items()}
        p.ruler, p.zones = _unit_back(pd["ruler"]), [_unit_back(u) for u in pd["zones"]]
        players.append(p)
    g = Game(cards, players, d["first"], d["ruleset"])
    for k in _GAME[2:]:
        setattr(g, k, d[k])
    last = d.get("last_end")  # (absent from a snapshot taken before it was kept)
    g.last_end = None if last is None else (last[0], last[1])
    return g.clone()
