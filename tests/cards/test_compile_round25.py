"""Readings of the twenty-fifth compiler round (issue 20, helper h20r25), on made-up texts in the phrasings of the
dev sets (no card text of a real set is kept here): a keyword with a condition defined by the set's reminder text
(〔KW〕▶「A」), comparisons with this card / that Chara, coins on this card, a Support set as a condition, a face-up
named card in the Point Zone, the own cost with AP/DP after it, and the next "「N」 or <kind>" card's cost."""

from __future__ import annotations

from typing import Any

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import parse_precious
from tests.pm_cards import made_up_effect, made_up_script

_one = made_up_script
NOT_BY = "not_interfered_by"


def _card(number: str, name: str, text: str) -> tuple[str, dict[str, Any]]:
    return (f"TST_{number}.json", {"id": f"TST {number}", "name": name, "setName": "試験作品", "type": "キャラクター",
                                   "color": "赤", "cost": "2", "source": "1", "ap": "30", "dp": "30", "text": text})


KEEP = "このカードがアプローチするごとに、自分の「{}」1枚に+10/+10コインを1個乗せることができる。"


def _keep(card: str, name: str, reminder: str | None = None) -> str:
    text = f"〔継承〕▶「{name}」このカードが登場した場合、カードを1枚引く。"
    return text + (f"（〔継承〕▶「{reminder}」:{KEEP.format(reminder)}）" if reminder else "")


