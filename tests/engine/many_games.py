"""1,000 self-play games (500 random, 500 greedy), made once per test process and shared by the tests that use them."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.pm.selfplay import greedy_policy, play_game, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks

GAMES = 1000
POLICIES = {"random": random_policy, "greedy": greedy_policy}


@cache
def many_games(policy: str) -> tuple[dict[str, Any], ...]:
    """``GAMES // 2`` games between two ``policy`` players, seeds 0, 1, ..."""
    cards, decks = bundled_cards(), bundled_decks()
    out = []
    for seed in range(GAMES // 2):
        rng = random.Random(seed)
        a, b = rng.choice(decks), rng.choice(decks)
        out.append(play_game(cards, [a.main, b.main], rng, policies=(POLICIES[policy],) * 2, ex_decks=[a.ex, b.ex]))
    return tuple(out)
