"""Readings of the twenty-second compiler round (issue 20, helper h20r22): made-up texts in the cards' phrasings (no
card's text); shared-set cards read at run time where one has the wording."""

from __future__ import annotations

from typing import Any

from engine.pm.cards import reminders
from engine.pm.cards.precious import parse_precious
from engine.pm.cards.precious_text import known_keyword
from tests.pm_cards import made_up_script

_one = made_up_script


def _data(num: str, text: str) -> dict[str, Any]:
    return {"id": f"TST 01-{num}", "name": f"試験 {num}", "setName": "試験", "type": "キャラクター", "color": "赤",
            "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}


def test_a_cost_reminder_with_suru_koto_ga_dekiru_agrees() -> None:
    """《0》's reminder "usable by declaring alone", written 使用することができる (= 使用できる), is the engine's rule:
    it no longer disputes 《0》 (which left every 《0》 effect of its set unread)."""
    for verb in ("使用できる", "使用することができる"):
        assert reminders.gather([f"（《0》：宣言のみでテキストを{verb}。）"], known_keyword).disputed == {}, verb
    for verb in ("使用できる", "使用することができる"):
        assert reminders.gather([f"（《2》:コストを2支払うことでテキストを{verb}。）"], known_keyword).disputed == {}
    assert list(reminders.gather(["（《0》：コストを1支払うことでテキストを使用することができる。）"],
                                 known_keyword).disputed) == ["《0》"]
    note = "（《0》：宣言のみでテキストを使用することができる。）"
    db = parse_precious([("t.json", [_data("001", "[メイン/自分]:《0》カードを1枚引く。" + note),
                                     _data("002", "[メイン/自分]:《0》自分のキャラ1枚は、ターン終了時まで+10/+10を得る。")])],
                        compile=True)
    assert db.get("TST 01-001").effects[0].compiled and db.get("TST 01-002").effects[0].compiled


EXACT_EMPTY = {"cards": {"zone": "hand", "who": "self", "at_least": 0, "at_most": 0}}


def test_a_hand_of_exactly_n_cards() -> None:
    """手札の枚数がN枚の場合 (no 以上 / 以下): exactly N cards in the hand, as a continuous effect's condition."""
    got = _one("このカードは、自分の手札の枚数が0枚の場合、+20/±0を得る。")
    assert got is not None and got["condition"] == EXACT_EMPTY
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 20, "dp": 0, "until": "turn_end"}]
    got = _one("このカードは、相手の手札の枚数が3枚の場合、〔強引〕を得る。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "opponent", "at_least": 3,
                                                             "at_most": 3}}


def test_a_grant_under_two_conditions() -> None:
    got = _one("このカードは、自分の手札の枚数が0枚の場合、自分のターンの間、相手のキャラの効果の対象にならない。")
    assert got is not None and got["condition"] == {**EXACT_EMPTY, "own_turn": True}
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"untargetable_by": "chara"}, "until": "turn_end"}]
    # two conditions of one kind are not read (which one holds?)
    assert _one("このカードは、自分のターンの間、相手のターンの間、退場しない。") is None


def test_every_x_of_yours_becomes_active_at_the_end_of_the_turn() -> None:
    """自分の全てのXは、(C場合、)ターン終了時に活動状態になる: a turn-end trigger standing every X (under C, checked
    then)."""
    got = _one("自分の全ての【試験】を持つキャラは、ターン終了時に活動状態になる。")
    assert got is not None and got["trigger"] == "turn_end" and got["condition"] == {}
    assert got["do"] == [{"op": "activate", "target": {"all": {"side": "self", "property": "試験"}}}]
    got = _one("自分の全てのキャラは、自分の手札の枚数が0枚の場合、ターン終了時に活動状態になる。")
    assert got is not None and got["condition"] == EXACT_EMPTY and got["do"] == [{"op": "activate", "target": "all_own"}]


