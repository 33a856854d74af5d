"""The quick reading (plain C decoding, key counting, fastcheck) gives exactly the slow path's verdict and message."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mahou.cards import parse_cards
from engine.mahou.selfplay import play_game
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import LogError, dump_json, dump_jsonl, load_log, parse_log, reader
from pmemo_replay.logio.fastcheck import actions_keys, json_keys
from pmemo_replay.logio.schemas import CARD_IDS_SEEN, card_id_ok, validate_action
from pmemo_replay.simulate import simulated_logs
from tests.fuzz import strategies
from tests.fuzz.strategies import FUZZ, VALUES, examples, hostile_logs, mutated_documents
from tests.logio.logio_samples import document, every_action, fresh, jsonl


def outcome(data: str | bytes, *, fast: bool) -> tuple[Any, ...]:
    """What parsing ``data`` gives: the log (with its form) or the ruling."""
    try:
        log = parse_log(data, fast=fast)
    except LogError as err:
        return ("refused", err.ruling)
    return ("read", log.header, log.actions, log.form)


def agree(data: str | bytes) -> tuple[Any, ...]:
    slow = outcome(data, fast=False)
    assert outcome(data, fast=True) == slow
    return slow


# --- textual tricks aimed at the key count and the unstorable test -------------------------------------------

def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _texts() -> list[str]:
    doc = document()
    head = _compact({k: v for k, v in doc.items() if k != "actions"})
    summon = '{"type":"summon","p":0,"card":"MHK ST-001","area":"main","pay":[]}'
    lines = [head, '{"type":"pass","p":0}', summon, '{"type":"note","text":"a: b"}']
    body = "\n".join(lines) + "\n"
    return [
        body,
        body.replace('"p":0}', '"p":0,"p":1}', 1),  # duplicate key in a pass
        body.replace('"area":"main"', '"area":"main","area":"main"'),  # duplicate, same value
        body.replace('"pay":[]', '"pay":[{"hand":"MHK ST-001","hand":"MHK ST-001"}]'),  # duplicate in a payment
        body.replace('"area":"main"', '"area" :"main","area":"main"'),  # whitespace before a colon hides one
        body.replace('"area":"main"', '"area"\t:"main"'),
        body.replace('"area":"main"', '"area"\r\n:"main"'),
        body.replace('"text":"a: b"', '"text":"a\\":b","text":"c"'),  # an in-string '":' offsets a duplicate
        body.replace('"text":"a: b"', '"text":"\\":\\":","text":"c"'),
        body.replace('"text":"a: b"', '"text":"x","meta":{"k":{"k":1,"k":2}}'),  # duplicate in free JSON
        body.replace('"text":"a: b"', '"text":"x","meta":{"k":[{"a":1},{"a":{"b":1,"b":1}}]}'),
        body.replace('"text":"a: b"', '"text":"x","meta":{"\\u003a":1}'),  # an escaped colon
        body.replace('"text":"a: b"', '"text":"\\u0000"'),
        body.replace('"text":"a: b"', '"text":"\\ud800"'),
        body.replace('"text":"a: b"', '"text":"\\ud83d\\ude00"'),
        body.replace('"text":"a: b"', '"text":"\ud800"'),  # a raw surrogate (str input only)
        body.replace('"text":"a: b"', '"text":"\x00"'),
        body.replace('"text":"a: b"', '"text":NaN'),
        body.replace("\n", "\n\n", 2),  # a blank line
        body.replace("\n", "\r\n"),
        body.replace(summon, summon + " " + summon),  # two values on a line
        "\n" + body, "\ufeff" + body, body.rstrip("\n"), head, head + "\n", "  " + head + "\n \n",
        _compact(doc), _compact(doc).replace('"first":0', '"first":0,"first":0'),
        _compact(doc).replace('"first":0', '"first" :0'),
        json.dumps(doc), json.dumps(doc, indent=2), json.dumps(doc, indent="\t"),
        json.dumps({**doc, "actions": [{"type": "pass", "p": 0}] * 3}).replace('"p": 0}', '"p": 0, "p": 1}', 1),
        json.dumps({**doc, "actions": [{"type": "pass", "p": True}]}),
        json.dumps({**doc, "actions": [{"type": "pass", "p": 0.0}]}),
        json.dumps({**doc, "actions": [{"type": "choose_elimination", "p": 0, "card": None}]}),
        json.dumps({**doc, "actions": [{"type": "summon", "p": 0, "card": "MHK ST-001", "area": "main", "pay": None}]}),
        json.dumps({**doc, "actions": [{"type": "summon", "p": 0, "card": "MHK ST-001", "area": "main",
                                        "pay": [{"hand": "MHK ST-001", "point": "MHK ST-001"}]}]}),
        json.dumps({**doc, "game": {**doc["game"], "ruleset": "mahou-shoujo-1"}}),
        json.dumps({**doc, "game": {**doc["game"], "ruleset": "pm-9"}}),
        jsonl(doc), jsonl(fresh(doc)).replace('"choices": []', '"choices": [], "choices": []'),
    ]


@pytest.mark.parametrize("text", _texts())
def test_textual_tricks_agree(text: str) -> None:
    agree(text)
    if "\ud800" not in text:
        agree(text.encode("utf-8"))


def test_duplicates_and_hidden_colons_take_the_slow_path() -> None:
    texts = _texts()
    assert reader._parse_fast(texts[0]) is not None
    for text in texts[1:11]:  # duplicates, or a colon after whitespace
        assert reader._parse_fast(text) is None, text


def test_simulated_logs_take_the_fast_path() -> None:
    for doc in simulated_logs(bundled_cards(), 3, 5):
        log = load_log(doc)
        for text in (dump_jsonl(log), dump_json(log), json.dumps(doc)):
            assert reader._parse_fast(text) == log
            assert agree(text.encode("utf-8"))[0] == "read"


def test_every_action_is_counted() -> None:
    actions = every_action()
    assert actions_keys(actions) == json_keys(actions)


# --- mutated logs ------------------------------------------------------------------------------------------

@settings(FUZZ, max_examples=examples(200))
@given(hostile_logs())
def test_hostile_logs_agree(data: bytes) -> None:
    agree(data)


@st.composite
def compact_texts(draw: st.DrawFn) -> str:
    """A mutated log written compactly (the writer's own form), as a document or JSON Lines, raw surrogates kept."""
    doc = draw(mutated_documents())
    if isinstance(doc.get("actions"), list) and draw(st.booleans()):
        head = {k: v for k, v in doc.items() if k != "actions"}
        return "\n".join(_compact(x) for x in [head, *doc["actions"]]) + "\n"
    return _compact(doc)


def _duplicate(draw: st.DrawFn, text: str) -> str:
    """Repeat one ``"key":`` with a value before its first occurrence."""
    places = [i for i in range(len(text)) if text.startswith('{"', i)]
    if not places:
        return text
    at = places[draw(st.integers(0, len(places) - 1))] + 1
    end = text.find('":', at)
    if end < 0:
        return text
    return text[:at] + text[at:end + 2] + _compact(draw(VALUES)) + "," + text[at:]


@settings(FUZZ, max_examples=examples(200))
@given(compact_texts(), st.data())
def test_compact_mutated_logs_agree(text: str, data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        text = _duplicate(data.draw, text)
    agree(text)
    agree(text.encode("utf-8", "surrogatepass"))


@settings(FUZZ, max_examples=examples(200))
@given(mutated_documents())
def test_fastcheck_accepts_only_what_the_schemas_accept(doc: dict[str, Any]) -> None:
    actions = doc.get("actions")
    if not isinstance(actions, list):
        return
    for index, action in enumerate(actions):
        n = actions_keys([action])
        if n >= 0:
            validate_action(action, index)  # must not raise
            assert n == json_keys(action)


@pytest.mark.parametrize("text", ['{"a":"\\u0000"}', '{"a":"\\uDFFF"}', '{"a":"\x00"}', '{"a":"\udfff"}', '{"a":"é\\u0041"}',
                                  '{"a":"é"}', '{"a":"é\udfff"}', "[1,2]", '{"a":"\\\\u0000"}'])
def test_unstorable_shortcut_agrees(text: str) -> None:
    def verdict(**how: bool) -> str | None:
        try:
            reader._refuse_unstorable(text, **how)
        except LogError as err:
            return err.message
        return None

    slow = verdict(shortcut=False)
    assert verdict() == slow
    if "\udfff" not in text:  # text decoded from UTF-8 holds no raw surrogate
        assert verdict(utf8=True) == slow


# --- a game with its own log boundary (Mahou Shoujo) --------------------------------------------------------

MAHOU = Path(__file__).resolve().parents[2] / "fixtures" / "mahou"


@lru_cache(maxsize=1)
def mahou_logs() -> tuple[dict[str, Any], ...]:
    """Two self-play Mahou Shoujo games, as documents."""
    db = parse_cards(json.loads((MAHOU / "cards.json").read_text("utf-8")))
    decks = [json.loads(p.read_text("utf-8"))["cards"] for p in sorted((MAHOU / "decks").glob("*.json"))]
    rng = random.Random(7)
    return tuple(play_game(db, [rng.choice(decks), rng.choice(decks)], rng, policies=("greedy", "random"))
                 for _ in range(2))


def test_mahou_logs_take_the_fast_path() -> None:
    for doc in mahou_logs():
        for text in (_compact(doc), json.dumps(doc), jsonl(doc)):
            assert agree(text.encode("utf-8"))[0] == "read"
            assert reader._parse_fast(text) is not None


@settings(FUZZ, max_examples=examples(80))
@given(st.data())
def test_mutated_mahou_logs_agree(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(mahou_logs())))
    doc["actions"] = doc["actions"][: data.draw(st.integers(0, len(doc["actions"])))]
    for _ in range(data.draw(st.integers(1, 3))):
        data.draw(st.sampled_from((strategies._replace, strategies._reshape, strategies._retarget)))(data.draw, doc)
    text = _compact(doc)
    if data.draw(st.booleans()):
        text = _duplicate(data.draw, text)
    agree(text)


def test_card_ids_remembered_are_short() -> None:
    long_id = "X" * 10_000 + " 01-001"
    assert card_id_ok(long_id) and long_id not in CARD_IDS_SEEN
    assert card_id_ok("MHK 01-001") and "MHK 01-001" in CARD_IDS_SEEN
    assert not card_id_ok("MHK 01-001 ") and "MHK 01-001 " not in CARD_IDS_SEEN


def test_a_control_character_is_named_once() -> None:
    """json's own message ends in "at"; the reader's says where once (a reviewer saw "at at")."""
    with pytest.raises(LogError) as err:
        parse_log(b'{"format": "pmemo-log\x00"}')
    assert "Invalid control character at line 1 column 22" in str(err.value)
    assert " at at " not in str(err.value)


def test_integers_beyond_64_bits_stay_exact_in_json_lines() -> None:
    """orjson reads an integer past 64 bits as a float: the quick path leaves such a log to the slow one, which keeps
    the number exact (found by test_hostile_logs_agree: a meta holding -9223372036854775809)."""
    doc = document()
    head = {k: v for k, v in doc.items() if k != "actions"}
    for big in (-9223372036854775809, 18446744073709551616, 10 ** 30):
        actions = [*doc["actions"][:2], {**doc["actions"][2], "meta": {"n": [big]}}]
        text = "\n".join(json.dumps(x) for x in [head, *actions]) + "\n"
        assert agree(text)[2][2]["meta"] == {"n": [big]}
        for data in (text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")):  # the digits searched in the bytes
            assert agree(data)[2][2]["meta"] == {"n": [big]}


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.sampled_from([*"0123456789eE+-. \"\\:,[]{}xé青", "\ud800", "😀"]), max_size=80),
       st.integers(min_value=0, max_value=25))
