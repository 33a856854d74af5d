"""The Clockwork Memorion rule-id catalogue (clockwork-memorion.md §11) and helpers citing it.

Refs are ``"Clockwork Memorion "`` plus the table's ref column (``CG ...``, ``GD ...``, ``V14``, ``HR n``).

>>> from engine.rulings import Ruling
>>> Ruling(IDS["summon.level"], "x").ref
'Clockwork Memorion HR 7'
"""

from __future__ import annotations

from engine.rulings import IllegalAction, RuleId, Trail, register_rules

BOOK = "Clockwork Memorion"

#: rule id -> (ref or None, what makes an action illegal), in §11's table order
RULES: dict[str, tuple[str | None, str]] = {
    "log.schema": (None, "malformed log or action"),
    "log.card": (None, "a card id unknown to the card data"),
    "deck.size": ("CG Deck", "a deck is not 30 cards (EX match: 30-40)"),
    "deck.copies": ("CG Deck", "more than 3 cards of one name"),
    "deck.ruler": ("CG Ruler", "not exactly one Ruler"),
    "deck.limit": ("CG Limit", "not exactly one Summon Limit card"),
    "deck.sideboard": ("CG Sideboard", "a sideboard over 15 cards"),
    "game.over": ("CG Life", "any action but note after the end"),
    "setup.order": ("HR 3", "a setup action out of its sequence or repeated, a wrong order, another action before turn 1"),
    "setup.place": ("CG Ruler, CG Limit", "setup names a card that is not the player's Ruler or Summon Limit, or a bad face"),
    "setup.mulligan": ("GD Mulligan", "mulligan names no card, or cards not in hand"),
    "turn.priority": ("GD", "a turn action by the other player, a discard by a player who does not owe it, a block by the attacker"),
    "turn.pending": ("HR 18", "a non-quick action while a trigger, block, damage step or discard is due, an end_* during an attack"),
    "turn.phase": ("GD, V14", "an action outside its phase or step"),
    "turn.first": ("CG FirstTurn", "inherit, move or move_memorion on the player's first turn"),
    "timing.step": ("CG Battle, CG Recall, CG Activated", "interrupts on damage; activate or deify in Recall Time"),
    "zone": ("CG Beyond", "the named card is not where the action takes it from, or a position that must hold a card is empty"),
    "card.type": ("CG Successor, CG Memorion", "the card is not of the type the action needs"),
    "summon.limit": ("CG Limit", "the zone does not allow the Successor's emotion"),
    "summon.level": ("HR 7", "its level exceeds the Ruler's current summon level"),
    "inherit.once": ("V14", "a second inherit in a turn"),
    "inherit.target": ("CG Inherit", "at holds a destroyed Successor"),
    "inherit.king": ("CG King", "a second King's Memorion of one name on the player's cards"),
    "move.once": ("V14", "a second move in a turn"),
    "move.path": ("CG Move", "to is not adjacent to from; a Memorion moved to the card it is on"),
    "move.blocked": ("CG Move", "the mover or the Successor it would swap with cannot move or is destroyed"),
    "recall.source": ("CG Recall", "a card from Storage aimed at the rival"),
    "recall.target": ("CG Recall, CG King", "no fitting target or slot, slot/mode wrong for the card, a time on a failed recall"),
    "activate.ability": ("CG Activated", "not an activated ability of that card"),
    "activate.blank": ("CG Ability", "the ability has a blank slot"),
    "activate.cost": ("CG Activated, CG Counter", "an action cost on a card in the action state; too few counters"),
    "deify.once": ("CG Deify", "the Ruler is already deified"),
    "deify.condition": ("CG Deify", "the condition does not hold at declaration"),
    "attack.successor": ("GD Battle", "the attacker is in the action state or destroyed"),
    "block.successor": ("CG Battle", "a blocker is in the action state or destroyed, or listed twice"),
    "damage.split": ("CG Battle, CG Breakthrough", "split missing or given wrongly"),
    "trigger.pending": ("CG Ability", "no such pending trigger, or the rival's before the turn player's"),
    "hand.discard": ("CG Hand", "not exactly the number of cards over 7"),
    "memory.slot": ("CG Inherit, GD Slot", "a designated slot that does not exist or has another genre; null where one exists"),
    "effect.target": ("§8.1", "a missing, extra or unfitting target or choice, or a scripted op that fails"),
    "effect.result": ("§8.1", "given ops differ from the scripted ones, or a recorded op fails"),
}

#: informational trail ids (what followed) and their refs
EVENTS: dict[str, str | None] = {
    "setup": "HR 3", "reveal": "HR 3", "turn.start": "GD Standup", "draw": "GD Draw", "turn.end": "GD End",
    "summon": "GD Main1", "inherit": "CG Inherit", "move": "CG Move", "recall": "CG Recall", "recall_time": "HR 21",
    "activate": "CG Activated", "deify": "CG Deify", "attack": "GD Battle", "block": "CG Battle",
    "damage": "CG Battle", "trigger": "CG Ability", "fired": "HR 18", "effect": "§8.1", "destroyed": "CG Destroy",
    "departure": "CG Successor", "end": "HR 26", "note": None, "concede": None,
}

IDS: dict[str, RuleId] = register_rules(RULES, BOOK, EVENTS)


def illegal(rule: str, message: str) -> IllegalAction:
    """An :class:`IllegalAction` citing the Clockwork Memorion catalogue."""
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
    """Record a step applied as logged (unscripted), also in trails that keep nothing (they may count it)."""
    trail.unverified(IDS[rule], message)
