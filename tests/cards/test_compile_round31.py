"""Round 31 (issue 20, helper h20r31): parts that compose instead of sentence shapes, on made-up texts (no card text of
a real set is kept here). A grant read from its subject, its duration (before or after the subject, this turn or
the next) and the one verb table; selectors (a name or a property held, a property's possessive form, a comma inside
a noun phrase, コインの for コインが); verbs (戻す for the hand's cards to the deck top, the passive's converse for
designated Charas, values set with alternatives, any number of alternative gains); heads (で for によって, another
Chara's two events with the first as a stem). Each with the refusals that keep a part not read unverified. The
made-up card is 「試験 花子」 of 『試験』."""

from __future__ import annotations

import json
from pathlib import Path

from engine.pm.cards.compile_blockers import table
from pmemo_replay.cards.compile_measure import main
from tests.pm_cards import made_up_script, read_precious

_one = made_up_script
EVENT = "イベント"


def _grant(target: str, what: object, until: str = "turn_end") -> dict[str, object]:
    return {"op": "grant", "target": target, "what": what, "until": until}


def test_a_grant_from_subject_duration_and_verb_in_either_order() -> None:
    got = _one("[メイン/自分]:このターン、相手のキャラ2枚は、アプローチに参加することができない。", EVENT)
    assert got is not None and got["targets"] == [{"side": "opponent"}, {"side": "opponent"}]
    assert got["do"] == [_grant("target:0", "cannot_approach"), _grant("target:1", "cannot_approach")]
    got = _one("[メイン/自分]:相手のキャラ1枚は、次のターンの終了時までアプローチと妨害に参加することができない。", EVENT)
    assert got is not None and got["do"] == [
        _grant("target:0", "cannot_approach", "next_turn_end"),
        _grant("target:0", "cannot_interfere", "next_turn_end"),
    ]
    # the verb table's new rows: a Chara that cannot use its text, one whose text is negated
    got = _one("[メイン/自分]:相手のキャラ1枚は、ターン終了時までテキストを使用することができない。", EVENT)
    assert got is not None and got["do"] == [_grant("target:0", "no_text")]
    got = _one("このカードが登場した場合、相手のキャラ1枚を指定する。このターン、指定されたキャラは、テキストを使用することができない。")
    assert got is not None and got["trigger"] == "enter" and got["do"] == [_grant("target:0", "no_text")]
    got = _one("[メイン/自分]:相手のキャラ1枚は、ターン終了時までテキストが無効になる。", EVENT)
    assert got is not None and got["do"] == [_grant("target:0", "text_negated")]


def test_a_grant_with_no_duration_two_durations_or_an_unknown_verb_is_not_read() -> None:
    assert _one("[メイン/自分]:このターン、相手のキャラ1枚は、ターン終了時までアプローチに参加することができない。", EVENT) is None
    assert _one("[メイン/自分]:このターン、相手のキャラ1枚は、謎の状態になる。", EVENT) is None
    assert _one("[メイン/自分]:相手のキャラ1枚は、次の次のターン終了時までアプローチに参加することができない。", EVENT) is None


