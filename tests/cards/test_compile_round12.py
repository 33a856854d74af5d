"""Readings of the twelfth compiler round (issue 20, helper h20r12): readers for engine rules added this round.
Made-up texts in the cards' phrasings (no card's text)."""

from __future__ import annotations

from typing import Any

from engine.pm.cards import Card
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card


def _card(text: str, kind: str = "キャラクター") -> Card:
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    return precious_card(data, compile=True)


def _one(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    effects = _card(text, kind).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_a_name_under_a_pinch_is_a_conditional_name_and_effects_naming_it_compile() -> None:
    card = _card("〔逆境3〕:「ゲーム中、このカードの名称は「試験 次郎」としても扱う。」"
                 "[メイン/自分]:《0》自分の「試験 次郎」1枚を休息状態にする。")
    assert card.cond_names == (({"points_at_least": 3}, "試験 次郎"),)
    assert card.names == ("試験 花子",)
    assert all(e.compiled for e in card.effects)
    assert normalized(card.effects[1])["targets"] == [{"side": "self", "name": "試験 次郎"}]


def test_names_and_properties_under_other_conditions_stay_unread() -> None:
    # a property under a Pinch: not read (no engine rule for conditional properties)
    assert _one("〔逆境3〕:「このカードは、ゲーム中、【探偵】を持つキャラとしても扱う。」") is None
    # a name for this turn only, or under a condition of the text's own: not read
    assert _one("このカードは、自分のターンの間、名称を「試験 次郎」としても扱う。") is None
    assert _one("〔逆境3〕:「自分の手札が2枚以下の場合、ゲーム中、このカードの名称は「試験 次郎」としても扱う。」") is None
