"""Readings of the eighteenth compiler round (issue 20, helper h20r18): made-up texts in the cards' phrasings (no
card's text), and real effects of the shared sets read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card
from tests.pm_cards import made_up_effect, made_up_script, read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


_last, _one = made_up_effect, made_up_script


def test_a_raised_ignore_value_as_a_grant_of_its_own() -> None:
    got = _one("自分のメインエリアに「試験 花子」が2枚以上いる場合、このカードは、〔天然+2〕を得る。")
    assert got is not None and got["trigger"] is None
    assert got["condition"] == {"count": {"spec": {"side": "self", "area": "main", "name": "試験 花子"}, "at_least": 2}}
    assert got["do"] == [{"op": "grant", "target": "self", "what": {"ignore_plus": 2}, "until": "turn_end"}]
    # "for each X": the raise counted; a plain keyword with it only when the count is not 0 (an op) ...
    got = _one("[メイン/自分]:《0》このカードは、ターン終了時まで、自分の【甲】1枚につき、〔天然+1〕〔我慢〕を得る。")
    per = {"charas": {"side": "self", "property": "甲"}}
    assert got is not None and got["do"] == [
        {"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end", "per": per},
        {"op": "grant", "target": "self", "what": "endure", "until": "turn_end", "per": per}]
    # ... in a continuous effect, no: nor a keyword with its own value "for each"
    assert _one("このカードは、自分の【甲】1枚につき、〔我慢〕を得る。") is None
    assert _one("[メイン/自分]:《0》このカードは、ターン終了時まで、自分の【甲】1枚につき、〔突破10〕を得る。") is None


def test_any_number_of_coins_taken_off_and_for_each_coin() -> None:
    got = _one("〔魔力3〕[メイン/自分]:《0》このカードの上に乗っている魔力コインを任意の個数取り除く。その場合、このカードは、ターン"
               "終了時まで取り除いた魔力コイン1個につき、〔天然+1〕を得る。")
    assert got is not None
    (step,) = got["do"]
    assert {k: v for k, v in step.items() if k != "then"} == {"op": "remove_coins", "coin": "magic", "any": True,
                                                               "target": "self"}
    assert step["then"] == [{"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end",
                             "per": {"coins_taken": True}}]
    # "for each coin taken off" with no such step before it: not read
    assert _one("[メイン/自分]:《0》このカードは、ターン終了時まで取り除いた魔力コイン1個につき、〔天然+1〕を得る。") is None


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
def test_saga_01_004_raises_its_ignore_and_its_cost_while_four_named_charas_are_in_its_main_area() -> None:
    card = read_precious(DATA / "SAGA", compile=True).get("SAGA 01-004")
    eff = card.effects[0]
    got = normalized(eff)
    assert eff.compiled and eff.kind == "continuous" and card.ignore is not None
    count = got["condition"]["count"]
    assert count["at_least"] == 4 and count["spec"]["area"] == "main" and count["spec"]["name"] == card.name
    raise_, cost = got["do"]
    assert raise_["what"]["ignore_plus"] == 4 and cost["what"] == {"cost": 4}


def test_entering_in_a_phase_and_moving_to_an_area_when_interfering() -> None:
    got = _one("このカードがアプローチフェイズに登場した場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("enter", {"phase": "approach"})
    got = _one("このカードがメインフェイズに登場した場合、カードを1枚引く。")
    assert got is not None and (got["trigger"], got["condition"]) == ("enter", {"phase": "main"})
    got = _one("このカードは、妨害した場合、サポートエリアに移る。")
    assert got is not None and got["trigger"] == "interfering"
    assert got["do"] == [{"op": "move", "target": "self", "to": "support"}]


def test_an_events_later_sentence_waiting_for_a_kind_of_the_opponents_charas() -> None:
    data = {"id": "TST 01-002", "name": "試験", "setName": "試験", "type": "イベント", "color": "赤", "cost": "1",
            "source": "1", "text": "[メイン/自分]:相手のキャラ1枚は、ターン終了時まで-10/-10を得る。このターン、相手のキャラが"
                                   "アプローチに参加した場合、相手のデッキの上のカード2枚を捨て札にする。"}
    play, later = precious_card(data, compile=True).effects
    assert play.compiled and later.compiled and later.trigger == "delayed"
    assert play.script[-1] == {"op": "delay", "on": "approach", "subject": {"side": "opponent"}, "auto": 0}
    assert list(later.script) == [{"op": "mill", "who": "opponent", "n": 2}]


@pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="needs ../shared/data/precious-data")
def test_ssss_01_078_moves_to_the_support_area_when_it_interferes() -> None:
    eff = read_precious(DATA / "SSSS", compile=True).get("SSSS 01-078").effects[0]
    assert eff.compiled and eff.trigger == "interfering" and not eff.optional
    assert list(eff.script) == [{"op": "move", "target": "self", "to": "support"}]


@pytest.mark.skipif(not (DATA / "GRAN").is_dir(), reason="needs ../shared/data/precious-data")
def test_gran_01_107_needs_points_put_into_its_players_zone_this_turn() -> None:
    card = read_precious(DATA / "GRAN", compile=True).get("GRAN 01-107")
    h = card.use_condition["history"]
    assert (h["event"], h["who"], h["filter"]) == ("point", "self", {}) and h["at_least"] >= 2
    assert str(card.timing) == "approach/opponent" and card.effects[0].compiled
