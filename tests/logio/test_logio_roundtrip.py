"""Writing and reading back: JSON <-> JSON Lines, files, and a hypothesis round-trip property."""

from __future__ import annotations

import copy
import doctest
import json
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pmemo_replay.logio
from pmemo_replay.logio import dump_json, dump_jsonl, load_log, parse_log, read_log, write_log
from pmemo_replay.logio.schemas import (
    ACTION_SCHEMAS,
    CARD_ID_RE,
    FACES,
    FROM_ZONES,
    GRANTS,
    TO_ZONES,
    UNTILS,
)
from tests.logio.logio_samples import document, every_action

SAMPLE = parse_log(json.dumps(document()))


def test_module_doctest() -> None:
    assert doctest.testmod(pmemo_replay.logio).failed == 0


def test_json_jsonl_round_trip_identical() -> None:
    as_json, as_jsonl = dump_json(SAMPLE), dump_jsonl(SAMPLE)
    from_json, from_jsonl = parse_log(as_json), parse_log(as_jsonl)
    assert (from_json.form, from_jsonl.form) == ("json", "jsonl")
    assert from_json == SAMPLE and from_jsonl == SAMPLE
    assert (from_json.header, from_json.actions) == (from_jsonl.header, from_jsonl.actions)
    assert dump_json(from_jsonl) == as_json and dump_jsonl(from_json) == as_jsonl


def test_dump_shapes() -> None:
    lines = dump_jsonl(SAMPLE).split("\n")
    assert lines[-1] == "" and len(lines) == 1 + len(SAMPLE.actions) + 1
    assert json.loads(lines[0]) == {"format": "pmemo-log", "version": 1, "game": SAMPLE.header}
    assert [json.loads(line) for line in lines[1:-1]] == SAMPLE.actions
    assert ": " not in lines[1]  # compact
    text = dump_json(SAMPLE)
    assert json.loads(text) == SAMPLE.document()
    assert "司波 達也" in text and "\\u" not in dump_jsonl(SAMPLE).replace("\\u2028", "")
    assert list(json.loads(text)["actions"][5]) == list(every_action()[5])  # key order kept
    empty = load_log(document([]))
    assert parse_log(dump_json(empty)) == empty and parse_log(dump_jsonl(empty)) == empty


def test_write_and_read_files(tmp_path: Path) -> None:
    for name, form in (("a.json", "json"), ("b.jsonl", "jsonl"), ("C.JSONL", "jsonl")):
        path = tmp_path / name
        write_log(SAMPLE, path)
        read = read_log(str(path))
        assert (read, read.form) == (SAMPLE, form)
    write_log(SAMPLE, tmp_path / "forced.txt", form="jsonl")
    assert read_log(tmp_path / "forced.txt").form == "jsonl"
    with pytest.raises(ValueError, match=r"use \.json or \.jsonl"):
        write_log(SAMPLE, tmp_path / "log.txt")


def test_write_to_stdout(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    write_log(parse_log(dump_jsonl(SAMPLE)), "-")
    out = capsysbinary.readouterr().out
    assert parse_log(out) == SAMPLE and parse_log(out).form == "jsonl"


# --- hypothesis: generated logs ---------------------------------------------------------

CARD = st.one_of(
    st.sampled_from(["MHK ST-001", "MHK 01-022", "MHK 01-001a", "MHK P-010", "PM_K-ON 02-100"]),
    st.from_regex(CARD_ID_RE, fullmatch=True),
)
P = st.sampled_from([0, 1])
INT = st.integers(min_value=-(2**31), max_value=2**31 - 1)  # every integer of a log fits 32 bits
NAT = st.integers(min_value=0, max_value=1000)
COUNT = st.integers(min_value=-1000, max_value=1000)
# NUL and lone surrogates are refused (no store keeps them, and a surrogate is no Unicode text)
TEXT = st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=12)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**40), max_value=2**40) | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=5,
)
META = st.dictionaries(TEXT, JSON, max_size=3)
AT = st.datetimes(timezones=st.none() | st.just(UTC)).map(lambda d: d.isoformat())
CARDS = st.lists(CARD, max_size=6)
PAY = st.lists(st.one_of(st.builds(lambda c: {"hand": c}, CARD), st.builds(lambda c: {"point": c}, CARD)), max_size=3)
REFS = st.lists(st.fixed_dictionaries({"p": P, "card": CARD}, optional={"on": CARD}), max_size=2)


def op(name: str, required: dict[str, Any], optional: dict[str, Any] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"op": st.just(name), **required}, optional=optional or {})


WHAT = st.sampled_from(GRANTS) | st.builds(lambda n: {"ignore": n}, NAT)
OPS = st.lists(st.one_of(
    op("draw", {"p": P, "n": NAT}),
    op("move", {"p": P, "card": CARD, "from": st.sampled_from(FROM_ZONES), "to": st.sampled_from(TO_ZONES)},
       {"face": st.sampled_from(FACES), "rested": st.booleans(), "replace": CARD}),
    op("flip", {"p": P, "card": CARD, "face": st.sampled_from(FACES)}),
    op("shuffle", {"p": P, "order": CARDS}),
    op("modify", {"p": P, "card": CARD, "ap": INT, "dp": INT}, {"until": st.sampled_from(UNTILS)}),
    op("grant", {"p": P, "card": CARD, "what": WHAT}, {"until": st.sampled_from(UNTILS)}),
    op("cost", {"p": P, "card": CARD, "n": COUNT}, {"until": st.sampled_from(UNTILS)}),
    op("coin", {"p": P, "card": CARD, "coin": TEXT, "n": COUNT}),
    op("rest", {"p": P, "card": CARD}),
    op("activate", {"p": P, "card": CARD}),
    op("put_point", {"p": P, "n": NAT}, {"face": st.sampled_from(FACES)}),
    op("reveal", {"p": P, "cards": CARDS, "from": st.sampled_from(FROM_ZONES)}),
    op("disable", {}),
), max_size=3)
EFFECT = {"targets": REFS, "choices": st.lists(JSON, max_size=3), "ops": OPS}


