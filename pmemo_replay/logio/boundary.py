"""The log boundary per ruleset: a header's ``ruleset`` picks who validates the header and the actions.

Precious Memories (and a header naming no known ruleset, which the fold then refuses) is read by this package's
marshmallow schemas; a game whose ruleset brings its own pure checks (``check_header``, ``check_action``,
``log_card_ids``: engine.ruleset.Ruleset) is read by them, with their problems turned into ``LogError`` rulings.

>>> boundary_of({"ruleset": "mahou-shoujo-1"}).name, boundary_of({"ruleset": "pm-2.22"}) is None
('mahou-shoujo-1', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.ruleset import LogProblem
from engine.rulesets import RULESETS

from .errors import LogError
from .schemas import DEFAULT_RULESET, show, validate_action, validate_header

ActionCheck = Callable[[Any, int], None]


def boundary_of(game: Any) -> Any:
    """The ruleset that validates a header with its own checks, or None (this package's schemas do)."""
    name = game.get("ruleset", DEFAULT_RULESET) if type(game) is dict else DEFAULT_RULESET
    ruleset = RULESETS.get(name) if type(name) is str else None
    return ruleset if ruleset is not None and getattr(ruleset, "check_header", None) is not None else None


def _log_error(problem: LogProblem) -> LogError:
    return LogError(problem.message, index=problem.index, path=problem.path,
                    rule="log.card" if problem.rule == "log.card" else "log.schema")


#: the longest name a header may give (``id``, ``event``, a player's ``name`` and ``deck_name``): the store indexes
#: them, and a database index entry has a bounded size (PostgreSQL's B-tree: about 2.7 KB)
MAX_NAME_CHARS = 255


def check_names(header: Mapping[str, Any]) -> None:
    """Refuse a header whose ``id``, ``event`` or a player's ``name``/``deck_name`` is over :data:`MAX_NAME_CHARS`.

    >>> check_names({"event": "x" * 256, "players": []})
    Traceback (most recent call last):
    ...
    pmemo_replay.logio.errors.LogError: game: field 'event' is 256 characters long: at most 255
    """
    named: list[tuple[str, Any]] = [(key, header.get(key)) for key in ("id", "event")]
    players = header.get("players")
    if type(players) is list:
        named += [(f"players.{i}.{key}", p.get(key)) for i, p in enumerate(players) if type(p) is dict
                  for key in ("name", "deck_name")]
    for path, value in named:
        if type(value) is str and len(value) > MAX_NAME_CHARS:
            raise LogError(f"game: field '{path}' is {len(value)} characters long: at most {MAX_NAME_CHARS}",
                           path=f"game.{path}")


def read_header(game: Any) -> tuple[dict[str, Any], ActionCheck | None]:
    """The validated header (defaults filled) and the check of its actions (None: :func:`validate_action`).

    A header naming a ruleset the engine does not have is read by this package's schemas (the fold refuses it
    later); when they find it malformed, the unknown ruleset is what is reported (``log.schema`` at
    ``game.ruleset``), not a field another game's schema expects. Names longer than :data:`MAX_NAME_CHARS` are
    refused (:func:`check_names`)."""
    header, check = _read_header(game)
    check_names(header)
    return header, check


def _read_header(game: Any) -> tuple[dict[str, Any], ActionCheck | None]:
    name = game.get("ruleset") if type(game) is dict else None
    if type(name) is str and name not in RULESETS:
        try:
            return validate_header(game), None
        except LogError:
            known = ", ".join(sorted(RULESETS))
            raise LogError(f"game: ruleset {show(name)} is not supported (known: {known})", path="game.ruleset") from None
    ruleset = boundary_of(game)
    if ruleset is None:
        return validate_header(game), None
    try:
        header = ruleset.check_header(game)
    except LogProblem as problem:
        raise _log_error(problem) from None
    header.setdefault("ruleset", ruleset.name)
    return header, _action_check(ruleset)


def _action_check(ruleset: Any) -> ActionCheck:
    check = ruleset.check_action

    def check_one(action: Any, index: int) -> None:
        try:
            check(action, index)
        except LogProblem as problem:
            raise _log_error(problem) from None

    return check_one


def action_check(header: Mapping[str, Any]) -> ActionCheck:
    """The check of one action of a log with this (validated) header."""
    ruleset = boundary_of(header)
    return validate_action if ruleset is None else _action_check(ruleset)


def ruleset_card_ids(header: Mapping[str, Any], actions: Any) -> Iterator[tuple[int | None, str, str]] | None:
    """``(index, path, card id)`` of every card id, from the ruleset's own boundary (None: this package finds them)."""
    ruleset = boundary_of(header)
    return None if ruleset is None else ruleset.log_card_ids(header, actions)


def unknown_card_error(index: int | None, path: str, card: str, actions: Any) -> LogError:
    """The ``log.card`` ruling on a card id a game's own boundary found."""
    parts = path.split(".")
    if index is None and len(parts) == 5 and parts[1] == "players":
        message = f"game: player {parts[2]}'s {parts[3]} holds an unknown card {show(card)} (position {parts[4]})"
    elif index is None:
        message = f"game: {path.removeprefix('game.')} holds an unknown card {show(card)}"
    else:
        message = f"action {index} ({actions[index].get('type')}): unknown card {show(card)}"
    return LogError(message, index=index, path=path, rule="log.card")
