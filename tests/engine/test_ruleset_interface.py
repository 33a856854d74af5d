"""The ruleset interface (engine.ruleset): each game found by the registry serves the fold and the service alike."""

from __future__ import annotations

from typing import Any

import pytest

from engine.fold import Folder, fold
from engine.rulesets import RULESETS
from engine.rulings import NullTrail


def _cards_and_decks(name: str) -> tuple[Any, Any]:
    if name == "pm-2.22":
        from pmemo_replay.cards import bundled_cards
        from pmemo_replay.decks import bundled_decks

        decks = bundled_decks()
        return bundled_cards(), [decks[1].main, decks[4].main]
    import json
    from pathlib import Path

    from pmemo_replay.games.cards import CardLibrary

    root = Path(__file__).resolve().parents[2]
    folder = root / RULESETS[name].bundled_decks[0]  # any other game: its bundled cards and decks
    decks = sorted(folder.glob("*.json"))
    return CardLibrary().for_ruleset(name), [json.loads(d.read_text(encoding="utf-8"))["cards"] for d in decks[:2]]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_game_through_its_interface(name: str) -> None:
    from engine.ruleset import Ruleset

    game = RULESETS[name]
    assert isinstance(game, Ruleset) and game.name == name and game.players == (2, 2)
    assert game.rules() and game.book and game.game
    cards, decks = _cards_and_decks(name)
    doc = game.self_play(cards, decks, 3)
    res = fold(doc["game"], doc["actions"], cards)
    assert res.valid and game.result(res.state) is not None
    half = len(doc["actions"]) // 2
    folder = Folder(doc["game"], cards, keep_trails=False)
    for action in doc["actions"][:half]:
        folder.push(action)
    data = game.to_snapshot(folder.state)
    restored = game.from_snapshot(data, cards)
    assert game.to_json(restored) == game.to_json(folder.state)
    seat = game.actor(folder.state)
    if seat is not None:
        assert game.legal_actions(folder.state)
        other = game.player_view(game.to_json(folder.state), 1 - seat)
        assert isinstance(other, dict)
    facts = game.facts(res.state, 0)
    assert "deck" in facts and "opening_hand" in facts
    assert isinstance(game.impliable, frozenset)
    game.settle(game.clone(res.state), NullTrail())
