"""Malformed logs give log.schema rulings with the right index, path and message."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pmemo_replay.logio import LogError, parse_log
from tests.logio.logio_samples import DECK, A, B, document, every_action, game, jsonl, with_action

S = "MHK ST-001"


def ruling(text: str | bytes) -> dict[str, Any]:
    with pytest.raises(LogError) as caught:
        parse_log(text)
    assert isinstance(caught.value, ValueError)
    result = caught.value.ruling
    assert set(result) == {"index", "path", "rule", "ref", "message"}
    assert result["ref"] is None
    return result


def summon(**fields: Any) -> dict[str, Any]:
    return {"type": "summon", "p": 0, "card": S, "area": "main", "pay": [], **fields}


def event(**fields: Any) -> dict[str, Any]:
    return {"type": "play_event", "p": 1, "card": B, "pay": [], **fields}


def effect(*ops: dict[str, Any]) -> dict[str, Any]:
    return {"type": "trigger", "p": 0, "card": A, "effect": 0, "ops": list(ops)}


def without(action: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != key}


ACTION_CASES: list[tuple[str, Any, str, str]] = [
    # unknown fields
    ("unknown field", {**summon(), "cardd": S}, "2.cardd", "action 2 (summon): unknown field 'cardd'"),
    ("unknown field on pass", {"type": "pass", "p": 0, "card": S}, "2.card", "unknown field 'card'"),
    ("unknown in payment", summon(pay=[{"hand": S}, {"hnd": S}]), "2.pay.1.hnd", "unknown field 'hnd' in 'pay.1'"),
    ("unknown in target", event(targets=[{"p": 0, "card": S, "player": 0}]), "2.targets.0.player",
     "unknown field 'player' in 'targets.0'"),
    ("unknown in op", effect({"op": "draw", "p": 0, "n": 1, "count": 1}), "2.ops.0.count",
     "action 2 (trigger), op 0 (draw): unknown field 'count'"),
    ("unknown in response", summon(responses=[event(cardd=S)]), "2.responses.0.cardd",
     "action 2 (summon), response 0 (play_event): unknown field 'cardd'"),
    ("unknown in nested response", summon(responses=[event(responses=[event(), event(pay=[{"pont": S}])])]),
     "2.responses.0.responses.1.pay.0.pont", "response 0 (play_event), response 1 (play_event): unknown field 'pont'"),
    ("unknown in grant what", effect({"op": "grant", "p": 0, "card": S, "what": {"ignor": 1}}), "2.ops.0.what.ignor",
     "unknown field 'ignor' in 'what'"),
    # enumerations
    ("area typo", summon(area="mian"), "2.area", "action 2 (summon): field 'area' must be 'main' or 'support', got 'mian'"),
    ("zone typo", effect({"op": "move", "p": 0, "card": S, "from": "hand", "to": "grave"}), "2.ops.0.to",
     "field 'to' must be one of 'deck', 'deck_bottom', 'hand'"),
    ("deck_bottom is to-only", effect({"op": "move", "p": 0, "card": S, "from": "deck_bottom", "to": "hand"}),
     "2.ops.0.from", "got 'deck_bottom'"),
    ("face", effect({"op": "flip", "p": 0, "card": S, "face": "UP"}), "2.ops.0.face", "must be 'up' or 'down', got 'UP'"),
    ("until", effect({"op": "modify", "p": 0, "card": S, "ap": 1, "dp": 1, "until": "forever"}), "2.ops.0.until",
     "'turn_end', 'next_turn_end', 'permanent'"),
    ("grant what", effect({"op": "grant", "p": 0, "card": S, "what": "fly"}), "2.ops.0.what", "got 'fly'"),
    ("grant ignore value", effect({"op": "grant", "p": 0, "card": S, "what": {"ignore": "2"}}), "2.ops.0.what.ignore",
     "must be an integer from 0 to 2147483647, got '2'"),
    ("unknown op", effect({"op": "drw", "p": 0, "n": 1}), "2.ops.0.op", "field 'op' must be one of 'draw', 'move'"),
    ("op without name", effect({"p": 0, "n": 1}), "2.ops.0.op", "missing required field 'op'"),
    ("response type", summon(responses=[{"type": "summon", "p": 1}]), "2.responses.0.type",
     "response 0: field 'type' must be one of 'play_event', 'use_effect', 'backup', got 'summon'"),
    ("trigger from zone", {"type": "trigger", "p": 0, "card": S, "effect": 0, "from": "field"}, "2.from", "got 'field'"),
    # wrong types
    ("p as string", {"type": "keep", "p": "0"}, "2.p", "field 'p' must be 0 or 1, got '0'"),
    ("p as bool", {"type": "keep", "p": True}, "2.p", "got true"),
    ("p out of range", {"type": "keep", "p": 2}, "2.p", "got 2"),
    ("effect as string", {"type": "use_effect", "p": 0, "card": S, "effect": "0", "pay": []}, "2.effect",
     "must be an integer, got '0'"),
    ("effect as float", {"type": "use_effect", "p": 0, "card": S, "effect": 1.0, "pay": []}, "2.effect", "got 1.0"),
    ("effect as bool", {"type": "use_effect", "p": 0, "card": S, "effect": False, "pay": []}, "2.effect", "got false"),
    ("negative effect", {"type": "trigger", "p": 0, "card": S, "effect": -1}, "2.effect", "must be an integer from 0 to 1000, got -1"),
    ("rest as int", {"type": "use_effect", "p": 0, "card": S, "effect": 0, "pay": [], "rest": 1}, "2.rest",
     "must be true or false, got 1"),
    ("rested as string", effect({"op": "move", "p": 0, "card": S, "from": "hand", "to": "main", "rested": "true"}),
     "2.ops.0.rested", "must be true or false, got 'true'"),
    ("draw n as bool", effect({"op": "draw", "p": 0, "n": True}), "2.ops.0.n", "got true"),
    ("negative draw", effect({"op": "draw", "p": 0, "n": -1}), "2.ops.0.n", "must be an integer from 0 to 1000, got -1"),
    ("huge draw", effect({"op": "draw", "p": 0, "n": 1001}), "2.ops.0.n", "must be an integer from 0 to 1000, got 1001"),
    ("huge put_point", effect({"op": "put_point", "p": 0, "n": 2**40}), "2.ops.0.n", "from 0 to 1000, got 1099511627776"),
    ("huge modify", effect({"op": "modify", "p": 0, "card": S, "ap": 2**63, "dp": 0}), "2.ops.0.ap",
     "must be an integer from -2147483648 to 2147483647, got 9223372036854775808"),
    ("huge effect index", {"type": "trigger", "p": 0, "card": S, "effect": 2**64}, "2.effect", "got 18446744073709551616"),
    ("note at before year 1 in UTC", {"type": "note", "text": "x", "at": "0001-01-01T00:00:00+05:00"}, "2.at",
     "is out of range in UTC"),
    ("note text", {"type": "note", "text": 5}, "2.text", "field 'text' must be a string, got 5"),
    ("coin as number", effect({"op": "coin", "p": 0, "card": S, "coin": 10, "n": 1}), "2.ops.0.coin", "must be a string"),
    ("pay not a list", summon(pay={"hand": S}), "2.pay", "field 'pay' must be a list, got an object"),
    ("pay item not object", summon(pay=[S]), "2.pay.0", "field 'pay.0' must be an object, got 'MHK ST-001'"),
    ("pay both sources", summon(pay=[{"hand": S, "point": S}]), "2.pay.0", "exactly one of 'hand' or 'point'"),
    ("pay empty item", summon(pay=[{}]), "2.pay.0", "exactly one of 'hand' or 'point'"),
    ("choices not a list", event(choices={"a": 1}), "2.choices", "must be a list, got an object"),
    ("targets not a list", event(targets={"p": 0, "card": S}), "2.targets", "must be a list"),
    ("ops item not object", event(ops=["draw"]), "2.ops.0", "op 0: must be an object, got 'draw'"),
    ("responses not a list", summon(responses=event()), "2.responses", "must be a list"),
    ("meta not an object", {"type": "keep", "p": 0, "meta": [1]}, "2.meta", "field 'meta' must be an object, got a list"),
    ("at not a date-time", {"type": "keep", "p": 0, "at": "yesterday"}, "2.at", "must be an ISO 8601 date-time"),
    ("at a bare date", {"type": "keep", "p": 0, "at": "2026-11-01"}, "2.at", "got '2026-11-01'"),
    ("at invalid month", {"type": "keep", "p": 0, "at": "2026-13-01T10:00:00"}, "2.at", "ISO 8601"),
    ("at as number", {"type": "keep", "p": 0, "at": 1700000000}, "2.at", "got 1700000000"),
    ("null card", summon(card=None), "2.card", "field 'card' must not be null"),
    ("discard not a list", {"type": "hand_adjust", "p": 0, "discard": S}, "2.discard", "must be a list of card ids"),
    # card id shapes
    ("id without space", summon(card="MHK01-022"), "2.card", "must be a card id like 'MHK 01-022'"),
    ("id with two spaces", summon(card="MHK  01-022"), "2.card", "got 'MHK  01-022'"),
    ("id with leading space", summon(card=" MHK 01-022"), "2.card", "card id"),
    ("id with trailing space", summon(card="MHK 01-022 "), "2.card", "card id"),
    ("id without number", summon(card="MHK"), "2.card", "card id"),
    ("id with underscore number", summon(card="MHK 01_022"), "2.card", "card id"),
    ("id with upper parallel", summon(card="MHK 01-022A"), "2.card", "card id"),
    ("id with two letters", summon(card="MHK 01-022ab"), "2.card", "card id"),
    ("id empty", summon(card=""), "2.card", "got ''"),
    ("id as number", summon(card=22), "2.card", "got 22"),
    ("bad id in pay", summon(pay=[{"point": "MHK-01"}]), "2.pay.0.point", "field 'pay.0.point' must be a card id"),
    ("bad id in order", {"type": "shuffle", "p": 0, "order": [S, S, "bad", S]}, "2.order.2", "field 'order.2' must be a card id"),
    ("bad id in reveal", effect({"op": "reveal", "p": 0, "cards": [S, 5], "from": "hand"}), "2.ops.0.cards.1", "got 5"),
    ("bad id in target on", event(targets=[{"p": 0, "card": S, "on": "x"}]), "2.targets.0.on", "got 'x'"),
    # missing required fields
    ("missing pay", without(summon(), "pay"), "2.pay", "action 2 (summon): missing required field 'pay'"),
    ("missing area", without(summon(), "area"), "2.area", "missing required field 'area'"),
    ("missing effect", {"type": "use_effect", "p": 0, "card": S, "pay": []}, "2.effect", "missing required field 'effect'"),
    ("order not a list", {"type": "shuffle", "p": 0, "order": "MHK ST-001"}, "2.order", "must be a list of card ids"),
    ("identify zone", {"type": "identify", "p": 0, "zone": "deck", "cards": []}, "2.zone", "must be one of 'hand', 'point', 'discard'"),
    ("identify cards", {"type": "identify", "p": 0, "zone": "hand"}, "2.cards", "missing required field 'cards'"),
    ("no_interfere card", {"type": "no_interfere", "p": 0, "card": "x"}, "2.card", "must be a card id"),
    ("missing text", {"type": "note", "p": 0}, "2.text", "missing required field 'text'"),
    ("missing p", {"type": "pass"}, "2.p", "action 2 (pass): missing required field 'p'"),
    ("missing elimination card", {"type": "choose_elimination", "p": 1}, "2.card", "missing required field 'card'"),
    ("missing target card", event(targets=[{"p": 0}]), "2.targets.0.card", "missing required field 'card' in 'targets.0'"),
    ("missing op field", effect({"op": "modify", "p": 0, "card": S, "ap": 10}), "2.ops.0.dp", "missing required field 'dp'"),
    ("missing response field", summon(responses=[without(event(), "pay")]), "2.responses.0.pay",
     "response 0 (play_event): missing required field 'pay'"),
    # type
    ("unknown type", {"type": "sumon", "p": 0}, "2.type", "action 2: unknown action type 'sumon'"),
    ("missing type", {"p": 0}, "2.type", "action 2: missing required field 'type'"),
    ("type not a string", {"type": 3, "p": 0}, "2.type", "got 3"),
    ("action not an object", ["summon"], "2", "action 2: must be an object, got a list"),
]


@pytest.mark.parametrize(("action", "path", "message"), [c[1:] for c in ACTION_CASES], ids=[c[0] for c in ACTION_CASES])
def test_malformed_action(action: Any, path: str, message: str) -> None:
    result = ruling(with_action(action))
    assert (result["rule"], result["index"], result["path"]) == ("log.schema", 2, path)
    assert message in result["message"]


@pytest.mark.parametrize(("action", "path", "message"), [c[1:] for c in ACTION_CASES[:12]], ids=[c[0] for c in ACTION_CASES[:12]])
def test_malformed_action_in_jsonl(action: Any, path: str, message: str) -> None:
    text = jsonl(json.loads(with_action(action)))
    result = ruling(text)
    assert (result["rule"], result["index"], result["path"]) == ("log.schema", 2, path)
    assert message in result["message"]
    assert result["message"].startswith("line 4: ")


def test_first_error_in_input_order() -> None:
    action = {"type": "summon", "p": 0, "area": "x", "card": "bad", "pay": [], "zz": 1}
    assert ruling(with_action(action))["path"] == "2.area"
    action = {"type": "summon", "zz": 1, "p": 0, "area": "x", "card": "bad", "pay": []}
    assert ruling(with_action(action))["path"] == "2.zz"


def test_error_index_counts_top_level_actions() -> None:
    actions = [*every_action(), summon(responses=[event(), event(pay=[{"hand": "nope"}])])]
    result = ruling(json.dumps(document(actions)))
    index = len(every_action())
    assert result["index"] == index
    assert result["path"] == f"{index}.responses.1.pay.0.hand"


def header_case(mutate: Any) -> dict[str, Any]:
    doc = document([])
    mutate(doc["game"])
    return ruling(json.dumps(doc))


HEADER_CASES: list[tuple[str, Any, str, str]] = [
    ("unknown field", lambda g: g.update(evnt="x"), "game.evnt", "game: unknown field 'evnt'"),
    ("unknown player field", lambda g: g["players"][0].update(deckname="x"), "game.players.0.deckname",
     "game: unknown field 'deckname' in 'players.0'"),
    ("three players", lambda g: g["players"].append({"name": "C", "deck": []}), "game.players",
     "must hold exactly 2 objects, got 3"),
    ("players not a list", lambda g: g.update(players={}), "game.players", "must be a list"),
    ("bad deck id", lambda g: g["players"][1]["deck"].__setitem__(2, "MHK 1"), "game.players.1.deck.2",
     "game: field 'players.1.deck.2' must be a card id"),
    ("bad ex_deck", lambda g: g["players"][0].update(ex_deck="MHK 01-001"), "game.players.0.ex_deck", "must be a list"),
    ("deck not a list", lambda g: g["players"][0].update(deck="MHK ST-001"), "game.players.0.deck",
     "must be a list"),
    ("missing name", lambda g: g["players"][1].pop("name"), "game.players.1.name", "missing required field 'name'"),
    ("missing first", lambda g: g.pop("first"), "game.first", "game: missing required field 'first'"),
    ("missing players", lambda g: g.pop("players"), "game.players", "missing required field 'players'"),
    ("first as string", lambda g: g.update(first="0"), "game.first", "must be 0 or 1, got '0'"),
    ("first 2", lambda g: g.update(first=2), "game.first", "got 2"),
    ("round as string", lambda g: g.update(round="2"), "game.round", "must be an integer, got '2'"),
    ("played_at", lambda g: g.update(played_at="Nov 1st"), "game.played_at", "ISO 8601"),
    ("round past 64 bits", lambda g: g.update(round=2**63), "game.round",
     "field 'round' must be an integer from -2147483648 to 2147483647, got 9223372036854775808"),
    ("round past 32 bits", lambda g: g.update(round=2**31), "game.round", "got 2147483648"),
    ("played_at before year 1 in UTC", lambda g: g.update(played_at="0001-01-01T00:00:00+05:00"), "game.played_at",
     "field 'played_at' is out of range in UTC"),
    ("played_at after 9999 in UTC", lambda g: g.update(played_at="9999-12-31T23:00:00-05:00"), "game.played_at",
     "out of range in UTC"),
    ("meta", lambda g: g.update(meta="x"), "game.meta", "must be an object"),
    ("deck_name", lambda g: g["players"][0].update(deck_name=1), "game.players.0.deck_name", "must be a string"),
]


@pytest.mark.parametrize(("mutate", "path", "message"), [c[1:] for c in HEADER_CASES], ids=[c[0] for c in HEADER_CASES])
def test_malformed_header(mutate: Any, path: str, message: str) -> None:
    result = header_case(mutate)
    assert (result["rule"], result["index"], result["path"]) == ("log.schema", None, path)
    assert message in result["message"]


def top(**changes: Any) -> dict[str, Any]:
    doc = document([])
    for key, value in changes.items():
        if value is ...:
            del doc[key]
        else:
            doc[key] = value
    return ruling(json.dumps(doc, indent=1))  # several lines: a document, not a JSON Lines header


def test_version_2() -> None:
    result = top(version=2)
    assert (result["index"], result["path"]) == (None, "version")
    assert "must be 1" in result["message"] and "got 2" in result["message"]
    assert top(version="1")["path"] == "version"
    assert top(version=True)["path"] == "version"


def test_top_level_problems() -> None:
    assert top(format="pmemo-logs")["message"] == "log: field 'format' must be 'pmemo-log', got 'pmemo-logs'"
    assert top(format=...)["message"] == "log: missing required field 'format'"
    assert top(actions=...)["path"] == "actions"
    assert top(actions={})["message"] == "log: field 'actions' must be a list, got an object"
    assert top(game=[])["path"] == "game"
    assert top(extra=1)["message"] == "log: unknown field 'extra'"
    assert ruling("[1, 2]")["message"] == "log: must be a JSON object, got a list"
    assert ruling('"pmemo-log"')["path"] == ""


@pytest.mark.parametrize("text", ["", "   \n\t\n", b"", "\ufeff"])
def test_empty_input(text: str | bytes) -> None:
    result = ruling(text)
    assert (result["index"], result["path"]) == (None, "")
    assert result["message"].startswith("empty input")


def test_not_json() -> None:
    result = ruling("this is not a log")
    assert result["message"].startswith("not valid JSON: ") and "line 1 column 1" in result["message"]
    pretty = json.dumps(document([]), indent=2).replace('"version": 1', '"version": 1,,')
    result = ruling(pretty)
    assert (result["index"], result["path"]) == (None, "")
    assert "line 3" in result["message"]


def test_not_utf8() -> None:
    data = json.dumps(document([])).encode("utf-8").replace(b"Aoi", b"A\xffi")
    result = ruling(data)
    assert result["message"].startswith("input is not UTF-8 text")
    assert "UTF-16" in ruling(json.dumps(document([])).encode("utf-16"))["message"]


def test_nan_and_duplicate_keys_are_rejected() -> None:
    assert "NaN is not a JSON number" in ruling(with_action({"type": "keep", "p": 0, "meta": {"x": float("nan")}}))["message"]
    text = with_action({"type": "keep", "p": 0}).replace('"p": 0}]', '"p": 0, "p": 1}]')
    assert "duplicate key 'p'" in ruling(text)["message"]


def jsonl_lines(*actions: str) -> str:
    head = json.dumps({"format": "pmemo-log", "version": 1, "game": game()})
    return "\n".join([head, json.dumps(every_action()[0]), "", *actions]) + "\n"


def test_bad_jsonl_line() -> None:
    result = ruling(jsonl_lines('{"type": "keep", "p": 0}', '{"type": "keep", "p": 1'))
    assert (result["index"], result["path"]) == (2, "2")
    assert result["message"].startswith("line 5 (action 2): not valid JSON:")


def test_jsonl_line_not_an_object() -> None:
    result = ruling(jsonl_lines("[1]"))
    assert (result["index"], result["path"]) == (1, "1")
    assert result["message"] == "line 4: action 1: must be an object, got a list"


def test_jsonl_duplicate_key_line() -> None:
    result = ruling(jsonl_lines('{"type": "keep", "p": 0, "p": 0}'))
    assert (result["index"], result["path"]) == (1, "1")
    assert "duplicate key 'p'" in result["message"]


def test_jsonl_bad_header_line() -> None:
    head = {"format": "pmemo-log", "version": 2, "game": game()}
    result = ruling(json.dumps(head) + "\n" + json.dumps({"type": "keep", "p": 0}) + "\n")
    assert (result["index"], result["path"]) == (None, "version")
    assert result["message"].startswith("line 1: field 'version' must be 1")
    head = {"format": "pmemo-log", "version": 1, "game": {**game(), "first": 5}}
    result = ruling(json.dumps(head) + "\n" + json.dumps({"type": "keep", "p": 0}) + "\n")
    assert result["path"] == "game.first"
    result = ruling("[1]\n" + json.dumps({"type": "keep", "p": 0}) + "\n")
    assert result["message"].startswith("line 1: expected the pmemo-log header object")


def test_one_line_document_with_trailing_lines_is_not_jsonl() -> None:
    result = ruling(json.dumps(document([])) + "\n" + json.dumps({"type": "keep", "p": 0}))
    assert result["message"].startswith("not valid JSON: Extra data at line 2")


def test_deck_sizes_are_not_checked_here() -> None:
    doc = document([])
    doc["game"]["players"][0]["deck"] = []
    doc["game"]["players"][1]["deck"] = DECK * 20
    parse_log(json.dumps(doc))


def test_deep_nesting_is_malformed_not_a_crash() -> None:
    import json as _json

    from pmemo_replay.logio import LogError as _LogError
    from pmemo_replay.logio import parse_log as _parse

    inner = '{"type": "play_event", "p": 1, "card": "MHK 01-110", "pay": []}'
    for depth, index in ((40, 0), (700, None)):
        r = inner
        for _ in range(depth):
            r = '{"type": "play_event", "p": 1, "card": "MHK 01-110", "pay": [], "responses": [' + r + "]}"
        doc = {"format": "pmemo-log", "version": 1,
               "game": {"first": 0, "players": [{"name": "a", "deck": ["MHK ST-001"]}, {"name": "b", "deck": ["MHK ST-001"]}]},
               "actions": ["X"]}
        text = _json.dumps(doc).replace('"X"', '{"type": "summon", "p": 0, "card": "MHK 01-040", "area": "main", '
                                               '"pay": [], "responses": [' + r + "]}")
        try:
            _parse(text)
        except _LogError as err:
            assert err.ruling["rule"] == "log.schema" and err.ruling["index"] == index
        else:  # pragma: no cover
            raise AssertionError("deep nesting was accepted")
