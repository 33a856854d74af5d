"""Readings of the thirteenth compiler round (issue 20, helper h20r13): keyword definitions from a set's reminder
text (engine.pm.cards.reminders) and coins of any named kind. Made-up texts in the cards' phrasings (no card's
text); the measured sets are read at run time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import reminders
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import parse_precious, precious_card
from engine.pm.cards.precious_text import known_keyword

#: a made-up set mechanic: 〔霊力N〕, "when this card enters, put N 霊力 coins on it"
DEFINE = "（〔霊力{n}〕:このカードが場に出た場合、このカードの上に霊力コインを{n}個乗せる。）"
USE = "[メイン/自分]:《0》このカードの上にある霊力コインを2個取り除く。その場合、カードを1枚引く。"


def _data(num: str, text: str, set_: str = "TST") -> dict[str, Any]:
    return {"id": f"{set_} 01-{num}", "name": f"試験 {num}", "setName": "試験", "type": "キャラクター", "color": "赤",
            "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}


def _set(*texts: str) -> dict[str, Any]:
    """The made-up set, compiled: card id → Card."""
    db = parse_precious([("t.json", [_data(f"{k:03d}", t) for k, t in enumerate(texts, 1)])], compile=True)
    return {c.id: c for c in db}


def _one(text: str) -> dict[str, Any] | None:
    effects = precious_card(_data("001", text), compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_definitions_are_found_in_parentheses() -> None:
    found = reminders.definitions("〔霊力4〕本文。" + DEFINE.format(n=4) + "（《0》:コストを支払わずにテキストを使用できる。）")
    assert [w for w, _ in found] == ["〔霊力4〕", "《0》"]
    assert reminders.definitions(None) == [] and reminders.definitions("（ただの注記。）") == []


def test_a_keyword_defined_in_the_set_reads_as_its_definition_on_every_card_with_it() -> None:
    cards = _set("〔霊力4〕" + USE + DEFINE.format(n=4), "〔霊力4〕" + USE)  # the second card prints no definition
    for card in cards.values():
        put, use = (normalized(e) for e in card.effects)
        assert card.effects[0].compiled and put == {"trigger": "enter", "optional": False, "condition": {},
                                                     "targets": [], "do": [{"op": "coin", "target": "self",
                                                                            "coin": "霊力", "n": 4}]}
        assert use["do"] == [{"op": "remove_coins", "target": "self", "coin": "霊力", "n": 2,
                              "then": [{"op": "draw", "who": "self", "n": 1}]}]


def test_a_numbered_keyword_generalizes_only_when_two_definitions_agree_on_where_n_goes() -> None:
    both = _set("〔霊力4〕" + DEFINE.format(n=4), "〔霊力2〕" + DEFINE.format(n=2), "〔霊力3〕" + USE)
    assert normalized(both["TST 01-003"].effects[0])["do"] == [{"op": "coin", "target": "self", "coin": "霊力", "n": 3}]
    one = _set("〔霊力4〕" + DEFINE.format(n=4), "〔霊力3〕" + USE)  # one definition does not show where N goes
    assert not one["TST 01-002"].effects[0].compiled
    assert one["TST 01-002"].effects[0].why == "the keyword 〔霊力3〕 is not read"
    # a definition that does not hold its number: only the keyword defined word for word
    fixed = _set("〔霊力4〕（〔霊力4〕:このカードが場に出た場合、カードを1枚引く。）", "〔霊力2〕（〔霊力2〕:このカードが場に出た場合、"
                 "カードを1枚引く。）", "〔霊力3〕" + USE)
    assert fixed["TST 01-001"].effects[0].compiled and not fixed["TST 01-003"].effects[0].compiled


def test_a_definition_the_readers_cannot_read_leaves_the_keyword_unread() -> None:
    cards = _set("〔霊力4〕" + USE + "（〔霊力4〕:このカードは、霊的な何かをする。）")
    assert not cards["TST 01-001"].effects[0].compiled
    # two different definitions of one keyword: neither is read
    cards = _set("〔霊力4〕（〔霊力4〕:このカードが場に出た場合、カードを1枚引く。）",
                 "〔霊力4〕（〔霊力4〕:このカードが場に出た場合、カードを2枚引く。）")
    assert not any(c.effects[0].compiled for c in cards.values())


def test_a_keyword_defined_two_ways_is_not_read_through_another_numbers_template() -> None:
    """Reader rd11: 〔霊力2〕 defined two ways in the set fell back on the template of 〔霊力4〕 / 〔霊力6〕."""
    draw = "（〔霊力2〕:このカードが場に出た場合、カードを2枚引く。）"
    cards = _set("〔霊力2〕" + DEFINE.format(n=2), "〔霊力2〕" + draw, "〔霊力4〕" + DEFINE.format(n=4),
                 "〔霊力6〕" + DEFINE.format(n=6))
    assert not cards["TST 01-001"].effects[0].compiled and not cards["TST 01-002"].effects[0].compiled
    assert cards["TST 01-003"].effects[0].compiled and cards["TST 01-004"].effects[0].compiled


def test_a_disputed_flag_keyword_keeps_its_rule() -> None:
    """Reader rd11: a set's reminder for 〔アクティブ〕 worded otherwise (no first-turn clause) disputed it, and the
    card lost Active: a legal approach the turn it entered was refused. The card is unverified; Active stays."""
    cards = _set("〔アクティブ〕（〔アクティブ〕:このカードは、登場したターンでもアプローチできる。）")
    card = cards["TST 01-001"]
    assert card.active and card.effects[0].why and not card.effects[0].compiled


def test_definitions_are_a_fact_of_their_own_set() -> None:
    db = parse_precious([("t.json", [_data("001", "〔霊力4〕" + DEFINE.format(n=4)),
                                     _data("002", "〔霊力4〕" + USE, set_="OTR")])], compile=True)
    assert db.get("TST 01-001").effects[0].compiled and not db.get("OTR 01-002").effects[0].compiled


def test_a_known_keyword_whose_definition_is_not_the_engines_rule_is_not_read() -> None:
    keep = "（〔我慢〕:DPが10以上の〔我慢〕を持つキャラは、退場しない。）"
    other = "（〔我慢〕:DPが30以上の〔我慢〕を持つキャラは、退場しない。）"
    kw = reminders.gather(["〔我慢〕" + keep], known_keyword)
    assert kw.disputed == {} and kw.exact == {}  # known and agreeing: nothing to read, nothing disputed
    kw = reminders.gather(["〔我慢〕" + other], known_keyword)
    assert list(kw.disputed) == ["〔我慢〕"]
    cards = _set("〔我慢〕このカードが登場した場合、カードを1枚引く。" + other,
                 "[メイン/自分]:《0》このカードは、ターン終了時まで〔我慢〕を得る。")
    first, granting = cards["TST 01-001"], cards["TST 01-002"]
    # unverified, but the rule book's rule stays (a dispute never makes a legal play illegal: reader rd11)
    assert first.endure and first.effects[0].why and "〔我慢〕" in first.effects[0].why
    assert not any(e.compiled for e in first.effects)  # the card relies on the disputed rule: nothing compiled
    assert not granting.effects[0].compiled  # granting it relies on the rule too
    # costs: 《n》 / 《休》 definitions are checked the same way
    assert reminders.gather(["（《2》:コストを2支払うことでテキストを使用できる。）"], known_keyword).disputed == {}
    assert list(reminders.gather(["（《2》:コストを3支払うことでテキストを使用できる。）"], known_keyword).disputed) == ["《2》"]


def test_known_keyword_definitions_of_the_measured_sets_agree_with_the_engine() -> None:
    roots = [Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "precious-data" / "data"]
    folders = [f for root in roots if root.is_dir() for f in sorted(root.iterdir()) if f.is_dir()]
    if not folders:
        pytest.skip("../shared/data/precious-data absent")
    for folder in folders:
        texts = [json.loads(p.read_text(encoding="utf-8")).get("text") for p in folder.rglob("*.json")]
        assert reminders.gather(texts, known_keyword).disputed == {}, folder.name


def test_coins_of_any_named_kind() -> None:
    got = _one("このカードが登場した場合、自分のキャラ1枚の上に星屑コインを2個乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "target": "target:0", "coin": "星屑", "n": 2}]
    got = _one("[メイン/自分]:《休》自分の【丙】の上にある星屑コインを1個取り除く。その場合、カードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "remove_coins", "coin": "星屑", "n": 1, "spec": {
        "property": "丙", "side": "self"}, "then": [{"op": "draw", "who": "self", "n": 1}]}]
    got = _one("[メイン/自分]:《0》カードを1枚引く。このテキストは、このカードの上に星屑コインが2個以上乗っている場合にのみ使用できる。")
    assert got is not None and got["condition"] == {"coins": {"coin": "星屑", "at_least": 2}}
    assert _one("このカードが登場した場合、このカードの上に+20/+20コインを1個乗せる。") is None  # no rule for its AP/DP
    # a player's own coins (自分が持つ…コイン): no rule says what they are; not read
    assert _one("[メイン/自分]:《0》自分が持つ星屑コインを2個にする。その場合、カードを1枚引く。") is None


def test_next_played_cost_with_a_name_taken_from_another_card_is_not_read() -> None:
    assert _one("[メイン/自分]:《0》自分のキャラ1枚を指定する。このターン、自分が次にプレイする指定したキャラと同じ名称のキャラ1枚は、"
                "使用コスト-2を得る。") is None


def test_the_comma_left_out_after_this_card_during_a_turn() -> None:
    got = _one("自分のターンの間、このカードは+20/+20を得る。")
    assert got is not None and got["condition"] == {"own_turn": True}
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"}]
