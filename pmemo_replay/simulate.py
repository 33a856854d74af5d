"""Simulated games between the built-in policies on the bundled decks, for any ruleset."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from engine.ruleset import Cards
from engine.rulesets import get_ruleset
from pmemo_replay.decks import Deck, bundled_decks
from pmemo_replay.games.cards import ROOT, cards_for
from pmemo_replay.logio import DEFAULT_RULESET

NAMES = ("Aoi", "Ren", "Hina", "Sora", "Mio", "Kaito", "Yui", "Haru", "Rin", "Nao", "Emi", "Taku")
EVENTS = ("Shop league", "Weekly ranked", "Regional qualifier", None)
SPREAD_DAYS = 42
#: the share of games both players play greedily (the others: random against greedy)
GREEDY_SHARE = 0.85


def _dress(doc: dict[str, Any], rng: random.Random, end: datetime, source_id: str, deck_names: Sequence[str],
           policies: Sequence[str]) -> dict[str, Any]:
    """Header id, a played_at within the spread, maybe an event and round, deck names and the policies in meta."""
    header = doc["game"]
    header["id"] = source_id
    header["played_at"] = (end - timedelta(seconds=rng.randrange(SPREAD_DAYS * 86400))).isoformat().replace("+00:00", "Z")
    event = rng.choice(EVENTS)
    if event:
        header["event"] = event
        header["round"] = rng.randint(1, 5)
    for player, deck_name in zip(header["players"], deck_names, strict=True):
        player["deck_name"] = deck_name
    header["meta"] = {"simulated": True, "policies": list(policies)}
    return doc


def simulated_logs(cards: Any, games: int, seed: int, *, now: datetime | None = None,
                   decks: tuple[Deck, ...] | None = None, ruleset: str = DEFAULT_RULESET) -> Iterator[dict[str, Any]]:
    """Yield ``games`` pmemo-log documents of ``ruleset``; the same seed gives the same logs. ``cards``: a card
    library or that game's card database."""
    end = (now or datetime(2026, 11, 20, 12, 0, tzinfo=UTC)).replace(microsecond=0)
    if ruleset != DEFAULT_RULESET:
        yield from _ruleset_logs(cards_for(cards, ruleset), games, seed, end, ruleset)
        return
    cards = cards_for(cards, ruleset)
    game = get_ruleset(ruleset)
    rng = random.Random(seed)
    decks = decks or bundled_decks()
    for i in range(games):
        da, db = rng.choice(decks), rng.choice(decks)
        names = rng.sample(NAMES, 2)
        policies = ("greedy", "greedy") if rng.random() < GREEDY_SHARE else ("random", "greedy")
        doc = game.self_play(cards, [{"main": da.main, "ex": da.ex}, {"main": db.main, "ex": db.ex}],
                             rng.getrandbits(64), policies=policies, names=names)
        yield _dress(doc, rng, end, f"sim-{seed}-{i:05d}", (da.name, db.name), tuple(f"{p}_policy" for p in policies))


@cache
def ruleset_decks(ruleset: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The bundled decks of a ruleset: ``(name, card ids)`` from its ``bundled_decks`` folders, by file name."""
    out = []
    for folder in get_ruleset(ruleset).bundled_decks:
        for path in sorted((ROOT / folder).glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            out.append((str(doc.get("name", path.stem)), tuple(doc["cards"])))
    return tuple(out)


def _ruleset_logs(cards: Cards, games: int, seed: int, end: datetime, name: str) -> Iterator[dict[str, Any]]:
    """Games of a ruleset played by its own ``self_play`` on its bundled decks."""
    ruleset = get_ruleset(name)
    decks = ruleset_decks(name)
    if not decks:
        raise ValueError(f"ruleset {name} has no bundled decks to simulate with")
    rng = random.Random(f"{name}:{seed}")  # not the Precious Memories games' draws
    low, high = ruleset.players
    for i in range(games):
        seats = low if low == high else rng.randint(low, high)  # a game of any size the ruleset allows
        chosen = [rng.choice(decks) for _ in range(seats)]
        names = tuple(rng.sample(NAMES, seats))
        policies = ("greedy",) * seats if rng.random() < GREEDY_SHARE else ("random",) + ("greedy",) * (seats - 1)
        deck_names = tuple(n for n, _ in chosen)
        doc = ruleset.self_play(cards, [list(d) for _, d in chosen], rng.getrandbits(64), policies=policies,
                                names=names, deck_names=deck_names)
        yield _dress(doc, rng, end, f"sim-{name.split('-')[0]}-{seed}-{i:05d}", deck_names, policies)
