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


def _cards_at(action: Mapping[str, Any], paths: Sequence[str]) -> list[str]:
    """The card ids the ``paths`` of ``action`` hold, in order (a path's value may be a card, a list, an object)."""
    out: list[str] = []
    for path in paths:
        value: Any = action
        for key in path.split("."):
            value = (value[int(key)] if isinstance(value, list) and key.isdigit() and int(key) < len(value)
                     else value.get(key) if isinstance(value, Mapping) else None)
        out += _strings(value)
    return out


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _told(action: Mapping[str, Any], paths: Sequence[str], seat: int) -> str:
    """What the lost ``paths`` of ``action`` are, for people (the cards named, which the log's owner wrote)."""
    if any(p == "order" or p.endswith(".order") or ".order." in p or p.startswith("order.") for p in paths):
        return "the order of a shuffled deck, which no seat sees"
    cards = _cards_at(action, paths)
    named = (f" {', '.join(cards[:MAX_NAMED])}{', ...' if len(cards) > MAX_NAMED else ''}" if cards else "")
    if action.get("type") == "identify" and action.get("zone") == "hand":
        return f"player {action.get('p')}'s hidden hand cards{named}, which only that player sees"
    return f"hidden cards{named} that seat {seat} did not see ({', '.join(paths)})"


#: how many of the cards a secret holds its message names
MAX_NAMED = 8


def seat_secret(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
                seat: int) -> str | None:
    """Where the table log first holds what seat ``seat`` could not have seen, in words ("at action 3 (identify),
    player 1's hidden hand cards A, B, which only that player sees"), or None (also for a log its redaction refuses:
    an illegal log, which its check names)."""
    try:
        red = redact(header, actions, cards, seat, keep_lists=True)
    except (RedactionError, KeyError):  # an illegal log, an unknown card: the log's check names it
        return None
    for n, action in enumerate(actions):
        paths = lost(action, red.actions[red.steps[n]])
        if paths:
            return f"at action {n} ({action.get('type')}), {_told(action, paths, seat)}"
    return None


__all__ = ["lost", "seat_secret"]
