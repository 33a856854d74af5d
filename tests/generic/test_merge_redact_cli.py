"""``pmemo-replay redact`` for the games whose logs are complete (review of issue 21, 6): through the ruleset's
``redact``, each seat's view is that seat's recording (``meta.recorded_from``, null where it saw nothing), and
``pmemo-replay merge`` of the two views the command wrote gives the judge's view it writes (every hand, no deck
order), for Mahou Shoujo and Clockwork Memorion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ruleset import hidden_field
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.generic.toygame.install import installed


@pytest.mark.parametrize(("ruleset", "seed"), [("mahou-shoujo-1", 2), ("clockwork-memorion-1", 0)])
def test_the_two_seat_views_the_cli_writes_merge_into_its_judges_view(
        ruleset: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rs = get_ruleset(ruleset)
    doc = next(simulated_logs(bundled_for(ruleset), 1, seed, ruleset=ruleset))
    game = tmp_path / "game.json"
    game.write_text(json.dumps(doc), encoding="utf-8")
    written = {}
    for view in ("0", "1", "judge"):
        out = tmp_path / f"{view}.json"
        assert main(["redact", str(game), "--view", view, "--out", str(out)]) == 0, capsys.readouterr().err
        written[view] = json.loads(out.read_text(encoding="utf-8"))
    for seat in (0, 1):
        view = written[str(seat)]
        assert view["game"]["meta"]["recorded_from"] == seat
        rivals = [a for a in view["actions"] if a.get("p") == 1 - seat and hidden_field(rs, a, from_seat=True)]
        assert rivals and any(None in a[hidden_field(rs, a, from_seat=True)] for a in rivals)  # what it never saw
    judge = written["judge"]
    assert "recorded_from" not in (judge["game"].get("meta") or {})
    orders = [a["order"] for a in judge["actions"] if hidden_field(rs, a) == "order"]
    assert orders and all(set(order) == {None} for order in orders)  # no deck order: nobody at the table saw one
    assert [{k: v for k, v in a.items() if k != "order"} for a in judge["actions"]] == [
        {k: v for k, v in a.items() if k != "order"} for a in doc["actions"]]  # every hand: the game as played

    merged = tmp_path / "merged.json"
    capsys.readouterr()
    assert main(["merge", str(tmp_path / "0.json"), str(tmp_path / "1.json"), "--out", str(merged)]) == 0
    assert "merged from two seats" in capsys.readouterr().err
    out = json.loads(merged.read_text(encoding="utf-8"))
    assert out["game"] == judge["game"] and out["actions"] == judge["actions"]
    assert main(["check", str(tmp_path / "0.json")]) == 2  # a view is no log to fold: its nulls are no cards


def test_a_toy_race_seat_view_is_refused_naming_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Review rv21b: Toy Race (3 seats, complete logs, no recording from one seat): merging its seat views said only
    "action 0: order must be a list of card ids"; it says the game has no two-seat recordings, and why."""
    with installed(tmp_path / "site"):
        cards = bundled_for("toy-race-1")
        doc = next(simulated_logs(cards, 1, 3, ruleset="toy-race-1"))
        game = tmp_path / "game.json"
        game.write_text(json.dumps(doc), encoding="utf-8")
        for view in ("0", "1"):
            assert main(["redact", str(game), "--view", view, "--out", str(tmp_path / f"{view}.json")]) == 0
        capsys.readouterr()
        assert main(["merge", str(tmp_path / "0.json"), str(tmp_path / "1.json")]) == 2
        said = capsys.readouterr().err
        assert "Toy Race (toy-race-1, 3 seats) has no two-seat recordings" in said, said
        assert "logs are complete" in said and "cannot be merged" in said and "order must be" not in said
        assert main(["merge", str(game), str(game)]) == 2  # two complete recordings are compared (here: one twice)
        assert "one and the same recording" in capsys.readouterr().err
