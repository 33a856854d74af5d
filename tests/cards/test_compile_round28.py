"""Readings of the twenty-eighth compiler round (issue 20, helper h20r28), on made-up texts in the phrasings of the dev
sets (no card text of a real set is kept here; none of the five shared sets has a card whose effect these readings
newly compile): a Chara's AP/DP set to another chosen Chara's, modal Events whose modes differ by timing, "cannot
take part in approaches" in its short form, "if so" after a hand is looked at or shown, a delayed part acting on the
Chara designated before it, grants naming the designated Chara or this card, "no X is there" (いない), "up to N" mills and hand discards,
a whole Point Zone flipped under an optional opening, an EX deck card to the hand or the Support Area, a
Support's one-shot step on every Chara, "if the card discarded is an X" / "if an X is among them", the card of the
same name as the one returned to the deck, a Chara moved to the Main or the Support Area, another Chara
interfering as a cause, any number of the cards looked at put under the deck, this card's own rest as a cause, "without the property"
(【P】を持たない), every coin of a kind taken off, and another Chara leaving by an approach."""

from __future__ import annotations

from engine.pm.cards.precious import precious_card
from tests.pm_cards import made_up_script

_one = made_up_script
EVENT = "イベント"


def test_values_set_to_another_chosen_charas() -> None:
    got = _one("自分のキャラ1枚のAP/DPの値を、ターン終了時まで相手のキャラ1枚のAP/DPの値と同じ値に変更する。", EVENT)
    assert got is not None and got["targets"] == [{"side": "self"}, {"side": "opponent"}]
    assert got["do"] == [{"op": "modify", "target": "target:0", "ap": 0, "dp": 0, "until": "turn_end",
                          "set": {"ap": {"of": "target:1", "stat": "ap"}, "dp": {"of": "target:1", "stat": "dp"}}}]
    got = _one("[メイン/自分]:《休》このカードのAP/DPの値を、ターン終了時まで自分の『試験』のキャラ1枚のAP/DPと同じ値に変更する。")
    assert got is not None and got["targets"] == [{"side": "self", "series": "試験"}]
    assert got["do"][0]["target"] == "self" and got["do"][0]["set"]["dp"] == {"of": "target:0", "stat": "dp"}
    # the values named differ, several Charas set, or every Chara as the source: not read
    assert _one("相手のキャラ1枚のAP/DPの値を、ターン終了時まで自分のキャラ1枚のAPと同じ値に変更する。", EVENT) is None
    assert _one("自分のキャラ2枚のAP/DPの値を、ターン終了時まで相手のキャラ1枚のAP/DPの値と同じ値に変更する。", EVENT) is None
    assert _one("自分のキャラ1枚のAP/DPの値を、ターン終了時まで相手の全てのキャラのAP/DPの値と同じ値に変更する。", EVENT) is None


def test_modal_event_modes_by_timing() -> None:
    got = _one("このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:カードを1枚引く。"
               "・[アプローチ/両方]:カードを2枚引く。", EVENT)
    assert got is not None and got["targets"] == []
    assert got["do"] == [{"op": "if", "cond": {"phase": "main", "own_turn": True}, "do": [{"op": "draw", "who": "self", "n": 1}]},
                         {"op": "if", "cond": {"phase": "approach"}, "do": [{"op": "draw", "who": "self", "n": 2}]}]
    # a mode with a target (round 29): the target carries its mode's timing as ``required_if`` (required when the
    # play's timing runs the mode, never named otherwise); tests/cards/test_compile_round29.py has the readings
    got = _one("このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:カードを1枚引く。"
               "・[アプローチ/両方]:自分のキャラ1枚を活動状態にする。", EVENT)
    assert got is not None and got["targets"] == [{"side": "self", "optional": True, "required_if": {"phase": "approach"}}]
    # two modes in one timing (the player's unlogged choice), a mode that may be left out, a mode not read: not read
    assert _one("このカードをプレイする場合、以下から1つ選択する。・[メイン/両方]:カードを1枚引く。・[メイン/自分]:カードを2枚引く。",
                EVENT) is None
    assert _one("このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:カードを1枚引く。"
                "・[アプローチ/自分]:カードを2枚引くことができる。", EVENT) is None
    assert _one("このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:カードを1枚引く。"
                "・[アプローチ/自分]:相手は、謎の行為をする。", EVENT) is None


