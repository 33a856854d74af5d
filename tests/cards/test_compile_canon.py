"""The canonical wording (engine.pm.cards.compile_canon): synonyms and left-out commas read as the stock phrasing,
and a variant it does not cover stays unscripted."""

from __future__ import annotations

from engine.pm.cards.compile_canon import canonical
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card


def _script(text: str, kind: str = "キャラクター") -> list[dict] | None:  # type: ignore[type-arg]
    card = precious_card({"id": "TST 01-001", "name": "試験", "setName": "試験", "type": kind, "color": "赤",
                          "cost": "1", "source": "1", "ap": "10" if kind == "キャラクター" else "-",
                          "dp": "10" if kind == "キャラクター" else "-", "text": text}, compile=True)
    eff = card.effects[0]
    return normalized(eff)["do"] if eff.compiled else None


def test_synonyms_compile_to_the_same_script() -> None:
    a = _script("このカードが登場した場合、自分の捨て札置き場にある【制服】1枚を手札に移す。")
    b = _script("このカードが登場した場合、自分の捨て札置き場にある【制服】1枚を手札に加える。")
    assert a is not None and a == b
    a = _script("このカードが登場した場合、相手のキャラ1枚は、ターン終了時までアプローチできない。")
    b = _script("このカードが登場した場合、相手のキャラ1枚は、ターン終了時までアプローチに参加することができない。")
    assert a is not None and a == b


def test_rewrites_keep_other_words() -> None:
    assert canonical("自分の「甲」を妨害できない") == "自分の「甲」を妨害できない"  # "cannot interfere with X": not rewritten
    assert canonical("このカードは妨害に参加できない") == "このカードは、妨害に参加できない"
    assert canonical("自分のターン終了時に、x") == "自分のターンの間、ターン終了時に、x"


def test_a_leftover_marker_leaves_the_effect_unscripted() -> None:
    # "…; if this card is broken, you may put that card onto the Area": the second sentence has nothing to attach to
    text = ("[メイン/両方]:自分の捨て札置き場にある【制服】1枚を手札に加える。"
            "このカードが〔ブレイク〕している場合、そのカードを場に出すことができる。")
    assert _script(text, "イベント") is None
