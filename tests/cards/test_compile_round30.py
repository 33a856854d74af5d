"""Readings of the thirtieth compiler round (issue 20, helper h20r30), on made-up texts in the phrasings of the dev
sets (no card text of a real set is kept here): this card's state before its approach with the subject said first,
AP / DP of N or more, "approaching or interfering", names holding a word as any card, hand cards' costs and colors
as continuous effects, a Support set on this card, a Support's host, the next card's cost with more off "if it is
X", and this card's name or property in a trigger's subject. The made-up card is 「試験 花子」 of 『試験』."""

from __future__ import annotations

from tests.pm_cards import made_up_script

_one = made_up_script
EVENT, SUPPORT = "イベント", "サポート"


def test_this_cards_state_before_its_approach_with_the_subject_first() -> None:
    got = _one("このカードは、自分の「試験 次郎」または「試験 三郎」がいる状態でアプローチした場合、ターン終了時まで〔我慢〕を得る。")
    assert got is not None and got["trigger"] == "approach"
    assert got["condition"] == {"has_name": ["試験 次郎", "試験 三郎"]}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "endure", "until": "turn_end"}]
    got = _one("このカードは、自分の「試験 次郎」が2枚以上いる状態でアプローチに参加した場合、ターン終了時まで、使用コストが0のキャラには"
               "妨害されない。")
    assert got is not None and got["condition"] == {"count": {"spec": {"side": "self", "name": "試験 次郎", "not_self": True},
                                                              "at_least": 2}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"not_interfered_by": {"max_cost": 0}},
                          "until": "turn_end"}]
    # a count of this card's own name: is this card, on the Area as it approaches, one of them? not read
    assert _one("このカードは、自分の「試験 花子」が5枚以上いる状態でアプローチに参加した場合、ターン終了時まで+20/+20を得る。") is None
    # anything but this card's own gain after the head: not rewritten, not read
    assert _one("このカードは、自分の「試験 次郎」がいる状態でアプローチした場合、相手のキャラ1枚を休息状態にする。") is None