def test_a_conditioned_keyword_takes_the_sets_definition_with_its_own_name() -> None:
    db = parse_precious([_card("01-001", "甲", _keep("01-001", "乙", "乙")), _card("01-002", "丙", _keep("01-002", "丁", "丁")),
                         _card("01-003", "戊", _keep("01-003", "己"))], compile=True)
    for cid, name in (("TST 01-001", "乙"), ("TST 01-002", "丁"), ("TST 01-003", "己")):
        keep, draw = db.get(cid).effects
        got = normalized(keep)
        assert keep.compiled and keep.kind == "auto" and not keep.once_per_turn, cid  # ごとに: every approach
        assert (got["trigger"], got["optional"], got["targets"]) == ("approach", True, [{"side": "self", "name": name}])
        assert got["do"] == [{"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 1}]
        assert draw.compiled and draw.trigger == "enter"


def test_a_conditioned_keyword_defined_two_ways_stays_unread() -> None:
    other = "〔継承〕▶「丁」このカードが登場した場合、カードを1枚引く。（〔継承〕▶「丁」:このカードが登場するごとに、カードを1枚引く。）"
    db = parse_precious([_card("01-001", "甲", _keep("01-001", "乙", "乙")), _card("01-002", "丙", other)], compile=True)
    for cid in ("TST 01-001", "TST 01-002"):
        keep = db.get(cid).effects[0]
        assert not keep.scripted and "〔継承〕" in (keep.why or "")


def test_lower_than_this_card_is_measured_against_the_chara_the_step_measures_with() -> None:
    got = _one("このカードは、このカードより使用コストが低いキャラには妨害されない。")
    assert got is not None and got["do"][0]["what"] == {NOT_BY: {"below_source": {"stat": "cost", "by": 1}}}
    got = _one("このカードは、このカードよりAPが30以上低い相手のキャラには妨害されない。")
    assert got is not None and got["do"][0]["what"] == {NOT_BY: {"below_source": {"stat": "ap", "by": 30},
                                                                 "side": "opponent"}}
    got = _one("このカードは、このカードよりDPが低いキャラには妨害されない。")
    assert got is not None and got["do"][0]["what"] == {NOT_BY: {"below_source": {"stat": "dp", "by": 1}}}
    got = _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで、そのキャラより使用コストが低いキャラには妨害されない。")
    assert got is not None and got["do"][0]["target"] == "target:0"
    assert got["do"][0]["what"] == {NOT_BY: {"below_source": {"stat": "cost", "by": 1}}}
    got = _one("このカードが登場した場合、このカードより使用コストが低い相手のキャラ1枚を捨て札にする。")
    assert got is not None and got["targets"] == [{"side": "opponent", "below_source": {"stat": "cost", "by": 1}}]


def test_a_comparison_with_another_chara_than_the_one_measured_with_stays_unread() -> None:
    # the grant's holder is another Chara: "lower than this card's" would be measured against the holder
    other = "このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで、このカードより使用コストが低いキャラには妨害されない。"
    assert _one(other) is None
    # "that Chara" with no Chara named, this card holding the grant
    assert _one("このカードは、そのキャラより使用コストが低いキャラには妨害されない。") is None
    # an Event or a Support has no Chara of its own to measure with
    assert _one("[メイン/自分]:このカードより使用コストが低い相手のキャラ1枚を捨て札にする。", "イベント") is None
    # a card in a zone holds no such comparison (the Chara-only key)
    assert _one("このカードが登場した場合、自分の捨て札置き場にあるこのカードより使用コストが低いキャラ1枚を手札に加える。") is None


def test_coins_on_this_card_as_a_condition() -> None:
    want = {"coins": {"coin": "+10/+10", "at_least": 1}}
    got = _one("このカードは、+10/+10コインが乗っている場合、使用コスト+3を得る。")
    assert got is not None and got["condition"] == want
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"cost": 3}, "until": "turn_end"}]
    got = _one("このカードは、自分のターンの間、このカードの上に+10/+10コインが乗っている場合、使用コスト+2、+10/+10を得る。")
    assert got is not None and got["condition"] == {"own_turn": True, **want}
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"cost": 2}, "until": "turn_end"},
                         {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"}]
    got = _one("[メイン/相手]:《3》このカードを活動状態にする。このカードの上に+10/+10コインが乗っている場合、カードを1枚引く。")
    assert got is not None and got["do"][1] == {"op": "draw", "who": "self", "n": 1, "if": want}


def test_a_support_set_as_a_condition() -> None:
    got = _one("このカードは、このカードにサポートカードがセットされている場合、使用コスト+3、+30/+30を得る。")
    assert got is not None and got["condition"] == {"count": {"spec": {"is_source": True, "supported": {}}, "at_least": 1}}
    got = _one("このカードは、自分の『試験作品』のキャラにサポートカードがセットされている場合、〔アクティブ〕を得る。")
    assert got is not None and got["condition"] == {"count": {"spec": {"side": "self", "series": "試験作品", "supported": {}},
                                                              "at_least": 1}}
    # the opponent's Charas, or a kind of Support other than by title: not read
    assert _one("このカードは、相手のキャラにサポートカードがセットされている場合、〔アクティブ〕を得る。") is None


def test_a_face_up_named_card_in_the_point_zone() -> None:
    got = _one("このカードは、自分のポイント置き場に表向きの「乙」が置かれている場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"cards": {"zone": "point_up", "who": "self", "filter": {"name": "乙"},
                                                              "at_least": 1}}


def test_the_next_named_card_or_kind_of_card() -> None:
    got = _one("このカードが登場した場合、このターン、自分が次にプレイする「乙」または『試験作品』のサポートカード1枚は、"
               "使用コスト-3を得る。")
    assert got is not None and got["do"] == [{"op": "cost", "who": "self", "next": True, "n": -3, "until": "turn_end",
                                              "filter": {"any_of": [{"name": "乙"},
                                                                    {"series": "試験作品", "type": "support"}]}}]


