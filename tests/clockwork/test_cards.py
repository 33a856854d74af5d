"""cwm-cards v1 (§1): the bundled file reads; a bad field rejects the file naming the card and the field."""

from __future__ import annotations

import copy
import json

import pytest

from engine.clockwork.cards import CardFileError, parse_cards
from tests.clockwork.kit import CARDS, FIXTURES

RAW = json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8"))


def test_bundled_cards_hold_the_sample_and_more() -> None:
    assert {"CWX 001", "CWX 090", "CWX 031", "CWY 001"} <= set(CARDS.by_id)
    assert CARDS.by_id["CWX 015"].abilities[0].slots[2].signed is True


def _broken(index: int, **change: object) -> dict:
    doc = copy.deepcopy(RAW)
    doc["cards"][index].update(change)
    return doc


@pytest.mark.parametrize(("index", "change", "words"), [
    (1, {"level": 0}, "CWX 010 (Pip the Lamplighter): field 'level'"),
    (1, {"power": True}, "field 'power'"),
    (1, {"genre": "potency"}, "field 'genre'"),
    (10, {"word": "sideways"}, "field 'word'"),
    (1, {"emotion": "envy"}, "field 'emotion'"),
    (0, {"id": "cw 1"}, "field 'id'"),
])
def test_bad_fields_are_named(index: int, change: dict, words: str) -> None:
    with pytest.raises(CardFileError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_cards(_broken(index, **change))


def test_duplicate_ids_and_bad_slot_refs_are_refused() -> None:
    doc = copy.deepcopy(RAW)
    doc["cards"].append(copy.deepcopy(doc["cards"][1]))
    with pytest.raises(CardFileError, match="duplicate id"):
        parse_cards(doc)
    doc = copy.deepcopy(RAW)
    doc["cards"][1]["abilities"][0]["effect"][0]["n"] = {"slot": 5}
    with pytest.raises(CardFileError, match="slot 5 is out of range"):
        parse_cards(doc)


@pytest.mark.parametrize("cost", [{"action": False, "counters": 0}, {"counters": 0}, {"action": False}, {}])
def test_a_free_activated_ability_is_refused(cost: dict) -> None:
    """§1.1: of `action` and `counters` "at least one ... must be set", read as set to a cost (docs/clockwork-readings.md
    reading 17): an ability usable without limit for nothing would make a window's log unbounded."""
    doc = copy.deepcopy(RAW)
    card = next(c for c in doc["cards"] if any(a["kind"] == "activated" for a in c.get("abilities", ())))
    next(a for a in card["abilities"] if a["kind"] == "activated")["cost"] = cost
    with pytest.raises(CardFileError, match=rf"{card['id']} .*cost"):
        parse_cards(doc)
