"""Readings of the twenty-first compiler round (issue 20, helper h20r21): made-up texts in the cards' phrasings (no
card's text)."""

from __future__ import annotations

from tests.pm_cards import made_up_script

_one = made_up_script


def test_a_usage_cost_beside_keywords_and_ap_dp_until_the_turns_end() -> None:
    got = _one("このカードが退場した場合、自分のキャラ1枚は、ターン終了時まで〔強引〕、使用コスト+2を得る。")
    assert got is not None and got["trigger"] == "leave"
    assert got["do"] == [
        {"op": "grant", "target": "target:0", "what": "forceful", "until": "turn_end"},
        {"op": "grant", "target": "target:0", "what": {"cost": 2}, "until": "turn_end"}]
    got = _one("[メイン/自分]:相手のキャラ1枚は、ターン終了時まで使用コスト+1、〔アクティブ〕+10/-10を得る。", "イベント")
    assert got is not None and [s["what"] for s in got["do"][:2]] == [{"cost": 1}, "active"]
    assert got["do"][2] == {"op": "modify", "target": "target:0", "ap": 10, "dp": -10, "until": "turn_end"}
    # a cost alone is the earlier reading; a cost with nothing after the 、 is not this one
    assert _one("[メイン/自分]:相手のキャラ1枚は、ターン終了時まで使用コスト+1、を得る。", "イベント") is None


def test_this_cards_own_cost_with_keywords_after_it() -> None:
    got = _one("このカードは、使用コスト+4、〔我慢〕を得る。")
    assert got is not None and got["trigger"] is None
    assert [s["what"] for s in got["do"]] == [{"cost": 4}, "endure"]
    got = _one("自分のターンの間、このカードは、使用コスト-1、〔強引〕〔アクティブ〕を得る。")
    assert got is not None and [s["what"] for s in got["do"]] == [{"cost": -1}, "forceful", "active"]


def test_cards_put_into_the_point_zone_for_each_card_moved() -> None:
    for verb, zone in (("捨て札にする", "discard"), ("手札に移す", "hand")):
        done = {"捨て札にする": "捨て札にした", "手札に移す": "手札に移した"}[verb]
        for comma in ("、", ""):
            got = _one(f"このカードが登場した場合、自分のポイント置き場にあるカードを3枚まで{verb}。その場合、{done}カード1枚に"
                       f"つき{comma}デッキの上のカード1枚を自分のポイント置き場に表向きで置く。")
            assert got is not None, (verb, comma)
            pick = got["do"][0]
            assert pick["to"] == zone and pick["up_to"]
            assert pick["then"] == [{"op": "put_point", "who": "self", "n": 1, "per": {"picked": "cards"}}]


def test_a_count_of_cards_moved_stays_tied_to_its_pick() -> None:
    # the count names the discard, the pick before moved cards to the hand: not read
    assert _one("このカードが登場した場合、自分のポイント置き場にあるカードを2枚まで手札に移す。その場合、捨て札にしたカード1枚"
                "につき、デッキの上のカード1枚を自分のポイント置き場に表向きで置く。") is None
    # no pick before it: nothing to count
    assert _one("このカードが登場した場合、捨て札にしたカード1枚につき、デッキの上のカード1枚を自分のポイント置き場に"
                "表向きで置く。") is None


def test_another_card_than_this_one_in_the_discard() -> None:
    got = _one("このカードがアプローチで退場した場合、自分の捨て札置き場にあるこのカード以外の「試験 次郎」1枚をゲームから取り除く"
               "ことができる。取り除いた場合、自分の捨て札置き場にあるこのカードを場に出す。")
    assert got is not None and got["trigger"] == "leave" and got["optional"]
    pick = got["do"][0]
    assert pick["not_this_card"] and pick["filter"] == {"name": "試験 次郎"} and pick["from"] == "discard"
    assert pick["then"][0]["this_card"]
    # only in the discard, and only of a Chara's own text
    assert _one("このカードが登場した場合、EXデッキからこのカード以外の「試験 次郎」1枚を抜き出し、手札に加える。") is None
    assert _one("[メイン/自分]:自分の捨て札置き場にあるこのカード以外の「試験 次郎」1枚を手札に戻す。", "イベント") is None