def test_the_digit_run_checks_find_what_their_regular_expressions_find(text: str, run: int) -> None:
    """The import's quick checks (digits zeroed, substring search) answer as the patterns they replaced, on any text:
    non-ASCII, lone surrogates and long runs of digits included."""
    samples = [text, text + "7" * run, text.replace("e", "e" + "1" * run)]
    samples += [text + sign + "9" * run + text for sign in ("e", "E", "e+", "E+", "e-", "+")]
    for sample in samples:
        overflow = re.search(r"[eE]\+?[0-9]{3}", sample) is not None
        assert reader._maybe_overflow(sample) == overflow
        assert reader._beyond_64_bits(sample) == (re.search("[0-9]{19}", sample) is not None)
        data = sample.encode("utf-8", "surrogatepass")  # the reader's own call: the bytes as received, zeroed once
        assert reader._maybe_overflow(sample, reader._zeroed(b"\xef\xbb\xbf" + data)) == overflow


# --- card ids collected while validating -------------------------------------------------------------------

def _walked_ids(actions: list[Any]) -> set[str]:
    """The actions' card ids as the card-id check finds them walking the actions (reader._collect)."""
    out: set[str] = set()
    for action in actions:
        if len(action) > 2 or action.get("type") != "pass":
            reader._collect(action, out)
    return out


