"""The native pmemo-cards reader and writer."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.pm.cards import COLORS, Card, CardDB, Effect, Timing
from engine.pm.cards.native import dump_native, parse_native
from pmemo_replay.cards import CardDataError
from tests.pm_cards import read_native

SPEC_EXAMPLE: dict[str, Any] = {
    "format": "pmemo-cards",
    "version": 1,
    "name": "my-set",
    "series_groups": [["K-On!", "K-On!!", "K-On! Movie"]],
    "cards": [
        {
            "id": "TST 01-001",
            "name": "Aki",
            "series": "Test Series",
            "type": "chara",
            "color": "red",
            "cost": 2,
            "source": 2,
            "ap": 30,
            "dp": 30,
            "properties": ["Student"],
            "active": True,
        },
        {
            "id": "TST 01-002",
            "name": "Aki&Ben",
            "series": "Test Series",
            "type": "chara",
            "color": "blue",
            "cost": 3,
            "source": 1,
            "ap": 60,
            "dp": 40,
            "combo": ["Aki", "Ben"],
        },
        {
            "id": "TST 01-003",
            "name": "Quick Step",
            "series": "Test Series",
            "type": "event",
            "color": "red",
            "cost": 1,
            "source": 2,
            "timing": "approach/both",
        },
    ],
}

FULL_CARD = Card(
    id="TST 01-009",
    name="Cleo",
    series="K-On!!",
    type="chara",
    color="purple",
    cost=3,
    source=0,
    ap=40,
    dp=20,
    properties=("Student", "Band"),
    active=True,
    break_=True,
    level_up=True,
    ex=True,
    untargetable=True,
    ignore=2,
    pinch=(4, 10, -10),
    reinforcement=("property", "Band"),
    backup=Effect(kind="auto", condition={"approaching": "self"}, script=({"op": "draw", "n": 1},)),
    effects=(
        Effect(kind="continuous"),
        Effect(kind="auto", trigger="enter", optional=True, once_per_turn=True),
        Effect(
            kind="activated",
            timing=Timing("main", "both"),
            cost=1,
            cost_color="red",
            rest=True,
            discard_name="Cleo",
            targets=({"who": "opponent", "what": "chara"},),
            script=({"op": "rest", "target": 0},),
        ),
    ),
    text="Shown in the viewer.",
)


def _doc(**card: Any) -> dict[str, Any]:
    """A one-card document: a valid card updated with ``card`` (None removes a key)."""
    base: dict[str, Any] = {
        "id": "TST 01-004",
        "name": "Dee",
        "series": "Test",
        "type": "chara",
        "color": "red",
        "cost": 1,
        "source": 1,
        "ap": 10,
        "dp": 10,
    }
    base.update(card)
    return {"format": "pmemo-cards", "version": 1, "cards": [{k: v for k, v in base.items() if v is not None}]}


def test_spec_example_reads() -> None:
    db = parse_native(SPEC_EXAMPLE, "cards.json")
    assert len(db) == 3
    aki = db.get("TST 01-001")
    assert aki.active and aki.properties == ("Student",) and aki.has_stats
    assert db.get("TST 01-002").combo == ("Aki", "Ben")
    assert db.get("TST 01-003").timing == Timing("approach", "both")
    assert db.get("TST 01-003").ap is None
    assert db.series_key("K-On! Movie") == db.series_key("K-On!")
    assert db.name == "my-set"


def test_round_trip_full_card() -> None:
    db = CardDB([FULL_CARD], [["K-On!", "K-On!!"]], name="full")
    doc = dump_native(db)
    again = parse_native(json.loads(json.dumps(doc)), "rt.json")
    assert again.get(FULL_CARD.id) == FULL_CARD
    assert again.series_groups() == db.series_groups()
    assert dump_native(again) == doc
    card = doc["cards"][0]
    assert card["break"] is True and "break_" not in card
    assert card["pinch"] == {"points": 4, "ap": 10, "dp": -10}
    assert card["reinforcement"] == {"property": "Band"}
    assert card["effects"][2]["do"] == [{"op": "rest", "target": 0}]
    assert again.get(FULL_CARD.id).effects[2].scripted
    assert not again.get(FULL_CARD.id).effects[1].scripted


def test_spec_example_round_trip() -> None:
    db = parse_native(SPEC_EXAMPLE)
    again = parse_native(dump_native(db))
    assert list(again) == list(db)


def test_meta_is_free_form_and_backup_kind_defaults_to_auto() -> None:
    doc = _doc(
        meta={"anything": [1, {"x": None}]},
        backup={"cost": 0, "meta": {"note": "free"}},
        effects=[
            {"kind": "auto", "text": "shown only", "trigger": "enter", "do": [{"op": "draw"}], "condition": {"turn": "self"}}
        ],
    )
    doc["meta"] = {"made_by": "hand"}
    card = parse_native(doc).get("TST 01-004")
    assert card.backup == Effect(kind="auto")
    assert card.effects[0].script == ({"op": "draw"},)
    assert card.effects[0].condition == {"turn": "self"}


def test_reinforcement_name() -> None:
    card = parse_native(_doc(reinforcement={"name": "Aki"})).get("TST 01-004")
    assert card.reinforcement == ("name", "Aki")


def test_read_native_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(_doc(color="pink")), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        read_native(path)
    assert str(err.value) == (f"{path}: cards[0] (TST 01-004): color: 'pink' is not one of red, blue, yellow, green, purple, white")
    assert isinstance(err.value, ValueError)


def test_error_message_format() -> None:
    doc = copy.deepcopy(SPEC_EXAMPLE)
    doc["cards"].append(dict(doc["cards"][0], id="TST 01-004", color="pink"))
    with pytest.raises(
        CardDataError,
        match=r"^cards\.json: cards\[3\] \(TST 01-004\): color: "
        r"'pink' is not one of red, blue, yellow, green, purple, white$",
    ):
        parse_native(doc, "cards.json")


BAD_CARDS: list[tuple[dict[str, Any], str]] = [
    ({"colour": "red"}, "colour: unknown field"),
    ({"color": "pink"}, "color: 'pink' is not one of"),
    ({"type": "hero"}, "type: 'hero' is not one of chara, event, support"),
    ({"name": None}, "name: missing required field"),
    ({"name": 3}, "name: not a string"),
    ({"cost": -1}, "cost: -1 is negative"),
    ({"source": -2}, "source: -2 is negative"),
    ({"cost": "2"}, "cost: not an integer"),
    ({"cost": True}, "cost: not an integer"),
    ({"ap": 1.5}, "ap: not an integer"),
    ({"dp": None}, "dp: ap and dp must both be null"),
    ({"type": "event", "ap": 10}, "ap: must be null for a non-Chara"),
    ({"active": "yes"}, "active: 'yes' is not a boolean"),
    ({"break": 1}, "break: 1 is not a boolean"),
    ({"timing": "main/me"}, "timing: timing 'main/me' is not"),
    ({"timing": 3}, "timing: 3 is not a string"),
    ({"properties": "Student"}, "properties: not a list"),
    ({"properties": ["a", 2]}, "properties[1]: not a string"),
    ({"ignore": -1}, "ignore: -1 is negative"),
    ({"combo": ["Aki"]}, "combo: must be 2 names"),
    ({"combo": ["Aki", "Ben", "Cy"]}, "combo: must be 2 names"),
    ({"pinch": {"ap": 10, "dp": 10}}, "pinch.points: missing required field"),
    ({"pinch": {"points": 4, "hp": 1}}, "pinch.hp: unknown field"),
    ({"reinforcement": {"name": "A", "property": "B"}}, "reinforcement: give exactly one"),
    ({"reinforcement": {}}, "reinforcement: give exactly one"),
    ({"reinforcement": {"nmae": "A"}}, "reinforcement.nmae: unknown field"),
    ({"backup": {"kind": "passive"}}, "backup.kind: 'passive' is not one of"),
    ({"backup": {"colour": "red"}}, "backup.colour: unknown field"),
    ({"effects": [{"timing": None}]}, "effects[0].kind: missing required field"),
    ({"effects": [{"kind": "auto"}, {"kind": "activated"}]}, "effects[1].timing: an activated effect needs a timing"),
    ({"effects": [{"kind": "activated", "timing": "main/self", "cost": -1}]}, "effects[0].cost: -1 is negative"),
    ({"effects": [{"kind": "auto", "cost_color": "pink"}]}, "effects[0].cost_color: 'pink'"),
    ({"effects": [{"kind": "auto", "rest": "no"}]}, "effects[0].rest: 'no' is not a boolean"),
    ({"effects": [{"kind": "auto", "targets": [1]}]}, "effects[0].targets[0]: not an object"),
    ({"effects": [{"kind": "auto", "do": {"op": "x"}}]}, "effects[0].do: not a list"),
    ({"effects": [{"kind": "auto", "speed": 1}]}, "effects[0].speed: unknown field"),
    ({"effects": {"kind": "auto"}}, "effects: not a list"),
]


@pytest.mark.parametrize(("change", "message"), BAD_CARDS)
def test_bad_card_names_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CardDataError) as err:
        parse_native(_doc(**change), "set.json")
    assert str(err.value).startswith("set.json: cards[0] (TST 01-004): ")
    assert message in str(err.value)


BAD_FILES: list[tuple[dict[str, Any], str]] = [
    ({"format": "pmemo-log"}, "format: 'pmemo-log' is not one of pmemo-cards"),
    ({"version": 2}, "version: 2 is not 1"),
    ({"cards": None}, "cards: missing required field"),
    ({"cards": {}}, "cards: not a list"),
    ({"cards": [3]}, "cards[0]: not an object"),
    ({"series_groups": [[]]}, "series_groups[0]: empty group"),
    ({"series_groups": [["a", 1]]}, "series_groups[0][1]: not a string"),
    ({"extra": 1}, "extra: unknown field"),
]


@pytest.mark.parametrize(("change", "message"), BAD_FILES)
def test_bad_file_names_the_field(change: dict[str, Any], message: str) -> None:
    doc = _doc()
    doc.update(change)
    doc = {k: v for k, v in doc.items() if v is not None}
    with pytest.raises(CardDataError, match=r"^set.json: ") as err:
        parse_native(doc, "set.json")
    assert message in str(err.value)


def test_duplicate_ids() -> None:
    doc = _doc()
    doc["cards"].append(dict(doc["cards"][0]))
    with pytest.raises(CardDataError, match=r"cards\[1\] \(TST 01-004\): id: duplicate of cards\[0\]"):
        parse_native(doc, "set.json")


def test_parallel_id_is_a_duplicate() -> None:
    doc = _doc()
    doc["cards"].append(dict(doc["cards"][0], id="TST 01-004a"))
    with pytest.raises(CardDataError, match=r"id: duplicate"):
        parse_native(doc)


def test_not_an_object() -> None:
    with pytest.raises(CardDataError, match=r"^x.json: not a pmemo-cards object"):
        parse_native([], "x.json")


def test_bad_json_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"broken.json: cannot read JSON"):
        read_native(path)


_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=8)
_effects = st.builds(
    Effect,
    kind=st.sampled_from(["auto", "continuous"]),
    cost=st.integers(0, 5),
    cost_color=st.none() | st.sampled_from(COLORS),
    rest=st.booleans(),
    discard_name=st.none() | _text,
    trigger=st.none() | _text,
)
_cards = st.builds(
    Card,
    id=st.integers(1, 999).map(lambda n: f"HYP 01-{n:03d}"),
    name=_text,
    series=_text,
    type=st.just("chara"),
    color=st.sampled_from(COLORS),
    cost=st.integers(0, 9),
    source=st.integers(0, 9),
    ap=st.integers(0, 200),
    dp=st.integers(0, 200),
    properties=st.lists(_text, max_size=3).map(tuple),
    active=st.booleans(),
    ignore=st.none() | st.integers(0, 5),
    combo=st.none() | st.tuples(_text, _text),
    effects=st.lists(_effects, max_size=3).map(tuple),
)


@given(st.lists(_cards, max_size=5, unique_by=lambda c: c.id))
def test_round_trip_property(cards: list[Card]) -> None:
    db = CardDB(cards)
    again = parse_native(json.loads(json.dumps(dump_native(db))))
    assert list(again) == list(db)
