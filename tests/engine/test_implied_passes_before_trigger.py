"""Omitted passes before a trigger (rules.md, "Omitted passes"): a trigger whose cause happens only once the window
closes (an elimination as the battle ends, its card put into the discard then) is legal after the fewest passes that
close it; when no number of passes makes it legal, the refusal of the trigger as logged stands (review of issue 21)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engine.fold import Folder, fold
from engine.ruleset import Redaction
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


@cache
def seat_log(seed: int, seat: int = 1) -> Redaction:
    doc = next(simulated_logs(CARDS, 1, seed))
    return PM.redact(doc["game"], doc["actions"], CARDS, seat)


def _folded(log: Redaction, actions: list[dict[str, Any]]) -> Folder:
    folder = Folder(log.header, CARDS, keep_trails=False)
    for action in actions:
        folder.push(action)
    return folder


def _same_game(a: Folder, b: Folder) -> bool:
    """The same state, but for how many actions were logged."""
    return {k: v for k, v in PM.to_json(a.state).items() if k != "applied"} == \
        {k: v for k, v in PM.to_json(b.state).items() if k != "applied"}


def _discard_trigger_after_pass(log: Redaction) -> int:
    """The index of a trigger from the discard logged right after a pass (found, not hard-coded)."""
    return next(n for n, a in enumerate(log.actions) if a["type"] == "trigger" and a.get("from") == "discard"
                and log.actions[n - 1]["type"] == "pass")


def test_the_pass_before_a_trigger_from_the_discard_is_implied() -> None:
    log = seat_log(7)
    at = _discard_trigger_after_pass(log)
    without = [a for n, a in enumerate(log.actions) if n != at - 1]
    assert fold(log.header, without, CARDS, keep_trails=False).ruling is None
    folded = _folded(log, without)
    assert folded.implied.get(at - 1) == 1  # the trigger (now at at - 1) needed one pass, the one left out
    assert _same_game(folded, _folded(log, log.actions))


@pytest.mark.parametrize("seed", [7, 26])
def test_a_log_without_any_pass_folds_to_the_same_game(seed: int) -> None:
    log = seat_log(seed)
    without = [a for a in log.actions if a["type"] != "pass"]
    assert any(a["type"] == "trigger" and a.get("from") == "discard" for a in without)
    folded = _folded(log, without)
    assert sum(folded.implied.values()) == len(log.actions) - len(without)  # the fewest: as many as were left out
    assert _same_game(folded, _folded(log, log.actions))


def test_when_no_passes_help_the_trigger_as_logged_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trigger moved to the game's first window (its cause is turns away): passes do not make it legal, and the
    ruling is the one on the trigger as logged, as when passes are not tried for it at all."""
    log = seat_log(7)
    at = _discard_trigger_after_pass(log)
    first_pass = next(n for n, a in enumerate(log.actions) if a["type"] == "pass")
    early = [*log.actions[:first_pass], log.actions[at], *log.actions[first_pass:]]
    ruling = fold(log.header, early, CARDS, keep_trails=False).ruling
    assert ruling is not None and ruling.index == first_pass
    monkeypatch.setattr(type(PM), "pass_may_cure", lambda self, action, err: False)
    untried = fold(log.header, early, CARDS, keep_trails=False).ruling
    assert untried is not None and ruling.to_json() == untried.to_json()
    assert ruling.rule in ("effect.result", "zone")
