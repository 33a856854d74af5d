"""Readings of the eighth compiler round (issue 20, helper h20r8): card filters with "other than" / "or" / "the same
property as this card", 〔アクティブ〕 in a selector, "approaches or interferes", the exchange of hand and Point Zone
cards, an optional step on a Chara named before, and the opponent choosing among their own Charas. Made-up texts in
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


def _all(text: str, kind: str = "キャラクター", properties: str | None = None) -> list[dict[str, Any] | None]:
    """Every effect of a made-up card, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    if properties:
        data["characteristic"] = properties
    card = precious_card(data, compile=True)
    return [normalized(e) if e.compiled else None for e in card.effects]


def _one(text: str, kind: str = "キャラクター", properties: str | None = None) -> dict[str, Any] | None:
    return _all(text, kind, properties)[-1]


# -- card filters -------------------------------------------------------------------------------------------------


def test_other_than_and_or_in_a_card_filter() -> None:
    got = _one("このカードが登場した場合、EXデッキから【甲】以外の『試験』のキャラ1枚を抜き出し、手札に加える。")
    assert got is not None and got["do"][0]["filter"] == {"not": {"property": "甲"}, "series": "試験", "type": "chara"}
    got = _one("このカードが登場した場合、EXデッキから「試験 次郎」または名称に「試験」を含むキャラ1枚を手札に加える。")
    assert got is not None and got["do"][0]["filter"] == {
        "any_of": [{"name": "試験 次郎"}, {"name_has": "試験"}], "type": "chara"}
    # a Chara-only part inside "not" still makes the filter unread ("other than this card": the pick's own key, round 21)
    with pytest.raises(ValueError):
        phrase("アプローチに参加していないキャラ").card_filter()  # type: ignore[union-attr]
    got = _one("このカードが登場した場合、自分の捨て札置き場にあるこのカード以外の【甲】1枚を手札に加える。")
    assert got is not None and got["do"][0]["not_this_card"]  # kept as the pick's own key since round 21, not dropped


def test_the_same_property_as_this_card_in_a_card_filter() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード3枚を見て、その中にあるこのカードと同じ特徴を持つキャラ1枚を"
               "抜き出し、表にしてから手札に加える。その後、残りのカードを任意の順番でデッキの下に移す。", properties="甲、乙")
    assert got is not None and got["do"] == [{
        "op": "pick", "from": "deck", "to": "hand", "n": 1, "look": 3, "reveal": True, "rest_to": "deck_bottom",
        "who": "self", "filter": {"any_of": [{"property": "甲"}, {"property": "乙"}], "type": "chara"}}]
    p = phrase("このカードと同じ特徴を持つキャラ")
    assert p is not None
    with pytest.raises(ValueError):
        p.card_filter()  # whose properties? unknown outside a card's effect


def test_a_keyword_in_a_selector() -> None:
    got = _one("このカードは、〔アクティブ〕を持つ相手のキャラを妨害している場合、退場しない。")
    assert got is not None and got["condition"] == {"interfering_with": {"keyword": "active", "side": "opponent"}}
    assert _one("このカードは、〔我慢〕を持つ相手のキャラを妨害している場合、退場しない。") is None  # only 〔アクティブ〕 read


def test_approaches_or_interferes_starts_an_effect() -> None:
    first, second = _all("このカードが登場した場合、カードを1枚引く。このカードがアプローチまたは妨害した場合、"
                         "自分のポイント置き場にあるカード1枚を表向きにする。")
    assert first is not None and first["trigger"] == "enter"
    assert second is not None and second["trigger"] == "approach|interfering"


# -- exchange -------------------------------------------------------------------------------------------------------


