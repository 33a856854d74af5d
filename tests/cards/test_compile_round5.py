"""Readings of the seventh compiler round (issue 20, helper h20r5): parts composed rather than phrases listed. Made-up
texts in the cards' phrasings (no card's text), and the cards of the five sets they compile (read from ../shared at
run time)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.compile_np import phrase
from engine.pm.cards.precious import precious_card
from tests.cards.test_compile_more import _eff
from tests.pm_cards import read_precious


def _all(text: str, kind: str = "キャラクター") -> list[dict[str, Any] | None]:
    """Every effect of a made-up card, normalized (None: not compiled)."""
    card = precious_card({"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤",
                          "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}, compile=True)
    return [normalized(e) if e.compiled else None for e in card.effects]


def test_trigger_heads_composed_of_subject_and_event() -> None:
    got = _eff("このカードが登場した場合、またはアプローチでポイントを与えた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "enter|gave_point"
    got = _eff("このカードが退場、または妨害された場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "leave|interfered"
    got = _eff("自分の【試験】を持つキャラが妨害されるごとに、自分のキャラ1枚を活動状態にすることができる。")
    assert got is not None and got["trigger"] == "other_interfered"  # this card has no 【試験】: another one
    assert got["condition"] == {"subject": {"side": "self", "property": "試験"}}
    got = _eff("自分のキャラが退場するごとに、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_leave"
    # this card's event joined with another Chara's: the engine has no such cause
    assert _eff("このカードが登場した場合、または自分の「試験 次郎」が妨害された場合、カードを1枚引く。") is None


def test_this_card_becomes_rested_after_another_charas_event() -> None:
    got = _eff("このカードは、相手のキャラが登場した場合、休息状態になる。")
    assert got is not None and got["trigger"] == "other_enter" and got["do"] == [{"op": "rest", "target": "self"}]
    assert _eff("相手のキャラが登場した場合、休息状態になる。") is None  # whose? not this card's text


def test_a_later_sentence_is_the_delayed_part_of_the_automatic_effect_before_it() -> None:
    first, later = _all("このカードは、登場した場合、ターン終了時まで+20/±0を得る。"
                        "このターン、このカードのアプローチで相手のキャラが退場した場合、カードを1枚引く。")
    assert first is not None and later is not None
    assert first["do"][-1] == {"op": "delay", "on": "eliminated_opponent", "subject": "self", "auto": 1}
    assert later["trigger"] == "delayed" and later["do"] == [{"op": "draw", "who": "self", "n": 1}]
    first, later = _all("自分のキャラが登場した場合、自分のキャラ1枚を指定する。"
                        "このターン、指定したキャラがアプローチでポイントを与えた場合、カードを1枚引く。")
    assert first is not None and first["do"] == [{"op": "delay", "on": "gave_point", "subject": "target:0", "auto": 1}]
    assert first["targets"] == [{"side": "self"}]
    # the effect before may be declined: is the later part set up then? not read
    assert _all("このカードが登場した場合、カードを1枚引くことができる。"
                "このターン、このカードがアプローチでポイントを与えた場合、カードを1枚引く。")[1] is None
    # a designation alone, with nothing waiting for it: no script
    assert _all("このカードが登場した場合、相手のキャラ1枚を指定する。")[0] is None


def test_an_events_later_sentence_on_a_leaving_chara_and_a_condition_checked_now() -> None:
    play, later = _all("[メイン/両方]:自分のキャラ1枚を指定する。このターン、そのキャラが退場した場合、"
                       "相手のポイント置き場にある全てのカードを裏向きにする。", "イベント")
    assert play is not None and play["do"] == [{"op": "delay", "on": "leave", "subject": "target:0", "auto": 0}]
    assert later is not None and later["do"] == [{"op": "flip", "who": "opponent", "face": "down", "all": True}]
    play, later = _all("[メイン/両方]:カードを1枚引く。自分の「試験 次郎」がいる場合、ターン終了時にカードを1枚引く。", "イベント")
    assert play is not None and play["do"][1] == {"op": "delay", "on": "turn_end", "auto": 0,
                                                  "if": {"has_name": "試験 次郎"}}


def test_selector_parts_listed_or_bounded() -> None:
    assert phrase("青と黄のキャラ").spec == {"color": ["blue", "yellow"]}  # type: ignore[union-attr]
    assert phrase("使用コストの値が2と4のキャラ").spec == {  # type: ignore[union-attr]
        "any_of": [{"max_cost": 2, "min_cost": 2}, {"max_cost": 4, "min_cost": 4}]}
    assert phrase("発生コストの値が1以下の相手のキャラ").spec == {  # type: ignore[union-attr]
        "any_of": [{"source": 0}, {"source": 1}], "side": "opponent"}
    assert phrase("使用コストまたは発生コストの値が1以下のキャラ").spec == {  # type: ignore[union-attr]
        "any_of": [{"max_cost": 1}, {"source": 0}, {"source": 1}]}
    assert phrase("APまたはDPの値が100以上ある自分のキャラ").spec == {"min_stat": 100, "side": "self"}  # type: ignore[union-attr]
    assert phrase("赤の青のキャラ") is None  # a part said twice: not combined
    assert phrase("『試験』のサポートカード").card_filter() == {"series": "試験", "type": "support"}  # type: ignore[union-attr]


def test_a_duration_said_once_covers_both_parts() -> None:
    got = _eff("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで+20/+20を得るとともに、赤と緑のキャラには妨害されない。")
    assert got is not None and got["do"][1] == {"op": "grant", "target": "target:0", "until": "turn_end",
                                                "what": {"not_interfered_by": {"color": ["green", "red"]}}}


def test_cards_taken_from_a_zone_composed_of_parts() -> None:
    got = _eff("このカードが登場した場合、デッキの中を全て見て、その中にあるカード1枚を捨て札にする。その後、デッキをシャッフルする。")
    assert got is not None and got["do"] == [{"op": "pick", "from": "deck", "to": "discard", "n": 1, "filter": {},
                                              "who": "self"}, {"op": "shuffle", "who": "self"}]
    got = _eff("[メイン/自分]:自分のポイント置き場にある【試験】1枚を場に出す。", "イベント")
    assert got is not None and got["do"][0] | {} == {"op": "pick", "from": "point", "to": "area", "n": 1, "who": "self",
                                                      "filter": {"property": "試験", "type": "chara"}}
    assert _eff("このカードが登場した場合、手札から【試験】1枚を手札に加える。") is None  # from where it is to there
    assert _eff("このカードが登場した場合、EXデッキから【試験】1枚を表にしてから場に出す。") is None


def test_that_chara_after_a_pick_onto_the_area() -> None:
    got = _eff("[メイン/自分]:《0》自分の捨て札置き場にある【試験】1枚を場に出す。ターン終了時にそのキャラを捨て札にする。")
    assert got is not None and len(got["do"]) == 1 and got["do"][0]["then"] == [
        {"op": "delay", "on": "turn_end", "do": [{"op": "move", "target": "entered", "to": "discard"}]}]
    # "you may" on a delayed step on that Chara: a per-step may is not read
    assert _eff("このカードが登場した場合、自分の捨て札置き場にある【試験】1枚をサポートエリアに出す。その場合、"
                "ターン終了時にそのキャラをメインエリアに移すことができる。") is None
    # "you may" on a delayed pick: up to N
    got = _eff("このカードが登場した場合、手札1枚を捨て札にすることができる。捨て札にした場合、ターン終了時に"
               "自分の捨て札置き場にある【試験】1枚を手札に戻すことができる。")
    assert got is not None and got["do"][0]["then"][0]["do"][0]["up_to"] is True
    assert got["do"][0]["then"][0]["optional"] is True  # the set-up is optional as a whole (docs/compiler.md)


def test_n_charas_left_in_the_same_turn() -> None:
    got = _eff("同じターンの間に、キャラが3枚以上退場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_leave"
    assert got["condition"]["history"] == {"event": "leave", "filter": {}, "exactly": 3, "who": "any", "distinct": True}
    # a cost on the Area is gone with the card: not read
    assert _eff("同じターンの間に、使用コストが2以下の自分のキャラが2枚以上退場した場合、カードを1枚引く。") is None


def test_or_after_if_so_and_then_is_not_read() -> None:
    assert _eff("自分のキャラが退場するごとに、手札1枚を捨て札にすることができる。捨て札にした場合、相手のキャラ1枚は、"
                "ターン終了時まで-10/-10を得る。その後、自分のキャラ1枚を活動状態にする。または、カードを1枚引く。") is None


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


@cache
def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx", [("SZ2 01-028", 1), ("MHK 01-120", 0), ("MHK 01-120", 1), ("SAGA 01-106", 0),
                                      ("SSSS 01-065", 1), ("SSSS 01-080", 0), ("SAGA 01-070", 1)])
def test_the_cards_they_compile(cid: str, idx: int) -> None:
    assert _set(cid.split()[0]).get(cid).effects[idx].compiled, cid


@pytest.mark.skipif(not (DATA / "SZ2").is_dir(), reason="needs ../shared/data/precious-data")
def test_or_after_if_so_and_then_stays_unread_on_its_card() -> None:
    assert not _set("SZ2").get("SZ2 01-029").effects[0].compiled


def test_the_opponents_hand_shown_moves_nothing() -> None:
    got = _eff("このカードが登場した場合、相手の手札を全て表にする。")
    assert got is not None and got["do"] == [{"op": "look_hand", "who": "opponent"}]


@pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="needs ../shared/data/precious-data")
def test_an_ex_card_goes_back_to_the_ex_deck_at_the_end_of_the_turn() -> None:
    eff = _set("SSSS").get("SSSS 01-082").effects[1]
    assert eff.trigger == "turn_end" and list(eff.script) == [{"op": "move", "target": "self", "to": "ex_deck"}]
    assert _eff("このカードは、ターン終了時にEXデッキに戻る。") is None  # not an EX card
