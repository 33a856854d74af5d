"""Readings of the fourteenth compiler round (issue 20, helper h20r14). Made-up texts in the cards' phrasings (no
card's text)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.compile_np import phrase
from engine.pm.cards.precious import precious_card


def _one(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    effects = precious_card(data, compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


# -- the audit: a phrase's parts outside its spec are never dropped ---------------------------------------------


@pytest.mark.parametrize("text", ["そのキャラ以外の自分のキャラ", "このカードと同じ名称のキャラ", "全ての自分のキャラ",
                                  "指定したキャラと同じ名称のキャラ"])
def test_a_spec_or_filter_refuses_the_parts_it_cannot_hold(text: str) -> None:
    p = phrase(text)
    assert p is not None and p.unheld()
    with pytest.raises(ValueError):
        p.chara_spec()
    with pytest.raises(ValueError):
        p.card_filter()


def test_a_caller_that_reads_a_part_itself_says_so() -> None:
    p = phrase("全ての自分のキャラ")
    assert p is not None and p.chara_spec(every=True) == {"side": "self"}
    assert p.card_filter(every=True) == {"side": "self", "type": "chara"}
    p = phrase("このカードと同じ名称のキャラ")
    assert p is not None and p.card_filter(same_name=True) == {"type": "chara"}
    with pytest.raises(ValueError):  # "other than that Chara": no card filter holds it, whatever the caller says
        phrase("そのキャラ以外のキャラ").card_filter(every=True, same_name=True)  # type: ignore[union-attr]
    with pytest.raises(ValueError):  # "this card" is no kind of Chara
        phrase("このカード").chara_spec()  # type: ignore[union-attr]


def test_readers_that_dropped_a_part_now_refuse() -> None:
    # "for each of your Charas other than that Chara": was read as every Chara of yours
    assert _one("[メイン/自分]:《休》相手のキャラ1枚は、ターン終了時まで-10/-10を得る。その後、そのキャラ以外の自分のキャラ1枚"
                "につき、カードを1枚引く。") is None
    # "if the opponent has 2 Charas other than that Chara": was read as any 2 of theirs
    assert _one("[メイン/自分]:《休》相手のキャラ1枚は、ターン終了時まで-10/-10を得る。そのキャラ以外の相手のキャラが2枚以上"
                "いる場合、カードを1枚引く。") is None
    # "the next every-Chara you play": "every" on a next-played card was dropped
    assert _one("[メイン/自分]:《休》このターン、自分が次にプレイする全てのキャラ1枚は、使用コスト-1を得る。") is None
    # still read: the plain phrases
    got = _one("[メイン/自分]:《休》カードを1枚引く。その後、自分の【丙】1枚につき、カードを1枚引く。")
    assert got is not None and got["do"][1]["per"] == {"charas": {"property": "丙", "side": "self"}}


# -- "the number rested" as a value -----------------------------------------------------------------------------

_RESTED = {"picked": "cards"}


def test_the_number_rested_as_a_usage_cost_after_rest_any() -> None:
    got = _one("[メイン/自分]:《1》任意の枚数の自分の【丙】を持つキャラを休息状態にする。その場合、キャラ1枚は、ターン終了時まで"
               "休息状態にした枚数と同じ使用コストの値を持つキャラには妨害されない。")
    assert got is not None and got["targets"] == [{}] and got["do"] == [{"op": "rest_any", "spec": {"property": "丙"}, "then": [
        {"op": "grant", "target": "target:0", "until": "turn_end",
         "what": {"not_interfered_by": {"max_cost": _RESTED, "min_cost": _RESTED}}}]}]
    # anywhere else (a target, no rest before) the number is not there to count: not read
    assert _one("[メイン/自分]:《1》任意の枚数の自分の【丙】を持つキャラを休息状態にする。その場合、休息状態にした枚数と同じ使用"
                "コストの値を持つ相手のキャラ1枚を退場させる。") is None
    assert _one("[メイン/自分]:《1》キャラ1枚は、ターン終了時まで休息状態にした枚数と同じ使用コストの値を持つキャラには"
                "妨害されない。") is None


def test_does_not_become_active() -> None:
    got = _one("このカードが退場した場合、相手のキャラ1枚を休息状態にできる。その場合、そのキャラは、ターン終了時まで活動状態に"
               "ならない。")
    assert got is not None and got["optional"] and got["do"] == [{"op": "rest", "target": "target:0", "then": [
        {"op": "grant", "target": "target:0", "until": "turn_end", "what": "stays_rested"}]}]
    got = _one("このカードが登場した場合、このターン、相手の全てのキャラは活動状態にならない。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "all_opponent", "until": "turn_end",
                                              "what": "stays_rested"}]


def test_this_cards_own_usage_cost_change_on_the_area() -> None:
    got = _one("このカードは、相手のターンの間、使用コスト+3を得る。")
    assert got is not None and got["condition"] == {"own_turn": False} and got["do"] == [
        {"op": "grant", "target": "self", "until": "turn_end", "what": {"cost": 3}}]
    # a condition that reads usage costs could ask for the cost it changes: not read
    assert _one("このカードは、使用コストが3以上の自分のキャラがいる場合、使用コスト+1を得る。") is None
    # in the hand: the hand's own reading (a cost step), not this one
    got = _one("このカードは、手札にある状態で自分の「乙」がいる場合、使用コスト-1を得る。")
    assert got is not None and [x["op"] for x in got["do"]] == ["cost"]