def test_if_so_after_a_hand_looked_at_or_shown() -> None:
    delayed = [{"op": "delay", "on": "turn_end", "do": [{"op": "draw", "who": "self", "n": 1}]}]
    for head in ("相手の手札を全て見る。", "相手の手札全てを表にする。"):
        got = _one(f"{head}その場合、ターン終了時にカードを1枚引く。", EVENT)
        assert got is not None and got["do"] == [{"op": "look_hand", "who": "opponent", "then": delayed}]
    got = _one("[メイン/自分]:《休》1枚以上の手札を全て表にする。その場合、このカードは、ターン終了時まで+20/+20を得る。")
    assert got is not None and got["do"] == [{"op": "look_hand", "who": "self", "then": [
        {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"}]}]
    # a look the player may leave out, then "if so": not read
    assert _one("このカードが登場した場合、相手の手札を全て見ることができる。その場合、カードを1枚引く。") is None


def _effects(text: str) -> list[tuple[bool, object, object]]:
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": "キャラクター", "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    return [(e.compiled, e.script, e.targets) for e in precious_card(data, compile=True).effects]


def test_a_delayed_part_on_the_chara_designated_before() -> None:
    head = "このカードがアプローチに参加した場合、相手のキャラ1枚を指定する。このターン、このカードがアプローチでポイントを与えた場合、"
    setter, later = _effects(f"{head}指定したキャラ1枚を手札に戻すことができる。")
    assert setter == (True, ({"op": "delay", "on": "gave_point", "subject": "self", "auto": 1, "optional": True},),
                      ({"side": "opponent"},))
    assert later == (True, ({"op": "move", "target": "target", "to": "hand"},), ())  # the targets it was set up with
    # two Charas designated (which one?), or a new Chara named in the later part: not read
    two = head.replace("キャラ1枚を指定", "キャラ2枚を指定")
    assert not any(ok for ok, _, _ in _effects(f"{two}指定したキャラ1枚を手札に戻す。"))
    assert not _effects(f"{head}指定したキャラ1枚と自分のキャラ1枚を手札に戻す。")[1][0]


def test_grants_naming_the_designated_chara_or_this_card() -> None:
    got = _one("このカードがアプローチに参加した場合、相手のキャラ2枚を指定する。このターン、指定されたキャラは、このカードを妨害することが"
               "できない。")
    assert got is not None and got["targets"] == [{"side": "opponent"}, {"side": "opponent"}]
    grant = {"cannot_interfere_with": {"chara": "self"}}
    assert got["do"] == [{"op": "grant", "target": f"target:{k}", "what": grant, "until": "turn_end"}
                         for k in (0, 1)]  # both designated
    got = _one("このカードが登場した場合、自分のキャラ1枚を指定する。"
               "このターン、相手のキャラ1枚は、指定されたキャラを妨害することができない。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "target:1", "until": "turn_end",
                                              "what": {"cannot_interfere_with": {"chara": "target:0"}}}]
    got = _one("相手のキャラ1枚を指定する。その場合、自分のキャラ1枚は、このターン、指定したキャラに妨害されない。", EVENT)
    assert got is not None and got["targets"] == [{"side": "opponent"}, {"side": "self"}]
    assert got["do"][0]["what"] == {"not_interfered_by": {"chara": "target:0"}}
    got = _one("このカードが登場した場合、相手のキャラ1枚を指定する。"
               "このターン、相手は、指定されたキャラ1枚のテキストを使用することができない。")
    assert got is not None
    assert got["do"] == [{"op": "grant", "target": "target:0", "what": "no_text", "until": "turn_end"}]
    # two designated, then "the designated Chara" as one: which? not read
    assert _one("相手のキャラ2枚を指定する。その場合、自分のキャラ1枚は、このターン、指定したキャラに妨害されない。", EVENT) is None
    assert _one("このカードが登場した場合、相手のキャラ2枚を指定する。このターン、相手は、指定されたキャラ1枚のテキストを使用することが"
                "できない。") is None


def test_no_chara_there() -> None:
    got = _one("このカードが自分のキャラがいない状態で登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter"
    assert got["condition"] == {"not": {"count": {"spec": {"side": "self", "not_self": True}, "at_least": 1}}}
    got = _one("このカードは、自分の「乙」がいない場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"not": {"has_name": "乙"}}  # as 「乙」がいる reads it, negated
    got = _one("相手のキャラがいない場合、カードを2枚引く。", EVENT)
    assert got is not None and got["condition"] == {"not": {"count": {"spec": {"side": "opponent"}, "at_least": 1}}}
    assert _one("このカードが自分の謎の存在がいない状態で登場した場合、カードを1枚引く。") is None


def test_up_to_n_mills_and_hand_discards() -> None:
    got = _one("自分のキャラ1枚は、ターン終了時まで+30/-30を得る。その場合、デッキの上のカードを3枚まで捨て札にする。", EVENT)
    assert got is not None and got["do"][0]["then"] == [{"op": "mill", "who": "self", "n": 3, "up_to": True}]
    got = _one("このカードが登場した場合、手札を2枚まで捨て札にする。その場合、捨て札にしたカード1枚につき、カードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "hand", "to": "discard", "n": 2, "filter": {},
                                              "up_to": True, "then": [{"op": "draw", "who": "self", "n": 1,
                                                                       "per": {"picked": "cards"}}]}]
    # "if so" after a mill that may take none: not read
    assert _one("デッキの上のカードを3枚まで捨て札にする。その場合、カードを1枚引く。", EVENT) is None


def test_whole_point_zones_flipped_under_an_optional_opening() -> None:
    got = _one("このカードが登場した場合、自分と相手のポイント置き場にある全てのカードを裏向きにすることができる。")
    assert got is not None and got["optional"] is True
    assert got["do"] == [{"op": "flip", "who": w, "face": "down", "all": True} for w in ("self", "opponent")]
    # the "may" of a later step (not the opening): its own choice, not read here
    assert _one("このカードが登場した場合、カードを1枚引く。その後、相手のポイント置き場にある全てのカードを裏向きにすることが"
                "できる。") is None


def test_an_ex_deck_card_to_the_hand_or_the_support_area() -> None:
    got = _one("このカードが登場した場合、EXデッキから『試験』の緑のキャラ1枚を抜き出し、手札に加える。またはサポートエリアに出す。")
    pick = {"op": "pick", "who": "self", "from": "ex_deck", "n": 1, "filter": {"series": "試験", "color": "green", "type": "chara"}}
    assert got is not None and got["do"] == [{"op": "choose", "n": 1, "modes": [[{**pick, "to": "hand"}],
                                                                               [{**pick, "to": "support"}]]}]
    got = _one("このカードが登場した場合、相手はメインエリアにいる自分のキャラ1枚を休息状態にする。")  # the comma left out
    assert got is not None and got["do"] == [{"op": "rest", "target": {"chosen_by": "opponent", "spec": {"area": "main"}, "n": 1}}]


def test_a_supports_one_shot_step_on_every_chara() -> None:
    got = _one("[メイン/両方]:《0》全てのキャラは、ターン終了時まで+10/+10を得る。", "サポート")
    assert got is not None and got["do"] == [{"op": "modify", "target": {"all": {}}, "ap": 10, "dp": 10, "until": "turn_end"}]
    # in force all along (continuous): the engine applies such wide steps from Charas' own texts only: not read
    assert _one("自分の全てのキャラは、+10/+10を得る。", "サポート") is None


def test_if_the_card_discarded_is_of_a_kind() -> None:
    got = _one("自分のキャラがアプローチに参加した場合、デッキの上のカード1枚を捨て札にする。捨て札にしたカードが【甲】を持つキャラの場合、"
               "自分の【甲】を持つキャラ1枚は、ターン終了時まで+20/+20を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "property": "甲", "optional": True}]  # when it runs
    assert got["do"][1] == {"op": "if", "cond": {"picked": {"property": "甲", "type": "chara"}}, "do": [
        {"op": "modify", "target": "target:0", "ap": 20, "dp": 20, "until": "turn_end"}]}
    got = _one("このカードが退場した場合、デッキの上のカード3枚を捨て札にする。その中に『試験』のイベントカードが含まれていた場合、"
               "カードを1枚引く。")
    assert got is not None and got["do"][1]["cond"] == {"picked": {"series": "試験", "type": "event"}}
    # "the card discarded" after three were: which one? not read
    assert _one("このカードが退場した場合、デッキの上のカード3枚を捨て札にする。捨て札にしたカードが【甲】を持つキャラの場合、"
                "カードを1枚引く。") is None


def test_same_name_as_the_card_returned_and_either_area() -> None:
    got = _one("このカードが妨害に参加した場合、自分の捨て札置き場にある『試験』のイベントカード1枚をデッキに戻し、デッキをシャッフルする。"
               "その場合、自分の捨て札置き場にあるデッキに戻したカードと同じ名称のカード1枚を手札に戻すことができる。")
    assert got is not None and got["do"][2] == {"op": "if", "cond": {"picked": {}}, "do": [
        {"op": "pick", "who": "self", "from": "discard", "to": "hand", "n": 1, "filter": {}, "up_to": True,
         "same_name": "picked"}]}
    got = _one("[メイン/両方]:《休》自分の【甲】1枚をメインエリアまたはサポートエリアに移す。")
    assert got is not None and got["do"] == [{"op": "choose", "n": 1, "modes": [
        [{"op": "move", "target": "target:0", "to": "main"}], [{"op": "move", "target": "target:0", "to": "support"}]]}]
    # a later step's own "may": not read
    assert _one("このカードが登場した場合、カードを1枚引く。その後、自分のキャラ1枚をメインエリアまたはサポートエリアに移すことが"
                "できる。") is None


def test_another_chara_interfering() -> None:
    got = _one("自分の「乙」がアプローチまたは妨害に参加した場合、自分のキャラ1枚を活動状態にすることができる。")
    assert got is not None and got["trigger"] == "other_approach|other_interfering"
    assert got["condition"] == {"subject": {"side": "self", "name": "乙"}}
    got = _one("自分のキャラが妨害に参加した場合、カードを1枚引く。")  # this card is one of them: any_
    assert got is not None and got["trigger"] == "any_interfering"
    got = _one("このカードがアプローチまたは妨害に参加した場合、カードを1枚引く。")  # this card's own: unchanged
    assert got is not None and got["trigger"] == "approach|interfering"


def test_any_number_of_the_cards_looked_at_under_the_deck() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード3枚を見て、その中にある任意の枚数のカードをデッキの下に移す。その場合、"
               "ターン終了時にカードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "deck", "to": "deck_bottom", "n": 3, "filter": {},
                                              "look": 3, "up_to": True, "then": [{"op": "delay", "on": "turn_end", "do": [
                                                  {"op": "draw", "who": "self", "n": 1}]}]}]
    assert _one("このカードが登場した場合、デッキの上のカード3枚を見て、その中にある任意の枚数のカードを謎の場所に移す。") is None


def test_this_cards_own_rest_as_a_cause() -> None:
    got = _one("このカードは、休息状態になった場合、ターン終了時に手札に戻る。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_rested", {"subject": {"is_source": True}})
    assert got["do"] == [{"op": "delay", "on": "turn_end", "do": [{"op": "move", "target": "self", "to": "hand"}]}]


def test_without_a_property() -> None:
    got = _one("このカードがアプローチでポイントを与えた場合、【甲】を持たない全てのキャラは、ターン終了時まで-10/-10を得る。")
    assert got is not None and got["do"] == [{"op": "modify", "target": {"all": {"not": {"property": "甲"}}}, "ap": -10, "dp": -10,
                                              "until": "turn_end"}]
    got = _one("このカードが登場した場合、自分の捨て札置き場にある【甲】を持たないキャラ1枚を手札に戻す。")
    assert got is not None and got["do"][0]["filter"] == {"not": {"property": "甲"}, "type": "chara"}


def test_every_coin_taken_off() -> None:
    got = _one("このカードが登場した場合、相手のキャラ1枚の上に乗っている+10/+10コインを全て取り除くことができる。")
    assert got is not None and got["optional"] is True
    assert got["do"] == [{"op": "remove_coins", "coin": "+10/+10", "all": True, "target": "target:0"}]
    # a later step's own "may" on every coin: not read
    assert _one("このカードが登場した場合、カードを1枚引く。その後、相手のキャラ1枚の上に乗っている+10/+10コインを全て取り除くことが"
                "できる。") is None


def test_another_chara_leaving_by_an_approach() -> None:
    got = _one("自分の「乙」がアプローチで退場した場合、カードを1枚引くことができる。")
    assert got is not None and got["trigger"] == "other_leave"
    assert got["condition"] == {"subject": {"side": "self", "name": "乙", "left_by_approach": True}}
    got = _one("自分の「乙」が退場した場合、カードを1枚引く。")  # any leaving: unchanged
    assert got is not None and got["condition"] == {"subject": {"side": "self", "name": "乙"}}
