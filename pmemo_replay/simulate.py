"""Simulated games between the built-in policies on the bundled decks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.cards import CardDB
from engine.pm.selfplay import greedy_policy, play_game, random_policy
from pmemo_replay.decks import Deck, bundled_decks

NAMES = ("Aoi", "Ren", "Hina", "Sora", "Mio", "Kaito", "Yui", "Haru", "Rin", "Nao", "Emi", "Taku")
EVENTS = ("Shop league", "Weekly ranked", "Regional qualifier", None)
SPREAD_DAYS = 42


def simulated_logs(cards: CardDB, games: int, seed: int, *, now: datetime | None = None,
                   decks: tuple[Deck, ...] | None = None) -> Iterator[dict[str, Any]]:
    """Yield ``games`` pmemo-log documents; the same seed gives the same logs."""
    rng = random.Random(seed)
    decks = decks or bundled_decks()
    end = (now or datetime(2026, 11, 20, 12, 0, tzinfo=UTC)).replace(microsecond=0)
    for i in range(games):
        da, db = rng.choice(decks), rng.choice(decks)
        names = rng.sample(NAMES, 2)
        policies = (greedy_policy, greedy_policy) if rng.random() < 0.85 else (random_policy, greedy_policy)
        game_rng = random.Random(rng.getrandbits(64))
        doc = play_game(cards, [da.main, db.main], game_rng, policies=policies, names=names,
                        ex_decks=[da.ex, db.ex])
        header = doc["game"]
        header["id"] = f"sim-{seed}-{i:05d}"
        header["played_at"] = (end - timedelta(seconds=rng.randrange(SPREAD_DAYS * 86400))).isoformat().replace("+00:00", "Z")
        event = rng.choice(EVENTS)
        if event:
            header["event"] = event
            header["round"] = rng.randint(1, 5)
        header["players"][0]["deck_name"] = da.name
        header["players"][1]["deck_name"] = db.name
        header["meta"] = {"simulated": True, "policies": [p.__name__ for p in policies]}
        yield doc
