"""Readings of the twenty-sixth compiler round (issue 20, helper h20r26), on made-up texts in the phrasings of the dev
sets (no card text of a real set is kept here): Event plays said with the player as subject, a second event said
"every time" or "put into your Point Zone", "this card, during your turn, while C, gets G and stands at the end of the
turn", "that Chara" after a gain joined by とともに, and a head's own subject left out before 活動状態になる."""

from __future__ import annotations

from tests.pm_cards import made_up_script

_one = made_up_script
PLUS40 = [{"op": "modify", "target": "self", "ap": 40, "dp": 40, "until": "turn_end"}]


def test_an_event_played_with_the_player_as_subject() -> None:
    for head, cause in (("自分がイベントカードをプレイした場合、", "own_event"), ("自分がイベントカードをプレイするごとに、", "own_event"),
                        ("相手がイベントカードをプレイするごとに、", "opp_event"),
                        ("イベントカードがプレイされるごとに、", "own_event|opp_event")):
        got = _one(f"{head}このカードは、ターン終了時まで+40/+40を得る。")
        assert got is not None and (got["trigger"], got["do"]) == (cause, PLUS40), head


def test_two_events_of_this_card_with_every_time_or_the_point_zone() -> None:
    got = _one("このカードが登場した場合、またはアプローチするごとに、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|approach"
    got = _one("このカードが登場した場合、または自分のポイント置き場に置かれた場合、自分のキャラ1枚は、ターン終了時まで+20/+20を得る。")
    assert got is not None and got["trigger"] == "enter|to_point" and got["targets"] == [{"side": "self"}]
    # heard in the Point Zone too: no step may act on "this card" as a Chara
    assert _one("このカードが登場した場合、または自分のポイント置き場に置かれた場合、このカードは、ターン終了時まで+20/+20を得る。") is None
    # "every time" said first, then 場合: not this wording
    assert _one("このカードが登場するごとに、またはアプローチした場合、カードを1枚引く。") is None


def test_during_your_turn_while_coined_gains_and_stands_at_the_end() -> None:
    for gain, step in (("〔我慢〕", {"op": "grant", "target": "self", "until": "turn_end", "what": "endure"}),
                       ("+20/+20", {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"})):
        got = _one(f"このカードは、自分のターンの間、このカードの上に+10/+10コインが乗っている場合、{gain}を得るとともに、"
                   "ターン終了時に活動状態になる。")
        assert got is not None and got["trigger"] == "turn_end"
        assert got["condition"] == {"coins": {"coin": "+10/+10", "at_least": 1}, "own_turn": True}
        assert got["do"] == [{"op": "activate", "target": "self"}, {**step, "static": True}]


def test_that_chara_after_a_joined_gain_is_the_one_chara_named() -> None:
    got = _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで〔アクティブ〕を得るとともに、"
               "そのキャラよりAPが30以上低いキャラには妨害されない。")
    assert got is not None and got["targets"] == [{"side": "self"}]
    assert got["do"][1] == {"op": "grant", "target": "target:0", "until": "turn_end",
                            "what": {"not_interfered_by": {"below_source": {"stat": "ap", "by": 30}}}}
    # two Charas named: "that Chara" is not one, the comparison is not read
    assert _one("このカードが登場した場合、自分のキャラ2枚は、ターン終了時まで〔アクティブ〕を得るとともに、"
                "そのキャラよりAPが30以上低いキャラには妨害されない。") is None


def test_the_heads_own_subject_left_out_before_becoming_active() -> None:
    got = _one("このカードが妨害された場合、ターン終了時に活動状態になる。")
    assert got is not None and got["trigger"] == "interfered"
    assert got["do"] == [{"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "self"}]}]
    got = _one("このカードがアプローチした場合、活動状態になる。")
    assert got is not None and got["do"] == [{"op": "activate", "target": "self"}]
    # a head naming another Chara: whose standing is meant is not read
    assert _one("このカードが相手のキャラを妨害した場合、ターン終了時に活動状態になる。") is None


def test_a_state_said_before_this_cards_approach_or_leaving() -> None:
    got = _one("このカードのAPが100以上ある状態でこのカードがアプローチした場合、カードを1枚引く。")
    # a condition on this card itself: it is the one counted (not left out as another Chara would be)
    assert got is not None and got["trigger"] == "approach"
    assert got["condition"] == {"count": {"spec": {"is_source": True, "min_ap": 100}, "at_least": 1}}
    got = _one("このカードのAPが100以上ある状態でこのカードが登場した場合、カードを1枚引く。")
    assert got is not None and got["condition"]["count"]["spec"] == {"is_source": True, "min_ap": 100}
    got = _one("自分の「乙」がいる状態でこのカードが退場した場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("leave", {"has_name": "乙"})
    got = _one("自分の「乙」がいる状態でこのカードがアプローチした場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"has_name": "乙"}
    # another Chara counted while this card approaches: this card is left out of the count
    got = _one("自分のキャラが2枚以上いる状態でこのカードがアプローチした場合、カードを1枚引く。")
    assert got is not None and got["condition"]["count"]["spec"].get("not_self") is True


def test_this_card_said_before_another_charas_head() -> None:
    got = _one("このカードは、自分の「乙」が登場した場合、ターン終了時まで〔アクティブ〕〔我慢〕を得る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("other_enter", {"subject": {"side": "self", "name": "乙"}})
    assert [s["what"] for s in got["do"]] == ["active", "endure"] and {s["target"] for s in got["do"]} == {"self"}
    # a head with no subject of its own is this card's: the subject is not moved; round 27 reads it as this card's own
    # event (このカードは、アプローチした場合 = このカードがアプローチした場合), as このカードは、登場した場合 was read
    got = _one("このカードは、アプローチした場合、ターン終了時まで+10/+10を得る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("approach", {})
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"}]


def test_in_a_point_turn_while_in_the_hand() -> None:
    got = _one("このカードは、自分または相手のポイント置き場にカードが置かれたターンの間、手札にある場合、〔自由登場〕を得る。")
    assert got is not None and got["trigger"] is None
    assert got["condition"] == {"history": {"event": "point", "filter": {}, "who": "any", "at_least": 1}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]
    got = _one("このカードは、自分または相手のポイント置き場にカードが置かれたターンの間、手札にある場合、使用コスト-1を得る。")
    assert got is not None and got["do"][0]["op"] == "cost" and got["do"][0]["n"] == -1
    # something else gained in the hand: not this wording
    assert _one("このカードは、自分または相手のポイント置き場にカードが置かれたターンの間、手札にある場合、+10/+10を得る。") is None


def test_if_c_instead_b() -> None:
    got = _one("このカードがアプローチした場合、このカードは、ターン終了時まで+20/+20を得る。このカードの上に+10/+10コインが"
               "乗っている場合、代わりに、このターン、自分の全てのキャラは、+20/+20を得る。")
    assert got is not None and got["do"] == [{
        "op": "if", "cond": {"coins": {"coin": "+10/+10", "at_least": 1}},
        "do": [{"op": "modify", "target": "all_own", "ap": 20, "dp": 20, "until": "turn_end"}],
        "else": [{"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"}]}]
    # a first part with a choice or a target: what "instead" replaces is not read
    assert _one("このカードがアプローチした場合、ターン終了時に自分のキャラを2枚まで活動状態にできる。このカードの上に"
                "+10/+10コインが乗っている場合、代わりに自分の全てのキャラを活動状態にする。") is None
    assert _one("このカードがアプローチした場合、相手のキャラ1枚は、ターン終了時まで-20/-20を得る。このカードの上に+10/+10"
                "コインが乗っている場合、代わりに、相手の全てのキャラは、ターン終了時まで-20/-20を得る。") is None


def test_made_to_appear_without_paying_is_an_effects_entry() -> None:
    got = _one("このカードが登場した場合、EXデッキから使用コストが1以下の『試験』のキャラを2枚まで抜き出し、"
               "コストを支払わずに登場させる。")
    assert got is not None and got["do"] == [{"op": "pick", "from": "ex_deck", "to": "area", "n": 2, "up_to": True,
                                              "who": "self", "filter": {"max_cost": 1, "series": "試験", "type": "chara"}}]
    # the same words with an Area named (〔EPIC〕's) are not this rewrite
    assert _one("このカードが登場した場合、EXデッキから『試験』のキャラ1枚を抜き出し、コストを支払わずに、メインエリアまたは"
                "サポートエリアに登場させる。") is None


def test_this_card_from_the_discard_onto_the_deck() -> None:
    for verb in ("移す", "戻す"):
        got = _one(f"このカードがアプローチで退場した場合、自分の捨て札置き場にあるこのカードをデッキの上に{verb}ことができる。")
        assert got is not None and got["optional"] and got["do"] == [
            {"op": "pick", "from": "discard", "to": "deck", "n": 1, "filter": {}, "this_card": True, "up_to": True,
             "who": "self"}]
    # rested onto the deck means nothing: not read
    assert _one("このカードが退場した場合、自分の捨て札置き場にあるこのカードを休息状態でデッキの上に移す。") is None


def test_this_card_from_the_point_zone_after_a_trigger_heard_there() -> None:
    got = _one("このカードが自分のポイント置き場に置かれた場合、このカードを場に出すことができる。場に出した場合、デッキの上の"
               "カード1枚を自分のポイント置き場に表向きで置く。")
    assert got is not None and (got["trigger"], got["optional"]) == ("to_point", True)
    assert got["do"] == [{"op": "pick", "from": "point", "to": "area", "n": 1, "filter": {}, "this_card": True,
                          "up_to": True, "who": "self", "then": [{"op": "put_point", "who": "self", "n": 1}]}]
    got = _one("このカードが相手のアプローチによってポイント置き場に置かれた場合、ポイント置き場にあるこのカードを場に出すことができる。")
    assert got is not None and got["trigger"] == "point_by_approach" and got["do"][0]["from"] == "point"
    # not heard in the Point Zone: "this card in the Point Zone" is not read
    assert _one("このカードが登場した場合、ポイント置き場にあるこのカードを場に出す。") is None


def test_in_a_turn_in_which_x_approached() -> None:
    got = _one("自分の【甲】がアプローチしたターンの間、自分の全ての【甲】は+20/+20を得る。")
    assert got is not None and got["condition"] == {
        "history": {"event": "approach", "filter": {"property": "甲", "type": "chara"}, "who": "self", "at_least": 1}}
    assert got["do"] == [{"op": "modify", "target": {"all": {"side": "self", "property": "甲"}}, "ap": 20, "dp": 20,
                          "until": "turn_end"}]
    got = _one("このカードは、相手のキャラがアプローチに参加したターンの間、+10/+10を得る。")
    assert got is not None and got["condition"]["history"]["who"] == "opponent"
    # "other than this card": the turn log cannot tell this card from a copy of it
    assert _one("このカードは、このカード以外の自分の「乙」がアプローチしたターンの間、〔アクティブ〕を得る。") is None


def test_while_c_gains_and_is_not_interfered() -> None:
    got = _one("このカードは、自分のターンの間、このカードの上に+10/+10コインが乗っている場合、〔アクティブ〕、+20/+20を得る"
               "とともに、このカードよりAPが30以上低い相手のキャラには妨害されない。")
    assert got is not None and got["trigger"] is None
    assert got["condition"] == {"own_turn": True, "coins": {"coin": "+10/+10", "at_least": 1}}
    assert got["do"] == [
        {"op": "grant", "target": "self", "until": "turn_end", "what": "active"},
        {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"},
        {"op": "grant", "target": "self", "until": "turn_end",
         "what": {"not_interfered_by": {"below_source": {"stat": "ap", "by": 30}, "side": "opponent"}}}]
    # no condition: not this wording (and not read otherwise)
    assert _one("このカードは、+10/+10を得るとともに、【甲】を持つキャラには妨害されない。") is None


def test_while_c_gains_and_a_trigger_joined() -> None:
    got = _one("このカードは、自分の「乙」がいる場合、+20/+20を得るとともに、アプローチでポイントを与えた場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("gave_point", {"has_name": "乙"})
    assert got["do"] == [{"op": "draw", "who": "self", "n": 1},
                         {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end", "static": True}]
    got = _one("このカードは、自分の「乙」がいる場合、〔アクティブ〕、+20/+20を得るとともに、アプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "approach" and len(got["do"]) == 3
    # a choice of its own in the triggered part: not read
    assert _one("このカードは、自分の「乙」がいる場合、+20/+20を得るとともに、アプローチした場合、"
                "相手のキャラ1枚を休息状態にする。") is None


def test_the_face_named_twice_in_a_point_zone_flip() -> None:
    got = _one("このカードがアプローチでポイントを与えた場合、相手のポイント置き場にある表向きのカード1枚を裏向きにできる。")
    assert got is not None and got["optional"] and got["do"] == [
        {"op": "flip", "who": "opponent", "face": "down", "n": 1, "up_to": True}]
    got = _one("このカードがアプローチでポイントを与えた場合、自分のポイント置き場にある裏向きのカード1枚を表向きにする。")
    assert got is not None and got["do"] == [{"op": "flip", "who": "self", "face": "up", "n": 1}]


def test_back_rested_and_this_card_active_at_the_turns_end() -> None:
    got = _one("このカードが退場した場合、捨て札置き場にあるこのカードを休息状態で場に出す。この効果で場に出た場合、"
               "ターン終了時にこのカードを活動状態にする。")
    assert got is not None and got["do"] == [
        {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True, "rested": True,
         "who": "self", "then": [{"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "entered"}]}]}]
