"""Whether a table log can be one seat's recording (table-logs.md, "Redaction": the table log a viewer in that seat
could have recorded): what the seat's own redaction of the log leaves out is what that seat did not see.

A seat's recording is that redaction's fixed point: redacting it again for its seat (both deck lists kept: open
decklists are no secret) leaves every action as it was. A complete log (every shuffle's ``order``), a judge's table
log (both hands identified) or a recording naming a rival's draw or search holds something that redaction drops.

>>> lost({"type": "shuffle", "p": 0, "order": ["A"]}, {"type": "shuffle", "p": 0})
['order']
>>> lost({"type": "identify", "p": 1, "zone": "hand", "cards": ["A"]}, {"type": "identify", "p": 1, "zone": "hand",
...      "cards": []})
['cards']
>>> lost({"ops": [{"op": "draw", "p": 1, "n": 1}]}, {"ops": [{"op": "draw", "p": 1, "n": 1, "cards": ["A"]}]})
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.pm.cards import CardDB
from engine.pm.redact import redact
from engine.ruleset import RedactionError


def lost(given: Any, kept: Any, path: str = "") -> list[str]:
    """The dotted paths where ``given`` says something its redacted copy ``kept`` does not: a key the copy lacks, a
    card it holds as ``null``, a list it holds shorter (an ``identify`` emptied, a shuffle's result dropped from
    ``choices``). What the copy adds (a ``no_interfere``'s face-up card) is no loss."""
    if given is None:
        return []
    if kept is None:
        return [path.rstrip(".") or "(the whole action)"]
    if isinstance(given, Mapping) and isinstance(kept, Mapping):
        return [f for key, value in given.items()
                for f in (lost(value, kept[key], f"{path}{key}.") if key in kept
                          else [] if value is None else [f"{path}{key}"])]
    if isinstance(given, list) and isinstance(kept, list):
        if len(kept) < len(given):
            return [path.rstrip(".")]
        return [f for n, (x, y) in enumerate(zip(given, kept, strict=False)) for f in lost(x, y, f"{path}{n}.")]
    return []


def _told(action: Mapping[str, Any], paths: Sequence[str], seat: int) -> str:
    """What the lost ``paths`` of ``action`` are, for people."""
    if any(p == "order" or p.endswith(".order") or ".order." in p or p.startswith("order.") for p in paths):
        return "the order of a shuffled deck, which no seat sees"
    if action.get("type") == "identify" and action.get("zone") == "hand":
        return f"cards in player {action.get('p')}'s hand, which only that player sees"
    return f"cards seat {seat} did not see ({', '.join(paths)})"


def seat_secret(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
                seat: int) -> str | None:
    """The first action of the table log that holds what seat ``seat`` could not have seen, in words, or None
    (also for a log its redaction refuses: an illegal log, which its check names)."""
    try:
        red = redact(header, actions, cards, seat, keep_lists=True)
    except (RedactionError, KeyError):  # an illegal log, an unknown card: the log's check names it
        return None
    for n, action in enumerate(actions):
        paths = lost(action, red.actions[red.steps[n]])
        if paths:
            return f"action {n} ({action.get('type')}) holds {_told(action, paths, seat)}"
    return None


__all__ = ["lost", "seat_secret"]