def test_a_support_set_by_an_effect() -> None:
    got = _one("このカードが登場した場合、EXデッキから「乙」1枚を抜き出し、このカードにセットする。")
    assert got is not None and got["do"] == [{"op": "pick", "from": "ex_deck", "to": "set", "n": 1, "filter": {"name": "乙"},
                                              "onto": "self", "who": "self"}]
    got = _one("[メイン/自分]:《4》自分の捨て札置き場にある『試験作品』のサポートカード1枚を自分のキャラ1枚にセットする。")
    assert got is not None and got["targets"] == [{"side": "self"}] and got["do"][0]["onto"] == "target:0"
    # a kind of card from the EX deck, or two Charas to set on: not read
    assert _one("このカードが登場した場合、EXデッキからサポートカード1枚を抜き出し、このカードにセットする。") is None
    assert _one("このカードが登場した場合、EXデッキから「乙」1枚を抜き出し、自分のキャラ2枚にセットする。") is None


def test_from_the_ex_deck_or_the_hand_only_as_an_optional_opening() -> None:
    got = _one("このカードが登場した場合、EXデッキまたは手札にある「乙」1枚を場に出すことができる。")
    assert got is not None and got["optional"] and [m[0]["from"] for m in got["do"][0]["modes"]] == ["ex_deck", "hand"]
    assert _one("このカードが登場した場合、EXデッキまたは手札にある「乙」1枚を場に出す。") is None


def test_one_coin_on_each_of_every_chara_of_a_kind() -> None:
    got = _one("このカードが登場した場合、メインエリアにいる自分の全ての「甲」と「乙」の上に+10/+10コインを1個ずつ乗せる。")
    assert got is not None and got["do"] == [{"op": "coin", "coin": "+10/+10", "n": 1, "target": {"all": {
        "area": "main", "side": "self", "name": ["乙", "甲"]}}}]


def test_conditions_of_the_turn_and_the_phase() -> None:
    got = _one("このカードは、自分または相手のポイント置き場にカードが置かれたターンの間、使用コスト+3、+30/+30を得る。")
    assert got is not None and got["condition"] == {"history": {"event": "point", "filter": {}, "who": "any", "at_least": 1}}
    got = _one("このカードは、手札にある場合、自分のメインフェイズの間、使用コスト-3を得る。")
    assert got is not None and got["condition"] == {"own_turn": True, "phase": "main"}
    assert got["do"] == [{"op": "cost", "n": -3, "who": "self", "until": "turn_end"}]


def test_nullify_any_card_being_played_and_coins_while_approaching() -> None:
    got = _one("[アプローチ/割り込み]:相手のプレイ中の使用コストが0のカード1枚を無効にする。", "イベント")
    assert got is not None and got["condition"] == {"answers": {
        "type": ["play_event", "summon", "level_up", "set_support"], "side": "opponent", "filter": {"max_cost": 0}}}
    got = _one("このカードは、このカードの上に+10/+10コインが乗っている状態でアプローチしている場合、〔強引〕を得る。")
    assert got is not None and got["condition"] == {"approaching": True, "coins": {"coin": "+10/+10", "at_least": 1}}
    got = _one("このカードは、自分のターンの間、このカードの上に+10/+10コインが乗っている場合〔アクティブ〕、+10/+10を得る。")
    assert got is not None and [s["op"] for s in got["do"]] == ["grant", "modify"]


def test_no_start_stand_is_a_continuous_rule_of_the_card() -> None:
    eff = made_up_effect("このカードは、ターン開始時に活動状態にならない。")
    assert eff.compiled and eff.kind == "continuous" and eff.trigger is None
    assert eff.script == ({"op": "grant", "target": "self", "what": "no_start_stand", "until": "turn_end"},)


def test_a_self_worded_endure_reminder_is_the_engines_rule() -> None:
    from engine.pm.cards.reminders import agrees

    assert agrees("〔我慢〕", "このカードのDPが10以上の場合、このカードは退場しない")
    assert not agrees("〔我慢〕", "このカードのDPが20以上の場合、このカードは退場しない")
    assert agrees("〔強引〕", "APが10以上のこのカードが退場判定を行った場合、相手のキャラを退場させる")
    assert not agrees("〔強引〕", "APが10以上のこのカードが退場判定を行った場合、相手のキャラ1枚を退場させる")
    assert agrees("《休》", "このカードを休息状態にすることでテキストを使用できる")
    assert not agrees("《休》", "このカードを捨て札にすることでテキストを使用できる")


