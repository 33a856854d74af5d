"""Readings of the eleventh compiler round (issue 20, helper h20r11): readers for engine rules added this round.
Made-up texts in the cards' phrasings (no card's text)."""

from __future__ import annotations

from typing import Any

from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card


def _one(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    effects = precious_card(data, compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_ignore_n_granted_like_the_other_keywords() -> None:
    got = _one("[メイン/自分]:《休》自分のキャラ1枚は、ターン終了時まで〔天然2〕を得る。")
    assert got is not None and got["do"] == [
        {"op": "grant", "target": "target:0", "until": "turn_end", "what": {"ignore": 2}}]
    got = _one("このカードは、自分の【丙】が3枚以上いる場合、〔天然1〕、+10/+10を得る。")
    assert got is not None and {"op": "grant", "target": "self", "until": "turn_end", "what": {"ignore": 1}} in got["do"]
    assert _one("[メイン/自分]:《休》自分のキャラ1枚は、ターン終了時まで〔天然〕を得る。") is None  # no number
    assert _one("このカードは、自分の【丙】が3枚以上いる場合、〔天然+2〕を得る。") is None  # a raise of X: not read