def _card_verdict(log: Any, known: Any, collected: Any) -> Any:
    try:
        reader.check_card_ids(log, known, collected=collected)
    except LogError as err:
        return err.ruling
    return None


def test_every_action_collects_the_ids_the_check_walks_to() -> None:
    actions = every_action()
    ids: set[str] = set()
    assert actions_keys(actions, ids) == json_keys(actions)
    assert ids == _walked_ids(actions) and ids


def test_read_logs_carry_their_actions_card_ids() -> None:
    """The quick path hands the card ids it collected with the log; the slow path (and a game with its own boundary)
    collects none. With them the card-id check rules as it does walking the actions, for every id found unknown."""
    for doc in simulated_logs(bundled_cards(), 3, 8):
        log = load_log(doc)
        for text in (dump_jsonl(log), dump_json(log)):
            read = parse_log(text)
            assert read.action_card_ids == _walked_ids(read.actions)
            assert parse_log(text, fast=False).action_card_ids is None
            for unknown in sorted(read.action_card_ids)[:5]:
                known = (lambda card, u=unknown: card != u)
                assert _card_verdict(read, known, read.action_card_ids) == _card_verdict(read, known, None) is not None
    for doc in mahou_logs():
        assert parse_log(_compact(doc)).action_card_ids is None


