"""Readings of the eleventh compiler round (issue 20, helper h20r11): readers for engine rules added this round.
Made-up texts in the cards' phrasings (no card's text)."""

from __future__ import annotations

from typing import Any

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card


def _one(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    effects = precious_card(data, compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_ignore_n_granted_like_the_other_keywords() -> None:
    got = _one("[メイン/自分]:《休》自分のキャラ1枚は、ターン終了時まで〔天然2〕を得る。")
    assert got is not None and got["do"] == [
        {"op": "grant", "target": "target:0", "until": "turn_end", "what": {"ignore": 2}}]
    got = _one("このカードは、自分の【丙】が3枚以上いる場合、〔天然1〕、+10/+10を得る。")
    assert got is not None and {"op": "grant", "target": "self", "until": "turn_end", "what": {"ignore": 1}} in got["do"]
    assert _one("[メイン/自分]:《休》自分のキャラ1枚は、ターン終了時まで〔天然〕を得る。") is None  # no number
    # a raise of X: read since round 18 (lead's decision, session 10), as a grant of its own
    got = _one("このカードは、自分の【丙】が3枚以上いる場合、〔天然+2〕を得る。")
    assert got is not None and got["do"] == [
        {"op": "grant", "target": "self", "until": "turn_end", "what": {"ignore_plus": 2}}]


def test_coins_put_on_for_each_and_shootdown_coins() -> None:
    got = _one("このカードが登場した場合、自分の捨て札置き場にある「乙」1枚につき、このカードの上に+10/+10コインを1個乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "target": "self", "coin": "+10/+10", "n": 1, "per": {
        "cards": {"zone": "discard", "who": "self", "filter": {"name": "乙"}}}}]
    got = _one("このカードが登場した場合、このカードの上に撃墜コインを2個乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "target": "self", "coin": "shootdown", "n": 2}]
    got = _one("このカードが登場した場合、このカードの上に青春コインを2個乗せる。")  # any named kind (round 13)
    assert got is not None and got["do"] == [{"op": "coin", "target": "self", "coin": "青春", "n": 2}]


def test_coins_taken_off() -> None:
    got = _one("[メイン/自分]:《0》自分の【丙】の上に乗っている+10/+10コインを2個取り除く。その場合、カードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "remove_coins", "coin": "+10/+10", "n": 2, "spec": {
        "property": "丙", "side": "self"}, "then": [{"op": "draw", "who": "self", "n": 1}]}]
    got = _one("このカードが登場した場合、相手のキャラ1枚の上に乗っているコインを1個まで取り除く。")
    assert got is not None and got["do"] == [{"op": "remove_coins", "coin": None, "n": 1, "up_to": True,
                                              "target": "target:0"}]
    assert got["targets"] == [{"side": "opponent"}]
    # whose coins: the opponent's Charas "of a kind" (not one designated) is not read
    assert _one("[メイン/自分]:《0》相手のキャラの上に乗っているコインを2個取り除く。") is None
    # a may in a later sentence: a step the player may leave out (``may``, round 16)
    got = _one("[メイン/自分]:《0》カードを1枚引く。その後、自分のキャラの上に乗っている+10/+10コインを1個取り除くことができる。")
    assert got is not None and got["do"][1] == {"op": "remove_coins", "coin": "+10/+10", "n": 1, "may": True,
                                                "spec": {"side": "self"}}


def test_coins_as_conditions_and_selector_parts() -> None:
    got = _one("[メイン/自分]:《0》カードを1枚引く。このテキストは、このカードの上に撃墜コインが3個以上乗っている場合にのみ使用できる。")
    assert got is not None and got["condition"] == {"coins": {"coin": "shootdown", "at_least": 3}}
    got = _one("このカードは、コインが乗っているキャラには妨害されない。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "self", "until": "turn_end", "what": {
        "not_interfered_by": {"coins": {"coin": None, "at_least": 1}}}}]


def test_a_limit_on_the_opponents_approaches() -> None:
    got = _one("このカードがアプローチした場合、相手は、次のターンの間、キャラを2枚までしかアプローチさせることができない。")
    assert got is not None and got["do"] == [{"op": "forbid", "who": "opponent", "what": "approaches",
                                              "filter": {"at_most": 2}, "until": "next_turn_end", "from": "next_turn"}]
    got = _one("このカードが登場した場合、このターン、相手は、キャラを3枚までしかアプローチに参加させることができない。")
    assert got is not None and got["do"][0]["until"] == "turn_end"
    # the time said twice, or not at all: not read
    assert _one("このカードが登場した場合、このターン、相手は、このターン、キャラを3枚までしかアプローチさせることができない。") is None
    assert _one("このカードが登場した場合、相手は、キャラを3枚までしかアプローチさせることができない。") is None


def test_a_cost_change_or_free_entry_in_the_hand_with_the_condition_first() -> None:
    got = _one("このカードは、自分の「乙」がいる状態で手札にある場合、使用コスト-2を得る。")
    assert got is not None and got["condition"] == {"has_name": "乙"}
    assert got["do"] == [{"op": "cost", "n": -2, "until": "turn_end", "who": "self"}]
    got = _one("このカードは、手札にある場合、自分の「乙」がいる場合、〔自由登場〕を得る。")
    assert got is not None and got["condition"] == {"has_name": "乙"}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]
    assert _one("このカードは、自分の「乙」がいる状態で手札にある場合、空を飛ぶ。") is None