def action(name: str, required: dict[str, Any], optional: dict[str, Any] | None = None,
           *, p: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    head = {"type": st.just(name), **({"p": P} if p else {})}
    return st.fixed_dictionaries({**head, **required}, optional={**(optional or {}), "meta": META, "at": AT})


def responses(depth: int) -> dict[str, Any]:
    if depth == 0:
        return {}
    inner = responses(depth - 1)
    return {"responses": st.lists(st.one_of(
        action("play_event", {"card": CARD, "pay": PAY}, {**EFFECT, **inner}),
        action("use_effect", {"card": CARD, "effect": NAT, "pay": PAY},
               {"on": CARD, "rest": st.booleans(), "discard": CARD, **EFFECT, **inner}),
        action("backup", {"card": CARD}, {**EFFECT, **inner}),
    ), max_size=depth)}


RESPONSES = responses(2)
ACTION = st.one_of(
    action("shuffle", {"order": CARDS}),
    action("keep", {}),
    action("redraw", {}),
    action("summon", {"card": CARD, "area": st.sampled_from(["main", "support"]), "pay": PAY},
           {"replace": CARD, **RESPONSES}),
    action("set_support", {"card": CARD, "on": CARD, "pay": PAY}, RESPONSES),
    action("level_up", {"card": CARD, "onto": CARD}, {"pay": PAY, **RESPONSES}),
    action("play_event", {"card": CARD, "pay": PAY}, {**EFFECT, **RESPONSES}),
    action("use_effect", {"card": CARD, "effect": NAT, "pay": PAY},
           {"on": CARD, "rest": st.booleans(), "discard": CARD, **EFFECT, **RESPONSES}),
    action("backup", {"card": CARD}, {**EFFECT, **RESPONSES}),
    action("trigger", {"card": CARD, "effect": NAT}, {"from": st.sampled_from(FROM_ZONES), **EFFECT}),
    action("pass", {}),
    action("approach", {"card": CARD}, {"with": CARD}),
    action("end_approach", {}),
    action("interfere", {"card": CARD}),
    action("no_interfere", {}),
    action("choose_elimination", {"card": st.none() | CARD}),
    action("break", {"card": CARD}, {**EFFECT, **RESPONSES}),
    action("hand_adjust", {"discard": CARDS}),
    action("concede", {}),
    action("note", {"text": st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=40)},
           {"p": P}, p=False),
)
PLAYER = st.fixed_dictionaries({"name": TEXT, "deck": CARDS}, optional={"ex_deck": CARDS, "deck_name": TEXT})
GAME = st.fixed_dictionaries(
    {"players": st.lists(PLAYER, min_size=2, max_size=2), "first": P},
    optional={"ruleset": TEXT, "id": TEXT, "played_at": AT, "event": TEXT, "round": INT, "cardset": TEXT, "meta": META},
)
DOCUMENT = st.fixed_dictionaries({
    "format": st.just("pmemo-log"), "version": st.just(1), "game": GAME, "actions": st.lists(ACTION, max_size=8),
})

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(SETTINGS, max_examples=60)
@given(DOCUMENT)
def test_generated_logs_round_trip(doc: dict[str, Any]) -> None:
    original = copy.deepcopy(doc)
    log = load_log(doc)
    assert log.actions == original["actions"]
    for text in (dump_json(log), dump_jsonl(log)):
        again = parse_log(text)
        assert again == log
        assert (again.header, again.actions) == (log.header, log.actions)
        assert parse_log(text.encode("utf-8")) == log
    assert dump_json(parse_log(dump_jsonl(log))) == dump_json(log)
    assert dump_jsonl(parse_log(dump_json(log))) == dump_jsonl(log)


# --- the cheap path agrees with marshmallow's full load ------------------------------------


def _dicts(value: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        found.append(value)
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            found.extend(_dicts(item))
    return found


@SETTINGS
@given(ACTION, st.data())
def test_cheap_path_agrees_with_full_validation(action: dict[str, Any], data: st.DataObject) -> None:
    schema = ACTION_SCHEMAS[action["type"]]
    assert schema.accepts(action) and schema.validate(action) == {}
    target = data.draw(st.sampled_from([d for d in _dicts(action) if d is not action.get("meta")]))
    mutation = data.draw(st.sampled_from(["drop", "add", "replace"]))
    keys = [k for k in target if k != "type"]
    if mutation == "add" or not keys:
        target[data.draw(st.sampled_from(["zz", "cardd", "Card"]))] = data.draw(JSON)
    elif mutation == "drop":
        del target[data.draw(st.sampled_from(keys))]
    else:
        target[data.draw(st.sampled_from(keys))] = data.draw(JSON | CARD | st.just([]) | st.just({}))
    assert schema.accepts(action) == (schema.validate(action) == {})
