"""1,000 simulated games across seeds and both policies, each re-checked by the fold."""

from __future__ import annotations

import random

import pytest

from engine.fold import fold
from engine.pm.selfplay import greedy_policy, play_game, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks
from pmemo_replay.simulate import simulated_logs

GAMES = 1000


@pytest.mark.parametrize("policy", [random_policy, greedy_policy], ids=["random", "greedy"])
def test_many_games_refold_with_no_illegal_action(policy) -> None:  # type: ignore[no-untyped-def]
    cards, decks = bundled_cards(), bundled_decks()
    reasons: dict[str, int] = {}
    for seed in range(GAMES // 2):
        rng = random.Random(seed)
        a, b = rng.choice(decks), rng.choice(decks)
        doc = play_game(cards, [a.main, b.main], rng, policies=(policy, policy), ex_decks=[a.ex, b.ex])
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
