"""What the recorder shows on an effect's button: which ability of which card, and its text from the card file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clockwork.cards import Ability, CwCard
from engine.clockwork.state import Game
from engine.clockwork.values import abilities_of


def about(g: Game, action: Mapping[str, Any]) -> dict[str, Any] | None:
    """For a ``trigger`` (a pending trigger logged) or an ``activate``: ``{"effect": words, "text": the ability's
    text or None}``; None for other actions or when the ability cannot be found."""
    if action.get("type") == "trigger":
        return _trigger(g, action)
    if action.get("type") == "activate":
        unit = g.players[action["p"]].unit_at(action["at"])
        if unit is None:
            return None
        return _words(g.card(unit.card), abilities_of(g, unit), action["ability"], "activated ability")
    return None


def _trigger(g: Game, action: Mapping[str, Any]) -> dict[str, Any] | None:
    memorion = action.get("memorion")
    entry = next((e for e in g.pending if e["p"] == action["p"] and e["at"] == action["at"]
                  and e["ability"] == action["ability"] and e["memorion"] == memorion), None)
    if entry is None:
        return None
    if memorion is not None:
        card = g.card(memorion)
        abilities = card.abilities
    else:
        card = g.card(entry["card"])
        found = g.find(entry["uid"])
        unit = g.players[found[0]].unit_at(found[1]) if found is not None else None
        abilities = abilities_of(g, unit) if unit is not None else card.abilities
    fired = f"ability {action['ability']}, fired by {str(entry['event']).replace('_', ' ')}"
    return _words(card, abilities, action["ability"], fired)


def _words(card: CwCard, abilities: tuple[Ability, ...], index: int, what: str) -> dict[str, Any] | None:
    if not 0 <= index < len(abilities):
        return None
    text = abilities[index].text
    effect = what if what.startswith("ability") else f"{what} {index}"
    return {"effect": f"{card.name}: {effect}", "text": " ".join(text.split()) if text and text.strip() else None}