def test_selectors_a_name_or_a_property_held_and_a_propertys_possessive() -> None:
    got = _one("このカードが登場した場合、自分の「試験 次郎」または【試験部】を持つキャラ1枚は、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "any_of": [{"name": "試験 次郎"}, {"property": "試験部"}]}]
    got = _one("自分の【甲】または【乙】のキャラがアプローチに参加するごとに、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_approach"
    assert got["condition"] == {"subject": {"side": "self", "any_of": [{"property": "甲"}, {"property": "乙"}]}}
    got = _one("このカードが登場した場合、【甲】のキャラ1枚を休息状態にする。")
    assert got is not None and got["targets"] == [{"property": "甲"}]
    # 【甲】の before anything but キャラ (a title-like use): not read as a property
    assert _one("このカードが登場した場合、【甲】の「試験 次郎」1枚を休息状態にする。") is None


def test_selectors_a_comma_inside_a_noun_phrase_and_coins_with_no() -> None:
    got = _one("[メイン/自分]:自分の捨て札置き場にある使用コストの値が2以下の、【甲】を持つキャラ1枚を場に出す。", EVENT)
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "self", "from": "discard", "to": "area", "n": 1, "filter": {"max_cost": 2, "property": "甲", "type": "chara"}}
    ]
    got = _one("自分の、〔アクティブ〕を持つ全てのキャラは、+10/+10を得る。")
    assert got is not None and got["do"][0]["target"] == {"all": {"side": "self", "keyword": "active"}}
    got = _one("このカードがアプローチした場合、コインの乗っていない「試験 次郎」1枚の上に+10/+10コインを1個乗せる。")
    assert got is not None and got["targets"] == [{"name": "試験 次郎", "coins": {"coin": None, "at_most": 0}}]
    # a comma before または (two sources, not one phrase) stays
    assert _one("[メイン/自分]:デッキの中を全て見て、その中にある、またはEXデッキから「試験 次郎」1枚を抜き出し、場に出す。", EVENT) is None


