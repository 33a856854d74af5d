"""As played: carrying out an action the rules refuse, when the table let it stand (docs/as-played.md).

A rule check that an action can be carried out despite calls :func:`refuse` instead of raising: outside an
as-played fold it raises as before, tagged with the *irregularity* it is (``err.despite``); inside
:func:`waiving` with that irregularity named it returns, and the game's code goes on as if the check held.
The fold (:mod:`engine.fold`) retries a refused action with the irregularities it met waived, one more each time,
until the action is carried out or a check refuses that names none (a card that is not there).

Irregularities (the same words in every game):

- ``payment``: a cost paid short or with the wrong cards;
- ``turn``: acting without the right to act, out of turn, in the wrong window, step or timing;
- ``trigger``: a mandatory automatic effect that was never logged (it lapses);
- ``ops``: an effect whose logged ops differ from its script (an extra draw): the logged ops are applied;
- ``count``: an action beyond what the turn allows (a third action, a pass while holding a card);
- ``step``: an owed step skipped (a hand adjustment, filling an empty Active position): the game goes on
  without it (a hand adjustment lapses; an Active position stays owed);
- ``condition``: a play, effect or decision whose own condition does not hold (an effect's condition or a ban in
  force, a rested Chara approaching, a Level Up onto a Chara of another name): carried out as logged;
- ``target``: an effect's target that is there but may not be taken (untargetable, not fitting its filter): taken.

>>> from engine.rulings import IllegalAction
>>> with waiving({"payment"}):
...     refuse(IllegalAction("cost.amount", "short"), "payment")
>>> try:
...     refuse(IllegalAction("cost.amount", "short"), "payment")
... except IllegalAction as err:
...     print(err.despite)
payment
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.rulings import IllegalAction, Trail

IRREGULARITIES = ("payment", "turn", "trigger", "ops", "count", "step", "condition", "target")
#: at most this many irregularities carried out in one action
MAX_WAIVED = len(IRREGULARITIES)

_WAIVED: ContextVar[frozenset[str]] = ContextVar("pmemo_waived", default=frozenset())
_PASSED: ContextVar[list[IllegalAction] | None] = ContextVar("pmemo_passed", default=None)


def refuse(err: IllegalAction, despite: str | None) -> None:
    """Raise ``err`` (tagged with the irregularity ``despite``) unless an as-played fold carries it out now."""
    if despite is not None and despite in _WAIVED.get():
        err.despite = despite
        passed = _PASSED.get()
        if passed is not None and all(e.rule != err.rule for e in passed):
            passed.append(err)
        return
    err.despite = despite
    raise err


def waived(despite: str) -> bool:
    """True while an as-played fold carries out the irregularity ``despite``."""
    return despite in _WAIVED.get()


def stood(rule: str) -> bool:
    """True when, in the action being carried out as played, a refusal of ``rule`` was let pass: its trail then
    writes no ✓ for that rule (the ✗ entry says it; review r22f)."""
    passed = _PASSED.get()
    return passed is not None and any(e.rule == rule for e in passed)


@contextmanager
def waiving(despite: Iterable[str]) -> Iterator[None]:
    """Within this block, :func:`refuse` lets the irregularities ``despite`` pass."""
    token = _WAIVED.set(frozenset(despite))
    try:
        yield
    finally:
        _WAIVED.reset(token)


@contextmanager
def noting_waived() -> Iterator[list[IllegalAction]]:
    """Within this block, every refusal :func:`refuse` let pass is noted, once per rule, in the list yielded: all the
    rules an action carried out as played broke (two breaks of one irregularity are two rulings)."""
    passed: list[IllegalAction] = []
    token = _PASSED.set(passed)
    try:
        yield passed
    finally:
        _PASSED.reset(token)


def unchecked(apply: Callable[[Any, Mapping[str, Any], Trail], None]) -> Callable[..., None]:
    """A game's ``apply_despite(state, action, trail, despite)`` made from its checked ``apply``: the same code
    with the irregularities ``despite`` waived."""

    def apply_despite(state: Any, action: Mapping[str, Any], trail: Trail, despite: frozenset[str]) -> None:
        with waiving(despite):
            apply(state, action, trail)

    apply_despite.__doc__ = "Apply ``action`` with the irregularities ``despite`` carried out (engine.asplayed)."
    return apply_despite
