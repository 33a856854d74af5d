"""Full snapshots of a state (everything the fold needs to go on), as plain JSON data.

Unlike the public state JSON, a snapshot keeps deck order, modifiers with their
expiry, once-per-turn history and object ids, so a stored game can be folded on
from it: ``from_snapshot(to_snapshot(g), cards)`` behaves exactly like ``g``.
"""

from __future__ import annotations

from typing import Any

from engine.pm.cards import CardDB
from engine.pm.state import Approach, Chara, GameState, PlayerState, Support

SNAPSHOT_VERSION = 4  # 3: available triggers, and Turn Ends that wait; 4: unknown cards (table logs)


def _chara(c: Chara) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": c.card, "uid": c.uid, "owner": c.owner, "area": c.area, "stack": c.stack, "rested": c.rested,
        "entered": c.entered_turn, "summoned": c.summoned_turn,
        "supports": [[s.card, s.uid, dict(s.used)] for s in c.supports],
        "coins": c.coins, "mods": [list(m) for m in c.mods], "grants": [[w, u] for w, u in c.grants],
        "approached": c.approached_turn, "levelups": list(c.levelups),
        "used": dict(c.used), "auto_used": dict(c.auto_used),
    }
    if c.under:  # cards face down under it (round 20): written only when some are, so older snapshots read the same
        out["under"] = list(c.under)
    return out


def _chara_back(d: dict[str, Any]) -> Chara:
    c = Chara(d["card"], d["uid"], d["owner"], d["area"], d["entered"], summoned=False, rested=d["rested"])
    c.stack = list(d["stack"])
    c.under = list(d.get("under") or ())
    c.summoned_turn = d["summoned"]
    for card, uid, used in d["supports"]:
        s = Support(card, uid)
        s.used = dict(used)
        c.supports.append(s)
    c.coins = dict(d["coins"])
    c.mods = [(a, b, u) for a, b, u in d["mods"]]
    c.grants = [(w, u) for w, u in d["grants"]]
    c.approached_turn = d["approached"]
    c.levelups = (d["levelups"][0], d["levelups"][1])
    c.used = dict(d["used"])
    c.auto_used = dict(d["auto_used"])
    return c


def _player(p: PlayerState) -> dict[str, Any]:
    return {
        "name": p.name, "deck_list": p.deck_list, "ex_list": p.ex_list, "deck": p.deck, "hand": p.hand,
        "discard": p.discard, "points": p.points, "main": [_chara(c) for c in p.main],
        "support": [_chara(c) for c in p.support], "removed": p.removed, "ex_deck": p.ex_deck,
        "cost_mods": {k: [list(m) for m in v] for k, v in p.cost_mods.items()},
        "shuffled": p.shuffled, "opening": p.opening, "played": p.played_this_turn,
        "opening_hand": p.opening_hand, "seen": p.seen, "played_first": p.played,
        "unknown_drawn": [list(x) for x in p.unknown_drawn], "opening_found": p.opening_found, "hand_lost": p.hand_lost,
        "ex_seen": p.ex_seen, "turn_log": [list(x) for x in p.turn_log],
    }


def _player_back(d: dict[str, Any]) -> PlayerState:
    p = PlayerState(d["name"], _listed(d["deck_list"]), _listed(d["ex_list"]))
    p.deck = list(d["deck"])
    p.hand = list(d["hand"])
    p.discard = list(d["discard"])
    p.points = [list(pt) for pt in d["points"]]
    p.main = [_chara_back(c) for c in d["main"]]
    p.support = [_chara_back(c) for c in d["support"]]
    p.removed = list(d["removed"])
    p.ex_deck = list(d["ex_deck"])
    p.cost_mods = {k: [(n, u) for n, u in v] for k, v in d["cost_mods"].items()}
    p.shuffled = d["shuffled"]
    p.opening = d["opening"]
    p.played_this_turn = d["played"]
    p.opening_hand = list(d.get("opening_hand", ()))
    p.seen = dict(d.get("seen", {}))
    p.played = dict(d.get("played_first", {}))
    p.unknown_drawn = [(t, o) for t, o in d["unknown_drawn"]]
    p.opening_found = list(d["opening_found"])
    p.hand_lost = d["hand_lost"]
    p.ex_seen = list(d["ex_seen"])
    p.turn_log = [(x[0], x[1], x[2] if len(x) > 2 else -1) for x in d.get("turn_log", ())]
    p.ex_deck = list(d["ex_deck"])
    return p


