"""Round 32 (issue 20, helper h20r32): parts that read whole classes of clauses, on made-up texts (no card text of a
real set is kept here). A set's own action defined in its reminder text (（Xを行う:…）) read wherever a card says
"do X (N times)"; the top cards of a deck removed from the game (the mill's destination). Each with the refusals that
keep a part not read unverified. The made-up card is 「試験 花子」 of 『試験』."""

from __future__ import annotations

from engine.pm.cards import reminders
from tests.pm_cards import made_up_script

_one = made_up_script
EVENT = "イベント"
_DEF1 = "（試行を行う：デッキの上のカード1枚をゲームから取り除く。）"
_DEF2 = "（試行を2回行う：デッキの上のカード2枚をゲームから取り除く。）"


def _removed(n: int) -> dict[str, object]:
    return {"op": "mill", "who": "self", "n": n, "to": "removed"}


def test_the_top_cards_of_a_deck_removed_from_the_game() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード3枚をゲームから取り除く。")
    assert got is not None and got["do"] == [_removed(3)]
    got = _one("このカードが登場した場合、相手のデッキの上のカード1枚をゲームから取り除く。")
    assert got is not None and got["do"] == [{"op": "mill", "who": "opponent", "n": 1, "to": "removed"}]


def test_a_sets_own_action_is_read_as_its_reminder_defines_it() -> None:
    got = _one("このカードがアプローチした場合、試行を行う。" + _DEF1)
    assert got is not None and got["trigger"] == "approach" and got["do"] == [_removed(1)]
    got = _one("このカードが登場した場合、試行を2回行う。" + _DEF2)
    assert got is not None and got["do"] == [_removed(2)]
    got = _one("[メイン/自分]:カードを1枚引く。その後、試行を行う。" + _DEF1, EVENT)
    assert got is not None and got["do"] == [{"op": "draw", "who": "self", "n": 1}, _removed(1)]


def test_the_definitions_are_the_sets_and_counts_come_from_an_agreed_template() -> None:
    kw = reminders.gather(["このカードが登場した場合、試行を行う。" + _DEF1, "試行を2回行う。" + _DEF2, "試行を行う。"])
    assert kw.actions_in("試行を行う") == "デッキの上のカード1枚をゲームから取り除く"
    assert kw.actions_in("その後、試行を2回行うことができる") == "その後、デッキの上のカード2枚をゲームから取り除くことができる"
    # a count the set does not print: the template two printed counts agree on
    assert kw.actions_in("試行を3回行う") == "デッキの上のカード3枚をゲームから取り除く"
    # one definition alone does not show where the count goes
    one = reminders.gather([_DEF1])
    assert one.actions_in("試行を3回行う") == "試行を3回行う"


def test_an_action_done_or_defined_two_ways_is_not_replaced() -> None:
    kw = reminders.gather([_DEF1])
    # "when you did X": a head about the action having been done stays as written (unread)
    assert kw.actions_in("自分が試行を行った場合、カードを1枚引く") == "自分が試行を行った場合、カードを1枚引く"
    assert _one("自分が試行を行った場合、カードを1枚引く。" + _DEF1) is None
    two = reminders.gather([_DEF1, "（試行を行う：カードを1枚引く。）"])
    assert two.actions_in("試行を行う") == "試行を行う"
    # an action no card of the set defines is not read
    assert _one("このカードが登場した場合、試行を行う。") is None


def test_the_cards_removed_from_the_game_as_a_pick_source() -> None:
    got = _one("このカードが登場した場合、ゲームから取り除かれている「試験 次郎」1枚を手札に加えることができる。")
    assert (
        got is not None
        and got["optional"]
        and got["do"]
        == [{"op": "pick", "from": "removed", "to": "hand", "n": 1, "filter": {"name": "試験 次郎"}, "up_to": True, "who": "self"}]
    )
    got = _one("[メイン/自分]:ゲームから取り除かれている自分の『試験』のキャラ1枚を場に出す。", EVENT)
    assert got is not None and got["do"] == [
        {"op": "pick", "from": "removed", "to": "area", "n": 1, "filter": {"series": "試験", "type": "chara"}, "who": "self"}
    ]
    # another player's removed cards, or the owner said twice: not read
    assert _one("このカードが登場した場合、ゲームから取り除かれている相手のカード1枚を手札に加える。") is None
    assert _one("このカードが登場した場合、ゲームから取り除かれている自分の自分のカード1枚を手札に加える。") is None


def test_a_later_may_on_a_mill_is_not_dropped() -> None:
    # "then you may mill": no mill step holds the choice; read as a plain mill it would be a looser rule
    assert _one("[メイン/自分]:カードを1枚引く。その後、デッキの上のカード2枚を捨て札にすることができる。", EVENT) is None
    assert _one("[メイン/自分]:カードを1枚引く。その後、試行を2回行うことができる。" + _DEF2, EVENT) is None
    # at the head of an automatic effect the "may" is the effect's own (optional)
    got = _one("このカードが登場した場合、デッキの上のカード2枚を捨て札にすることができる。")
    assert got is not None and got["optional"] and got["do"] == [{"op": "mill", "who": "self", "n": 2}]