@settings(FUZZ, max_examples=examples(200))
@given(mutated_documents(), st.data())
def test_collecting_agrees_with_the_walk_on_mutated_logs(doc: dict[str, Any], data: st.DataObject) -> None:
    """On whatever the quick check accepts, the collecting check gives the same key count and exactly the ids the
    card-id check's walk finds; where the collecting check is unsure (-1), the plain check may still accept (the
    reader then takes the slow path, which collects nothing)."""
    actions = doc.get("actions")
    if not isinstance(actions, list):
        return
    ids: set[str] = set()
    collected = actions_keys(actions, ids)
    plain = actions_keys(actions)
    assert collected in (plain, -1)
    if collected >= 0:
        assert ids == _walked_ids(actions)
        text = _compact(doc)
        read = outcome(text, fast=True)
        if read[0] == "read":
            log = parse_log(text)
            assert log.action_card_ids in (None, frozenset(ids))
            unknown = data.draw(st.sampled_from(sorted(ids))) if ids else "ZZZ 99-999"
            known = (lambda card: card != unknown)
            assert _card_verdict(log, known, log.action_card_ids) == _card_verdict(log, known, None)


def test_two_key_actions_are_taken_as_the_schemas_take_them() -> None:
    """The quick path takes ``{"type": kind, "p": player}`` at once for the types whose schema asks for nothing else;
    for any type and value it accepts exactly what the schemas accept (and never a card id)."""
    from pmemo_replay.logio.fastcheck import TWO_KEY_TYPES
    from pmemo_replay.logio.schemas import ACTION_SCHEMAS

    assert {"pass", "end_approach", "no_interfere", "keep"} <= TWO_KEY_TYPES
    for kind in [*ACTION_SCHEMAS, "nothing"]:
        for player in (0, 1, 2, -1, True, False, 0.0, None, "0", [0]):
            action = {"type": kind, "p": player}
            try:
                validate_action(action, 0)
                accepted = True
            except LogError:
                accepted = False
            ids: set[str] = set()
            assert actions_keys([action]) == actions_keys([action], ids) == (2 if accepted else -1), action
            assert not ids
            assert actions_keys([{"p": player, "type": kind}]) == (2 if accepted else -1)
