"""``pmemo-replay merge`` names the first disagreement, not a later consequence of it; and logs that leave out the
passes the fold implies merge (review of issue 21, points 2 and 3)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.fold import fold
from engine.merge import merge, steps_of, with_implied_passes
from engine.ruleset import Redaction
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


@cache
def views(seed: int) -> tuple[Redaction, Redaction, Redaction]:
    doc = next(simulated_logs(CARDS, 1, seed))
    return tuple(PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))  # type: ignore[return-value]


def write(path: Path, header: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    path.write_text(json.dumps({"format": "pmemo-log", "version": 1, "game": header, "actions": actions}), encoding="utf-8")
    return str(path)


def _later_illegal(seat: Redaction) -> tuple[int, int, list[dict[str, Any]]]:
    """Seat ``seat``'s log with one of its own Chara summoned to the support area instead of main: the first such
    change the rules take where it is made and refuse only some actions later. (game action k, the log's index of
    the first action then refused, the changed log)."""
    _, steps = steps_of(seat.actions, PM.knowledge_actions)
    for k, step in enumerate(steps):
        if step.action["type"] != "summon" or step.action.get("area") != "main":
            continue
        changed = copy.deepcopy(seat.actions)
        changed[step.index]["area"] = "support"
        ruling = fold(seat.header, changed, CARDS, keep_trails=False).ruling
        if ruling is not None and ruling.index is not None and ruling.index > step.index + 5:
            return k, ruling.index, changed
    raise AssertionError("no summon whose area changes the game only later")


def test_a_disagreement_that_makes_a_log_illegal_later_is_named_first(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    seat0, seat1, _ = views(5)
    k, illegal_at, changed = _later_illegal(seat1)
    paths = [write(tmp_path / "seat0.json", seat0.header, seat0.actions), write(tmp_path / "seat1.json", seat1.header, changed)]
    assert main(["merge", *paths]) == 1
    err = capsys.readouterr().err
    assert f"the recordings disagree: game action {k}: " in err and "they differ in area" in err
    assert "illegal" not in err and f"action {illegal_at}" not in err
    disagreement = json.loads(err.splitlines()[0])["disagreement"]
    assert (disagreement["step"], disagreement["kind"], disagreement["fields"]) == (k, "action", ["area"])


MAHOU = get_ruleset("mahou-shoujo-1")
MAHOU_CARDS = bundled_for("mahou-shoujo-1")


def test_an_illegal_action_before_the_first_disagreement_is_named(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Both phones recorded the same illegal action (a complete-log game's merge compares, it folds nothing), then
    they part: the illegal action, which comes first, is what is named; with no disagreement after it, too."""
    doc = next(simulated_logs(MAHOU_CARDS, 1, 4, ruleset="mahou-shoujo-1"))
    header, actions = doc["game"], doc["actions"]
    j = next(n for n, a in enumerate(actions) if n > 10 and a["type"] == "attack")
    wrong = copy.deepcopy(actions)
    wrong[j]["p"] = 1 - wrong[j]["p"]  # the other player attacks out of turn
    assert fold(header, wrong, MAHOU_CARDS, keep_trails=False).ruling.index == j  # type: ignore[union-attr]
    k = next(n for n, a in enumerate(actions) if n > j + 3 and a["type"] == "attack")
    parted = copy.deepcopy(wrong)
    parted[k]["p"] = 1 - parted[k]["p"]
    first = write(tmp_path / "a.json", {**header, "played_at": "2026-11-27T19:04:05+01:00"}, wrong)
    for other in (wrong, parted):
        second = write(tmp_path / "b.json", {**header, "played_at": "2026-11-27T19:04:09+01:00"}, other)
        assert main(["merge", first, second]) == 1
        err = capsys.readouterr().err
        assert f"seat 0's log is illegal at action {j} " in err and "disagree" not in err


@pytest.mark.parametrize("seed", [0, 3, 6])
def test_logs_that_leave_out_the_implied_passes_merge_into_the_judges_log(seed: int) -> None:
    """A hand-written seat log may leave out every pass (README: the engine inserts the fewest passes): the merge
    writes out the passes the fold implies, so either seat without its passes, or both, merge into exactly the
    judge's table log (which logs every pass)."""
    seat0, seat1, judge = views(seed)

    def bare(seat: Redaction) -> list[dict[str, Any]]:
        return [a for a in seat.actions if a["type"] != "pass"]

    assert len(bare(seat0)) < len(seat0.actions)
    for logs in ([(seat0.header, bare(seat0)), (seat1.header, seat1.actions)],
                 [(seat0.header, seat0.actions), (seat1.header, bare(seat1))],
                 [(seat0.header, bare(seat0)), (seat1.header, bare(seat1))]):
        out = merge(PM, CARDS, logs)
        assert out.disagreement is None, out.disagreement
        assert (out.header, out.actions, out.steps) == (judge.header, judge.actions, judge.steps)
    written, indexes = with_implied_passes(PM, CARDS, seat0.header, bare(seat0))
    assert written == seat0.actions  # every pass written out where it was logged
    # each action as recorded keeps its index; a pass written out has the index of the action it was implied before
    assert [(indexes[j], a) for j, a in enumerate(written) if a["type"] != "pass"] == list(enumerate(bare(seat0)))
    assert all(bare(seat0)[indexes[j]] == next(b for b in written[j:] if b["type"] != "pass")
               for j, a in enumerate(written) if a["type"] == "pass" and indexes[j] < len(bare(seat0)))


