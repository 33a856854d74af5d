"""Self-play games of each policy (random, greedy), made once per test process and shared by the tests that use them.

The suite plays ``SUITE_GAMES`` of each policy; benchmarks/selfplay_long.py and benchmarks/redaction_long.py play
``LONG_GAMES`` (1,000 in all), a heavy run kept out of the suite (its figures: benchmarks/README.md)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.pm.selfplay import greedy_policy, play_game, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks

SUITE_GAMES = 150  # of each policy
LONG_GAMES = 500  # of each policy, in the long runs
POLICIES = {"random": random_policy, "greedy": greedy_policy}


@cache
def many_games(policy: str, games: int = SUITE_GAMES) -> tuple[dict[str, Any], ...]:
    """``games`` games between two ``policy`` players, seeds 0, 1, ... (a shorter list is a prefix of a longer)."""
    cards, decks = bundled_cards(), bundled_decks()
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        a, b = rng.choice(decks), rng.choice(decks)
        out.append(play_game(cards, [a.main, b.main], rng, policies=(POLICIES[policy],) * 2, ex_decks=[a.ex, b.ex]))
    return tuple(out)
