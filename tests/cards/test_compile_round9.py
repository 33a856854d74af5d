"""Readings of the ninth compiler round (issue 20, helper h20r9): the Chara opposite another in the approach under
way as a selector part ("interfering X" / "interfered by X", X a phrase or this card), "approaching" Charas, a
continuous text negation on a kind of Charas, and "each of your X, while interfered by Y, gets …". Made-up texts in
the cards' phrasings (no card's text), and the cards of the five sets they compile (read from ../shared at run
time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.compile_np import phrase
from engine.pm.cards.precious import precious_card
from tests.pm_cards import read_precious


def _one(text: str) -> dict[str, Any] | None:
    """The last effect of a made-up Chara, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": "キャラクター", "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    effects = precious_card(data, compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_the_chara_opposite_this_card_as_a_selector() -> None:
    assert phrase("このカードに妨害されている相手のキャラ").spec == {  # type: ignore[union-attr]
        "interfered_by": {"is_source": True}, "side": "opponent"}
    assert phrase("このカードを妨害しているキャラ").spec == {"interfering_with": {"is_source": True}}  # type: ignore[union-attr]
    assert phrase("このカードを妨害している、またはこのカードに妨害されている相手のキャラ").spec == {  # type: ignore[union-attr]
        "any_of": [{"interfering_with": {"is_source": True}}, {"interfered_by": {"is_source": True}}], "side": "opponent"}
    assert phrase("使用コストが1以下のキャラに妨害されている自分のキャラ").spec == {  # type: ignore[union-attr]
        "interfered_by": {"max_cost": 1}, "side": "self"}
    assert phrase("アプローチしている相手のキャラ").spec == {"approaching": True, "side": "opponent"}  # type: ignore[union-attr]
    # the other Chara's own phrase must be read: an unknown part leaves the whole phrase unread
    assert phrase("空を飛ぶキャラに妨害されている自分のキャラ") is None
    assert phrase("同じターンの間に2回以上妨害している相手のキャラ") is None  # (approached twice: read in round 24)


def test_a_trigger_naming_the_chara_this_card_interferes() -> None:
    got = _one("このカードが妨害した場合、このカードに妨害されている相手のキャラ1枚は、ターン終了時まで-10/-10を得る。")
    assert got is not None and got["trigger"] == "interfering"
    assert got["targets"] == [{"interfered_by": {"is_source": True}, "side": "opponent"}]


def test_a_continuous_negation_on_a_kind_of_charas() -> None:
    got = _one("このカードを妨害しているキャラのテキストは無効になる。")
    assert got is not None and got["do"] == [{"op": "grant", "target": {"all": {"interfering_with": {"is_source": True}}},
                                             "what": "text_negated", "until": "turn_end"}]
    assert _one("相手のキャラ1枚のテキストは無効になる。") is None  # a count without an end: not a kind


def test_each_of_your_charas_while_interfered_by_a_kind() -> None:
    got = _one("自分の全てのキャラは、使用コストが1以下のキャラに妨害されている場合、〔我慢〕を得る。")
    assert got is not None and got["do"] == [{"op": "grant", "target": {"all": {
        "interfered_by": {"max_cost": 1}, "side": "self"}}, "what": "endure", "until": "turn_end"}]
    assert got.get("condition") in (None, {})  # each Chara's own approach, not a condition on this card


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx", [("GRAN 01-020", 0), ("SAGA 01-012", 0), ("SSSS 01-069", 0), ("GRAN 01-010", 0)])
def test_the_cards_they_compile(cid: str, idx: int) -> None:
    assert _set(cid.split()[0]).get(cid).effects[idx].compiled, cid