def test_removed_from_the_game_as_a_destination_of_hand_cards_and_of_this_card_in_the_discard() -> None:
    got = _one("このカードが登場した場合、カードを2枚引く。その後、手札1枚をゲームから取り除く。")
    assert got is not None and got["do"][1] == {"op": "pick", "from": "hand", "to": "removed", "n": 1, "filter": {}, "who": "self"}
    got = _one("このカードが退場した場合、捨て札置き場にあるこのカードをゲームから取り除く。その場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "leave"
    (step,) = got["do"]
    assert step["from"] == "discard" and step["to"] == "removed" and step["this_card"]
    assert step["then"] == [{"op": "draw", "who": "self", "n": 1}]
    # removed "rested": no Chara enters there, not read
    assert _one("このカードが退場した場合、捨て札置き場にあるこのカードを休息状態でゲームから取り除く。") is None


def test_this_cards_event_joined_with_another_charas_different_event() -> None:
    got = _one("このカードが登場、または自分の「試験 次郎」がアプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_enter|any_approach"
    assert got["condition"] == {"subject_on": {"any_enter": {"is_source": True}, "any_approach": {"side": "self", "name": "試験 次郎"}}}
    got = _one("このカードが退場した場合、または相手のキャラが登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_leave|any_enter"
    assert got["condition"] == {"subject_on": {"any_leave": {"is_source": True}, "any_enter": {"side": "opponent"}}}
    # the same event stays one cause with either subject (round 31)
    got = _one("このカードがアプローチした場合、または自分の「試験 次郎」がアプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_approach" and "subject" in got["condition"]
    # "all", or another card than a Chara, as the other subject: not read
    assert _one("このカードが登場、または自分の全てのキャラがアプローチした場合、カードを1枚引く。") is None


def test_a_cost_bound_counted_in_a_zone() -> None:
    got = _one("このカードが登場した場合、使用コストがゲームから取り除かれている自分のカードの枚数以下の相手のキャラ1枚を休息状態にする。")
    removed = {"cards": {"zone": "removed", "who": "self", "filter": {}}}
    assert got is not None and got["targets"] == [{"side": "opponent", "max_cost": {"count": removed}}]
    got = _one("このカードが登場した場合、使用コストが相手の捨て札置き場にあるキャラの枚数以下の相手のキャラ1枚を捨て札にする。")
    discard = {"cards": {"zone": "discard", "who": "opponent", "filter": {"type": "chara"}}}
    assert got is not None and got["targets"] == [{"side": "opponent", "max_cost": {"count": discard}}]
    got = _one("このカードが登場した場合、使用コストが自分のポイント置き場にあるカードの枚数以下の相手のキャラ1枚を捨て札にする。")
    assert got is not None and got["targets"] == [{"side": "opponent", "max_cost": {"count": {"points": "self"}}}]
    # Charas counted in a Point Zone: not read
    assert _one("このカードが登場した場合、使用コストが自分のポイント置き場にあるキャラの枚数以下の相手のキャラ1枚を捨て札にする。") is None


def test_the_designated_charas_are_each_of_them_not_the_last_one() -> None:
    got = _one(
        "このカードが登場した場合、相手のキャラ2枚を指定する。指定されたキャラは、ターン終了時まで、自分の「試験 次郎」を妨害できない。"
    )
    assert got is not None and [s["target"] for s in got["do"]] == ["target:0", "target:1"]
    got = _one(
        "このカードが登場した場合、相手のキャラ1枚を指定する。指定されたキャラは、ターン終了時まで、自分の「試験 次郎」を妨害できない。"
    )
    assert got is not None and [s["target"] for s in got["do"]] == ["target:0"]


def test_a_comma_after_or_between_heads_and_a_hand_with_no_owner() -> None:
    got = _one("このカードが妨害された場合、または、このカードが妨害に参加した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "interfered|interfering"
    got = _one("このカードが、手札が1枚以下の状態で登場した場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "self", "at_most": 1}}
    # the opponent's hand stays the opponent's
    got = _one("このカードが、相手の手札が1枚以下の状態で登場した場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "opponent", "at_most": 1}}


def test_a_delayed_part_waits_for_a_designated_chara_to_interfere() -> None:
    got = _one(
        "このカードが登場した場合、相手のキャラ2枚を指定する。このターン、指定したキャラが妨害に参加した場合、相手のキャラ1枚を休息状態にする。"
    )
    assert got is not None and got["trigger"] == "delayed" and got["do"] == [{"op": "rest", "target": "target:0"}]
    got = made_up_script(
        "[メイン/自分]:相手のキャラ1枚を指定する。このターン、指定したキャラが妨害に参加した場合、カードを1枚引く。", EVENT
    )
    assert got is not None and got["trigger"] == "delayed" and got["do"] == [{"op": "draw", "who": "self", "n": 1}]


def test_this_card_as_the_subject_before_any_of_its_own_events() -> None:
    got = _one("このカードは、ポイントを与えた場合、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["trigger"] == "gave_point"
    assert got["do"] == [{"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"}]


def test_this_card_moved_after_its_own_leaving_is_read_only_from_where_it_went() -> None:
    # a move of "this card" after it left finds no Chara on the Area and would do nothing: not read
    assert _one("このカードは、アプローチで退場した場合、手札に戻る。") is None
    assert _one("このカードがアプローチで退場した場合、このカードを手札に戻す。") is None
    got = _one("このカードが退場した場合、捨て札置き場にあるこのカードを手札に戻す。")
    assert got is not None and got["do"][0]["from"] == "discard" and got["do"][0]["this_card"]


def test_a_count_of_face_up_cards_in_a_point_zone() -> None:
    got = _one("このカードは、自分のポイント置き場に表向きのカードが3枚以上ある場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"cards": {"zone": "point_up", "who": "self", "filter": {}, "at_least": 3}}
    got = _one("このカードは、相手のポイント置き場に表向きの【甲】が2枚以上ある場合、+20/+20を得る。")
    assert got is not None and got["condition"]["cards"]["who"] == "opponent"