def test_a_disagreement_after_left_out_passes_names_the_index_as_recorded() -> None:
    """The indexes a disagreement gives are those of the logs as recorded, not of the passes written out."""
    seat0, seat1, _ = views(3)
    bare0 = [a for a in seat0.actions if a["type"] != "pass"]
    _, steps = steps_of(seat1.actions, PM.knowledge_actions)
    k = next(k for k, st in enumerate(steps) if k > 20 and st.action["type"] == "summon")
    changed = copy.deepcopy(seat1.actions)
    changed[steps[k].index]["card"] = next(c for c in seat1.header["players"][1]["deck"] if c != steps[k].action["card"])
    d = merge(PM, CARDS, [(seat0.header, bare0), (seat1.header, changed)]).disagreement
    assert d is not None and d.step == k and d.index[1] == steps[k].index
    assert d.index[0] is not None and bare0[d.index[0]] == d.versions[0]


def test_merge_cli_writes_out_the_passes_a_log_left_out(tmp_path: Path) -> None:
    seat0, seat1, judge = views(0)
    paths = [write(tmp_path / "seat0.json", seat0.header, [a for a in seat0.actions if a["type"] != "pass"]),
             write(tmp_path / "seat1.json", seat1.header, seat1.actions)]
    out = tmp_path / "judge.json"
    assert main(["merge", *paths, "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["actions"] == judge.actions


def _first_own_approach(seat: Redaction, seat_of_log: int) -> int:
    """The log index of the first approach the other seat made well into the game (found, not hard-coded)."""
    return next(n for n, a in enumerate(seat.actions)
                if n > 100 and a["type"] == "approach" and a["p"] != seat_of_log)


def test_a_missing_action_is_named_not_the_lacking_logs_later_illegal_action(tmp_path: Path,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1's log lacks one of seat 0's approaches: the actions after the gap are illegal in seat 1's log, but the
    merge names the missing action (checking seat 1's log only up to where it parts from seat 0's)."""
    seat0, seat1, _ = views(30)
    gap = _first_own_approach(seat1, 1)
    lacking = [a for n, a in enumerate(seat1.actions) if n != gap]
    assert fold(seat1.header, lacking, CARDS, keep_trails=False).ruling is not None  # illegal on its own
    out = merge(PM, CARDS, [(seat0.header, seat0.actions), (seat1.header, lacking)])
    assert out.disagreement is not None and out.disagreement.kind == "missing"
    assert out.disagreement.index[1] is None and out.disagreement.parted[1] == gap
    paths = [write(tmp_path / "seat0.json", seat0.header, seat0.actions), write(tmp_path / "seat1.json", seat1.header, lacking)]
    assert main(["merge", *paths]) == 1
    err = capsys.readouterr().err
    assert "is illegal" not in err
    assert f"game action {out.disagreement.step}: seat 1's log has no action where seat 0 recorded" in err


def test_two_copies_told_alike_name_each_seats_value() -> None:
    """Review rv21b: seat 0 recorded its rival's event without the cards it chose: both copies are told alike
    ("Mio plays MHK 01-123, targeting MHK ST-018"), and the message said only "they differ in choices.0"; it gives
    each seat's value."""
    seat0, seat1, judge = views(1)
    wrong = copy.deepcopy(seat0.actions)
    wrong[175]["choices"] = [[]]
    logs = [(seat0.header, wrong), (seat1.header, seat1.actions)]
    d = merge(PM, CARDS, logs).disagreement
    assert d is not None and d.kind == "action" and d.fields == ["choices.0"], d
    chosen = json.dumps(seat0.actions[175]["choices"][0])  # as seat 1 recorded them too
    assert f"they differ in choices.0: seat 0 recorded [], seat 1 recorded {chosen}" in d.message, d.message
    assert merge(PM, CARDS, logs, {d.step: ("take", 1)}).actions == judge.actions  # type: ignore[dict-item]
