"""Readings of the twenty-second compiler round (issue 20, helper h20r22): made-up texts in the cards' phrasings (no
card's text); shared-set cards read at run time where one has the wording."""

from __future__ import annotations

from typing import Any

from engine.pm.cards import reminders
from engine.pm.cards.precious import parse_precious
from engine.pm.cards.precious_text import known_keyword
from tests.pm_cards import made_up_script

_one = made_up_script


def _data(num: str, text: str) -> dict[str, Any]:
    return {"id": f"TST 01-{num}", "name": f"試験 {num}", "setName": "試験", "type": "キャラクター", "color": "赤",
            "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}


def test_a_cost_reminder_with_suru_koto_ga_dekiru_agrees() -> None:
    """《0》's reminder "usable by declaring alone", written 使用することができる (= 使用できる), is the engine's rule:
    it no longer disputes 《0》 (which left every 《0》 effect of its set unread)."""
    for verb in ("使用できる", "使用することができる"):
        assert reminders.gather([f"（《0》：宣言のみでテキストを{verb}。）"], known_keyword).disputed == {}, verb
    for verb in ("使用できる", "使用することができる"):
        assert reminders.gather([f"（《2》:コストを2支払うことでテキストを{verb}。）"], known_keyword).disputed == {}
    assert list(reminders.gather(["（《0》：コストを1支払うことでテキストを使用することができる。）"],
                                 known_keyword).disputed) == ["《0》"]
    note = "（《0》：宣言のみでテキストを使用することができる。）"
    db = parse_precious([("t.json", [_data("001", "[メイン/自分]:《0》カードを1枚引く。" + note),
                                     _data("002", "[メイン/自分]:《0》自分のキャラ1枚は、ターン終了時まで+10/+10を得る。")])],
                        compile=True)
    assert db.get("TST 01-001").effects[0].compiled and db.get("TST 01-002").effects[0].compiled
