"""The cards an action plays, as Clockwork Memorion's statistics count a play (clockwork-memorion.md §13,
engine/clockwork/stats.py): the Ruler and Summon Limit card placed at setup, ``summon``, ``inherit`` and ``recall``,
also a recall made as an interrupt or in a Recall Time. A Successor summoned by an effect's op is not found here.

>>> card_plays({"type": "setup", "p": 1, "ruler": "CWX 001", "limit": "CWX 090", "face": "a"})
[(1, 'CWX 001'), (1, 'CWX 090')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: action type -> the fields naming the cards it plays
PLAYED_FIELDS: dict[str, tuple[str, ...]] = {"setup": ("ruler", "limit"), "summon": ("card",), "inherit": ("card",),
                                             "recall": ("card",)}


def card_plays(action: Mapping[str, Any]) -> list[tuple[int, str]]:
    """``(seat, card id)`` per card ``action`` plays, its interrupts and Recall Time recalls included."""
    out: list[tuple[int, str]] = []
    p = action.get("p")
    if isinstance(p, int):
        out.extend((p, action[name]) for name in PLAYED_FIELDS.get(str(action.get("type")), ())
                   if isinstance(action.get(name), str))
    for key in ("interrupts", "time"):
        for sub in action.get(key) or ():
            if isinstance(sub, Mapping):
                out.extend(card_plays(sub))
    return out
