"""Readings of the twenty-seventh compiler round (issue 20, helper h20r27), on made-up texts in the phrasings of the dev
sets (no card text of a real set is kept here; none of the five shared sets has a card whose effect these readings
newly compile): names joined by と, this card's intransitive moves after a head, coins named with an honorific, hand
sizes with no owner said, the opponent's hand onto the deck, this card's event with the subject first, a trigger's
gain with no duration, several names "also treated as", 〔天然〕 / 〔コンビ〕 as kinds, and a choice of two gains."""

from __future__ import annotations

from tests.pm_cards import made_up_script

_one = made_up_script
DRAW = [{"op": "draw", "who": "self", "n": 1}]


def test_names_joined_by_to_in_a_condition_all_hold() -> None:
    got = _one("このカードは、自分の「乙」と「丙」と「丁」がいる場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"all_of": [{"has_name": "乙"}, {"has_name": "丙"}, {"has_name": "丁"}]}
    got = _one("このカードが自分の「乙」と「丙」がいる状態で登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter" and got["do"] == DRAW
    assert got["condition"] == {"all_of": [{"has_name": "乙"}, {"has_name": "丙"}]}
    # properties joined: one Chara may hold both, so "two Charas" is not sure: not read
    assert _one("このカードは、自分の【甲】を持つキャラと【乙】を持つキャラがいる場合、+20/+20を得る。") is None


def test_names_joined_by_to_as_designated_charas() -> None:
    got = _one("このカードが登場した場合、自分の「乙」1枚と「丙」1枚は、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "name": "乙"}, {"side": "self", "name": "丙"}]
    assert [s["target"] for s in got["do"]] == ["target:0", "target:1"]


def test_this_card_and_another_without_the_comma() -> None:
    got = _one("このカードがアプローチに参加した場合、このカードとこのカード以外の自分のキャラ1枚は、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "not_self": True}]
    assert [s["target"] for s in got["do"]] == ["self", "target:0"]
    got = _one("このカードがアプローチに参加した場合、このカードと自分の「乙」1枚は、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "name": "乙"}]


def test_this_cards_intransitive_moves_after_a_head() -> None:
    got = _one("このカードは、ターン終了時にデッキの下に移る。")
    assert got is not None and (got["trigger"], got["do"]) == ("turn_end", [{"op": "move", "target": "self",
                                                                               "to": "deck_bottom"}])
    got = _one("このカードは、自分のキャラが退場した場合、メインエリアに移る。")
    assert got is not None and got["trigger"] == "any_leave"
    assert got["do"] == [{"op": "move", "target": "self", "to": "main"}]
    got = _one("このカードは、自分の『試験』のキャラがアプローチでポイントを与えた場合、手札に戻る。")
    assert got is not None and got["trigger"] == "any_gave_point"
    assert got["do"] == [{"op": "move", "target": "self", "to": "hand"}]
    # a head without a subject of its own is not rewritten by this round's rule (round 28 reads this card's own rest
    # as a cause: tests/cards/test_compile_round28.py); another one stays unread
    assert _one("このカードは、謎の状態になった場合、ターン終了時に手札に戻る。") is None


def test_coins_named_with_an_honorific() -> None:
    got = _one("このカードが登場した場合、自分の「乙」1枚の上にお姉さんコインを1個乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "target": "target:0", "coin": "お姉さん", "n": 1}]
    got = _one("このカードは、このカードの上にお姉さんコインが乗っている場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"coins": {"coin": "お姉さん", "at_least": 1}}
    got = _one("このカードの上に+10/+10コインがある場合、このカードは、〔アクティブ〕を得る。")
    assert got is not None and got["condition"] == {"coins": {"coin": "+10/+10", "at_least": 1}}


def test_hand_sizes_with_no_owner_are_the_players_own() -> None:
    got = _one("このカードは、手札が1枚以上ある場合、アプローチに参加することができない。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "self", "at_least": 1}}
    got = _one("このカードは、手札の枚数が2枚の場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "self", "at_least": 2, "at_most": 2}}


def test_the_opponent_puts_hand_cards_onto_their_deck() -> None:
    for where, to in (("デッキの下に移す", "deck_bottom"), ("デッキの上に戻す", "deck")):
        got = _one(f"このカードが登場した場合、相手は、手札1枚を{where}。")
        assert got is not None and got["do"] == [{"op": "pick", "who": "opponent", "from": "hand", "to": to, "n": 1,
                                                  "filter": {}}]
    # "the opponent may …": their choice, not read
    assert _one("このカードが登場した場合、相手は、手札1枚をデッキの下に移すことができる。") is None


def test_this_cards_event_with_the_subject_first_and_a_gain_with_no_duration() -> None:
    got = _one("このカードは、妨害に参加した場合、±0/+20を得る。")
    assert got is not None and got["trigger"] == "interfering"
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 0, "dp": 20, "until": "turn_end"}]
    got = _one("このカードは、登場した場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["do"]) == ("enter", DRAW)
    # a continuous gain under a condition stays continuous (no trigger)
    got = _one("このカードは、自分の「乙」がいる場合、+20/+20を得る。")
    assert got is not None and got["trigger"] is None


def test_also_treated_as_several_names() -> None:
    got = _one("このカードは、ゲーム中、「乙」としても「丙」としても扱う。")
    assert got is not None and got["do"] == [{"op": "also_name", "name": "乙"}, {"op": "also_name", "name": "丙"}]
    got = _one("このカードは、ゲーム中、「乙」としても扱う。")
    assert got is not None and got["do"] == [{"op": "also_name", "name": "乙"}]


def test_natural_and_combo_as_kinds_of_chara() -> None:
    got = _one("〔天然〕を持つ自分のキャラ1枚は、ターン終了時まで+10/±0を得る。", "イベント")
    assert got is not None and got["targets"] == [{"side": "self", "keyword": "ignore"}]
    got = _one("このカードは、〔コンビ〕を持つキャラを妨害した場合、ターン終了時まで+20/+20を得る。")
    assert got is not None and got["condition"] == {"interfering_with": {"keyword": "combo"}}
    got = _one("このカードが登場した場合、このターン、自分が次にプレイする、〔コンビ〕を持つ『試験』のキャラ1枚は、使用コスト-5を得る。")
    assert got is not None and got["do"][0]["filter"] == {"keyword": "combo", "series": "試験", "type": "chara"}
    # a numbered keyword (〔天然2〕を持つ) is not a kind read here
    assert _one("〔天然2〕を持つ自分のキャラ1枚は、ターン終了時まで+10/±0を得る。", "イベント") is None


def test_a_choice_of_two_gains() -> None:
    got = _one("自分のキャラ1枚は、ターン終了時まで〔天然2〕または+10/±0を得る。", "イベント")
    assert got is not None and got["do"] == [{"op": "choose", "n": 1, "modes": [
        [{"op": "grant", "target": "target:0", "until": "turn_end", "what": {"ignore": 2}}],
        [{"op": "modify", "target": "target:0", "ap": 10, "dp": 0, "until": "turn_end"}]]}]
    # several Charas: one choice for all, or one each? not read
    assert _one("自分のキャラ2枚は、ターン終了時まで〔天然2〕または+10/±0を得る。", "イベント") is None
    # a part of an alternative not read
    assert _one("自分のキャラ1枚は、ターン終了時まで〔天然2〕または+10/±0か何かを得る。", "イベント") is None


def test_a_hand_cost_under_this_turns_entries_of_names_joined() -> None:
    got = _one("このカードは、手札にある状態で、このターン、自分の「乙」と「丙」が登場している場合、使用コスト-4を得る。")
    assert got is not None and got["do"] == [{"op": "cost", "n": -4, "who": "self", "until": "turn_end"}]
    assert got["condition"] == {"all_of": [
        {"history": {"event": "enter", "filter": {"name": name}, "who": "self", "at_least": 1}} for name in ("乙", "丙")]}
