"""The ms-cards v1 validator (§1), the deck rules (§2, HR 1), header checks, and refs of the two catalogues."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.fold import fold
from engine.mahou.cards import CardFileError, parse_cards
from engine.mahou.setup import check_decks
from engine.rulings import Ruling
from tests.mahou.kit import CARDS, DB, bundled, deck_of


def _file(*cards: Any) -> dict[str, Any]:
    return {"format": "ms-cards", "version": 1, "name": "t", "cards": list(cards)}


HERO = {"id": "MSJ 001", "name": "Hana", "type": "hero", "hp": 4, "atk": 1}
POWER = {"id": "MSJ 040", "name": "Beam", "type": "magical_power", "cost": 1,
         "effect": [{"op": "damage", "p": "rival", "pos": "active", "n": 2}]}


def test_the_kit_and_bundled_sets_parse() -> None:
    assert len(DB) == len(CARDS["cards"])
    db, decks = bundled()
    assert len(decks) >= 4
    assert all(c.text for c in db)  # an original set: every card has its own invented text
    for name, deck in decks.items():
        check_decks({"players": [{"deck": deck}, {"deck": deck}]}, db)
        assert len(set(deck)) > 10, name
    assert len({tuple(sorted(d)) for d in decks.values()}) == len(decks)


def test_defaults_by_type() -> None:
    db = parse_cards(_file({"id": "MSJ 030", "name": "Mochi", "type": "pet", "cost": 1},
                           {"id": "MSJ 050", "name": "Rain", "type": "event"},
                           {"id": "MSJ 051", "name": "Nothing", "type": "event", "effect": []},
                           {"id": "MSJ 020", "name": "G", "type": "grand_magical_girl", "hp": 0, "atk": 4}))
    pet = db.get("MSJ 030")
    assert (pet.hp, pet.atk, pet.cost) == (0, 0, 1)
    assert db.get("MSJ 050").effect is None  # unscripted
    assert db.get("MSJ 051").effect == ()  # scripted, does nothing
    assert db.get("MSJ 020").conditions == {}


@pytest.mark.parametrize(("change", "words"), [
    ({"hp": 0}, ["MSJ 001", "'hp'", "at least 1"]),
    ({"hp": "4"}, ["MSJ 001", "'hp'", "integer"]),
    ({"atk": True}, ["MSJ 001", "'atk'", "integer", "True"]),
    ({"mgk": 2}, ["MSJ 001", "'mgk'", "not allowed on a hero"]),
    ({"cost": 1}, ["'cost'", "not allowed"]),
    ({"conditions": {}}, ["'conditions'", "not allowed"]),
    ({"colour": "red"}, ["'colour'", "unknown"]),
    ({"type": "villain"}, ["'type'", "villain"]),
    ({"id": "msj 001"}, ["'id'", "msj 001"]),
    ({"id": "M 001"}, ["'id'"]),
    ({"id": "MSJ 1"}, ["'id'"]),
    ({"name": ""}, ["'name'"]),
    ({"text": 3}, ["'text'"]),
    ({"meta": []}, ["'meta'"]),
])
def test_hero_field_errors(change: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(CardFileError) as err:
        parse_cards(_file({**HERO, **change}))
    for w in words:
        assert w in str(err.value)


def test_required_fields_by_type() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"id": "MSJ 001", "name": "H", "type": "hero", "atk": 1}, "'hp' is required for a hero"),
        ({"id": "MSJ 010", "name": "G", "type": "magical_girl", "hp": 3, "atk": 1}, "'mgk' is required"),
        ({"id": "MSJ 010", "name": "G", "type": "magical_girl", "hp": 3, "atk": 1, "mgk": 0}, "'mgk' must be at least 1"),
        ({"id": "MSJ 030", "name": "P", "type": "pet"}, "'cost' is required for a pet"),
        ({"id": "MSJ 040", "name": "P", "type": "magical_power"}, "'cost' is required"),
        ({"id": "MSJ 050", "name": "E", "type": "event", "cost": 0}, "'cost' is not allowed on a event"),
        ({"id": "MSJ 030", "name": "P", "type": "pet", "cost": 1, "effect": []}, "'effect' is not allowed on a pet"),
        ({"id": "MSJ 030", "name": "P", "type": "pet", "cost": -1}, "'cost' must be at least 0"),
    ]
    for card, words in cases:
        with pytest.raises(CardFileError) as err:
            parse_cards(_file(card))
        assert card["id"] in str(err.value) and words in str(err.value), str(err.value)


def test_conditions_errors() -> None:
    grand = {"id": "MSJ 020", "name": "G", "type": "grand_magical_girl", "hp": 2, "atk": 4}
    for conditions, words in [
        ({"girl": "Ruby"}, "'girl' must be a non-empty list"),
        ({"girl": []}, "'girl'"),
        ({"mgk_at_least": -1}, "'mgk_at_least'"),
        ({"hp_at_most": "3"}, "'hp_at_most'"),
        ({"level": 2}, "unknown condition 'level'"),
    ]:
        with pytest.raises(CardFileError) as err:
            parse_cards(_file({**grand, "conditions": conditions}))
        assert "MSJ 020" in str(err.value) and "'conditions'" in str(err.value) and words in str(err.value)
    ok = parse_cards(_file({**grand, "conditions": {"girl": ["Ruby"], "dreamscape_at_least": 2}}))
    assert ok.get("MSJ 020").conditions == {"girl": ("Ruby",), "dreamscape_at_least": 2}


@pytest.mark.parametrize(("op", "words"), [
    ({"op": "explode", "p": "rival"}, "unknown op 'explode'"),
    ({"op": "damage", "p": "rival", "pos": "choose", "n": 2}, "'pos' must be one of active"),
    ({"op": "damage", "p": "me", "pos": "active", "n": 2}, "'p' must be"),
    ({"op": "damage", "p": "rival", "pos": "active", "n": 0}, "'n' must be at least 1"),
    ({"op": "damage", "p": "rival", "pos": "active"}, "'n' is required"),
    ({"op": "damage", "p": "rival", "pos": "active", "n": 1, "x": 1}, "unknown field 'x'"),
    ({"op": "mgk", "p": "rival", "pos": "active", "n": 0}, "'n' must not be 0"),
    ({"op": "boost", "p": "self", "pos": "choose", "atk": 0, "until": "turn_end"}, "'atk' must be a non-zero"),
    ({"op": "boost", "p": "self", "pos": "choose", "atk": 1, "until": "forever"}, "'until'"),
    ({"op": "discard", "p": "rival", "card": "MSJ 001"}, "'card' must be \"choose\""),
    ({"op": "heal", "p": "self", "pos": "squad:0", "n": 1}, "'pos' must be one of active, choose"),
])
def test_effect_template_errors(op: dict[str, Any], words: str) -> None:
    with pytest.raises(CardFileError) as err:
        parse_cards(_file({**POWER, "effect": [op]}))
    assert "MSJ 040" in str(err.value) and "'effect'" in str(err.value) and words in str(err.value)


def test_file_errors() -> None:
    for doc, words in [
        ({**_file(HERO), "format": "pmemo-cards"}, "'format'"),
        ({**_file(HERO), "version": True}, "'version'"),
        ({**_file(HERO), "version": 2}, "'version'"),
        ({"format": "ms-cards", "version": 1, "cards": []}, "'name'"),
        ({**_file(HERO), "extra": 1}, "'extra'"),
        (_file(HERO, dict(HERO)), "MSJ 001 (cards[1]): field 'id' repeats"),
        (_file("hero"), "cards[0] is not an object"),
    ]:
        with pytest.raises(CardFileError) as err:
            parse_cards(doc)
        assert words in str(err.value), str(err.value)


# --- decks -------------------------------------------------------------------------------------------------

def _header(d0: list[str], d1: list[str]) -> dict[str, Any]:
    return {"ruleset": "mahou-shoujo-1", "first": 0, "players": [{"name": "A", "deck": d0}, {"name": "B", "deck": d1}]}


def _deck_ruling(d0: list[str], d1: list[str]) -> Ruling:
    r = fold(_header(d0, d1), [], DB)
    assert r.ruling is not None
    assert r.ruling.index is None
    return r.ruling


GOOD = deck_of(["MSJ 010"])


def test_deck_rules() -> None:
    assert fold(_header(GOOD, GOOD), [], DB).ruling is None
    r = _deck_ruling(GOOD[:39], GOOD)
    assert (r.rule, r.path) == ("deck.size", "game.players.0.deck") and "39 cards" in r.message
    assert r.to_json()["ref"] == "Mahou Shoujo HR 1"
    r = _deck_ruling(GOOD, [*GOOD[:39], "MSJ 900"])
    assert (r.rule, r.path) == ("deck.copies", "game.players.1.deck") and "4 copies of MSJ 900" in r.message
    no_girl = [c if c != "MSJ 010" else "MSJ 030" for c in GOOD]
    r = _deck_ruling(GOOD, no_girl)
    assert (r.rule, r.path) == ("deck.mix", "game.players.1.deck") and "0 Magical Girls" in r.message
    two_heroes = [c if c != "MSJ 003" else "MSJ 031" for c in GOOD]
    r = _deck_ruling(two_heroes, GOOD)
    assert r.rule == "deck.mix" and "2 Heroes" in r.message


def test_deck_rule_order() -> None:
    assert _deck_ruling([*GOOD[:39], "MSJ 900"], GOOD[:39]).path == "game.players.0.deck"  # player 0 first
    four = [*GOOD[:38], "MSJ 900"]  # 39 cards and 4 copies: size first
    assert _deck_ruling(four, GOOD).rule == "deck.size"
    both = [c if c not in ("MSJ 010", "MSJ 003") else "MSJ 031" for c in GOOD]
    both[-1] = both[-2] = "MSJ 031"  # no MG, 2 Heroes, 4+ copies of MSJ 031: copies first
    assert _deck_ruling(both, GOOD).rule == "deck.copies"


def test_header_log_rulings() -> None:
    bad = [*GOOD[:5], "MSJ 999", *GOOD[6:]]
    r = _deck_ruling(GOOD, bad)
    assert (r.rule, r.path) == ("log.card", "game.players.1.deck.5") and "MSJ 999" in r.message
    changes: list[tuple[dict[str, Any], str]] = [
        ({"first": 2}, "game.first"),
        ({"players": [{"name": "A", "deck": GOOD}]}, "game.players"),
    ]
    for change, path in changes:
        bad_header = fold({**_header(GOOD, GOOD), **change}, [], DB).ruling
        assert bad_header is not None and (bad_header.rule, bad_header.path, bad_header.index) == ("log.schema", path, None)
    header = copy.deepcopy(_header(GOOD, GOOD))
    header["players"][0]["ex_deck"] = ["MSJ 001"]
    ex = fold(header, [], DB).ruling
    assert ex is not None and ex.rule == "log.schema" and "'ex_deck'" in ex.message
    header["players"][0]["ex_deck"] = []  # a reader's default is tolerated
    assert fold(header, [], DB).ruling is None


def test_refs_of_the_two_books() -> None:
    assert Ruling("deck.size", "x").ref == "Rule Book v2.22 P05"  # Precious Memories unchanged
    assert Ruling("deck.size", "x").to_json()["rule"] == "deck.size"
    with pytest.raises(ValueError):
        Ruling("grand.condition", "x")  # not a PM rule
    r = fold(_header(GOOD[:39], GOOD), [], DB).ruling
    assert r is not None and r.to_json() == {"index": None, "path": "game.players.0.deck", "rule": "deck.size",
                                             "ref": "Mahou Shoujo HR 1", "message": r.message}
    assert type(r.to_json()["rule"]) is str
