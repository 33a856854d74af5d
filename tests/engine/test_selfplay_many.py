"""Self-play games across seeds and both policies (tests/engine/many_games.py: 150 of each in the suite, 500 in
benchmarks/selfplay_long.py), each re-checked by the fold."""

from __future__ import annotations

import pytest

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.simulate import simulated_logs
from tests.engine.many_games import SUITE_GAMES, many_games

#: The games are made once per process: under xdist their users share one worker (tests/tablelogs too).
pytestmark = pytest.mark.xdist_group("many-games")


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_many_games_refold_with_no_illegal_action(policy: str) -> None:
    refold_many_games(policy)


def refold_many_games(policy: str, games: int = SUITE_GAMES) -> dict[str, int]:
    """Re-check ``games`` self-play games of ``policy`` with the fold: each legal and finished; the results counted."""
    cards = bundled_cards()
    reasons: dict[str, int] = {}
    for seed, doc in enumerate(many_games(policy, games)):
        res = fold(doc["game"], doc["actions"], cards, keep_trails=False)
        assert res.ruling is None, (seed, res.ruling.to_json())
        assert res.result is not None, f"seed {seed}: the game stalled"
        assert not res.implied, "written logs carry every pass"
        reasons[res.result["reason"]] = reasons.get(res.result["reason"], 0) + 1
    assert set(reasons) <= {"points", "deck_out", "draw"}
    assert reasons.get("points", 0) > 0
    return reasons


def test_same_seed_same_logs() -> None:
    cards = bundled_cards()
    first = list(simulated_logs(cards, 5, seed=7))
    again = list(simulated_logs(cards, 5, seed=7))
    assert first == again
    assert len({doc["game"]["id"] for doc in first}) == 5
    assert all(doc["game"]["players"][0]["name"] != doc["game"]["players"][1]["name"] for doc in first)
    assert list(simulated_logs(cards, 5, seed=8)) != first
