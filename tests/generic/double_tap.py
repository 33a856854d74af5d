"""A double tap on one phone (issue 21, two seats): a rival's card play recorded twice in a seat's table log, which
that seat's own log takes (the rival's hand is not named there), for the merge's tests."""

from __future__ import annotations

from typing import Any

from engine.fold import fold

Actions = list[dict[str, Any]]


def double_tapped(ruleset: Any, cards: Any, header: dict[str, Any], actions: Actions, rival: int, since: int = 10) -> tuple[int, Actions]:
    """The first of the rival's event plays after action ``since`` that the seat's own log takes twice: the index
    of the second copy, and the log with it."""
    for i, action in enumerate(actions):
        if i < since or action.get("p") != rival or action["type"] != "play_event":
            continue
        doubled = [*actions[: i + 1], dict(action), *actions[i + 1 :]]
        if fold(header, doubled, cards, keep_trails=False).ruling is None:
            return i + 1, doubled
    raise AssertionError("no event play the seat's own log takes twice")