def test_a_support_set_on_your_chara_as_a_cause() -> None:
    got = _one("自分のサポートカードがセットされた場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("any_supported", {"subject": {"side": "self"}})
    got = _one("自分の「乙」にサポートカードがセットされた場合、自分のキャラ1枚は、ターン終了時まで〔アクティブ〕を得る。")
    assert got is not None and got["condition"] == {"subject": {"side": "self", "name": "乙"}}


def test_wordings_of_a_value_set_and_of_a_grant_with_no_stated_duration() -> None:
    got = _one("このカードがアプローチした場合、ターン終了時まで、相手のキャラ1枚のDPを0に変更する。")
    assert got is not None and got["do"][0]["set"] == {"dp": 0}
    got = _one("[アプローチ/自分]:《4》相手のキャラ1枚のDPを、ターン終了時まで0に変更する。")
    assert got is not None and got["do"][0]["set"] == {"dp": 0}
    got = _one("このカードが登場した場合、自分の『試験作品』のキャラ1枚は、そのカードよりAPが30以上低いキャラには妨害されない。")
    assert got is not None and got["do"][0]["until"] == "turn_end" and got["do"][0]["target"] == "target:0"
    got = _one("このカードは、このカードの上に+10/+10コインが乗っている場合、このカードよりAPが30以上低いキャラには妨害されない。")
    assert got is not None and got["condition"] == {"coins": {"coin": "+10/+10", "at_least": 1}}
    # as a continuous effect with no stated duration on a Chara named by another: not read
    assert _one("自分の『試験作品』のキャラ1枚は、そのカードよりAPが30以上低いキャラには妨害されない。") is None


def test_own_hand_and_deck_wordings_no_support_set_and_stand_with_a_gain() -> None:
    got = _one("このカードがアプローチした場合、カードを2枚引く。その後、自分の手札2枚を任意の順番でデッキの下に移す。")
    assert got is not None and got["do"][1] == {"op": "pick", "from": "hand", "to": "deck_bottom", "n": 2, "filter": {},
                                                "who": "self"}
    got = _one("このカードがポイントを与えた場合、相手は自分の手札1枚を捨て札にする。")
    assert got is not None and got["do"][0]["who"] == "opponent" and got["do"][0]["from"] == "hand"
    got = _one("[メイン/自分]:《3》サポートカードがセットされていない相手のキャラ1枚を休息状態にする。")
    assert got is not None and got["targets"] == [{"side": "opponent", "not": {"supported": {}}}]
    got = _one("[メイン/相手]:自分のキャラ1枚は、活動状態になるとともに、ターン終了時まで+10/+10を得る。", "イベント")
    assert got is not None and got["do"] == [
        {"op": "activate", "target": "target:0"},
        {"op": "modify", "target": "target:0", "ap": 10, "dp": 10, "until": "turn_end"}]
    # every Chara of a kind: "that Chara" is no one Chara, not read
    assert _one("[メイン/相手]:自分の全てのキャラは、活動状態になるとともに、ターン終了時まで+10/+10を得る。", "イベント") is None


def test_more_canonical_wordings() -> None:
    got = _one("[メイン/相手]:ターン終了時まで、相手のキャラ2枚はアプローチできない。", "イベント")
    assert got is not None and [s["what"] for s in got["do"]] == ["cannot_approach", "cannot_approach"]
    got = _one("[アプローチ/相手]:相手のキャラ1枚は、ターン終了時まで、アプローチでポイントを与えられない。", "イベント")
    assert got is not None and got["do"][0]["what"] == "cannot_give_points"
    got = _one("このカードが登場した場合、自分のデッキの上のカード1枚を自分のポイント置き場に裏向きで置く。")
    assert got is not None and got["do"] == [{"op": "put_point", "who": "self", "n": 1, "face": "down"}]
    got = _one("このカードが登場した場合、自分の【試験】1枚は活動状態になる。")
    assert got is not None and got["do"] == [{"op": "activate", "target": "target:0"}]
    got = _one("このカードは、自分のアプローチフェイズの間でも登場できる。")
    assert got is not None and got["condition"] == {"own_turn": True}


def test_a_supports_step_on_every_chara_of_a_kind_stays_unread() -> None:
    """The engine applies continuous steps on every X from Charas' own texts only (engine.pm.stats.wide_steps)."""
    assert _one("〔EXカード〕自分の全ての「乙」は、自分のターンの間、+40/+40を得る。", "サポート") is None
    got = _one("このカードがセットされているキャラは、+20/+20を得る。", "サポート")
    assert got is not None and got["do"][0]["target"] == "self"


def test_a_charas_continuous_step_on_every_chara_of_a_side_is_a_wide_step() -> None:
    """The engine applies a continuous step reaching other Charas in the ``{"all": spec}`` form only."""
    got = _one("自分のターンの間、相手の全てのキャラは-20/-20を得る。")
    assert got is not None and got["do"][0]["target"] == {"all": {"side": "opponent"}}
    got = _one("[メイン/自分]:相手の全てのキャラは、ターン終了時まで-20/-20を得る。", "イベント")
    assert got is not None and got["do"][0]["target"] == "all_opponent"  # a played effect reads both forms


def test_for_each_of_your_support_cards() -> None:
    got = _one("このカードは、自分のサポートカード1枚につき〔天然+1〕を得る。")
    assert got is not None and got["do"][0]["per"] == {"supports": "self"}


def test_approaching_while_a_state_holds_and_a_pinch_free_entry() -> None:
    got = _one("このカードが、自分の「乙」がいる状態でアプローチした場合、相手のキャラ1枚を休息状態にする。")
    assert got is not None and (got["trigger"], got["condition"]) == ("approach", {"has_name": "乙"})
    got = _one("〔逆境3〕:「〔自由登場〕」")
    assert got is not None and got["condition"] == {"points_at_least": 3}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]


