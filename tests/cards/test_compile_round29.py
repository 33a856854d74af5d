"""Readings of the twenty-ninth compiler round (issue 20, helper h20r29), on made-up texts in the phrasings of the
dev sets (no card text of a real set is kept here): modal Events whose modes differ by timing, each mode with its
own target (``required_if``)."""

from __future__ import annotations

from engine.pm.script import shared_look
from tests.pm_cards import made_up_script

_one = made_up_script
EVENT = "イベント"
_HEAD = "このカードをプレイする場合、以下から1つ選択する。"


def test_timed_modes_with_targets() -> None:
    got = _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を手札に戻す。・[アプローチ/両方]:自分のキャラ1枚は、ターン終了時まで"
               "+20/+20を得る。", EVENT)
    assert got is not None
    main, approach = {"phase": "main", "own_turn": True}, {"phase": "approach"}
    assert got["targets"] == [{"side": "opponent", "optional": True, "required_if": main},
                              {"side": "self", "optional": True, "required_if": approach}]
    assert got["do"] == [{"op": "if", "cond": main, "do": [{"op": "move", "target": "target:0", "to": "hand"}]},
                         {"op": "if", "cond": approach, "do": [{"op": "modify", "target": "target:1", "ap": 20, "dp": 20,
                                                                "until": "turn_end"}]}]
    got = _one(f"{_HEAD}・[メイン/相手]:相手のキャラ1枚は、このターン、アプローチに参加できない。"
               "・[アプローチ/相手]:相手のキャラ1枚は、ターン終了時まで+20/-20を得る。", EVENT)
    assert got is not None and [t["required_if"] for t in got["targets"]] == [
        {"phase": "main", "own_turn": False}, {"phase": "approach", "own_turn": False}]


def test_timed_modes_not_read() -> None:
    # two modes in one timing, a mode that may be left out, a mode not read: not read (as in round 28)
    assert _one(f"{_HEAD}・[メイン/両方]:相手のキャラ1枚を休息状態にする。・[メイン/自分]:カードを2枚引く。", EVENT) is None
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:自分のキャラ1枚を活動状態にする"
                "ことができる。", EVENT) is None
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:相手は、謎の行為をする。",
                EVENT) is None
    # a mode acting on "that Chara" of another mode: not read
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:そのキャラを手札に戻す。",
                EVENT) is None


def test_a_support_set_on_this_card_with_no_chara_named() -> None:
    on_me = {"count": {"spec": {"is_source": True, "supported": {}}, "at_least": 1}}
    got = _one("このカードは、サポートカードがセットされている場合、+20/+20を得る。")
    assert got is not None and got["condition"] == on_me and got["trigger"] is None
    got = _one("このカードは、自分のターンの間、サポートカードがセットされている場合、〔我慢〕を得る。")
    assert got is not None and got["condition"] == {"own_turn": True, **on_me}
    got = _one("このカードが、サポートカードがセットされている状態でアプローチした場合、相手のキャラ1枚を休息状態にする。")
    assert got is not None and got["condition"] == on_me and got["trigger"] == "approach"
    # leaving with a Support set (the Support goes with it): not rewritten, not read
    assert _one("このカードがサポートカードがセットされている状態で退場した場合、カードを1枚引く。") is None


def test_rested_onto_an_area_with_the_area_said_first() -> None:
    got = _one("このカードが登場した場合、手札から「試験 花子」1枚をサポートエリアに休息状態で出すことができる。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "hand", "to": "support", "n": 1,
                                              "filter": {"name": "試験 花子"}, "up_to": True, "rested": True}]