def test_coins_put_on_one_of_your_x_written_with_a_comma_or_without_ue() -> None:
    want = [{"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 2}]
    for on in ("1枚の上に、", "1枚の上に", "1枚に"):
        got = _one(f"このカードが登場した場合、メインエリアにいる自分の「試験 一郎」{on}+10/+10コインを2個乗せる。")
        assert got is not None and got["do"] == want, on
        assert got["targets"] == [{"area": "main", "side": "self", "name": "試験 一郎"}]


def test_coins_as_conditions_and_selector_parts() -> None:
    """"K of your X hold N or more coins" (…の上に…コインがN個以上ある状態で登場した場合), "this card holds N or more"
    (ある = 乗っている), "one of your X with no coin on it"."""
    got = _one("このカードが、自分の「試験 一郎」1枚の上に+10/+10コインが3個以上ある状態で登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter"
    assert got["condition"] == {"count": {"spec": {"side": "self", "name": "試験 一郎", "not_self": True,
                                                   "coins": {"coin": "+10/+10", "at_least": 3}}, "at_least": 1}}
    got = _one("このカードは、このカードの上に+10/+10コインが2個以上ある場合、〔強引〕を得る。")
    assert got is not None and got["condition"] == {"coins": {"coin": "+10/+10", "at_least": 2}}
    got = _one("このカードが登場した場合、+10/+10コインが乗っていない自分のキャラ1枚の上に+10/+10コインを1個乗せる。")
    assert got is not None and got["targets"] == [{"side": "self", "coins": {"coin": "+10/+10", "at_most": 0}}]
    # "this card, with N coins on one of them": a phrase naming the coins twice is not read
    assert _one("このカードが、コインが乗っている自分のキャラ1枚の上にコインが3個以上ある状態で登場した場合、カードを1枚引く。") is None


def test_this_card_used_as_the_cost_of_a_named_card() -> None:
    """このカードが自分の「X」のコストとして使用された場合: paid from the hand for playing X (``paid_for_play``, the card
    filter ``played``), heard in the discard; its step is this card from the discard."""
    got = _one("このカードが自分の「試験 一郎」のコストとして使用された場合、自分の捨て札置き場にあるこのカードを休息状態でサポートエリアに"
               "出すことができる。")
    assert got is not None and got["trigger"] == "paid_for_play" and got["optional"]
    assert got["condition"] == {"played": {"name": "試験 一郎"}}
    assert got["do"] == [{"op": "pick", "who": "self", "from": "discard", "to": "support", "n": 1, "filter": {},
                          "this_card": True, "rested": True, "up_to": True}]
    got = _one("このカードが【試験】を持つキャラのコストとして使用された場合、自分の捨て札置き場にあるこのカードを手札に戻す。")
    assert got is not None and got["condition"] == {"played": {"property": "試験", "type": "chara"}}
    # the opponent's card, or a step on this card as a Chara (it lies in the discard): not read
    assert _one("このカードが相手の「試験 一郎」のコストとして使用された場合、自分の捨て札置き場にあるこのカードを手札に戻す。") is None
    assert _one("このカードが「試験 一郎」のコストとして使用された場合、このカードは、ターン終了時まで+10/+10を得る。") is None


def test_searches_shown_before_taken_into_the_hand() -> None:
    """自分のデッキを全て見て = デッキの中を全て見て; AP/DPの値を持たない (printed -/-) in a card filter; 表にしてから: the card is
    shown (``reveal``)."""
    got = _one("このカードが登場した場合、自分のデッキを全て見て、その中にある「試験 本」1枚を抜き出し、表にしてから手札に加える。"
               "その後、デッキをシャッフルする。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "self", "from": "deck", "to": "hand", "n": 1, "filter": {"name": "試験 本"}, "reveal": True},
        {"op": "shuffle", "who": "self"}]
    got = _one("このカードが登場した場合、デッキの上のカード5枚を見て、その中にあるAP/DPの値を持たない『試験』のキャラ1枚を抜き出し、"
               "表にしてから手札に加える。その後、デッキをシャッフルする。")
    assert got is not None and got["do"][0]["filter"] == {"not": {"has_stats": True}, "series": "試験", "type": "chara"}
    assert got["do"][0]["look"] == 5 and got["do"][0]["reveal"]


def test_a_provided_cost_bonus_written_kosuto_ni() -> None:
    """Xのコストに使用する場合 = Xのコストとして使用する場合 (the provided-cost bonus when paid for X)."""
    got = _one("このカードは、「試験 一郎」のコストに使用する場合、発生コスト+2を得る。")
    assert got is not None and got["do"] == [{"op": "source", "n": 2, "for": {"name": "試験 一郎"}}]


def test_if_so_at_the_end_of_the_turn_you_may_stand_that_chara() -> None:
    """"X gets +A/+D. If so, at the end of the turn you may stand that Chara": the delayed step's own ``may`` (decided
    when it runs), the set-up optional too."""
    got = _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで+10/+10を得る。その場合、ターン終了時にそのキャラを"
               "活動状態にすることができる。")
    assert got is not None and got["do"][0]["then"] == [
        {"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "target:0", "may": True}], "optional": True}]
    # another step than standing or resting that Chara, with "may", stays unread
    assert _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで+10/+10を得る。その場合、ターン終了時にそのキャラを"
                "手札に戻すことができる。") is None
