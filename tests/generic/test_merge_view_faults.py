"""A seat's view of a complete-log game (``redact --view 0|1``: null where that seat saw nothing) that is malformed
besides its nulls is named by its real fault (review rv21, 4): a bad ``p`` used to be blamed on action 1's shuffle
nulls, by ``pmemo-replay merge`` and ``check`` alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs


@pytest.mark.parametrize(("ruleset", "seed"), [("mahou-shoujo-1", 2), ("clockwork-memorion-1", 0)])
def test_a_bad_p_in_a_seat_view_is_named(ruleset: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = next(simulated_logs(bundled_for(ruleset), 1, seed, ruleset=ruleset))
    game = tmp_path / "game.json"
    game.write_text(json.dumps(doc), encoding="utf-8")
    paths = []
    for seat in (0, 1):
        paths.append(tmp_path / f"{seat}.json")
        assert main(["redact", str(game), "--view", str(seat), "--out", str(paths[-1])]) == 0
    view = json.loads(paths[1].read_text(encoding="utf-8"))
    n = next(i for i, a in enumerate(view["actions"]) if i > 5 and a.get("p") in (0, 1))
    view["actions"][n]["p"] = 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(view), encoding="utf-8")
    capsys.readouterr()
    assert main(["merge", str(paths[0]), str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"seat 1: {bad} is seat 1's view" in err and f"action {n}: " in err and "field 'p' must be 0 or 1, not 7" in err
    assert "'order'" not in err and "shuffle" not in err, err
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "is seat 1's view" in err and f"action {n}: " in err and "field 'p' must be 0 or 1, not 7" in err
    assert main(["check", str(paths[0])]) == 2  # a view is no log to check: said so
    assert "is seat 0's view ('redact --view 0'), not a log to check" in capsys.readouterr().err
