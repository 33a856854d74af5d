"""Readings of the nineteenth compiler round (issue 20, helper h20r19): made-up texts in the cards' phrasings (no
card's text), and real effects of the shared sets read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

from engine.pm.cards.compile_np import phrase
from tests.pm_cards import made_up_effect, made_up_script

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


_last, _one = made_up_effect, made_up_script


def test_a_name_that_contains_a_word_in_either_wording() -> None:
    a = phrase("名称に「甲」が含まれている自分のキャラ")
    b = phrase("名称に「甲」を含む自分のキャラ")
    assert a is not None and b is not None and a == b
    assert a.spec == {"name_has": "甲", "side": "self"}
    got = _one("名称に「甲」が含まれている自分のキャラが登場した場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "any_enter"
    assert got["condition"] == {"subject": {"name_has": "甲", "side": "self"}}
    got = _one("このカードが登場した場合、自分の捨て札置き場にある名称に「甲」が含まれているキャラ1枚を手札に加える。")
    assert got is not None
    assert got["do"][0]["filter"] == {"name_has": "甲", "type": "chara"} and got["do"][0]["from"] == "discard"
    # a name "contained" with another part the reader does not know stays unread
    assert _one("名称に「甲」が含まれている自分のキャラが踊った場合、カードを1枚引く。") is None
