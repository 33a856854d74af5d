"""The readers added for the newer sets (made-up sample texts in their phrasings, no card's text)."""

from __future__ import annotations

from typing import Any

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card


def _eff(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    card = precious_card({"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤",
                          "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}, compile=True)
    eff = card.effects[-1]
    return normalized(eff) if eff.compiled else None


def test_gets_and_stands_at_the_end_of_the_turn() -> None:
    got = _eff("このカードが登場した場合、自分の「試験 次郎」1枚は、ターン終了時まで+20/+20を得るとともに、ターン終了時に活動状態になる。")
    assert got is not None and got["targets"] == [{"side": "self", "name": "試験 次郎"}]
    modify, delay = got["do"]
    assert modify["op"] == "modify" and (modify["ap"], modify["dp"]) == (20, 20)
    assert delay == {"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "target:0"}]}
    # every such Chara: "and" over each is not read
    assert _eff("このカードが登場した場合、自分の全てのキャラは、ターン終了時まで+20/+20を得るとともに、活動状態になる。") is None


def test_from_the_ex_deck_onto_the_area() -> None:
    got = _eff("このカードが登場した場合、EXデッキから「試験 次郎」1枚を抜き出し、場に出す。")
    assert got is not None and got["do"][0] | {} == {"op": "pick", "from": "ex_deck", "to": "area", "n": 1, "who": "self",
                                                      "filter": {"name": "試験 次郎"}}


def test_text_conditions_of_an_activated_effect() -> None:
    got = _eff("[アプローチ/自分]:《0》カードを2枚引く。このテキストは、自分の「試験 次郎」がアプローチしている間にのみ使用できる。")
    assert got is not None
    assert got["condition"] == {"count": {"spec": {"side": "self", "name": "試験 次郎", "approaching": True}, "at_least": 1}}
    got = _eff("[アプローチ/両方]:《0》カードを1枚引く。自分のキャラがアプローチまたは妨害している間、このテキストは使用できない。")
    assert got is not None and list(got["condition"]) == ["not"]


def test_or_after_if_so_chooses_the_reward() -> None:
    got = _eff("このカードが登場した場合、自分の「試験 次郎」1枚を休息状態にする。その場合、カードを1枚引く。"
               "または、EXデッキから『試験』のカード1枚を抜き出し、手札に加える。")
    assert got is not None
    (rest,) = got["do"]
    assert rest["op"] == "rest" and rest["then"][0]["op"] == "choose" and len(rest["then"][0]["modes"]) == 2


def test_two_causes_and_stat_limits() -> None:
    got = _eff("このカードが登場、または妨害された場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|interfered"
    got = _eff("このカードが妨害された場合、DPが30以下の相手のキャラ1枚を捨て札にする。")
    assert got is not None and got["targets"] == [{"side": "opponent", "max_dp": 30}]


def test_static_conditions_and_grants() -> None:
    got = _eff("このカードは、手札の枚数が1枚以下の場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"hand_at_most": 1}
    got = _eff("このカードは、自分の【制服】を持つキャラが4枚以上いる場合、相手のターンの間、+20/+20を得る。")
    assert got is not None and got["condition"]["own_turn"] is False and "count" in got["condition"]
    got = _eff("このカードは妨害に参加できない。")
    assert got is not None and got["do"][0]["what"] == "cannot_interfere"


def test_a_pick_keeps_every_part_of_its_phrase_or_is_not_read() -> None:
    # "other than this card" is no card filter: a pick that dropped it would be looser than the text; since round 21
    # it is kept as the pick's own key (not_this_card) in a Chara's discard, never dropped
    got = _eff("このカードが登場した場合、自分の捨て札置き場にあるこのカード以外の「試験 次郎」1枚を手札に加える。")
    assert got is not None and got["do"][0]["not_this_card"] and got["do"][0]["filter"] == {"name": "試験 次郎"}
    assert _eff("このカードが登場した場合、自分の捨て札置き場にある「試験 次郎」1枚を手札に加える。") is not None


def test_a_ban_on_the_opponents_texts() -> None:
    got = _eff("このカードが登場した場合、このターン、相手は、使用コストが0のキャラのテキストを使用できない。")
    assert got is not None
    assert got["do"] == [{"op": "forbid", "who": "opponent", "what": "text", "filter": {"max_cost": 0, "type": "chara"}}]


def test_every_chara_of_a_kind_statically_and_cost_on_the_area() -> None:
    got = _eff("自分の全ての赤の【制服】は、自分のターンの間、+10/+10を得る。")
    assert got is not None and got["condition"] == {"own_turn": True}
    assert got["do"][0]["target"] == {"all": {"side": "self", "color": "red", "property": "制服"}}
    got = _eff("[メイン/自分]:《休》自分の【制服】1枚は、ターン終了時まで使用コスト+3、+30/+30を得る。")
    assert got is not None and [s["op"] for s in got["do"]] == ["grant", "modify"]
    assert got["do"][0]["what"] == {"cost": 3}


def test_names_joined_by_and_only_for_every_chara() -> None:
    got = _eff("このカードが登場した場合、自分の全ての「試験 次郎」と「試験 三郎」を活動状態にする。")
    assert got is not None and sorted(got["do"][0]["target"]["all"]["name"]) == sorted(["試験 次郎", "試験 三郎"])
    assert _eff("このカードが登場した場合、自分の「試験 次郎」と「試験 三郎」1枚を活動状態にする。") is None


def test_an_events_later_sentence_is_a_delayed_effect_it_sets_up() -> None:
    card = precious_card({"id": "TST 01-002", "name": "試験の日", "setName": "試験", "type": "イベント", "color": "赤",
                          "cost": "1", "source": "1", "ap": "-", "dp": "-",
                          "text": "[メイン/自分]:自分のキャラ1枚は、ターン終了時まで+20/+20を得る。"
                                  "このターン、そのキャラがアプローチに参加した場合、カードを1枚引く。"}, compile=True)
    play, later = card.effects
    assert play.compiled and later.compiled and later.trigger == "delayed"
    assert play.script[-1] == {"op": "delay", "on": "approach", "subject": "target", "auto": 0}
    assert list(later.script) == [{"op": "draw", "who": "self", "n": 1}]


def test_n_cards_then_if_so_does_what_it_can() -> None:
    got = _eff("このカードが登場した場合、自分の捨て札置き場にある【制服】2枚をゲームから取り除く。その場合、カードを1枚引く。")
    assert got is not None
    (pick,) = got["do"]
    assert pick["then_if_all"] and "all_or_none" not in pick  # one there: it moves, and no card is drawn


def test_from_the_hand_or_the_discard_only_when_optional() -> None:
    got = _eff("このカードが退場した場合、手札または自分の捨て札置き場にある「試験 次郎」1枚を場に出すことができる。")
    assert got is not None and got["optional"] and [m[0]["from"] for m in got["do"][0]["modes"]] == ["hand", "discard"]
    # mandatory: a mode that finds nothing would let the player skip a card that is there
    assert _eff("このカードが退場した場合、手札または自分の捨て札置き場にある「試験 次郎」1枚を場に出す。") is None


def test_a_supports_bonus_reaches_the_chara_it_is_set_on() -> None:
    from dataclasses import replace

    from engine.pm import stats
    from engine.pm.cards import CardDB
    from tests.engine.kit import DB, Game, assert_legal

    support = precious_card({"id": "TST 03-001", "name": "試験の装備", "setName": "試験", "type": "サポート",
                             "color": "赤", "cost": "1", "source": "1", "ap": "-", "dp": "-",
                             "text": "このカードがセットされているキャラは、+10/+10を得る。"}, compile=True)
    assert support.effects[0].compiled
    db = CardDB([replace(c, effects=support.effects) if c.id == "TST 03-001" else c for c in DB], DB.series_groups())
    aki, charm, f1, f2 = "TST 01-001", "TST 03-001", "TST 90-001", "TST 90-002"
    g = Game([aki, "TST 01-002", charm, f1, f2], db=db)
    g.add("summon", 0, card=aki, area="main", pay=[{"hand": "TST 01-002"}, {"hand": f1}]).passes(1)
    g.add("set_support", 0, card=charm, on=aki, pay=[{"hand": f2}])
    res = assert_legal(g)
    chara = res.state.players[0].main[0]
    assert stats.ap_dp(res.state, chara) == (40, 40)  # Aki is 30/30


def test_put_onto_the_area_by_an_effect() -> None:
    got = _eff("カードの効果で相手のキャラが場に出た場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "other_enter"
    assert got["condition"] == {"subject": {"side": "opponent"}, "entered_by": {}}  # not when summoned


def test_rest_any_number_then_for_each_rested() -> None:
    got = _eff("[メイン/自分]:《0》任意の枚数の自分の【試験部】を持つキャラを休息状態にする。その場合、自分のキャラ1枚は、"
               "休息状態にしたキャラ1枚につき、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self"}]
    (rest,) = got["do"]
    assert rest["op"] == "rest_any" and rest["spec"] == {"property": "試験部"}
    assert rest["then"][0]["per"] == {"picked": "cards"} and rest["then"][0]["target"] == "target:0"
    # "for each Chara rested" after anything but rest_any (a rest of a target moves no card) is not read
    assert _eff("[メイン/自分]:《0》自分のキャラ1枚を休息状態にする。その場合、このカードは、休息状態にしたキャラ1枚につき、"
                "ターン終了時まで+10/+10を得る。") is None
    # the opponent's Charas, or "may": not read
    assert _eff("[メイン/自分]:《0》任意の枚数の相手のキャラを休息状態にする。") is None


def test_rest_n_then_if_so_is_one_step() -> None:
    got = _eff("[メイン/自分]:《0》自分の【試験部】を持つキャラ2枚を休息状態にする。その場合、自分のキャラ1枚は、"
               "ターン終了時まで+20/+20を得る。")
    assert got is not None and got["targets"] == [{"side": "self"}]  # the two rested are chosen as it resolves
    (rest,) = got["do"]
    assert (rest["op"], rest["spec"], rest["n"]) == ("rest_any", {"property": "試験部"}, 2)
    assert rest["then"][0]["target"] == "target:0" and rest["then"][0]["ap"] == 20
    # without "if so" the two stay targets rested one by one
    plain = _eff("[メイン/自分]:《0》自分の【試験部】を持つキャラ2枚を休息状態にする。")
    assert plain is not None and [s["op"] for s in plain["do"]] == ["rest", "rest"]
    # the opponent's Charas: not read as rest_any
    assert _eff("[メイン/自分]:《0》相手のキャラ2枚を休息状態にする。その場合、カードを1枚引く。") is None


def test_a_state_before_enter_or_point_by_approach() -> None:
    got = _eff("このカードが自分の「試験 次郎」が2枚以上いる状態で、登場または相手のアプローチによって自分のポイント置き場に"
               "置かれた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|point_by_approach"
    assert got["condition"] == {"count": {"spec": {"side": "self", "name": "試験 次郎", "not_self": True}, "at_least": 2}}


def _event_effects(text: str) -> list[Any]:
    card = precious_card({"id": "TST 01-002", "name": "試験 作戦", "setName": "試験", "type": "イベント", "color": "赤",
                          "cost": "1", "source": "1", "text": text}, compile=True)
    return list(card.effects)


def test_an_events_later_sentence_on_an_elimination_and_optional() -> None:
    play, later = _event_effects("[アプローチ/両方]:自分のキャラ1枚は、ターン終了時まで+20/+20を得る。このターン、そのキャラのアプローチで"
                                 "相手のキャラが退場した場合、カードを1枚引くことができる。")
    assert play.compiled and later.compiled
    assert play.script[-1] == {"op": "delay", "on": "eliminated_opponent", "subject": "target", "auto": 0, "optional": True}
    assert later.trigger == "delayed" and later.optional and later.script == ({"op": "draw", "who": "self", "n": 1},)
    play, later = _event_effects("[アプローチ/両方]:自分のキャラ1枚は、ターン終了時まで+20/+20を得る。このターン、そのキャラのアプローチで"
                                 "相手のキャラが退場した場合、カードを1枚引く。")
    assert "optional" not in play.script[-1] and not later.optional


def test_source_bonus_for_a_kind_and_look_then_discard_any() -> None:
    got = _eff("このカードは、『試験』のキャラのコストとして使用する場合、発生コスト+1を得る。")
    assert got is not None and got["do"] == [{"op": "source", "n": 1, "for": {"series": "試験", "type": "chara"}}]
    assert _eff("このカードは、相手のキャラのコストとして使用する場合、発生コスト+1を得る。") is None
    got = _eff("このカードが登場した場合、デッキの上のカード4枚を見て、その中から任意の枚数のカードを捨て札にする。"
               "その後、残りのカードを任意の順番でデッキの下に移す。")
    assert got is not None
    (pick,) = got["do"]
    assert (pick["from"], pick["to"], pick["n"], pick["look"], pick["up_to"], pick["rest_to"]) == (
        "deck", "discard", 4, 4, True, "deck_bottom")


def test_approaches_or_interferes() -> None:
    got = _eff("このカードがアプローチまたは妨害に参加した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "approach|interfering"
    got = _eff("このカードが妨害した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "interfering"


def test_each_time_one_of_yours_gives_points_and_if_moved_under_the_deck() -> None:
    got = _eff("自分の「試験 花子」がアプローチでポイントを与えるごとに、このカードをデッキの下に移すことができる。"
               "デッキの下に移した場合、自分の捨て札置き場にある「試験 花子」を2枚まで手札に戻すことができる。")
    assert got is not None and got["trigger"] == "any_gave_point" and got["optional"]
    (move,) = got["do"]
    assert move["op"] == "move" and move["to"] == "deck_bottom" and move["then"][0]["from"] == "discard"


def test_enters_or_leaves_and_placed_by_the_opponents_approach() -> None:
    got = _eff("このカードが登場、または退場した場合、デッキの上のカード2枚を捨て札にする。")
    assert got is not None and got["trigger"] == "enter|leave"
    # a target of your own: whether it may be this card depends on the cause: not read
    assert _eff("このカードが登場または退場した場合、自分のキャラ1枚は、ターン終了時まで+10/+10を得る。") is None
    got = _eff("このカードが相手のアプローチによって自分のポイント置き場に置かれた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "point_by_approach"


def test_a_static_with_the_turn_first() -> None:
    got = _eff("自分のターンの間、このカードは、相手のキャラ1枚につき、+10/+10を得る。")
    assert got is not None and got["condition"] == {"own_turn": True}
    assert got["do"][0]["per"] == {"charas": {"side": "opponent"}}


def test_two_causes_written_out_and_this_card_when_it_enters() -> None:
    got = _eff("このカードが登場した場合、またはアプローチに参加した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|approach"
    got = _eff("このカードは、登場した場合、ターン終了時まで〔アクティブ〕、+10/+10を得る。")
    assert got is not None and got["trigger"] == "enter"
    assert [s["op"] for s in got["do"]] == ["grant", "modify"] and all(s["target"] == "self" for s in got["do"])
    got = _eff("[メイン/自分]:《0》このカードが妨害されている場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"interfered": True}


def test_an_event_is_played() -> None:
    got = _eff("自分のイベントカードがプレイされた場合、このカードは、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["trigger"] == "own_event"
    got = _eff("このカードは、イベントカードがプレイされた場合、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["trigger"] == "own_event|opp_event"


def test_a_note_that_an_effect_does_not_happen_leaves_it_unscripted() -> None:
    text = "このカードが登場、または退場した場合、カードを1枚引く。"
    assert _eff(text) is not None
    assert _eff(text + "（このカードが登場したターンの間に退場した場合、退場した場合の効果は発生しない。）") is None


def test_hand_or_discard_cards_under_the_deck() -> None:
    got = _eff("このカードが登場した場合、カードを1枚引く。その後、手札1枚をデッキの下に移す。")
    assert got is not None
    put = got["do"][1]
    assert (put["op"], put["from"], put["to"], put["n"], put["filter"]) == ("pick", "hand", "deck_bottom", 1, {})
    assert not put.get("up_to")
    got = _eff("このカードが登場した場合、自分の捨て札置き場にあるキャラ2枚を任意の順番でデッキの下に移すことができる。")
    # "may put two" opening an optional effect, nothing depending on it: two, or all there are (session 13 decision)
    assert got is not None and got["optional"] and not {"all_or_none", "up_to"} & set(got["do"][0])


def test_look_at_the_top_card_and_may_discard_it() -> None:
    got = _eff("[メイン/自分]:《休》デッキの上のカード1枚を見る。その後、そのカードを捨て札にすることができる。")
    assert got is not None
    assert got["do"][0] | {"who": "self"} == {"op": "pick", "from": "deck", "to": "discard", "n": 1, "filter": {},
                                              "look": 1, "up_to": True, "who": "self"}