def test_hand_and_point_zone_cards_exchanged() -> None:
    for text in ("手札1枚と、自分のポイント置き場にあるカード1枚を置き換える", "自分のポイント置き場にあるカード1枚と手札1枚を置き換える"):
        got = _one(f"このカードが登場した場合、{text}。")
        assert got is not None and got["do"] == [{"op": "exchange", "who": "self", "n": 1}]
    got = _one("このカードが妨害に参加した場合、手札1枚と自分のポイント置き場にあるカード1枚を置き換えることができる。"
               "置き換えた場合、カードを1枚引く。")
    assert got is not None and got["optional"]
    assert got["do"] == [{"op": "exchange", "who": "self", "n": 1, "up_to": True,
                          "then": [{"op": "draw", "who": "self", "n": 1}]}]
    assert _one("このカードが登場した場合、手札2枚と自分のポイント置き場にあるカード1枚を置き換える。") is None


# -- an optional step on a Chara named before -----------------------------------------------------------------------


def test_you_may_stand_that_chara() -> None:
    got = _one("[メイン/自分]:自分の【甲】1枚は、ターン終了時まで+20/+20を得る。その後、そのキャラを活動状態にすることができる。",
               "イベント")
    assert got is not None and got["do"][1] == {"op": "activate", "target": "target:0", "may": True}
    got = _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで+10/+10を得る。その場合、そのキャラを活動状態にできる。")
    assert got is not None and got["do"][0]["then"] == [{"op": "activate", "target": "target:0", "may": True}]
    assert not got["optional"]  # the later may is the step's, not the whole effect's


def test_a_delayed_part_with_its_own_charas_inside_if_so() -> None:
    got = _one("[メイン/自分]:自分のポイント置き場にあるカード1枚を表向きにする。その場合、ターン終了時に自分のキャラ1枚を"
               "活動状態にすることができる。", "イベント")
    assert got is not None and got["targets"] == []
    assert got["do"][0]["then"] == [{"op": "delay", "on": "turn_end", "optional": True, "targets": [{"side": "self"}],
                                     "do": [{"op": "activate", "target": "target:0"}]}]
    # a delayed step on a Chara the effect named before, with a Chara of its own: not read
    assert _one("このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで+10/+10を得る。その場合、ターン終了時に"
                "そのキャラと自分のキャラ1枚を活動状態にする。") is None


# -- the opponent chooses among their own Charas ------------------------------------------------------------------


def test_the_opponent_chooses_one_of_their_own() -> None:
    got = _one("このカードが登場した場合、相手は、メインエリアにいる自分のキャラ1枚を捨て札にする。")
    assert got is not None and got["targets"] == []
    assert got["do"] == [{"op": "move", "to": "discard",
                          "target": {"chosen_by": "opponent", "spec": {"area": "main"}, "n": 1}}]
    got = _one("[メイン/自分]:全てのプレイヤーは、自分のキャラ1枚を休息状態にする。", "イベント")
    assert got is not None and [s["target"]["chosen_by"] for s in got["do"]] == ["self", "opponent"]
    # the opponent's own choice whether to, or the effect's player's Charas: not read here
    assert _one("このカードが登場した場合、相手は、自分のキャラ1枚を捨て札にすることができる。") is None
    assert _one("このカードが登場した場合、相手は、相手のキャラ1枚を捨て札にする。") is None


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx", [
    ("SSSS 01-009", 0), ("SSSS 01-009", 1), ("SSSS 01-053", 1), ("SSSS 01-097", 0), ("SZ2 P-004", 0),
    ("SZ2 01-057", 0), ("SZ2 01-069", 1), ("MHK P-004", 2), ("SAGA 01-093", 0), ("SSSS 01-026", 0),
    ("SZ2 01-084", 0), ("GRAN 01-018", 0), ("SZ2 01-046", 0), ("SAGA 01-109", 0), ("SZ2 01-115", 0),
    ("SSSS 01-043", 0)])
def test_the_cards_they_compile(cid: str, idx: int) -> None:
    assert _set(cid.split()[0]).get(cid).effects[idx].compiled, cid
