"""The state JSON of mahou-shoujo.md §12, and a player's view of it."""

from __future__ import annotations

import copy
import re
from typing import Any

from engine.mahou.cards import CARD_ID
from engine.mahou.state import Fighter, MsState, Player


def fighter_json(g: MsState, f: Fighter | None) -> dict[str, Any] | None:
    if f is None:
        return None
    return {"hero": f.hero, "girl": f.girl, "grand": f.grand, "pets": list(f.pets), "hp": f.hp, "max_hp": f.max_hp,
            "atk": f.atk(g.cards), "mgk": f.mgk, "grand_attacked": f.grand_attacked}


def player_json(g: MsState, p: Player) -> dict[str, Any]:
    return {
        "name": p.name, "deck_count": len(p.deck), "hand_count": len(p.hand), "hand": list(p.hand),
        "dreamscape": list(p.dreamscape), "gems": p.gems, "redraws": p.redraws,
        "active": fighter_json(g, p.active), "squad": [fighter_json(g, f) for f in p.squad],
    }


def state_json(g: MsState) -> dict[str, Any]:
    """The judge's full-information view of ``g``."""
    return {
        "applied": g.applied, "ruleset": g.ruleset, "turn": g.turn, "turn_player": g.turn_player, "phase": g.phase,
        "actions_used": g.actions_used, "must_replace": list(g.must_replace),
        "players": [player_json(g, p) for p in g.players],
        "result": dict(g.result) if g.result else None,
    }


def player_view(state: dict[str, Any], viewer: int) -> dict[str, Any]:
    """``state`` (a judge's state JSON) as player ``viewer`` sees it: the rival's hand ids become null, and during
    setup the rival's whole ``active`` too (until both pairs are placed, turn 1 begins)."""
    out = copy.deepcopy(state)
    rival = out["players"][1 - viewer]
    rival["hand"] = [None] * len(rival["hand"])
    rival.pop("not_named", None)  # hidden here, whether named or not (engine.ruleset.hide_unnamed)
    if out["phase"] == "setup" and rival["active"] is not None:
        rival["active"] = {k: None for k in rival["active"]}
    return out


def seen_action(action: Any, viewer: int, *, revealed: bool = True) -> dict[str, Any]:
    """One logged action as player ``viewer`` saw it: deck orders (``shuffle``, ``redraw``) and the rival's
    ``search`` keep their length with every id null, as does the rival's ``place_active`` unless the pairs were
    ``revealed``; everything else is played in the open."""
    kind = action.get("type")
    if kind in ("shuffle", "redraw"):
        return {**action, "order": [None] * len(action.get("order", ()))}
    if kind == "search" and action.get("p") != viewer:
        return {**action, "cards": [None] * len(action.get("cards", ()))}
    if kind == "place_active" and action.get("p") != viewer and not revealed:
        return {**action, "hero": None, "girl": None}
    return dict(action)


#: trail messages that name cards only their player sees (the searched Heroes, setup draws, the face-down pair,
#: a card the out-of-Heroes procedure draws into the hand)
_PRIVATE = re.compile(r"searches 3 Heroes|draws 4:|face down|into the hand")


def seen_trail(entries: list[dict[str, Any]], action: Any, viewer: int) -> list[dict[str, Any]]:
    """An action's trail (JSON) as player ``viewer`` saw it: in the rival's actions the card ids of private
    messages become "a hidden card"."""
    if not isinstance(action, dict) or action.get("p") == viewer:
        return entries
    return [{**e, "message": CARD_ID.sub("a hidden card", e["message"])} if _PRIVATE.search(e["message"]) else e
            for e in entries]
