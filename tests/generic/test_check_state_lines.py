"""``pmemo-replay check`` writes the state in its game's own words through the ruleset interface (the ruleset's
optional ``state_lines``), not by the game's name (review of issue 21, 9): Precious Memories and Mahou Shoujo bring
theirs, Clockwork Memorion (without) gets the plain fields."""

from __future__ import annotations

import dataclasses

import pytest

from engine.rulesets import get_ruleset
from pmemo_replay.checking import check_log
from pmemo_replay.cli.check import render
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.logio import PmemoLog
from pmemo_replay.simulate import simulated_logs


@pytest.mark.parametrize("ruleset", ["pm-2.22", "mahou-shoujo-1", "clockwork-memorion-1"])
def test_the_state_is_told_in_the_rulesets_own_lines(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    doc = next(simulated_logs(bundled_for(ruleset), 1, 1, ruleset=ruleset))
    report = check_log(PmemoLog(doc["game"], doc["actions"][:30]), bundled_for(ruleset))
    assert report.valid and report.state is not None
    text = render(report).splitlines()
    own = getattr(rs, "state_lines", None)
    if own is None:  # the plain fields of any game
        assert text[1] == "result: the game goes on" and text[2].startswith(f"state: turn {report.state['turn']}")
        assert text[3].startswith(f"  player 0 {report.state['players'][0]['name']}: ")
    else:
        assert text[1:] == own(report.state)
    # the lines come from the ruleset the log was folded with, whatever the state JSON says of its game
    anonymous = dataclasses.replace(report, state={k: v for k, v in report.state.items() if k != "ruleset"})
    assert render(anonymous).splitlines() == text


def test_a_count_beside_its_list_is_said_once() -> None:
    """Clockwork's state gives ``hand_count`` beside ``hand``: the plain line says the hand once, and a count of a
    pile the state does not list (``deck_count``) under the pile's name."""
    ruleset = "clockwork-memorion-1"
    assert getattr(get_ruleset(ruleset), "state_lines", None) is None
    doc = next(simulated_logs(bundled_for(ruleset), 1, 1, ruleset=ruleset))
    report = check_log(PmemoLog(doc["game"], doc["actions"][:30]), bundled_for(ruleset))
    assert report.state is not None
    player = report.state["players"][0]
    line = render(report).splitlines()[3]
    assert "hand_count" in player and "hand_count" not in line and line.count(" hand ") == 1
    assert f"hand {len(player['hand'])}," in line and f"deck {player['deck_count']}," in line
