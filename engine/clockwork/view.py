"""The state JSON of clockwork-memorion.md §12, and what one player may see of it and of the log."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engine.clockwork.state import Game, Player, Unit
from engine.clockwork.values import keywords, mind, power, summon_level


def _unit_json(g: Game, u: Unit | None) -> dict[str, Any] | None:
    if u is None:
        return None
    card = g.card(u.card)
    return {"card": u.card, "emotion": card.emotion, "level": card.level, "power": power(g, u), "mind": mind(g, u),
            "damage": u.damage, "state": u.state, "keywords": keywords(g, u),
            "memorions": [{"card": m[0], "slot": m[1]} for m in u.memorions],
            "recalls": [{"card": r[0], "p": r[1], "slot": r[2], "mode": r[3]} for r in u.recalls],
            "attacks": u.attacks, "blocks": u.blocks, "destroyed": u.destroyed}


def _player_json(g: Game, i: int, pl: Player) -> dict[str, Any]:
    r = pl.ruler
    ruler = None if r is None else {
        "card": r.card, "face": r.face, "state": r.state, "summon_level": summon_level(g, i),
        "memorions": [{"card": m[0], "slot": m[1]} for m in r.memorions],
        "recalls": [{"card": x[0], "p": x[1], "slot": x[2], "mode": x[3]} for x in r.recalls]}
    limit = None if pl.limit is None else {
        "card": pl.limit[0], "face": pl.limit[1], "rotated": pl.limit[2],
        "zones": g.card(pl.limit[0]).limit_zones(pl.limit[1], pl.limit[2])}
    return {"name": pl.name, "life": pl.life, "counters": pl.counters, "deck_count": len(pl.deck),
            "hand_count": len(pl.hand), "hand": list(pl.hand), "storage": list(pl.storage), "drop": list(pl.drop),
            "mulligan": pl.mulligan, "ruler": ruler, "limit": limit, "zones": [_unit_json(g, u) for u in pl.zones]}


def state_json(g: Game) -> dict[str, Any]:
    """The judge's full-information view of ``g``."""
    b = g.battle
    battle = None if b is None else {"attacker": b["attacker"], "blockers": list(b["blockers"]),
                                     "incapacitated": [{"p": x[0], "at": x[1]} for x in b["incapacitated"]]}
    due = None if g.due is None else {"p": g.due["p"], "what": g.due["what"]}
    return {
        "applied": g.applied, "ruleset": g.ruleset, "turn": g.turn, "turn_player": g.turn_player, "phase": g.phase,
        "step": g.step if g.phase == "battle" else None, "first_turn": g.turn_player is not None and g.first_turn(),
        "used": dict(g.used), "due": due,
        "pending": [{"p": e["p"], "at": e["at"], "memorion": e["memorion"], "ability": e["ability"], "event": e["event"]}
                    for e in g.pending],
        "battle": battle, "players": [_player_json(g, i, pl) for i, pl in enumerate(g.players)],
        "result": None if g.result is None else dict(g.result),
    }


def player_view(state: dict[str, Any], viewer: int) -> dict[str, Any]:
    """``state`` as player ``viewer`` sees it: the rival's hand ids null (length kept) and, during setup, the
    rival's Ruler and Summon Limit until both placements are made."""
    out = copy.deepcopy(state)
    rival = out["players"][1 - viewer]
    rival["hand"] = [None] * len(rival["hand"])
    rival.pop("not_named", None)  # hidden here, whether named or not (engine.ruleset.hide_unnamed)
    if out["phase"] == "setup" and any(pl["ruler"] is None for pl in out["players"]):
        rival["ruler"] = None if rival["ruler"] is None else {k: None for k in rival["ruler"]}
        rival["limit"] = None if rival["limit"] is None else {k: None for k in rival["limit"]}
    return out


_HIDDEN_PUT = (("deck", "deck_top"), ("hand", "deck_top", "deck_bottom"))


def _seen_ops(ops: Any) -> Any:
    if not isinstance(ops, list):
        return ops
    out = []
    for op in ops:
        if isinstance(op, Mapping) and op.get("op") == "put" and op.get("from") in _HIDDEN_PUT[0] \
                and op.get("to") in _HIDDEN_PUT[1]:
            op = {**op, "card": None}
        out.append(op)
    return out


def seen_action(action: Any, viewer: int, *, placed: bool) -> Any:
    """One logged action as ``viewer`` saw it (§12): every deck order null, the rival's mulligan cards null, the
    rival's setup face and rotation null until both placements are in the log, and in the rival's actions the
    card of a put from the deck to the hand or the deck null (nested interrupts and time lists included)."""
    if not isinstance(action, Mapping):
        return action
    kind = action.get("type")
    out = dict(action)
    if kind in ("shuffle", "mulligan"):
        out["order"] = [None] * len(action.get("order") or ())
    mine = action.get("p") == viewer
    if kind == "mulligan" and not mine:
        out["cards"] = [None] * len(action.get("cards") or ())
    if kind == "setup" and not mine and not placed:
        out["face"], out["rotated"] = None, None
    if not mine and "ops" in action:
        out["ops"] = _seen_ops(action["ops"])
    for field in ("interrupts", "time"):
        if isinstance(action.get(field), list):
            out[field] = [seen_action(sub, viewer, placed=placed) for sub in action[field]]
    return out


def seen_trail(entries: list[dict[str, Any]], action: Any, viewer: int) -> list[dict[str, Any]]:
    """An action's trail as ``viewer`` saw it: the trail names hidden cards only in the effect lines of puts from the
    deck (their op dicts) and in setup lines; those of the rival's actions are cut to their rule."""
    if not isinstance(action, Mapping) or action.get("p") == viewer:
        return entries
    out = []
    for e in entries:
        msg = e.get("message", "")
        if "'op': 'put'" in msg and ("'from': 'deck" in msg):
            e = {**e, "message": "a card moves from the deck (hidden)"}
        out.append(e)
    return out
