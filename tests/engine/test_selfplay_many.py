"""1,000 simulated games across seeds and both policies, each re-checked by the fold."""

from __future__ import annotations

import pytest

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.simulate import simulated_logs
from tests.engine.many_games import many_games

#: The 1,000 games are made once per process: under xdist their users share one worker (tests/tablelogs too).
pytestmark = pytest.mark.xdist_group("many-games")


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_many_games_refold_with_no_illegal_action(policy: str) -> None:
    cards = bundled_cards()
    reasons: dict[str, int] = {}
    for seed, doc in enumerate(many_games(policy)):
        res = fold(doc["game"], doc["actions"], cards, keep_trails=False)
        assert res.ruling is None, (seed, res.ruling.to_json())
        assert res.result is not None, f"seed {seed}: the game stalled"
        assert not res.implied, "written logs carry every pass"
        reasons[res.result["reason"]] = reasons.get(res.result["reason"], 0) + 1
    assert set(reasons) <= {"points", "deck_out", "draw"}
    assert reasons.get("points", 0) > 0


def test_same_seed_same_logs() -> None:
    cards = bundled_cards()
    first = list(simulated_logs(cards, 5, seed=7))
    again = list(simulated_logs(cards, 5, seed=7))
    assert first == again
    assert len({doc["game"]["id"] for doc in first}) == 5
    assert all(doc["game"]["players"][0]["name"] != doc["game"]["players"][1]["name"] for doc in first)
    assert list(simulated_logs(cards, 5, seed=8)) != first
