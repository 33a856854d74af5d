"""A seat's recording holds only what that seat could see (table-logs.md, "Redaction": the table log a viewer in that
seat could have recorded). A complete log, or a judge's, given as one seat's is refused by ``pmemo-replay merge`` (exit
2, naming why) for every game with seat recordings, instead of being merged "from two seats" with every deck order
kept (review of issue 21: ``merge sim.jsonl seat1.jsonl`` exited 0)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.merge import seat_secrets
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def _write(path: Path, header: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    path.write_text("\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": header}),
                               *map(json.dumps, actions)]) + "\n", encoding="utf-8")
    return str(path)


def test_a_seats_own_redaction_holds_no_secret_and_a_complete_log_does() -> None:
    """Every seat's redaction (its own deck list only, or both: open decklists) is that seat's recording; the
    complete log and the judge's table log are no seat's: each holds a deck order or the other seat's hand."""
    for doc in simulated_logs(CARDS, 4, 17):
        judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
        for seat in (0, 1):
            for keep in (False, True):
                own = PM.redact(doc["game"], doc["actions"], CARDS, seat, keep_lists=keep)
                assert PM.seat_secret(own.header, own.actions, CARDS, seat) is None
            complete = PM.seat_secret(doc["game"], doc["actions"], CARDS, seat)
            assert complete is not None and "the order of a shuffled deck, which no seat sees" in complete
            assert complete.startswith(f"at action {next(i for i, a in enumerate(doc['actions']) if 'order' in a)} (")
            told = PM.seat_secret(judge.header, judge.actions, CARDS, seat)
            assert told is not None and f"player {1 - seat}'s hidden hand cards " in told
            assert told.endswith(", which only that player sees")


def test_a_rivals_draw_named_in_a_seats_log_is_a_secret() -> None:
    """One run of the rival's draws named (the judge's identify, which seat 0 could not make) in an otherwise good
    recording of seat 0, both deck lists kept: the fold takes it (the pool holds those cards), the check does not."""
    doc = next(simulated_logs(CARDS, 1, 5))
    own = PM.redact(doc["game"], doc["actions"], CARDS, 0, keep_lists=True)
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
    at = next(i for i, a in enumerate(judge.actions) if a["type"] == "identify" and a["p"] == 1 and a["cards"])
    step = next(n for n in range(len(judge.steps) - 1) if judge.steps[n] <= at < judge.steps[n + 1])
    mine = own.steps[step + 1]  # right after seat 0's copy of that action and what seat 0 learned with it
    told = [*own.actions[:mine], dict(judge.actions[at]), *own.actions[mine:]]
    secret = PM.seat_secret(own.header, told, CARDS, 0)
    named = judge.actions[at]["cards"]  # the cards the secret holds are named (its recorder wrote them)
    assert len(named) <= 8
    assert secret == f"at action {mine} (identify), player 1's hidden hand cards {', '.join(named)}, which only that player sees"
    assert PM.seat_secret(own.header, own.actions, CARDS, 0) is None
    assert "could not have seen at the table" in (seat_secrets(PM, CARDS, [(own.header, told)], [0]) or "")
    assert seat_secrets(PM, CARDS, [(own.header, own.actions)], [0]) is None


def test_merge_cli_refuses_a_complete_pm_log_as_a_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = next(simulated_logs(CARDS, 1, 3))
    sim = _write(tmp_path / "sim.jsonl", doc["game"], doc["actions"])
    seats = [PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1)]
    s0, s1 = (_write(tmp_path / f"seat{v}.jsonl", r.header, r.actions) for v, r in enumerate(seats))
    out = tmp_path / "merged.jsonl"
    for args, seat in (([sim, s1], 0), ([s0, sim], 1)):
        assert main(["merge", *args, "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert (f"the log given as seat {seat}'s is not seat {seat}'s own recording: a seat's recording shows only "
                f"what that seat saw, but this one holds what seat {seat} could not have seen at the table: at action 0 "
                f"(shuffle), the order of a shuffled deck, which no seat sees. It looks like a judge's or a complete "
                f"log: give each seat's own recording ('pmemo-replay redact LOG --view {seat}' makes seat {seat}'s "
                f"from it)") in err, err
        assert not out.exists()
    # both deck lists kept (open decklists) is no secret: the two seats merge
    open_lists = [PM.redact(doc["game"], doc["actions"], CARDS, v, keep_lists=True) for v in (0, 1)]
    paths = [_write(tmp_path / f"open{v}.jsonl", r.header, r.actions) for v, r in enumerate(open_lists)]
    assert main(["merge", *paths, "--out", str(out)]) == 0
    assert "merged from two seats" in capsys.readouterr().err
    assert not any("order" in json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()[1:])


@pytest.mark.parametrize("ruleset", ["mahou-shoujo-1", "clockwork-memorion-1"])
def test_merge_cli_refuses_a_judges_recording_beside_a_seats(ruleset: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A complete-log game: a judge's-seat recording (the simulated log, no meta.recorded_from) or its judge's view
    beside seat 1's recording is refused, exit 2 naming it (it was a header "disagreement", exit 1); the two seats'
    views still merge."""
    doc = next(simulated_logs(bundled_for(ruleset), 1, 3, ruleset=ruleset))
    sim = _write(tmp_path / "sim.jsonl", doc["game"], doc["actions"])
    paths = {}
    for view in ("0", "1", "judge"):
        paths[view] = str(tmp_path / f"{view}.jsonl")
        assert main(["redact", sim, "--view", view, "--out", paths[view]]) == 0
    capsys.readouterr()
    assert main(["merge", sim, paths["1"]]) == 2
    err = capsys.readouterr().err
    assert ("the log given as seat 0's was recorded from the judge's seat (its header has no meta.recorded_from: "
            "every hidden card named), the other from seat 1: it is not one seat's recording") in err, err
    assert "give each seat's own recording ('pmemo-replay redact LOG --view 0' makes seat 0's from it)" in err
    assert main(["merge", paths["0"], sim]) == 2
    assert "the log given as seat 1's was recorded from the judge's seat" in capsys.readouterr().err
    assert main(["merge", paths["judge"], paths["1"]]) == 2
    assert "is a judge's view ('redact --view judge'" in capsys.readouterr().err
    assert main(["merge", paths["1"], paths["0"]]) == 2  # swapped: still said so
    assert "are the seats swapped? (give SEAT0_LOG first, then SEAT1_LOG)" in capsys.readouterr().err
    assert main(["merge", paths["0"], paths["1"], "--out", str(tmp_path / "m.jsonl")]) == 0
