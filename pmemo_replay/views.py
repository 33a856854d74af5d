"""Player views of stored games, computed on the server (table-logs.md, "Views").

A player view (seat 0 or 1, or ``public``) is folded from the redaction of the stored
log for that seat, so its state and its rulings trail hold only what the seat saw; the
other player's hand is then shown as unknown cards (``null``) whatever the seat has
learned of it (the ruleset's ``seat_state``). Everything goes through the ruleset interface (engine.ruleset:
``redact``, ``legal_actions``, ``seat_state``). Redactions are kept in a small per-process cache keyed by the
game's content hash.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from threading import Lock
from typing import Any

from engine.fold import Folder
from engine.ruleset import Redaction, RedactionError, View, parse_view
from engine.rulesets import get_ruleset
from engine.rulings import IllegalAction

__all__ = ["CACHE_SIZE", "Redaction", "RedactionError", "View", "parse_view", "player_actions", "player_legal",
           "player_state", "redaction", "seat_actions", "seat_view"]
CardDB = Any  # the game's own card database

CACHE_SIZE = 128
_cache: OrderedDict[tuple[str, View], Redaction] = OrderedDict()
_lock = Lock()


def redaction(key: str, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
              view: View) -> Redaction:
    """The redaction of a stored log for ``view`` (``key``: its content hash), cached per process."""
    with _lock:
        hit = _cache.get((key, view))
        if hit is not None:
            _cache.move_to_end((key, view))
            return hit
    red = get_ruleset(header.get("ruleset", "pm-2.22")).redact(header, actions, cards, view)
    with _lock:
        _cache[(key, view)] = red
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return red


def player_actions(red: Redaction) -> list[dict[str, Any]]:
    """The source actions as the seat recorded them, one for one (the ``identify`` actions it added left out)."""
    return [red.actions[red.steps[n]] for n in range(len(red.steps) - 1)]


def player_legal(red: Redaction, cards: CardDB, seat: View, n: int) -> list[dict[str, Any]]:
    """The seat's own legal actions after ``n`` source actions, from what it saw (its hand is known to it)."""
    folder = _folded(red, cards, n)
    return [a for a in folder.ruleset.legal_actions(folder.state) if a.get("p") == seat]


def _folded(red: Redaction, cards: CardDB, n: int) -> Folder:
    """The redacted log folded to source step ``n``, settled as shown there."""
    folder = Folder(red.header, cards)
    end = red.steps[n]
    try:
        for action in red.actions[:end]:
            folder.push(action)
    except IllegalAction as err:  # pragma: no cover - a redaction replays by construction
        raise RedactionError(f"the redacted log is refused: {err.ruling.message}") from None
    folder.settle(red.actions[end] if end < len(red.actions) else None)
    return folder


def player_state(red: Redaction, cards: CardDB, view: View, n: int) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """The state JSON after ``n`` source actions in ``view``, and the trail of action ``n`` as the seat saw it."""
    folder = _folded(red, cards, n)
    end, start = red.steps[n], red.steps[n - 1] if n else 0
    trail = [entry for t in folder.trails[start:end] for entry in t.to_json()] if n else None
    state = folder.ruleset.seat_state(folder.ruleset.to_json(folder.state), view, from_judge=False)  # other hands
    # unknown whatever the seat learned
    state["applied"] = n  # source actions (the identify actions the redaction added are not counted)
    return state, trail


# --- games whose ruleset makes its own player views (engine.ruleset.Ruleset.player_actions is not None) --------


def own_views(ruleset: Any) -> bool:
    """True when the ruleset hides what a seat may not see itself (else: the table-log redaction above)."""
    return ruleset.player_actions([], 0) is not None


def _seats_hiding(ruleset: Any, view: View, seats: int | None = None) -> list[int]:
    """The seats whose view to apply: one seat, or every seat of the game (``seats``; default: the most the
    ruleset allows) for the public view (nobody's secrets shown)."""
    return list(range(seats or ruleset.players[1])) if view == "public" else [int(view)]


def ruleset_actions(ruleset: Any, actions: Sequence[Mapping[str, Any]], view: View,
                    seats: int | None = None) -> list[dict[str, Any]]:
    """The stored actions as ``view`` may see them, one for one (``seats``: the game's seat count)."""
    seen = [dict(a) for a in actions]
    for seat in _seats_hiding(ruleset, view, seats):
        seen = ruleset.player_actions(seen, seat)
    return seen


def ruleset_state(ruleset: Any, state: dict[str, Any], trail: list[dict[str, Any]] | None,
                  action: Mapping[str, Any] | None, view: View) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """A judge's state and the trail of ``action`` (the action that led there) as ``view`` may see them."""
    for seat in _seats_hiding(ruleset, view, len(state.get("players") or ()) or None):
        state = ruleset.player_view(state, seat)
        if trail is not None and action is not None:
            trail = ruleset.player_trail(trail, action, seat)
    return state, trail


JudgeAt = Callable[[int], tuple[dict[str, Any], "list[dict[str, Any]] | None"]]


def seat_view(key: str, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB, view: View,
              n: int, judge_at: JudgeAt) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """The state after ``n`` of ``actions`` and the trail of action ``n`` as ``view`` (a seat or ``public``) may see
    them: the one redaction every player view goes through, a stored game's (``/api/games/<id>/state?view=``) and a
    draft's (``/api/drafts/<id>?seat=``) alike. A game whose ruleset makes its own views filters the judge's state
    (``judge_at(n)``: the judge's state and trail there); a table-log game folds the seat's redaction (``key``: the
    log's content key for the cache), so the other seat's hand, pool and unseen face-down points are not there
    (``RedactionError`` when the log cannot be redacted)."""
    ruleset = get_ruleset(header.get("ruleset", "pm-2.22"))
    if own_views(ruleset):
        state, trail = judge_at(n)
        return ruleset_state(ruleset, state, trail, actions[n - 1] if n else None, view)
    return player_state(redaction(key, header, actions, cards, view), cards, view, n)


def seat_actions(key: str, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
                 view: View) -> list[dict[str, Any]]:
    """``actions`` as ``view`` could have recorded them, one for one (the twin of :func:`seat_view`)."""
    ruleset = get_ruleset(header.get("ruleset", "pm-2.22"))
    if own_views(ruleset):
        return ruleset_actions(ruleset, actions, view, len(header.get("players") or ()) or None)
    return player_actions(redaction(key, header, actions, cards, view))


def ruleset_legal(ruleset: Any, state: Any, view: View) -> list[dict[str, Any]]:
    """A seat's own legal actions in the judge's engine ``state``, as the seat may see them (the ruleset's
    ``player_legal``: no card hidden from it is named); the public view: none."""
    if view == "public":
        return []
    seen = ruleset.player_legal(state, int(view))
    if seen is None:  # pragma: no cover - a game with its own views gives its seats' legal actions
        raise TypeError(f"{ruleset.name} makes its own views but no player_legal")
    return seen
