"""Readings of the twenty-fourth compiler round (issue 20, helper h20r24): the shared-set cards read at run time
(../shared; no card text is kept here), and made-up texts in the cards' phrasings for the limits."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from tests.pm_cards import made_up_script, read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
_one = made_up_script
needs_data = pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="needs ../shared/data/precious-data")
THIS_BACK = {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True, "who": "self"}


@functools.cache
def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


def _effect(card_id: str, idx: int) -> dict[str, Any]:
    eff = _set(card_id.split()[0]).get(card_id).effects[idx]
    assert eff.compiled, f"{card_id} e{idx} is not compiled"
    return normalized(eff)


@needs_data
def test_ssss_01_087_enters_during_your_turn_while_the_opponent_has_one() -> None:
    """"When this card enters during your turn while the opponent's Main Area holds a Chara whose name holds N":
    the trigger ``enter`` under both (a count with no number is one or more)."""
    got = _effect("SSSS 01-087", 0)
    assert got["trigger"] == "enter" and got["do"] == [{"op": "draw", "who": "self", "n": 2}]
    assert got["condition"] == {"own_turn": True, "count": {"at_least": 1, "spec": {
        "area": "main", "name_has": "グリッドマン", "not_self": True, "side": "opponent"}}}


@needs_data
def test_ssss_01_089_a_keyword_under_two_conditions_is_an_effect_of_its_own() -> None:
    card = _set("SSSS").get("SSSS 01-089")
    assert [e.kind for e in card.effects] == ["auto", "continuous"]
    assert _effect("SSSS 01-089", 0)["trigger"] == "enter"
    got = _effect("SSSS 01-089", 1)
    assert got["do"] == [{"op": "grant", "target": "self", "what": "forceful", "until": "turn_end"}]
    assert got["condition"]["own_turn"] is True and got["condition"]["count"]["spec"]["side"] == "opponent"


@needs_data
def test_this_card_after_it_came_back_from_the_discard_is_the_chara_it_put_there() -> None:
    """SSSS 01-055, SAGA 01-073 / 01-083 / 01-094: steps on "this card" after "put this card onto the Area" act on
    the Chara the effect put there (``entered``)."""
    got = _effect("SSSS 01-055", 0)
    assert got["trigger"] == "leave" and got["condition"] == {"left_by_approach": True}
    assert got["do"] == [{**THIS_BACK, "then": [
        {"op": "modify", "target": "entered", "ap": 60, "dp": 60, "until": "turn_end"},
        {"op": "grant", "target": "entered", "what": "text_negated", "until": "turn_end"}]}]
    got = _effect("SAGA 01-073", 0)
    assert got["optional"] and got["condition"] == {"cards": {"zone": "removed", "who": "self", "filter": {},
                                                              "at_least": 10}}
    assert got["do"] == [{**THIS_BACK, "up_to": True, "then": [
        {"op": "grant", "target": "entered", "what": "text_negated", "until": "turn_end"}]}]
    got = _effect("SAGA 01-083", 0)
    assert got["trigger"] == "discard_gave_point"
    assert got["do"] == [{**THIS_BACK, "up_to": True, "then": [
        {"op": "coin", "target": "entered", "coin": "+10/+10", "n": 1}]}]
    got = _effect("SAGA 01-094", 0)
    assert got["trigger"] == "leave" and got["condition"] == {"coins": {"coin": "+10/+10", "at_most": 0}}
    assert got["do"] == [THIS_BACK, {"op": "coin", "target": "entered", "coin": "+10/+10", "n": 1}]


@needs_data
def test_ssss_01_047_put_from_the_area_into_the_discard() -> None:
    got = _effect("SSSS 01-047", 1)
    assert got["trigger"] == "leave" and got["condition"] == {"left_to": "discard"}
    assert got["do"] == [{"op": "delay", "on": "turn_end", "do": [
        {"op": "pick", "from": "discard", "to": "hand", "n": 1, "filter": {}, "this_card": True, "who": "self"}]}]


@needs_data
def test_new_chara_spec_parts() -> None:
    """SSSS 01-052 (LV3 or more), SZ2 01-055 (AP + DP at most this card's), SAGA 01-015 (approached twice this
    turn), SAGA ST-025 (every X of yours is not interfered by Y)."""
    assert _effect("SSSS 01-052", 0)["do"] == [{"op": "grant", "target": "self", "until": "turn_end",
                                                "what": {"not_interfered_by": {"min_level": 3}}}]
    got = _effect("SZ2 01-055", 1)
    assert got["condition"] == {"interfered_by": {"side": "opponent", "sum_at_most_source": True}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "not_eliminated", "until": "turn_end"}]
    assert _effect("SAGA 01-015", 0)["do"] == [{"op": "grant", "target": {"all": {
        "approached_at_least": 2, "side": "opponent"}}, "what": "cannot_give_points", "until": "turn_end"}]
    assert _effect("SAGA ST-025", 0)["do"] == [{"op": "grant", "target": {"all": {
        "max_cost": 4, "min_cost": 4, "property": "ゾンビィ", "side": "self"}},
        "what": {"not_interfered_by": {"max_cost": 0}}, "until": "turn_end"}]


@needs_data
def test_saga_01_106_an_events_own_cost_in_the_hand() -> None:
    card = _set("SAGA").get("SAGA 01-106")
    assert card.effects[0].compiled and card.effects[0].script[0]["op"] == "pick"  # the play effect comes first
    got = _effect("SAGA 01-106", 1)
    assert got["do"] == [{"op": "cost", "n": -2, "who": "self", "until": "turn_end"}]
    assert got["condition"] == {"count": {"at_least": 4, "spec": {"area": "main", "name": "源 さくら", "side": "self"}}}


@needs_data
def test_ssss_01_038_entered_by_the_opponents_effect() -> None:
    got = _effect("SSSS 01-038", 1)
    assert got["trigger"] == "other_enter" and got["optional"]
    assert got["condition"] == {"subject": {"side": "opponent"}, "entered_by": {"side": "opponent"}}


@needs_data
def test_sz2_01_099_a_gain_when_the_chara_named_is_rested() -> None:
    got = _effect("SZ2 01-099", 0)
    assert got["targets"] == [{"name": "桜野 くりむ", "side": "self"}]
    assert got["do"] == [{"op": "delay", "on": "rested", "subject": "target:0", "do": [
        {"op": "grant", "target": "target:0", "what": {"ignore": 2}, "until": "turn_end"},
        {"op": "modify", "target": "target:0", "ap": 20, "dp": 20, "until": "turn_end"}]}]


def test_made_up_limits() -> None:
    # a count of Charas as the leaving card's state: would it count itself? not read
    assert _one("このカードが、自分の【P】が2枚以上いる状態で退場した場合、カードを1枚引く。") is None
    # "this card" after a trigger heard in the discard when the effect did not put it onto the Area: not read
    assert _one("このカードが捨て札置き場にある状態で、自分のキャラが登場した場合、このカードは、ターン終了時まで+10/+10を得る。") is None
    # "may gain" on the Chara named: not read; two Charas named: not read
    assert _one("[メイン/自分]:自分のキャラ2枚は、このターン、休息状態になった場合、ターン終了時まで+20/+20を得る。", "イベント") is None
    # every Chara of a side (no kind named) not interfered by Y: no continuous step reaches them so
    assert _one("自分の全てのキャラは、使用コストが0のキャラには妨害されない。") is None
    # an Event's own cost in the hand as its only text (its play would run it): not read
    assert _one("[メイン/自分]:このカードは、手札にある状態で、自分の「A」がいる場合、使用コスト-1を得る。", "イベント") is None
    # a Chara's level in a card filter (a card off the Area has no level): not read
    assert _one("このカードが登場した場合、自分の捨て札置き場にあるLV3以上のキャラ1枚を手札に戻す。") is None
    # the made-up shapes that are read
    got = _one("このカードが場から捨て札置き場に置かれた場合、カードを1枚引く。")
    assert got is not None and got["condition"] == {"left_to": "discard"}
    got = _one("このカードが、自分の捨て札置き場にカードが3枚以上ある状態で退場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "leave" and got["condition"]["cards"]["zone"] == "discard"
