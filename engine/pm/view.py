"""The state JSON of ../shared/spec/interfaces.md ("Game state JSON")."""

from __future__ import annotations

from typing import Any

from engine.pm import stats
from engine.pm.cards import base_id
from engine.pm.hidden import known_ids
from engine.pm.state import Chara, GameState, PlayerState

UNLISTED_DECK = 60  # an unlisted deck holds 60 cards, none known (table-logs.md)


def chara_json(g: GameState, c: Chara) -> dict[str, Any]:
    card = g.card(c.card)
    ap, dp = stats.ap_dp(g, c)
    out: dict[str, Any] = {
        "card": c.card,
        "name": card.name,
        "ap": stats.used(ap) if card.ap is not None else None,
        "dp": stats.used(dp) if card.dp is not None else None,
        "rested": c.rested,
        "level": c.level,
        "stack": list(c.stack),
        "supports": [s.card for s in c.supports],
        "coins": dict(c.coins),
        "entered_turn": c.entered_turn,
    }
    if c.under:  # cards face down under it (its owner's; another seat's view shows null for each)
        out["under"] = list(c.under)
    if c.mods:
        out["modifiers"] = [{"ap": a, "dp": d, "until_turn": u} for a, d, u in c.mods]
    if c.grants:
        out["grants"] = [{"what": w, "until_turn": u} for w, u in c.grants]
    if c.approached_turn is not None and c.approached_turn == g.turn:
        out["approached"] = True
    return out


def player_json(g: GameState, p: PlayerState) -> dict[str, Any]:
    out = {
        "name": p.name,
        "deck_count": len(p.deck) if p.shuffled else UNLISTED_DECK if p.deck_list is None else len(p.deck_list),
        "ex_deck_count": None if p.ex_list is None else len(p.ex_deck),
        "hand": list(p.hand),
        "discard": list(p.discard),
        "points": [{"card": c, "face": "up" if up else "down"} for c, up in p.points],
        "main": [chara_json(g, c) for c in p.main],
        "support": [chara_json(g, c) for c in p.support],
        "removed": list(p.removed),
    }
    if g.table:  # table-logs.md: the pool unknown cards are drawn from (null for an unlisted deck)
        out["unseen"] = unseen(p)
    return out


def unseen(p: PlayerState) -> dict[str, int] | None:
    """The deck list less every copy known now in the player's zones, as ``{card id: copies}``."""
    if p.deck_list is None:
        return None
    left: dict[str, int] = {}
    for cid in p.deck_list:
        key = base_id(cid)
        left[key] = left.get(key, 0) + 1
    for cid in known_ids(p):
        key = base_id(cid)
        if left.get(key):
            left[key] -= 1
    return {k: n for k, n in sorted(left.items()) if n}


def state_json(g: GameState) -> dict[str, Any]:
    """The judge's full-information view of ``g``."""
    out: dict[str, Any] = {
        "applied": g.applied,
        "turn": g.turn,
        "turn_player": g.turn_player,
        "phase": g.phase,
        "step": g.step,
        "priority": g.priority,
        "players": [player_json(g, p) for p in g.players],
        "result": dict(g.result) if g.result else None,
    }
    if g.approach is not None:
        out["approach"] = {
            "attackers": [c.card for c in (g.chara_by_uid(u) for u in g.approach.attackers) if c],
            "interferer": (lambda c: c.card if c else None)(
                g.chara_by_uid(g.approach.interferer) if g.approach.interferer is not None else None
            ),
        }
    return out


def player_view(state_json: dict[str, Any], seat: int | str) -> dict[str, Any]:
    """The state JSON with every hand but ``seat``'s as unknown cards (``"public"``: every hand). Stored games are
    shown from the redaction of the log for that seat (engine.pm.redact), which also hides what a state alone
    cannot tell: face-down points never seen face up."""
    out = dict(state_json)
    out["players"] = [p if i == seat else _hidden(p) for i, p in enumerate(state_json["players"])]
    return out


def _hidden(p: dict[str, Any]) -> dict[str, Any]:
    """Another seat's player: the hand, and the cards face down under its Charas, as unknown cards."""
    out = {**p, "hand": [None] * len(p["hand"])}
    for area in ("main", "support"):
        if any("under" in c for c in p.get(area) or ()):
            out[area] = [{**c, "under": [None] * len(c["under"])} if "under" in c else c for c in p[area]]
    return out
