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
