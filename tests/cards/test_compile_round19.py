"""Readings of the nineteenth compiler round (issue 20, helper h20r19): made-up texts in the cards' phrasings (no
card's text), and real effects of the shared sets read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

from engine.pm.cards import reminders
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.compile_np import phrase
from engine.pm.cards.precious import precious_card
from engine.pm.cards.precious_text import known_keyword
from tests.pm_cards import made_up_effect, made_up_script

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


_last, _one = made_up_effect, made_up_script


def test_a_name_that_contains_a_word_in_either_wording() -> None:
    a = phrase("名称に「甲」が含まれている自分のキャラ")
    b = phrase("名称に「甲」を含む自分のキャラ")
    assert a is not None and b is not None and a == b
    assert a.spec == {"name_has": "甲", "side": "self"}
    got = _one("名称に「甲」が含まれている自分のキャラが登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_enter"
    assert got["condition"] == {"subject": {"name_has": "甲", "side": "self"}}
    got = _one("このカードが登場した場合、自分の捨て札置き場にある名称に「甲」が含まれているキャラ1枚を手札に加える。")
    assert got is not None
    assert got["do"][0]["filter"] == {"name_has": "甲", "type": "chara"} and got["do"][0]["from"] == "discard"
    # a name "contained" with another part the reader does not know stays unread
    assert _one("名称に「甲」が含まれている自分のキャラが踊った場合、カードを1枚引く。") is None


def test_a_break_reminder_naming_the_opponents_approach_agrees_with_the_engines_rule() -> None:
    approach = ("（〔ブレイク〕:このカードが相手のアプローチによって自分のポイント置き場に置かれた場合、裏向きにすることで、このカード"
                "をコストを支払わずにプレイできる。）")
    assert reminders.gather(["〔ブレイク〕" + approach], known_keyword).disputed == {}
    # any other wording of it still disputes the keyword: the cards with it stay unverified
    other = "（〔ブレイク〕:このカードが自分のポイント置き場に置かれた場合、このカードをコストを支払ってプレイできる。）"
    assert list(reminders.gather(["〔ブレイク〕" + other], known_keyword).disputed) == ["〔ブレイク〕"]
    card = precious_card({"id": "TST 01-003", "name": "試験", "setName": "試験", "type": "イベント", "color": "赤",
                          "cost": "2", "source": "1", "text": "〔ブレイク〕[メイン/自分]:カードを1枚引く。" + approach},
                         compile=True)
    assert card.break_ and [normalized(e)["do"] for e in card.effects] == [[{"op": "draw", "who": "self", "n": 1}]]


def test_cards_looked_at_from_among_them() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード4枚を見て、その中から「試験 太郎」1枚を抜き出し、表にしてから手札に加える。"
               "その後、残りのカードを任意の順番でデッキの下に移す。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "self", "from": "deck", "to": "hand", "n": 1, "filter": {"name": "試験 太郎"}, "look": 4,
         "reveal": True, "rest_to": "deck_bottom"}]
    assert _one("このカードが登場した場合、デッキの上のカード4枚を見て、その中にある「試験 太郎」1枚を抜き出し、表にしてから手札に加える。"
                "その後、残りのカードを任意の順番でデッキの下に移す。") == got
    # no noun: any card of them
    got = _one("このカードが登場した場合、デッキの上のカード3枚を見て、その中から1枚を手札に加える。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "self", "from": "deck", "to": "hand", "n": 1, "filter": {}, "look": 3}]


def test_entering_also_in_the_players_own_approach_phase() -> None:
    got = _one("このカードは、自分のアプローチフェイズでも登場できる。")
    assert got is not None and got == _one("このカードは、自分のアプローチフェイズにも登場できる。")
    assert got["condition"] == {"own_turn": True}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]


def test_if_done_written_with_the_steps_own_verb() -> None:
    text = "このカードが登場した場合、カードを1枚引くことができる。カードを引いた場合、手札1枚を捨て札にする。"
    card = precious_card({"id": "TST 01-004", "name": "試験", "setName": "試験", "type": "キャラクター", "color": "赤",
                          "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}, compile=True)
    (eff,) = card.effects  # one effect, not a second one heard on drawing
    got = normalized(eff)
    assert got["trigger"] == "enter" and got["optional"]
    assert got["do"] == [{"op": "draw", "who": "self", "n": 1},
                         {"op": "pick", "who": "self", "from": "hand", "to": "discard", "n": 1, "filter": {}}]
    # the same with a step that may do nothing: its "if so" nests
    got = _one("このカードが登場した場合、手札1枚を捨て札にできる。捨て札にした場合、カードを2枚引く。")
    assert got is not None and got["do"][0]["then"] == [{"op": "draw", "who": "self", "n": 2}]
    # another verb opening the next sentence is a trigger of its own
    card = precious_card({"id": "TST 01-005", "name": "試験", "setName": "試験", "type": "キャラクター", "color": "赤",
                          "cost": "1", "source": "1", "ap": "10", "dp": "10",
                          "text": "このカードが登場した場合、カードを1枚引く。このカードが退場した場合、カードを1枚引く。"}, compile=True)
    assert [e.trigger for e in card.effects] == ["enter", "leave"]
    # a later "may draw" followed by "if you drew": whether it was drawn is not told by a sure step: not read
    assert _one("このカードが登場した場合、手札1枚を捨て札にする。その後、カードを1枚引くことができる。カードを引いた場合、"
                "手札1枚を捨て札にする。") is None


def test_if_done_link_words() -> None:
    from engine.pm.cards.if_done import link

    assert link("カードを1枚引くことができる", "カードを引いた場合、x") == len("カードを引いた場合、")
    assert link("手札1枚をこのカードの下に裏向きで重ねることができる", "重ねた場合、x") == len("重ねた場合、")
    assert link("このカードを裏向きにできる", "裏向きにした場合、x") == len("裏向きにした場合、")
    assert link("カードを1枚引く", "このカードが登場した場合、x") == 0
    assert link("カードを1枚引く", "手札を引いた場合、x") == 0  # another object


def test_this_card_from_the_discard_back_to_the_ex_deck_or_into_the_support_area() -> None:
    got = _one("〔EXカード〕このカードが退場した場合、捨て札置き場にあるこのカードをEXデッキに戻す。")
    assert got is not None and got["trigger"] == "leave"
    assert got["do"] == [{"op": "pick", "who": "self", "from": "discard", "to": "ex_deck", "n": 1, "filter": {},
                          "this_card": True}]
    got = _one("このカードが退場した場合、ターン終了時に自分の捨て札置き場にあるこのカードをサポートエリアに出す。")
    assert got is not None and got["do"] == [{"op": "delay", "on": "turn_end", "do": [
        {"op": "pick", "who": "self", "from": "discard", "to": "support", "n": 1, "filter": {}, "this_card": True}]}]
    # rested into the hand is no reading
    assert _one("このカードが退場した場合、捨て札置き場にあるこのカードを休息状態で手札に戻す。") is None


def test_a_usage_cost_at_most_a_players_hand_size() -> None:
    got = _one("このカードは、使用コストが相手の手札の枚数以下のキャラには妨害されない。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "self", "until": "turn_end", "what": {
        "not_interfered_by": {"max_cost": {"count": {"hand": "opponent"}}}}}]
    p = phrase("使用コストが自分の手札の枚数以下の相手のキャラ")
    assert p is not None and p.spec == {"max_cost": {"count": {"hand": "self"}}, "side": "opponent"}


def test_this_card_rested_as_a_condition_and_a_name_with_its_own_brackets() -> None:
    got = _one("自分のターン終了時にこのカードが休息状態の場合、手札にある「試験（甲）」1枚を場に出すことができる。")
    assert got is not None and got["trigger"] == "turn_end" and got["condition"] == {"own_turn": True}
    (step,) = got["do"]
    assert step["if"] == {"rested": True} and step["filter"] == {"name": "試験（甲）"}  # the name as printed
    got = _one("このカードが活動状態の場合、このカードは、+10/+10を得る。")
    assert got is not None and got["condition"] == {"rested": False}
    # a note in （） after a name is still a note
    got = _one("このカードが登場した場合、自分の「試験 花子」1枚は、ターン終了時まで〔我慢〕を得る。（〔我慢〕:DPが10以上の〔我慢〕を持つ"
               "キャラは、退場しない。）")
    assert got is not None and got["targets"] == [{"name": "試験 花子", "side": "self"}]


def test_a_later_may_draw_is_not_read_as_a_draw() -> None:
    # "then you may draw" after another step: no step holds that choice, so the effect stays unread (it was a draw)
    assert _one("このカードが登場した場合、手札1枚を捨て札にする。その後、カードを1枚引くことができる。") is None
    got = _one("このカードが登場した場合、カードを1枚引くことができる。")  # opening the effect: the effect is optional
    assert got is not None and got["optional"] and got["do"] == [{"op": "draw", "who": "self", "n": 1}]
