"""The card facts :class:`dashboards.facts.CardCodes` remembers while it serves an update (deck archetypes, card rows)
give the rows a fresh computation gives, and only for the card data they were worked out with."""

from __future__ import annotations

from typing import Any

from dashboards.facts import CardCodes, StoredGame, game_rows
from dashboards.source import final_facts
from pmemo_replay.cards import bundled_cards
from pmemo_replay.games.cards import cards_for, library_of
from pmemo_replay.logio import parse_log
from tests.store.data import simulated, variants


def _games() -> list[tuple[StoredGame, list[dict[str, Any]]]]:
    """Simulated games (several under a second header id: the same decks again), with each seat's final facts."""
    cards = cards_for(library_of(bundled_cards()), "pm-2.22")
    out = []
    for n, data in enumerate(text for game in simulated(4, 23) for text in variants(game, 2)):
        log = parse_log(data)
        game = StoredGame(n + 1, log.header, log.header["first"], None, "points", 9, len(log.actions), None, None, "pm-2.22")
        facts = final_facts(game, None, log.actions, cards)
        assert facts is not None
        out.append((game, facts))
    return out


def test_remembered_facts_give_the_rows_a_fresh_computation_gives() -> None:
    cards = cards_for(library_of(bundled_cards()), "pm-2.22")
    games = _games()
    shared = CardCodes()
    remembered = [game_rows(game, facts, cards, shared) for game, facts in games]
    assert shared.memo  # decks and cards came back
    for (game, facts), got in zip(games, remembered, strict=True):
        fresh = game_rows(game, facts, cards, CardCodes(shared.codes))  # the same codes, nothing remembered
        assert (got.games, got.player_games, got.card_games, got.cards) == (fresh.games, fresh.player_games, fresh.card_games, fresh.cards)


def test_other_card_data_is_not_answered_from_the_memo() -> None:
    cards = cards_for(library_of(bundled_cards()), "pm-2.22")
    codes = CardCodes()
    calls: list[str] = []

    def make(tag: str) -> str:
        calls.append(tag)
        return tag

    assert codes.remembered("k", cards, make, "first") == "first"
    assert codes.remembered("k", cards, make, "again") == "first"  # the same card data: remembered
    other = object()
    assert codes.remembered("k", other, make, "other") == "other"  # another object under the same key: worked out
    assert calls == ["first", "other"]
