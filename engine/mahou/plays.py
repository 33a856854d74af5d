"""The cards an action plays, as Mahou Shoujo's statistics count a play (mahou-shoujo.md §13,
:data:`engine.mahou.stats.PLAYS`): the card pages link each game to the step of a card's first play. The Hero that
``out_of_heroes`` makes active is drawn, not named by the action: its play is not found here.

>>> card_plays({"type": "place_active", "p": 0, "hero": "MSJ 001", "girl": "MSJ 010"})
[(0, 'MSJ 001'), (0, 'MSJ 010')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahou.stats import PLAYS


def card_plays(action: Mapping[str, Any]) -> list[tuple[int, str]]:
    """``(seat, card id)`` per card ``action`` plays (the opening pair: its Hero and its Magical Girl)."""
    p, fields = action.get("p"), PLAYS.get(str(action.get("type")), ())
    if not isinstance(p, int):
        return []
    return [(p, action[name]) for name in fields if isinstance(action.get(name), str)]
