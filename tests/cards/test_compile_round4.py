"""Readings of the fourth compiler round (issue 20): made-up texts in the cards' phrasings (no card's text), and the
cards of the sets they were made for (read from ../shared at run time)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from tests.cards.test_compile_more import _eff
from tests.pm_cards import read_precious


def test_any_of_yours_leaving_includes_this_card() -> None:
    got = _eff("自分の【試験】を持つキャラが退場した場合、カードを1枚引く。", "キャラクター")
    assert got is None or got["trigger"] != "any_leave"  # this card has no 【試験】 here: another one only
    got = _eff("自分のキャラが退場した場合、このカードを捨て札にする。その場合、カードを2枚引く。")
    assert got is not None and got["trigger"] == "any_leave" and got["condition"] == {"subject": {"side": "self"}}
    assert got["do"] == [{"op": "move", "target": "self", "to": "discard", "then": [{"op": "draw", "who": "self", "n": 2}]}]


def test_the_charas_this_effect_put_onto_the_area() -> None:
    got = _eff("このカードが登場した場合、自分の捨て札置き場にある【試験】1枚を場に出す。この効果で場に出たキャラは、"
               "ターン終了時まで+20/+20を得るとともに、ターン終了時に活動状態になる。")
    assert got is not None
    pick, modify = got["do"]
    assert pick["to"] == "area" and modify["target"] == "entered" and (modify["ap"], modify["dp"]) == (20, 20)
    # the turn-end part only when a Chara was put there: in the pick's then (lead's decision, session 8)
    assert pick["then"] == [{"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "entered"}]}]
    got = _eff("[メイン/自分]:《休》EXデッキから緑のキャラ1枚を抜き出し、場に出す。ターン終了時に、この効果で場に出たキャラを"
               "EXデッキに戻す。その場合、カードを1枚引く。")
    assert got is not None and len(got["do"]) == 1 and got["do"][0]["then"] == [{"op": "delay", "on": "turn_end", "do": [
        {"op": "move", "target": "entered", "to": "ex_deck", "then": [{"op": "draw", "who": "self", "n": 1}]}]}]
    # no Chara put onto the Area before, or one from the discard going to the EX deck: not read
    assert _eff("このカードが登場した場合、この効果で場に出たキャラは、ターン終了時まで+20/+20を得る。") is None
    assert _eff("[メイン/自分]:《休》自分の捨て札置き場にある緑のキャラ1枚を場に出す。ターン終了時に、この効果で場に出た"
                "キャラをEXデッキに戻す。") is None


def test_targeting_immunity() -> None:
    got = _eff("[メイン/自分]:《休》自分の青のキャラ1枚は、このターン、相手のイベントカードの効果の対象にならない。")
    assert got is not None and got["do"][0]["what"] == {"untargetable_by": "event"}
    got = _eff("このカードは、相手のキャラの効果の対象にならない。")
    assert got is not None and got["do"] == [{"op": "grant", "target": "self", "what": {"untargetable_by": "chara"},
                                              "until": "turn_end"}]
    got = _eff("休息状態の自分の「試験 次郎」は、相手のカードの効果の対象にならない。")
    assert got is not None and got["do"][0]["target"] == {"all": {"rested": True, "side": "self", "name": "試験 次郎"}}
    assert got["do"][0]["what"] == "untargetable"
    assert _eff("休息状態の相手のキャラは、相手のカードの効果の対象にならない。") is None  # whose "opponent"? not read


def test_a_supports_effect_on_the_chara_it_is_set_on() -> None:
    got = _eff("[メイン/相手]:《0》このカードがセットされているキャラを活動状態にする。", "サポート")
    assert got is not None and got["do"] == [{"op": "activate", "target": "self"}]
    # the Support card itself moving: "self" is the Chara it is set on, so not read
    assert _eff("[メイン/自分]:《0》このカードをデッキの下に移す。その場合、カードを1枚引く。", "サポート") is None


def test_look_and_reveal_move_nothing() -> None:
    got = _eff("自分のキャラが登場するごとに、デッキの上のカード1枚を見る。")
    assert got is not None and got["do"] == [{"op": "look", "who": "self", "n": 1}]
    got = _eff("このカードが登場した場合、デッキの上のカード1枚を表にする。表にしたカードがイベントカードの場合、手札に加える。")
    assert got is not None and got["do"] == [
        {"op": "reveal", "who": "self", "n": 1},
        {"op": "pick", "from": "deck", "to": "hand", "n": 1, "filter": {}, "look": 1, "who": "self",
         "if": {"picked": {"type": "event"}}}]
    # a Chara chosen for a step that happens only if the card fits: not read
    assert _eff("このカードが登場した場合、デッキの上のカード1枚を表にする。表にしたカードがイベントカードの場合、"
                "自分のキャラ1枚は、ターン終了時まで+10/±0を得る。") is None
    assert _eff("このカードが登場した場合、表にしたカードがイベントカードの場合、手札に加える。") is None  # no reveal before


def test_conditions_first_and_granted_keywords() -> None:
    got = _eff("自分のメインエリアに「試験 次郎」が4枚以上いる場合、このカードは、〔アクティブ〕、〔突破30〕、+40/+40を得る。")
    assert got is not None and [s["op"] for s in got["do"]] == ["grant", "grant", "modify"]
    assert got["condition"] == {"count": {"spec": {"name": "試験 次郎", "side": "self", "area": "main"}, "at_least": 4}}
    got = _eff("自分のターンの間、このカードが自分のメインエリアにいる場合、自分の全ての「試験 次郎」は+20/+20を得る。")
    assert got is not None and got["condition"] == {"own_turn": True, "in_area": "main"}
    got = _eff("[メイン/両方]:《1》自分のキャラ1枚は、ターン終了時まで〔アクティブ〕〔我慢〕を得る。その場合、このカードを捨て札にする。")
    assert got is not None and got["do"][1]["then"] == [{"op": "move", "target": "self", "to": "discard"}]
    got = _eff("[メイン/両方]:《1》自分のキャラ1枚は、ターン終了時まで〔我慢〕を得る。"
               "このテキストを自分のターンの間に使用した場合、ターン終了時にカードを1枚引く。")
    assert got is not None and got["do"][1] == {"op": "delay", "on": "turn_end", "if": {"own_turn": True},
                                                "do": [{"op": "draw", "who": "self", "n": 1}]}


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


@cache
def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx", [("SSSS 01-022", 0), ("SSSS 01-057", 1), ("SAGA 01-041", 1), ("SAGA 01-005", 0),
                                      ("SAGA 01-056", 0), ("SAGA 01-114", 0), ("SSSS 01-039", 0), ("SSSS 01-062", 1),
                                      ("GRAN 01-040", 0), ("SSSS 01-110", 1), ("SAGA 01-013", 0),
                                      ("GRAN 01-069", 0), ("SSSS 01-100", 0), ("SSSS ST-027", 0), ("SSSS 01-074", 0)])
def test_the_cards_they_were_made_for_compile(cid: str, idx: int) -> None:
    assert _set(cid.split()[0]).get(cid).effects[idx].compiled, cid


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
def test_two_targets_set_up_one_later_sentence_watching_both() -> None:
    """One delayed effect for both Charas (session 12's decision: a 「~した場合」 effect works once a turn)."""
    play = _set("SSSS").get("SSSS ST-027").effects[0]
    delays = [s for s in play.script if s["op"] == "delay"]
    assert [(d["subject"], d["auto"]) for d in delays] == [(["target:0", "target:1"], 0)]
