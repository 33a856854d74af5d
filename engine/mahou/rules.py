"""The Mahou Shoujo rule-id catalogue (mahou-shoujo.md §11) and the helpers that cite it.

Refs are ``"Mahou Shoujo "`` plus a sheet section (``SR ...``) or a house reading (``HR n``).

>>> from engine.rulings import Ruling
>>> Ruling(rid("grand.condition"), "x").to_json()["ref"]
'Mahou Shoujo SR Act Grand'
>>> Ruling(rid("deck.size"), "x").ref
'Mahou Shoujo HR 1'
"""

from __future__ import annotations

from engine.rulings import IllegalAction, RuleId, Trail, register_rules

BOOK = "Mahou Shoujo"

#: rule id -> (ref or None, what makes an action illegal), in the spec's table order
RULES: dict[str, tuple[str | None, str]] = {
    "log.schema": (None, "malformed log or action"),
    "log.card": (None, "a card id unknown to the card data"),
    "deck.size": ("HR 1", "a deck is not 40 cards"),
    "deck.copies": ("HR 1", "more than 3 copies of an id"),
    "deck.mix": ("HR 1", "fewer than 3 Heroes or no Magical Girl"),
    "game.over": ("SR Gems", "any action but note after the game ended"),
    "setup.order": ("SR Start 1–2", "a setup action out of sequence, missing or not due; a wrong order; play before turn 1"),
    "setup.search": ("SR Start 1", "search does not name 3 Heroes the deck holds"),
    "setup.pair": ("SR Start 2", "place_active names a non-Hero, a non-MG or a card not in hand"),
    "turn.priority": ("SR Start 4–5", "acting out of turn, or while the other player must fill an Active position"),
    "replace.required": ("HR 14", "the player must fill their Active position and does something else"),
    "action.count": ("SR Start 4", "a third action in a turn"),
    "zone": ("SR Field", "the named card is not in the player's hand"),
    "card.type": ("SR Act", "the card is not of the type the action plays"),
    "place.active": ("SR Act Free", "place_hero to an occupied Active position"),
    "squad.full": ("SR Field", "place_hero to a Squad of 3"),
    "replace.invalid": ("SR Note 3", "promote or out_of_heroes that is not allowed"),
    "transform.target": ("SR Act Transform", "onto is empty or already has an MG"),
    "grand.target": ("SR Act Grand", "the Active fighter has no MG, or already a Grand MG"),
    "grand.condition": ("SR Act Grand", "a condition of the card does not hold"),
    "attack.mgk": ("SR Act Attack", "no MGK to spend and no unused Grand attack"),
    "retreat.target": ("SR Act Retreat", "with is an empty Squad position"),
    "pet.target": ("SR Act Pet", "the Active fighter has no MG"),
    "pet.cost": ("SR Act Pet", "its MGK is below the Pet's cost"),
    "power.cost": ("SR Act Power", "its MGK is below the Power's cost"),
    "effect.target": ("§6", "a missing, extra or unfitting target, or a scripted op that fails"),
    "effect.result": ("§6", "given ops differ from the scripted ones, or a recorded op fails"),
}

#: informational trail ids (what followed) and their refs
EVENTS: dict[str, str | None] = {
    "setup": "SR Start 1–2",
    "reveal": "HR 4",
    "turn.start": "SR Start 3",
    "turn.end": "SR Start 5",
    "expiry": "HR 10",
    "draw": "HR 16",
    "action": "SR Start 4",
    "effect": "§6",
    "defeat": "SR Gems",
    "exhaustion": "SR Note 2",
    "end": "HR 17",
    "replace": "HR 14",
    "note": None,
    "concede": None,
}

IDS: dict[str, RuleId] = register_rules(RULES, BOOK, EVENTS)


def rid(rule: str) -> RuleId:
    """The registered id (carrying the Mahou book) for ``rule``."""
    return IDS[rule]


def illegal(rule: str, message: str) -> IllegalAction:
    """An :class:`IllegalAction` citing the Mahou catalogue, to raise."""
    return IllegalAction(IDS[rule], message)


def check(trail: Trail, rule: str, message: str) -> None:
    """Record a rule checked and satisfied."""
    if trail.keep:
        trail.check(IDS[rule], message)


def event(trail: Trail, rule: str, message: str) -> None:
    """Record what followed."""
    if trail.keep:
        trail.event(IDS[rule], message)


def unverified(trail: Trail, rule: str, message: str) -> None:
    """Record a step applied as logged, without a script to verify it (even in a trail that keeps nothing: a
    counting trail counts it, engine.fold.UnverifiedCounter)."""
    trail.unverified(IDS[rule], message)