def test_a_symbol_cost_card_on_your_field_and_one_with_no_place() -> None:
    got = _one("このカードは、自分の場に使用コストが△のカードがある場合、〔アクティブ〕を得る。")
    assert got is not None and got["condition"] == {"count": {"at_least": 1, "spec": {
        "side": "self", "any_of": [{"cost_symbol": "△"}, {"supported": {"cost_symbol": "△"}}]}}}
    assert _one("このカードは、使用コストが△の自分のカードがある場合、〔アクティブ〕を得る。") is None  # where? not said


def test_deck_top_and_a_hand_condition_written_first() -> None:
    got = _one("[アプローチ/自分]:相手のキャラ1枚を相手のデッキの上に戻す。", "イベント")
    assert got is not None and got["do"] == [{"op": "move", "target": "target:0", "to": "deck"}]
    got = _one("このカードは、このターンの間に自分または相手のポイント置き場にカードが置かれた状態で手札にある場合、〔自由登場〕を得る。")
    assert got is not None and got["condition"] == {"history": {"event": "point", "filter": {}, "who": "any", "at_least": 1}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]


def test_a_comma_left_out_after_this_card_after_a_head() -> None:
    got = _one("キャラが登場するごとに、このカードはターン終了時まで+10/+10を得る。")
    assert got is not None and got["trigger"] == "any_enter" and got["do"][0]["target"] == "self"
    got = _one("このカードが登場した場合、自分の捨て札置き場にある『試験作品』の全てのキャラをデッキに戻し、シャッフルする。")
    assert got is not None and [s["op"] for s in got["do"]] == ["pick", "shuffle"] and got["do"][0]["all"]
    got = _one("同じターンの間に自分の「乙」が2枚以上アプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_approach" and got["condition"]["history"]["exactly"] == 2
