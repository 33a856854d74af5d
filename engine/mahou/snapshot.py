"""Full snapshots of a Mahou Shoujo state as plain JSON data (deck order and boosts included).

``from_snapshot(to_snapshot(g), cards)`` folds on exactly like ``g``.
"""

from __future__ import annotations

from typing import Any

from engine.mahou.cards import MsCardDB
from engine.mahou.state import Fighter, MsState, Player

SNAPSHOT_VERSION = 1


def _fighter(f: Fighter | None) -> list[Any] | None:
    if f is None:
        return None
    return [f.hero, f.girl, f.grand, list(f.pets), f.hp, f.max_hp, f.mgk, f.boost_turn, f.boost_perm, f.grand_attacked]


def _fighter_back(d: list[Any] | None) -> Fighter | None:
    if d is None:
        return None
    f = Fighter(d[0], d[4])
    f.girl, f.grand, f.pets, f.max_hp, f.mgk = d[1], d[2], list(d[3]), d[5], d[6]
    f.boost_turn, f.boost_perm, f.grand_attacked = d[7], d[8], d[9]
    return f


def _player(p: Player) -> dict[str, Any]:
    return {
        "name": p.name, "deck_list": list(p.deck_list), "deck": list(p.deck), "hand": list(p.hand),
        "dreamscape": list(p.dreamscape), "active": _fighter(p.active), "squad": [_fighter(f) for f in p.squad],
        "half_gems": p.half_gems, "redraws": p.redraws, "failed_draw": p.failed_draw, "stage": p.stage,
        "drawn": list(p.drawn), "opening_hand": list(p.opening_hand),
    }


def _player_back(d: dict[str, Any]) -> Player:
    p = Player(d["name"], d["deck_list"])
    p.deck, p.hand, p.dreamscape = list(d["deck"]), list(d["hand"]), list(d["dreamscape"])
    p.active = _fighter_back(d["active"])
    p.squad = [f for f in (_fighter_back(x) for x in d["squad"]) if f is not None]
    p.half_gems, p.redraws, p.failed_draw, p.stage = d["half_gems"], d["redraws"], d["failed_draw"], d["stage"]
    p.drawn, p.opening_hand = list(d["drawn"]), list(d["opening_hand"])
    return p


def to_snapshot(g: MsState) -> dict[str, Any]:
    """Everything in ``g`` as JSON-ready data."""
    return {
        "v": SNAPSHOT_VERSION, "ruleset": g.ruleset, "first": g.first, "turn": g.turn, "turn_player": g.turn_player,
        "phase": g.phase, "actions_used": g.actions_used, "must_replace": list(g.must_replace),
        "result": None if g.result is None else dict(g.result), "applied": g.applied,
        "last_end": None if g.last_end is None else list(g.last_end), "players": [_player(p) for p in g.players],
    }


def from_snapshot(d: dict[str, Any], cards: MsCardDB) -> MsState:
    """Rebuild the state a snapshot was taken of (``ValueError`` for another snapshot version)."""
    if d.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"snapshot version {d.get('v')!r} is not {SNAPSHOT_VERSION}")
    g = MsState(cards, [_player_back(p) for p in d["players"]], d["first"], d["ruleset"])
    g.turn, g.turn_player, g.phase, g.actions_used = d["turn"], d["turn_player"], d["phase"], d["actions_used"]
    g.must_replace = list(d["must_replace"])
    g.result = None if d["result"] is None else dict(d["result"])
    g.applied = d["applied"]
    last = d.get("last_end")  # (absent from a snapshot taken before it was kept)
    g.last_end = None if last is None else (last[0], last[1])
    return g