def test_ap_or_dp_of_n_or_more() -> None:
    got = _one("このカードがAPが100以上ある状態でアプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "approach"
    assert got["condition"] == {"count": {"spec": {"is_source": True, "min_ap": 100}, "at_least": 1}}
    got = _one("このターン、APが100以上の自分の全てのキャラは〔突破30〕を得る。", EVENT)
    assert got is not None and got["do"] == [{"op": "grant", "target": {"all": {"side": "self", "min_ap": 100}},
                                              "what": {"breakthrough": 30}, "until": "turn_end"}]
    got = _one("DPの値が50以上の自分のキャラ1枚は、ターン終了時まで+10/+10を得る。", EVENT)
    assert got is not None and got["targets"] == [{"side": "self", "min_dp": 50}]
    got = _one("[メイン/自分]:《0》このカードのDPの値が100以上ある場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"count": {"spec": {"is_source": True, "min_dp": 100}, "at_least": 1}}
    # "if DP is N or more, A. Then B": is B under the condition too? not read (round 17's reading is not extended)
    assert _one("[メイン/自分]:《0》このカードのDPの値が100以上ある場合、カードを1枚引く。その後、手札1枚を捨て札にする。") is None
    # an AP/DP change gated on this card's own DP reads what it changes: not read
    assert _one("このカードは、このカードのDPが100以上ある場合、+10/+10を得る。") is None


def test_approaching_or_interfering() -> None:
    got = _one("アプローチまたは妨害に参加している自分のキャラ1枚は、ターン終了時まで-20/-20を得る。その場合、カードを2枚引く。", EVENT)
    assert got is not None and got["targets"] == [{"side": "self", "any_of": [{"approaching": True}, {"interfering": True}]}]
    assert got["do"][0]["then"] == [{"op": "draw", "who": "self", "n": 2}]


def test_a_name_or_a_word_of_a_name_of_any_card() -> None:
    either = {"any_of": [{"name": "試験 次郎"}, {"name_has": "試験"}]}
    got = _one("このカードが登場した場合、EXデッキから「試験 次郎」または名称に「試験」を含むカード1枚を抜き出し、手札に移す。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "ex_deck", "to": "hand", "n": 1,
                                              "filter": either}]
    got = _one("このカードが登場した場合、このターン、自分が次にプレイする「試験 次郎」または名称に「試験」を含むカード1枚は、"
               "使用コスト-3を得る。")
    assert got is not None and got["do"] == [{"op": "cost", "who": "self", "next": True, "n": -3, "filter": either,
                                              "until": "turn_end"}]


def test_hand_cards_costs_and_colors_as_continuous_effects() -> None:
    got = _one("手札にある全ての「試験 次郎」は、使用コスト-1を得る。")
    assert got is not None and got["trigger"] is None
    assert got["do"] == [{"op": "cost", "who": "self", "n": -1, "target": {"name": "試験 次郎"}, "until": "turn_end"}]
    got = _one("手札とデッキと自分の場の全てのカードの色は、青としても扱う。")
    assert got is not None and got["do"] == [{"op": "also_color", "color": "blue", "zones": ["hand", "deck", "area"]}]
    got = _one("手札の全てのカードの色は、青としても扱う。")
    assert got is not None and got["do"] == [{"op": "also_color", "color": "blue", "zones": ["hand"]}]
    # a zone not among the hand, the deck and the player's field; a side named for the hand's cards: not read
    assert _one("手札と捨て札置き場の全てのカードの色は、青としても扱う。") is None
    assert _one("手札にある全ての相手の「試験 次郎」は、使用コスト-1を得る。") is None


def test_a_support_set_on_this_card_as_a_cause() -> None:
    got = _one("このカードにサポートカードがセットされた場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_supported", {"subject": {"is_source": True}})


def test_a_supports_host() -> None:
    got = _one("このカードがセットされたキャラは、±0/+30を得る。", SUPPORT)
    assert got is not None and got["do"] == [{"op": "modify", "target": "self", "ap": 0, "dp": 30, "until": "turn_end"}]
    got = _one("このカードがセットされているキャラは+20/+20を得るとともに、使用コストが0のキャラには妨害されない。", SUPPORT)
    assert got is not None and got["do"] == [
        {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"},
        {"op": "grant", "target": "self", "what": {"not_interfered_by": {"max_cost": 0}}, "until": "turn_end"}]
    # a condition naming "this card" (the Support or its Chara?): not read
    assert _one("このカードがセットされているキャラは、このカードの上にコインが乗っている場合、+20/+20を得る。", SUPPORT) is None


def test_the_next_card_with_more_off_if_it_is_x() -> None:
    got = _one("[メイン/両方]:《休》このターン、自分が次にプレイする『試験』のキャラ1枚は、使用コスト-1を得る。"
               "そのキャラが「試験 次郎」の場合、使用コスト-1を得る。")
    assert got is not None and got["do"] == [{"op": "cost", "who": "self", "next": True, "n": -1,
                                              "filter": {"series": "試験", "type": "chara"}, "until": "turn_end",
                                              "extra": [{"filter": {"name": "試験 次郎"}, "n": -1}]}]
    # a side named, or no change of the next card before it: not read
    assert _one("[メイン/両方]:《休》このターン、自分が次にプレイする『試験』のキャラ1枚は、使用コスト-1を得る。"
                "そのキャラが相手の「試験 次郎」の場合、使用コスト-1を得る。") is None
    assert _one("[メイン/両方]:《休》カードを1枚引く。そのキャラが「試験 次郎」の場合、使用コスト-1を得る。") is None


def test_this_cards_name_or_property_in_a_triggers_subject() -> None:
    kin = {"side": "self", "any_of": [{"shares_name": True}, {"shares_property": True}]}
    got = _one("このカードと同じ名称、または同じ特徴を持つ自分のキャラ1枚がアプローチに参加した場合、相手のキャラ1枚は、ターン終了時まで"
               "-10/-10を得る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_approach", {"subject": kin})
    got = _one("自分の【試験部】を持つキャラ1枚が妨害に参加した場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"subject": {"side": "self", "property": "試験部"}}
    # "that Chara" with no Chara named before: the trigger's subject (step target ``subject``, step 6)
    got = _one("このカードと同じ名称、または同じ特徴を持つ自分のキャラ1枚がアプローチに参加した場合、そのキャラは、ターン終了時まで"
               "+10/+10を得る。")
    assert got is not None and got["do"] == [{"op": "modify", "target": "subject", "ap": 10, "dp": 10, "until": "turn_end"}]


def test_that_chara_after_another_charas_event() -> None:
    got = _one("自分のキャラがアプローチに参加した場合、そのキャラは、ターン終了時まで使用コスト+2、+10/-10を得る。")
    assert got is not None and got["trigger"] == "any_approach"
    assert got["do"] == [{"op": "grant", "target": "subject", "what": {"cost": 2}, "until": "turn_end"},
                         {"op": "modify", "target": "subject", "ap": 10, "dp": -10, "until": "turn_end"}]
    # a Chara named before: "that Chara" is that one, as before
    got = _one("自分のキャラが登場した場合、相手のキャラ1枚を休息状態にする。その後、そのキャラは、ターン終了時まで-10/-10を得る。")
    assert got is not None and got["do"][1]["target"] == "target:0"
    # this card's own event (no other Chara's): "that Chara" names none, not read
    assert _one("このカードがアプローチに参加した場合、そのキャラは、ターン終了時まで+10/+10を得る。") is None


def test_short_and_comma_less_wordings() -> None:
    # this card's gain after an every-time head with the subject first; another Chara of yours entering
    got = _one("このカードは、相手のキャラが退場するごとに、ターン終了時まで〔天然+1〕、+10/+10を得る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("other_leave", {"subject": {"side": "opponent"}})
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end"},
                         {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"}]
    got = _one("このカードは、このカード以外の自分のキャラが登場した場合、ターン終了時に活動状態になる。")
    assert got is not None and got["trigger"] == "other_enter"
    assert got["do"] == [{"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "self"}]}]
    # a condition (いる) before this card's stand stays the turn-end head's condition, as before
    got = _one("このカードは、自分の【試験部】を持つキャラが4枚以上いる場合、ターン終了時に活動状態になる。")
    assert got is not None and got["trigger"] == "turn_end" and got["do"] == [{"op": "activate", "target": "self"}]
    got = _one("自分の「試験 次郎」のアプローチでポイントを与えた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "other_gave_point"
    got = _one("[メイン/両方]:《休》デッキの上のカード1枚を見る。その場合、そのカードをデッキの下に移すことができる。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "deck", "to": "deck_bottom", "n": 1,
                                              "filter": {}, "look": 1, "up_to": True}]
    got = _one("[メイン/相手]:《休》、自分のキャラ1枚を活動状態にする。その場合このカードを捨て札にする。")
    assert got is not None and got["do"] == [{"op": "activate", "target": "target:0",
                                              "then": [{"op": "move", "target": "self", "to": "discard"}]}]


def test_cannot_interfere_this_card() -> None:
    got = _one("このカードがアプローチした場合、相手のキャラ1枚は、ターン終了時までこのカードを妨害できない。")
    assert got is not None and got["targets"] == [{"side": "opponent"}]
    assert got["do"] == [{"op": "grant", "target": "target:0", "what": {"cannot_interfere_with": {"chara": "self"}},
                          "until": "turn_end"}]
    # "may", or an Event (no Chara of its own): not read
    assert _one("相手のキャラ1枚は、ターン終了時までこのカードを妨害できない。", EVENT) is None


def test_every_chara_approaching_or_interfering_none_in_an_area_a_cost_with_no_duration() -> None:
    got = _one("このカードは、キャラがアプローチまたは妨害に参加するごとに、ターン終了時まで±0/+10を得る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_approach|any_interfering", {"subject": {}})
    got = _one("このカードは、自分のメインエリアに「試験 次郎」がいない場合、アプローチできない。")
    assert got is not None and got["condition"] == {"not": {"count": {"spec": {"side": "self", "area": "main",
                                                                              "name": "試験 次郎"}, "at_least": 1}}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "cannot_approach", "until": "turn_end"}]
    got = _one("このカードが登場した場合、自分のキャラ1枚は、使用コスト+3を得る。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "target:0", "what": {"cost": 3}, "until": "turn_end"}]
    # the next card played keeps its own reading
    got = _one("このカードが登場した場合、このターン、自分が次にプレイするキャラ1枚は、使用コスト-1を得る。")
    assert got is not None and got["do"][0]["op"] == "cost" and got["do"][0]["next"]


def test_any_charas_event_before_this_cards_stand_and_gains_with_a_grant() -> None:
    got = _one("このカードは、キャラが退場した場合、活動状態になるとともに、もう一度アプローチできる。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_leave", {"subject": {}})
    assert got["do"] == [{"op": "activate", "target": "self"},
                         {"op": "grant", "target": "self", "what": "approach_again", "until": "turn_end"}]
    got = _one("このカードは、サポートカードがセットされている場合、+20/+20を得るとともに、相手のイベントカードの対象にならない。")
    assert got is not None and got["condition"] == {"count": {"spec": {"is_source": True, "supported": {}}, "at_least": 1}}
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"},
                         {"op": "grant", "target": "self", "what": {"untargetable_by": "event"}, "until": "turn_end"}]
    # a second part the grant phrases do not hold: not read
    assert _one("このカードは、+20/+20を得るとともに、謎の状態になる。") is None


def test_while_this_card_interferes_with_the_subject_as_ga() -> None:
    got = _one("このカードが使用コストの値が2以下の相手のキャラを妨害している場合、±0/+20を得る。")
    assert got is not None and got["trigger"] is None
    assert got["condition"] == {"interfering_with": {"side": "opponent", "max_cost": 2}}
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 0, "dp": 20, "until": "turn_end"}]
