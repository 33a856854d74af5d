"""A judge's picks for the merge of two seats' recordings (engine.merge): what each pick is, how the picks made at
one game action are kept, and how a new pick joins them.

A pick is ``(how, seat)``: ``"take"`` (that seat's version is right), ``"insert"`` (an action only that seat recorded:
the other missed it) or ``"drop"`` (that seat recorded an action that did not happen, a double tap: it is left out of
that seat's recording for the merge, and what the seat learned right after it with it where that does not fit the
game without it; the recording stays as stored). At
one game action a judge may make several picks: the drops first (after each, the seats' next actions meet at the same
game action again), then at most one take or insert. Stored (the pairing's JSON), one pick is ``[how, seat]`` and
several are ``[[how, seat], ...]``.

>>> with_pick([("drop", 1)], "take", 0)
[('drop', 1), ('take', 0)]
>>> with_pick([("drop", 1), ("take", 0)], "drop", 1)
[('drop', 1), ('drop', 1)]
>>> stored_picks(with_pick(picks_at(["insert", 1]), "clear", 1)), stored_picks([("drop", 1), ("take", 0)])
(None, [['drop', 1], ['take', 0]])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Pick = tuple[str, int]
TAKE, INSERT, DROP, CLEAR = "take", "insert", "drop", "clear"
#: the picks that answer a disagreement (``CLEAR`` takes the latest pick at a game action back)
HOWS = (TAKE, INSERT, DROP)


def picks_at(value: Any) -> list[Pick]:
    """The picks made at one game action, in the order made, from one pick or a list of them (stored or not)."""
    if not value:
        return []
    if isinstance(value[0], str):
        return [(str(value[0]), int(value[1]))]
    return [(str(how), int(seat)) for how, seat in value]


def stored_picks(picks: Sequence[Pick]) -> list[Any] | None:
    """The JSON form of the picks at one game action: ``[how, seat]`` for one, ``[[how, seat], ...]`` for several,
    None for none."""
    if not picks:
        return None
    if len(picks) == 1:
        return [picks[0][0], picks[0][1]]
    return [[how, seat] for how, seat in picks]


def with_pick(picks: Sequence[Pick], how: str, seat: int) -> list[Pick]:
    """The picks at one game action after a new one: ``"clear"`` takes the latest back; a take, insert or drop
    answers the disagreement that stands there now, which comes after the drops made there and after the take or
    insert made there: it replaces that take or insert and follows the drops."""
    if how == CLEAR:
        return list(picks[:-1])
    return [*(p for p in picks if p[0] == DROP), (how, seat)]


def told_pick(how: str, seat: int) -> str:
    """A pick in words: "seat 1's version", "seat 0's action inserted", "seat 1's action dropped".

    >>> told_pick("drop", 1)
    "seat 1's action dropped (it did not happen)"
    """
    return {
        TAKE: f"seat {seat}'s version",
        INSERT: f"seat {seat}'s action inserted (only it recorded it)",
        DROP: f"seat {seat}'s action dropped (it did not happen)",
    }.get(how, f"{how} seat {seat}")


__all__ = ["CLEAR", "DROP", "HOWS", "INSERT", "TAKE", "Pick", "picks_at", "stored_picks", "told_pick", "with_pick"]