def test_verbs_return_to_the_deck_top_and_the_passives_converse() -> None:
    got = _one("このカードが登場した場合、手札1枚をデッキの上に戻す。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "hand", "to": "deck", "n": 1, "filter": {}}]
    got = _one("[メイン/自分]:《0》相手のキャラ2枚を指定する。その場合、このターン、このカードは、指定したキャラには妨害されない。")
    assert got is not None and got["targets"] == [{"side": "opponent"}, {"side": "opponent"}]
    assert got["do"] == [_grant(f"target:{i}", {"cannot_interfere_with": {"chara": "self"}}) for i in (0, 1)]
    # a Chara not designated (a kind of Chara): round 26's spec reading, not the converse
    got = _one("[メイン/自分]:《0》このターン、このカードは、【甲】を持つキャラには妨害されない。")
    assert got is not None and got["do"] == [_grant("self", {"not_interfered_by": {"property": "甲"}})]


def test_values_set_with_alternatives() -> None:
    got = _one("イベントカードがプレイされた場合、このカードのAPまたはDPの値を、ターン終了時まで50に変更する。")
    assert got is not None and got["do"] == [
        {
            "op": "choose",
            "n": 1,
            "modes": [[{"op": "modify", "target": "self", "ap": 0, "dp": 0, "until": "turn_end", "set": {k: 50}}] for k in ("ap", "dp")],
        }
    ]
    got = _one("イベントカードがプレイされるごとに、このカードのAP/DPの値を、ターン終了時まで40/50または50/40に変更する。")
    assert got is not None and [m[0]["set"] for m in got["do"][0]["modes"]] == [{"ap": 40, "dp": 50}, {"ap": 50, "dp": 40}]
    got = _one("[メイン/自分]:相手のキャラ1枚のDPの値を、ターン終了時まで0に変更する。", EVENT)
    assert got is not None and got["do"] == [
        {"op": "modify", "target": "target:0", "ap": 0, "dp": 0, "until": "turn_end", "set": {"dp": 0}}
    ]
    # alternatives for several Charas (one choice for all, or one each?), or a pair for one stat: not read
    assert _one("[メイン/自分]:相手のキャラ2枚のAP/DPの値を、ターン終了時まで10/10または20/20に変更する。", EVENT) is None
    assert _one("[メイン/自分]:相手のキャラ1枚のAPの値を、ターン終了時まで10/10に変更する。", EVENT) is None


def test_any_number_of_alternative_gains() -> None:
    got = _one("[メイン/自分]:自分のキャラ1枚は、ターン終了時まで使用コスト+2または+10/±0または±0/+10を得る。", EVENT)
    assert got is not None and got["do"] == [
        {
            "op": "choose",
            "n": 1,
            "modes": [
                [_grant("target:0", {"cost": 2})],
                [{"op": "modify", "target": "target:0", "ap": 10, "dp": 0, "until": "turn_end"}],
                [{"op": "modify", "target": "target:0", "ap": 0, "dp": 10, "until": "turn_end"}],
            ],
        }
    ]


def test_heads_by_the_opponents_approach_and_two_events_with_a_stem() -> None:
    got = _one("このカードが登場、または相手のアプローチでポイント置き場に置かれた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|point_by_approach"
    got = _one("相手のキャラが登場、またはアプローチに参加した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "other_enter|other_approach"
    assert got["condition"] == {"subject": {"side": "opponent"}}


def test_this_cards_ap_or_dp_condition_then_b_is_not_read() -> None:
    # round 30's refusal of "if this card's DP is N or more, A. Then B" covers AP or DP too (is B under it?)
    assert (
        _one("[メイン/自分]:《0》このカードのAPまたはDPの値が100以上ある場合、カードを2枚引く。その後、手札1枚をデッキの上に戻す。") is None
    )


def _card(n: int, text: str) -> dict[str, str]:
    return {
        "id": f"TST 01-00{n}",
        "name": f"試験 {n}",
        "setName": "試験",
        "type": "キャラクター",
        "color": "赤",
        "cost": "1",
        "source": "1",
        "ap": "10",
        "dp": "10",
        "text": text,
    }


def test_blockers_class_the_first_unread_part_of_each_effect(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    texts = [
        "このカードが登場した場合、カードを1枚引く。",  # compiled: not counted
        "このカードが登場した場合、謎めいた相手のキャラ1枚を休息状態にする。",  # a selector
        "このカードが登場した場合、相手のキャラ1枚を謎の状態にする。",  # a verb
        "このカードが空を飛んだ場合、カードを1枚引く。",  # a head
        "このカードが登場した場合、相手のキャラ1枚は、次の次のターン終了時まで+10/+10を得る。",
    ]  # a duration
    for n, text in enumerate(texts, 1):
        (tmp_path / f"TST_01-00{n}.json").write_text(json.dumps(_card(n, text), ensure_ascii=False), encoding="utf-8")
    lines = table([(read_precious(tmp_path), read_precious(tmp_path, compile=True))], 3)
    assert lines[0] == "first unread part of each uncompiled effect, by kind (4 effects):"
    kinds = {line.split()[1] for line in lines[1:] if line.startswith("    1  ")}
    assert kinds == {"selector", "verb", "head", "duration"}
    assert "        1  謎めいた相手のキャラn枚" in lines and "        1  Xを謎の状態にする" in lines
    assert "        1  このカードが空を飛んだ場合" in lines and "        1  次の次のターン終了時まで" in lines
    assert main([str(tmp_path), "--blockers", "2"]) == 0
    assert "first unread part of each uncompiled effect, by kind (4 effects):" in capsys.readouterr().out


def test_conditions_the_hands_count_a_count_not_there_and_whose_event() -> None:
    got = _one("このカードは、手札の枚数が5枚以上ある場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "self", "filter": {}, "at_least": 5}}
    got = _one("このカードは、自分のポイント置き場にカードが4枚以上ない場合、アプローチに参加することができない。")
    assert got is not None and got["condition"] == {"not": {"points_at_least": 4}}
    assert got["do"] == [_grant("self", "cannot_approach")]
    got = _one("ターン開始時に、このカードの上に+10/+10コインが3個以上乗っていない場合、このカードの上に+10/+10コインを1個乗せる。")
    assert got is not None and got["trigger"] == "turn_start"
    assert got["do"][0]["if"] == {"not": {"coins": {"coin": "+10/+10", "at_least": 3}}}
    got = _one("このカードは、自分のイベントカードがプレイされたターンの間、相手のイベントカードの効果の対象にならない。")
    assert got is not None and got["condition"] == {"history": {"event": "play", "filter": {"type": "event"}, "who": "self"}}
    # a count with 以上ない of something not read positively: not read
    assert _one("このカードは、自分の謎の置き場にカードが4枚以上ない場合、+10/+10を得る。") is None


def test_heads_events_played_in_the_same_turn_and_a_phase() -> None:
    got = _one("同じターンの間に、相手のイベントカードが2枚以上プレイされた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "opp_event"
    assert got["condition"] == {"history": {"event": "play", "filter": {"type": "event"}, "who": "opponent", "exactly": 2}}
    got = _one("同じターンの間にイベントカードが3枚以上プレイされた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "own_event|opp_event" and got["condition"]["history"]["who"] == "any"
    got = _one("自分のキャラがメインフェイズに登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_enter"
    assert got["condition"] == {"subject": {"side": "self"}, "phase": "main"}
    # a phase with an event the head reader does not know: not read
    assert _one("自分のキャラがメインフェイズに空を飛んだ場合、カードを1枚引く。") is None


def test_selectors_not_approached_this_turn_a_count_first_and_the_break_keyword() -> None:
    got = _one("[アプローチ/自分]:このターンの間にアプローチに参加していない、自分のキャラ1枚を休息状態にする。", EVENT)
    assert got is not None and got["targets"] == [{"side": "self", "not": {"approached_at_least": 1}}]
    got = _one("このカードが登場した場合、自分の「試験 花子」の枚数以下の使用コストの値を持つ相手のキャラ1枚を手札に戻す。")
    assert got is not None and got["targets"] == [
        {"side": "opponent", "max_cost": {"count": {"charas": {"side": "self", "name": "試験 花子"}}}}
    ]
    got = _one("[メイン/自分]:自分の捨て札置き場にある〔ブレイク〕を持つイベントカード1枚を手札に戻す。", EVENT)
    assert got is not None and got["do"][0]["filter"] == {"keyword": "break", "type": "event"}


def test_a_pick_composed_of_source_selector_count_and_destination() -> None:
    got = _one("このカードが登場した場合、自分の捨て札置き場にある【甲】を持つキャラ2枚を自分のポイント置き場に表向きで置く。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "self", "from": "discard", "to": "point", "n": 2, "filter": {"property": "甲", "type": "chara"}, "face": "up"}
    ]
    got = _one("このカードが登場した場合、自分のポイント置き場にあるカード1枚を捨て札にすることができる。")
    assert got is not None and got["do"][0]["from"] == "point" and got["do"][0]["to"] == "discard" and got["optional"]
    # a pick whose source and destination are one zone, or "rested" where no Chara enters: not read
    assert _one("このカードが登場した場合、手札にある「試験 次郎」1枚を手札に加える。") is None
    assert _one("このカードが登場した場合、自分の捨て札置き場にある「試験 次郎」1枚を休息状態で手札に戻す。") is None


def test_n_charas_get_a_and_b_on_each() -> None:
    got = _one(
        "このカードが登場した場合、自分のキャラ2枚は、ターン終了時まで+20/+20を得るとともに、使用コストの値が1以下の"
        "相手のキャラには妨害されない。"
    )
    assert got is not None and got["targets"] == [{"side": "self"}, {"side": "self"}]
    spec = {"not_interfered_by": {"max_cost": 1, "side": "opponent"}}
    assert got["do"] == [
        *({"op": "modify", "target": f"target:{i}", "ap": 20, "dp": 20, "until": "turn_end"} for i in (0, 1)),
        *(_grant(f"target:{i}", spec) for i in (0, 1)),
    ]
    # B measured against this card (lower than this card's cost): moved onto other Charas it would change: not read
    assert (
        _one(
            "このカードが登場した場合、自分のキャラ2枚は、ターン終了時まで+20/+20を得るとともに、このカードより使用コストが低い"
            "相手のキャラには妨害されない。"
        )
        is None
    )


def test_entry_windows_from_one_table() -> None:
    got = _one("このカードは、相手のアプローチフェイズにも登場させることができる。")
    assert got is not None and got["condition"] == {"own_turn": False, "phase": "approach"}
    assert got["do"] == [_grant("self", "free_entry")]
    got = _one("このカードは、相手のメインフェイズにも登場させることができる。")
    assert got is not None and got["condition"] == {"phase": "main"}
    got = _one("このカードは、自分のアプローチフェイズでも登場させることができる。")
    assert got is not None and got["condition"] == {"own_turn": True}
    assert _one("このカードは、自分のメインフェイズにも登場させることができる。") is None  # its own window: says nothing new


def test_this_cards_area_move_this_chara_and_an_entry_in_a_turn() -> None:
    got = _one("[メイン/両方]:《1》サポートエリアにいるこのカードを、メインエリアに移す。")
    assert got is not None and got["condition"] == {"in_area": "support"}
    assert got["do"] == [{"op": "move", "target": "self", "to": "main"}]
    assert _one("[メイン/両方]:《1》サポートエリアにいるこのカードを、サポートエリアに移す。") is None  # where it is
    got = _one("このカードがアプローチした場合、このキャラの上に+10/+10コインを1個乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "target": "self", "coin": "+10/+10", "n": 1}]
    got = _one("このカードは、イベントカードがプレイされたターンの間に登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter"
    assert got["condition"] == {"history": {"event": "play", "filter": {"type": "event"}, "who": "any"}}


def test_a_player_as_the_subject_and_the_duration_after_the_subject() -> None:
    got = _one("[メイン/相手]:《休》全てのプレイヤーは、自分のポイント置き場にあるカード1枚を表向きにする。")
    # the opponent's flip of their own cards is their choice (session 16, f20x: chosen_by)
    assert got is not None and got["do"] == [{"op": "flip", "who": "self", "n": 1, "face": "up"},
                                             {"op": "flip", "who": "opponent", "n": 1, "face": "up", "chosen_by": "opponent"}]
    got = _one("このカードが登場した場合、相手は、デッキの上のカード2枚を捨て札にする。")
    assert got is not None and got["do"] == [{"op": "mill", "who": "opponent", "n": 2}]
    # the opponent's own choice ("may"), or a step on a Chara: not read
    assert _one("このカードが登場した場合、相手は、デッキの上のカード2枚を捨て札にすることができる。") is None
    assert _one("このカードが登場した場合、全てのプレイヤーは、相手のキャラ1枚を手札に戻す。") is None
    got = _one("[メイン/自分]:《0》自分は、このターン、「試験 次郎」のテキストを使用できない。")
    assert got is not None and got["do"] == [{"op": "forbid", "who": "self", "what": "text", "filter": {"name": "試験 次郎"}}]


def test_a_use_condition_counting_charas_of_a_property() -> None:
    # round 31: 【P】を持つキャラN枚以上 is a count (lead cut 【P】 alone as "a Chara with P": a looser condition), and a bare
    # kind of Chara is the player's own, as a bare 【P】 is (rule book 001's glossary)
    from engine.pm.cards import use_condition

    cond, rest = use_condition.cut("《使用条件》:【甲】を持つキャラ2枚以上。[メイン/自分]:カードを1枚引く。")
    assert (cond, rest) == ("【甲】を持つキャラ2枚以上", "[メイン/自分]:カードを1枚引く。")
    assert use_condition.read(cond) == {"count": {"spec": {"property": "甲", "side": "self"}, "at_least": 2}}
    assert use_condition.cut("《使用条件》:「試験 次郎」「試験 三郎」[メイン/自分]:カードを1枚引く。")[0] == "「試験 次郎」「試験 三郎」"
    assert use_condition.read("相手の【甲】を持つキャラ2枚以上") is use_condition.UNREAD


def test_this_card_or_another_chara_with_the_same_event() -> None:
    got = _one(
        "このカードがアプローチに参加した場合、または相手のキャラがアプローチに参加した場合、このカードを活動状態にすることができる。"
    )
    assert got is not None and got["trigger"] == "any_approach" and got["optional"]
    assert got["condition"] == {"subject": {"any_of": [{"is_source": True}, {"side": "opponent"}]}}
    # two different events (this card enters, another approaches): round 32 hears each with its own subject
    got = _one("このカードが登場した場合、または相手のキャラがアプローチに参加した場合、このカードを活動状態にする。")
    assert got is not None and got["trigger"] == "any_enter|any_approach"
    assert got["condition"] == {"subject_on": {"any_enter": {"is_source": True}, "any_approach": {"side": "opponent"}}}
