"""Cards drawn at a real table that nobody named (engine.ruleset.HiddenOrders, pmemo_replay/drafts/orders.py).

A draft of a complete-log game fills a deck order nobody saw with a placeholder; a card drawn from it and never
named holds a placeholder's card, not the table's. Such a card is never shown as real: a state shows it null (the
ruleset's ``hide_unnamed``: "not named"), a trail message does not name it, and a stored game keeps which positions
were never named in its header, ``meta.unnamed`` (docs/drafts.md):

    {"meta": {"unnamed": {"0": [[12, 3, 20], ...]}}}

per seat (a string key), each ``[action index holding the order (or a hidden choice: its ``cards``), place in it
(top first), the action that drew it]`` for a card never named, and ``[..., the action that named it]`` for one a
later action named (a play of a card not named yet: which of the player's draws it was is a guess, so it is shown
from that action on). The statistics count that player's hand and seen facts in that game as unknown.

>>> header = with_unnamed({"ruleset": "mahou-shoujo-1"}, {1: [(2, 0, 2)]})
>>> header["meta"], header_unnamed(header)
({'unnamed': {'1': [[2, 0, 2]]}}, {1: [(2, 0, 2)]})
>>> "meta" in with_unnamed(header, {})
False
>>> drawn_unnamed({1: [(2, 0, 2)]}, lambda s: {"order": ["A", "B"]}, 3, 2)
[[], ['A']]
>>> late = {0: [(2, 1, 2, 5)]}  # named by action 5
>>> drawn_unnamed(late, lambda s: {"order": ["A", "B"]}, 5, 2), drawn_unnamed(late, lambda s: {"order": ["A", "B"]}, 6, 2)
([['B'], []], [[], []])
>>> hide_in_trail([{"message": "player 1 draws 4: A, B, A, C"}], ["A"])
[{'message': 'player 1 draws 4: A, B, a card not named, C'}]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

KEY = "unnamed"
#: (index of the action holding the order, place in it top first, index of the action that drew it[, index of the
#: action that named it later])
Position = tuple[int, ...]
NOT_NAMED = "a card not named"


def header_unnamed(header: Mapping[str, Any]) -> dict[int, list[Position]]:
    """The positions each seat drew and nobody named, from a header's ``meta.unnamed`` ({} without it)."""
    meta = header.get("meta")
    raw = meta.get(KEY) if isinstance(meta, Mapping) else None
    if not isinstance(raw, Mapping):
        return {}
    out: dict[int, list[Position]] = {}
    for seat, positions in raw.items():
        if not (isinstance(seat, str) and seat.isdigit() and isinstance(positions, list)):
            continue
        kept = [tuple(p) for p in positions
                if isinstance(p, list) and len(p) in (3, 4) and all(type(x) is int and x >= 0 for x in p)]
        if kept:
            out[int(seat)] = kept
    return out


def with_unnamed(header: Mapping[str, Any], unnamed: Mapping[int, Sequence[Position]]) -> dict[str, Any]:
    """A copy of ``header`` whose ``meta.unnamed`` says ``unnamed`` (left out when no seat has any)."""
    out = dict(header)
    meta = dict(out.get("meta") or {})
    meta.pop(KEY, None)
    kept = {str(seat): [list(pos) for pos in positions] for seat, positions in sorted(unnamed.items()) if positions}
    if kept:
        meta[KEY] = kept
    if meta:
        out["meta"] = meta
    else:
        out.pop("meta", None)
    return out


def drawn_unnamed(unnamed: Mapping[int, Sequence[Position]], action_at: Callable[[int], Mapping[str, Any]], n: int,
                  seats: int) -> list[list[str]]:
    """Per seat, the cards (as the stored orders hold them) of the positions never named that the first ``n``
    actions drew."""
    out: list[list[str]] = [[] for _ in range(seats)]
    for seat, positions in unnamed.items():
        if 0 <= seat < seats:
            for s, k, by, *named in positions:
                if by < n and (not named or named[0] >= n):
                    held = action_at(s)  # a deck order, or a hidden choice's cards (Mahou's search)
                    order = held.get("order") or held.get("cards") or ()
                    if k < len(order) and isinstance(order[k], str):
                        out[seat].append(order[k])
    return out


def hide_in_trail(trail: list[dict[str, Any]] | None, cards: Sequence[str]) -> list[dict[str, Any]] | None:
    """``trail`` (JSON entries) with one mention of each of ``cards`` (drawn by its action, never named) replaced,
    the last mentions first."""
    if not trail or not cards:
        return trail
    out = [dict(e) for e in trail]
    for card in cards:
        pattern = re.compile(rf"(?<![\w-]){re.escape(card)}(?![\w-])")
        for entry in reversed(out):
            found = list(pattern.finditer(str(entry.get("message", ""))))
            if found:
                m = found[-1]
                text = entry["message"]
                entry["message"] = text[:m.start()] + NOT_NAMED + text[m.end():]
                break
    return out
