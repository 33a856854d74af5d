"""Readings of the seventeenth compiler round (issue 20, helper h20r17): made-up texts in the cards' phrasings (no
card's text), and real effects of the shared sets read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards.compile_measure import normalized
from tests.pm_cards import made_up_effect, made_up_script, read_precious

_last, _one = made_up_effect, made_up_script


def test_what_happened_this_turn_as_a_condition() -> None:
    got = _one("[メイン/自分]:《0》このターン、自分のキャラが登場している場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"history": {
        "event": "enter", "filter": {"type": "chara"}, "who": "self", "at_least": 1}}
    got = _one("[メイン/自分]:《0》このターン、相手のキャラが2枚以上退場している場合、カードを1枚引く。")
    assert got is not None and got["condition"]["history"] == {
        "event": "leave", "filter": {"type": "chara"}, "who": "opponent", "at_least": 2}
    # an Event played by anyone (no owner named), as a condition of one sentence only: "then" is done either way
    got = _one("[メイン/両方]:《0》このターン、イベントカードがプレイされている場合、カードを1枚引く。その後、手札1枚を捨て札に"
               "する。")
    assert got is not None and got["condition"] == {}
    draw, discard = got["do"]
    assert draw["op"] == "draw" and draw["if"] == {"history": {
        "event": "play", "filter": {"type": "event"}, "who": "any", "at_least": 1}}
    assert discard["op"] == "pick" and "if" not in discard
    # the cards looked at and the rest of them are one step: the condition stays the effect's
    got = _one("[メイン/自分]:《0》このカードがアプローチに参加している場合、デッキの上のカード3枚を見て、その中にある【甲】1枚を"
               "抜き出し、手札に加える。その後、残りのカードを任意の順番でデッキの下に移す。")
    assert got is not None and got["condition"] == {"approaching": True} and "if" not in got["do"][0]
    # "approaching" without a count may mean "is approaching now"; a card that left is matched by its type only
    assert _one("[メイン/自分]:《0》このターン、相手のキャラがアプローチしている場合、カードを1枚引く。") is None
    assert _one("[メイン/自分]:《0》このターン、相手の【甲】を持つキャラが退場している場合、カードを1枚引く。") is None


def test_a_count_of_approaching_charas_checked_at_the_end_of_the_turn() -> None:
    got = _one("同じターンの間に、自分の【甲】が2枚以上アプローチしている場合、ターン終了時に、カードを1枚引く。")
    assert got is not None and got["trigger"] == "turn_end"
    assert got["condition"] == {"history": {"event": "approach", "filter": {"property": "甲", "type": "chara"}, "who": "self",
                                            "at_least": 2, "distinct": True}}
    assert got["do"] == [{"op": "draw", "who": "self", "n": 1}]


def test_every_time_heads_of_this_cards_effects() -> None:
    eff = _last("このカードは、自分のイベントカードがプレイされるごとに、ターン終了時まで+10/+10を得る。")
    assert eff.compiled and eff.trigger == "own_event" and not eff.once_per_turn
    assert normalized(eff)["do"] == [{"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"}]
    eff = _last("このカードは、休息状態になるごとに、ターン終了時まで+20/±0を得る。")
    assert eff.compiled and eff.trigger == "any_rested" and not eff.once_per_turn
    assert eff.condition == {"subject": {"is_source": True}}


def test_the_whole_hand_and_the_opponents_point_zone() -> None:
    got = _one("このカードがアプローチでポイントを与えた場合、相手は、手札を全て捨て札にする。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "opponent", "from": "hand", "to": "discard", "n": 1,
                                              "filter": {}, "all": True}]
    got = _one("[メイン/自分]:相手のデッキの上のカード2枚を相手のポイント置き場に裏向きで置く。", "イベント")
    assert got is not None and got["do"] == [{"op": "put_point", "who": "opponent", "n": 2, "face": "down"}]
    got = _one("[メイン/自分]:《0》手札が1枚以下の場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"hand_at_most": 1}


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


@pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="needs ../shared/data/precious-data")
def test_ssss_01_091_stands_its_named_charas_after_three_approached() -> None:
    card = read_precious(DATA / "SSSS", compile=True).get("SSSS 01-091")
    eff = card.effects[1]
    got = normalized(eff)
    assert eff.compiled and got["trigger"] == "turn_end"
    h = got["condition"]["history"]
    assert (h["event"], h["who"], h["distinct"], set(h["filter"])) == ("approach", "self", True, {"name"})
    (step,) = got["do"]
    assert step["op"] == "activate" and step["target"]["all"] == {"side": "self", "name": h["filter"]["name"]}


def test_support_cards_set_on_charas_moved_off_them() -> None:
    got = _one("[メイン/自分]:サポートカード1枚を捨て札にする。", "イベント")
    assert got is not None and got["do"] == [{"op": "support_move", "n": 1, "to": "discard", "filter": {}}]
    got = _one("このカードが登場した場合、相手の『試験』のサポートカードを2枚までデッキの下に移すことができる。")
    assert got is not None and got["do"] == [{"op": "support_move", "n": 2, "to": "deck_bottom", "side": "opponent",
                                              "filter": {"series": "試験"}, "up_to": True}]
    # a Support card in the discard is a card of that zone (a pick), not one set on a Chara
    got = _one("このカードが登場した場合、自分の捨て札置き場にあるサポートカード1枚を手札に戻す。")
    assert got is not None and got["do"][0]["op"] == "pick" and got["do"][0]["from"] == "discard"


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
def test_saga_st_018_discards_one_of_the_opponents_supports_on_entering() -> None:
    eff = read_precious(DATA / "SAGA", compile=True).get("SAGA ST-018").effects[0]
    got = normalized(eff)
    assert eff.compiled and got["trigger"] == "enter" and not got["optional"]
    assert got["do"] == [{"op": "support_move", "n": 1, "to": "discard", "filter": {}, "side": "opponent"}]