def _listed(cards: list[str] | None) -> list[str] | None:
    return None if cards is None else list(cards)


def to_snapshot(g: GameState) -> dict[str, Any]:
    """Everything in ``g`` as JSON-ready data."""
    a = g.approach
    return {
        "v": SNAPSHOT_VERSION, "ruleset": g.ruleset, "first": g.first, "turn": g.turn, "turn_player": g.turn_player,
        "phase": g.phase, "step": g.step, "priority": g.priority, "result": g.result, "applied": g.applied,
        "approacher_passed": g.approacher_passed,
        "approach": None if a is None else [a.attackers, a.interferer, a.choices, a.eliminate_interferer, a.judgement],
        "break_ok": [list(x) for x in g.break_ok], "next_uid": g.next_uid,
        "pending": [list(x) for x in g.pending_triggers], "available": [list(x) for x in g.available_triggers],
        "players": [_player(p) for p in g.players], "table": g.table,
        "delayed": [[k, v] for k, v in g.delayed.items()], "departed": [[k, v] for k, v in g.departed.items()],
        "departed_to": [[k, v] for k, v in g.departed_to.items()],
        "bans": [list(b) for b in g.bans], "eliminated": g.eliminated, "eliminated_owners": g.eliminated_owners,
        "lapsed": [[*k, t] for k, t in g.lapsed.items()],
        "resolved": [[*k, t] for k, t in g.resolved.items()],
        "subjects": [[*k, list(u)] for k, u in g.trigger_subjects.items()],
        "last_end": None if g.last_end is None else list(g.last_end),
    }


def from_snapshot(d: dict[str, Any], cards: CardDB) -> GameState:
    """Rebuild the state a snapshot was taken of."""
    if d.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"snapshot version {d.get('v')!r} is not {SNAPSHOT_VERSION}")
    g = GameState(cards, [_player_back(p) for p in d["players"]], d["first"], d["ruleset"])
    g.turn, g.turn_player, g.phase, g.step = d["turn"], d["turn_player"], d["phase"], d["step"]
    g.priority, g.result, g.applied = d["priority"], d["result"], d["applied"]
    g.approacher_passed = d["approacher_passed"]
    a = d["approach"]
    g.approach = None if a is None else Approach(list(a[0]), a[1], list(a[2]), a[3], a[4])
    g.break_ok = [(p, c) for p, c in d["break_ok"]]
    g.next_uid = d["next_uid"]
    g.pending_triggers = [(p, u, e) for p, u, e in d["pending"]]
    g.available_triggers = [(p, u, e) for p, u, e in d["available"]]
    g.table = d["table"]
    g.delayed = {k: v for k, v in d.get("delayed", ())}
    g.departed = {k: v for k, v in d.get("departed", ())}
    g.departed_to = {k: v for k, v in d.get("departed_to", ())}
    g.bans = [(p, w, f, u) for p, w, f, u in d.get("bans", ())]
    g.eliminated = list(d.get("eliminated", ()))
    g.eliminated_owners = list(d.get("eliminated_owners", ()))
    g.lapsed = {(p, u, e): t for p, u, e, t in d.get("lapsed", ())}
    g.resolved = {(p, u, e): t for p, u, e, t in d.get("resolved", ())}  # (absent from a snapshot taken before it was kept)
    g.trigger_subjects = {(p, u, e): tuple(s) for p, u, e, s in d.get("subjects", ())}  # (round 30; absent before)
    last = d.get("last_end")  # (absent from a snapshot taken before it was kept)
    g.last_end = None if last is None else (last[0], last[1])
    return g