def test_the_opponent_may() -> None:
    got = _one("このカードが登場した場合、メインエリアにいる相手のキャラ1枚を指定する。相手は、手札2枚を捨て札にすることができる。"
               "捨て札にしなかった場合、このカードと、指定したキャラは退場判定を行う。捨て札にした場合、カードを1枚引く。")
    assert got is not None and got["targets"] == [{"side": "opponent", "area": "main"}]
    assert got["do"] == [{"op": "pick", "who": "opponent", "from": "hand", "to": "discard", "n": 2, "filter": {},
                          "up_to": True, "all_or_none": True, "else": [{"op": "judge", "target": "target:0"}],
                          "then": [{"op": "draw", "who": "self", "n": 1}]}]
    got = _one("このカードが登場した場合、相手は、手札1枚を捨て札にできる。捨て札にした場合、相手のキャラ1枚を休息状態にする。")
    assert got is not None and got["targets"] == [{"side": "opponent", "optional": True}]
    assert got["do"][0]["up_to"] and "all_or_none" not in got["do"][0] and "else" not in got["do"][0]
    # a branch not opening with the opponent's own verb, two of one kind, a step that is not their pick: not read
    assert _one("このカードが登場した場合、相手は、手札2枚を捨て札にすることができる。そうしなかった場合、カードを1枚引く。") is None
    assert _one("このカードが登場した場合、相手は、手札1枚を捨て札にできる。捨て札にした場合、カードを1枚引く。捨て札にした場合、"
                "カードを1枚引く。") is None
    assert _one("このカードが登場した場合、相手は、カードを1枚引くことができる。引いた場合、カードを1枚引く。") is None
    assert _one("このカードが登場した場合、相手は、手札1枚を捨て札にできる。その後、カードを1枚引く。") is None


def test_a_card_looked_at_onto_the_area_or_into_the_hand() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード5枚を見て、その中にある【試験】を持つキャラ1枚を抜き出し、場に出す。"
               "または、表にしてから手札に加える。その後、残りのカードを任意の順番でデッキの下に移す。")
    take = {"op": "pick", "who": "self", "from": "deck", "n": 1, "filter": {"type": "chara", "property": "試験"},
            "look": 5, "rest_to": "deck_bottom"}
    assert got is not None and got["do"] == [{"op": "choose", "n": 1, "modes": [
        [{**take, "to": "area"}], [{**take, "to": "hand", "reveal": True}]]}]
    # one look at the same cards in each mode: only a card taken counts as doing something (engine.pm.script)
    assert shared_look(got["do"][0]["modes"])
    look = {"op": "pick", "from": "deck", "look": 3, "n": 1, "to": "hand", "rest_to": "deck_bottom"}
    assert not shared_look([[look], [{"op": "draw", "n": 1}]])  # chosen before any card is seen
    assert not shared_look([[look], [{**look, "look": 5}]]) and not shared_look([[look, {"op": "draw"}], [look]])
    # without the sentence on the rest: the rest stay on top in either mode
    got = _one("このカードが登場した場合、デッキの上のカード5枚を見て、その中にあるキャラ1枚を抜き出し、場に出す。または、手札に加える。")
    assert got is not None and [m[0]["to"] for m in got["do"][0]["modes"]] == ["area", "hand"]
    # the same destination twice, or another sentence with または after it: not read
    assert _one("このカードが登場した場合、デッキの上のカード5枚を見て、その中にあるキャラ1枚を抜き出し、手札に加える。または、"
                "手札に加える。") is None
    assert _one("このカードが登場した場合、デッキの上のカード5枚を見て、その中にあるキャラ1枚を抜き出し、場に出す。または、"
                "手札に加える。または、カードを1枚引く。") is None


def test_a_chara_with_this_cards_name_or_a_property_of_it() -> None:
    got = _one("[メイン/両方]:《0》このカードを捨て札にする。その場合、このカードと同じ名称、または同じ特徴を持つ自分のキャラ1枚は、"
               "ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "any_of": [{"shares_name": True},
                                                                              {"shares_property": True}]}]
    # as cards to take from a zone (a card filter cannot hold it): not read
    assert _one("このカードが登場した場合、自分の捨て札置き場にあるこのカードと同じ名称、または同じ特徴を持つキャラ1枚を手札に加える。") \
        is None
