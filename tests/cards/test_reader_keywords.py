"""Reader fixes: the newer keywords, properties split on newlines, conditional Pinch."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards.native import dump_card, parse_native
from engine.pm.cards.precious import precious_card
from tests.pm_cards import read_precious

SSSS = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data" / "SSSS"


def _card(text: str, characteristic: object = ("制服",)) -> dict:
    return {"id": "TST 01-001", "name": "A", "setName": "S", "type": "キャラクター", "color": "赤", "cost": "2",
            "source": "1", "ap": "30", "dp": "30", "characteristic": list(characteristic), "text": text}


def test_new_keywords_read() -> None:
    card = precious_card(_card("〔強引〕〔自由登場〕〔突破30〕〔我慢〕このカードが登場した場合、カードを1枚引く。"))
    assert (card.forceful, card.free_entry, card.breakthrough, card.endure) == (True, True, 30, True)
    assert card.unverified_keywords == ()  # both applied (engine.pm.turns.breaks_through, engine.pm.stats.endures)
    assert len(card.effects) == 1 and card.effects[0].trigger == "enter"
    back = parse_native({"format": "pmemo-cards", "version": 1, "cards": [dump_card(card)]}).get("TST 01-001")
    assert (back.forceful, back.free_entry, back.breakthrough, back.endure) == (True, True, 30, True)


def test_characteristic_items_split_on_newlines() -> None:
    assert precious_card(_card("", ["制服\nメガネ", "魔法師"])).properties == ("制服", "メガネ", "魔法師")


def test_pinch_grants_only_while_it_holds() -> None:
    card = precious_card(_card("〔逆境3〕:「このカードがポイントを与えた場合、カードを2枚引く。」"))
    assert card.pinch == (3, 0, 0)
    assert card.effects[0].condition == {"points_at_least": 3}
    card = precious_card(_card("〔逆境4〕:「このカードは、+20/+20を得るとともに、ターン終了時に活動状態になる。」"))
    assert card.pinch == (4, 20, 20)
    card = precious_card(_card("〔逆境3〕:「[メイン/自分]:《0》相手のキャラ1枚は、ターン終了時まで-20/-20を得る。」"))
    assert card.pinch == (3, 0, 0) and card.effects[0].kind == "activated"


@pytest.mark.skipif(not SSSS.exists(), reason="needs ../shared/data/precious-data")
def test_real_ssss_keywords() -> None:
    db = read_precious(SSSS)
    assert db.get("SSSS 01-047").forceful and db.get("SSSS 01-047").breakthrough == 30
    assert db.get("SSSS ST-020").free_entry and db.get("SSSS 01-017").endure
    assert "メガネ" in db.get("SSSS ST-026").properties
