"""Readings of the twenty-third compiler round (issue 20, helper h20r23): made-up texts in the cards' phrasings (no
card's text), and the shared-set cards that have a wording read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards.compile_measure import normalized
from tests.pm_cards import made_up_script, read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
_one = made_up_script
FLIP_SELF = {"op": "flip", "who": "self", "face": "down", "n": 1, "this_card": True, "up_to": True}


@pytest.mark.skipif(not (DATA / "GRAN").is_dir(), reason="needs ../shared/data/precious-data")
def test_gran_p001_a_trigger_heard_in_the_point_zone() -> None:
    """GRAN P-001 e1: "when put into your Point Zone, you may turn it face down there; if you did, an opponent's
    Chara's text is negated until the end of the turn"."""
    got = normalized(read_precious(DATA / "GRAN", compile=True).get("GRAN P-001").effects[1])
    assert got["trigger"] == "to_point" and got["optional"] and got["targets"] == [{"side": "opponent"}]
    assert got["do"] == [{**FLIP_SELF, "then": [{"op": "grant", "target": "target:0", "what": "text_negated",
                                                 "until": "turn_end"}]}]


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
def test_saga_01_010_turns_itself_down_after_the_opponents_approach() -> None:
    got = normalized(read_precious(DATA / "SAGA", compile=True).get("SAGA 01-010").effects[1])
    assert got["trigger"] == "point_by_approach" and got["optional"]
    assert got["do"] == [{**FLIP_SELF, "then": [{"op": "rest", "target": "target:0"}]}]


def test_point_zone_heads_and_their_limits() -> None:
    got = _one("このカードがポイント置き場に置かれた場合、このカードを裏向きにできる。裏向きにした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "to_point"
    assert got["do"] == [{**FLIP_SELF, "then": [{"op": "draw", "who": "self", "n": 1}]}]
    # a step on this card as a Chara after a trigger heard in the Point Zone: no Chara is "self" there
    assert _one("このカードが自分のポイント置き場に置かれた場合、このカードは、ターン終了時まで+10/+10を得る。") is None
    # turning this card face down when it was not heard in the Point Zone
    assert _one("このカードが登場した場合、このカードを裏向きにできる。裏向きにした場合、カードを1枚引く。") is None


def test_this_card_into_the_point_zone_face_up() -> None:
    text = ("[メイン/自分]:《休》自分のポイント置き場にあるカード1枚を手札に加える。"
            "その場合、このカードを自分のポイント置き場に表向きで置く。")
    got = _one(text)
    assert got is not None and got["do"] == [{"op": "pick", "from": "point", "to": "hand", "n": 1, "filter": {},
                                              "who": "self", "then": [{"op": "move", "target": "self", "to": "point"}]}]
    # face down, or "may": not read
    assert _one(text.replace("表向きで", "裏向きで")) is None
    assert _one(text.replace("表向きで置く", "表向きで置くことができる")) is None


def test_text_negated_with_the_limit_after_the_object() -> None:
    """Xのテキストを、ターン終了時まで無効にする = ターン終了時まで、Xのテキストを無効にする (a canonical wording)."""
    got = _one("[メイン/自分]:相手のキャラ1枚のテキストを、ターン終了時まで無効にする。その場合、カードを1枚引く。", "イベント")
    assert got is not None and got["targets"] == [{"side": "opponent"}]
    assert got["do"] == [{"op": "grant", "target": "target:0", "what": "text_negated", "until": "turn_end",
                          "then": [{"op": "draw", "who": "self", "n": 1}]}]
    assert _one("[メイン/自分]:相手のキャラ1枚のテキストを無効にする。", "イベント") is None  # no limit: not read


def test_an_optional_stand_of_this_card_after_another_step() -> None:
    got = _one("[メイン/自分]:このカードは、ターン終了時まで+10/+10を得る。その後、このカードを活動状態にすることができる。")
    assert got is not None and got["do"][1] == {"op": "activate", "target": "self", "may": True}
    # opening an automatic effect, the "may" makes the effect optional instead (read before, no step "may")
    got = _one("このカードが妨害された場合、このカードを活動状態にすることができる。")
    assert got is not None and got["optional"] and "may" not in got["do"][0]


def test_cards_of_the_opponents_discard_removed() -> None:
    got = _one("[メイン/自分]:相手の捨て札置き場にあるキャラ2枚をゲームから取り除く。", "イベント")
    assert got is not None and got["do"] == [{"op": "pick", "who": "opponent", "from": "discard", "to": "removed", "n": 2,
                                              "filter": {"type": "chara"}}]
    assert _one("[メイン/自分]:相手の捨て札置き場にある自分のキャラ1枚をゲームから取り除く。", "イベント") is None


def test_at_the_end_of_the_turn_you_may_turn_a_whole_point_zone() -> None:
    got = _one("このカードが登場した場合、相手のポイント置き場にある全てのカードを裏向きにする。"
               "その場合、ターン終了時に相手のポイント置き場にある全てのカードを裏向きにすることができる。")
    flip = {"op": "flip", "who": "opponent", "face": "down", "all": True}
    assert got is not None and got["do"] == [{**flip, "then": [
        {"op": "delay", "on": "turn_end", "do": [{**flip, "may": True}], "optional": True}]}]


def test_an_event_whose_text_is_only_a_delayed_part() -> None:
    got = _one("[メイン/自分]:このターン、自分の【試験】を持つキャラがアプローチに参加した場合、カードを2枚引く。", "イベント")
    assert got is not None and got["do"] == [{"op": "delay", "on": "approach", "subject": {"side": "self",
                                                                                             "property": "試験"},
                                              "do": [{"op": "draw", "who": "self", "n": 2}]}]
    got = _one("[メイン/自分]:このターン、自分のキャラが登場した場合、自分の捨て札置き場にあるカード1枚を手札に戻すことができる。",
               "イベント")
    assert got is not None and got["do"][0]["optional"] and got["do"][0]["do"][0]["up_to"]
    # the Chara that caused it named in B: not read
    assert _one("[メイン/自分]:このターン、自分のキャラが登場した場合、そのキャラは、ターン終了時まで+10/+10を得る。",
                "イベント") is None


@pytest.mark.skipif(not (DATA / "SZ2").is_dir(), reason="needs ../shared/data/precious-data")
def test_sz2_01_111_waits_for_an_opponents_approach() -> None:
    got = normalized(read_precious(DATA / "SZ2", compile=True).get("SZ2 01-111").effects[0])
    (delay,) = got["do"]
    assert delay["on"] == "approach" and delay["subject"] == {"side": "opponent"}
    assert delay["targets"] == [{"approaching": True, "side": "opponent"}]
    assert delay["do"] == [{"op": "modify", "target": "target:0", "ap": 0, "dp": -100, "until": "turn_end"}]
