"""Self-played games of both policies (random, greedy), each re-checked by the fold with no illegal action: 150 of
each in the suite, 500 of each (1,000 in all) in benchmarks/selfplay_long.py (issue 19: the suite's time)."""

from __future__ import annotations

import random

import pytest

from engine.fold import fold
from engine.mahou.selfplay import play_game, self_play_logs
from tests.mahou.kit import bundled

SUITE_GAMES = 150  # of each policy
LONG_GAMES = 500  # of each policy, in benchmarks/selfplay_long.py


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_many_games_refold_with_no_illegal_action(policy: str) -> None:
    refold_many_games(policy)


def refold_many_games(policy: str, games: int = SUITE_GAMES) -> dict[str, int]:
    """Play ``games`` games of ``policy`` (seeds 0, 1, ...) and re-check each with the fold: legal and finished; the
    results counted."""
    db, decks = bundled()
    names = sorted(decks)
    reasons: dict[str, int] = {}
    for seed in range(games):
        rng = random.Random(seed)
        a, b = rng.choice(names), rng.choice(names)
        doc = play_game(db, [decks[a], decks[b]], rng, policies=(policy, policy), deck_names=(a, b))
        res = fold(doc["game"], doc["actions"], db, keep_trails=False)
        assert res.ruling is None, (seed, res.ruling.to_json())
        assert res.result is not None, f"seed {seed}: the game stalled"
        reasons[res.result["reason"]] = reasons.get(res.result["reason"], 0) + 1
    assert set(reasons) <= {"gems", "deck_out", "draw"}
    if policy == "greedy":
        assert reasons.get("gems", 0) > 0
    return reasons


def test_greedy_beats_random() -> None:
    db, decks = bundled()
    names = sorted(decks)
    wins = 0
    for seed in range(40):
        rng = random.Random(seed)
        doc = play_game(db, [decks[rng.choice(names)], decks[rng.choice(names)]], rng, policies=("greedy", "random"))
        wins += fold(doc["game"], doc["actions"], db, keep_trails=False).result["winner"] == 0  # type: ignore[index, arg-type]
    assert wins > 30


def test_same_seed_same_game() -> None:
    db, decks = bundled()
    deck = decks[sorted(decks)[0]]
    assert play_game(db, [deck, deck], 3) == play_game(db, [deck, deck], 3)
    assert play_game(db, [deck, deck], 3) != play_game(db, [deck, deck], 4)


def test_self_play_logs() -> None:
    db, decks = bundled()
    docs = list(self_play_logs(db, decks, 4, seed=2))
    assert docs == list(self_play_logs(db, decks, 4, seed=2))
    assert len({d["game"]["id"] for d in docs}) == 4
    for d in docs:
        assert d["game"]["players"][0]["name"] != d["game"]["players"][1]["name"]
        assert d["game"]["players"][0]["deck_name"] in decks
        assert fold(d["game"], d["actions"], db, keep_trails=False).ruling is None
