"""Replacement effects: where a card leaving the Area goes instead (rules.md, Leaving the Area).

A card's continuous script may hold an ``instead`` step, ``{"op": "instead", "target": "self", "of": zone, "to":
zone}``: when that Chara leaves the Area for ``of``, its card goes to ``to`` instead (e.g. an EX card that goes back
to the EX deck rather than the discard). The Level Up stack under it and its Supports go where they would have.
It is data read by :func:`engine.pm.zones.leave_area`, not a trigger: nothing fires and nothing is logged.
"""

from __future__ import annotations

from engine.pm.state import GameState


def destination(g: GameState, card_id: str, to: str) -> str:
    """Where ``card_id`` goes when it leaves the Area for ``to``, after its own replacement effects."""
    for eff in g.card(card_id).continuous():
        for step in eff.script or ():
            if step.get("op") == "instead" and step.get("of") == to and step.get("target", "self") == "self":
                return str(step["to"])
    return to
