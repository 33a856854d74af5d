"""Readings of the tenth compiler round (issue 20, helper h20r10): parts composed rather than phrases listed.
Made-up texts in the cards' phrasings (no card's text), and the cards of the five sets they compile (read from
../shared at run time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.compile_np import phrase
from engine.pm.cards.precious import precious_card
from tests.pm_cards import read_precious


def _one(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    effects = precious_card(data, compile=True).effects
    return normalized(effects[-1]) if effects[-1].compiled else None


def test_a_chara_named_none_of_the_names() -> None:
    assert phrase("「甲」または「乙」ではないキャラ").spec == {"not": {"name": ["甲", "乙"]}}  # type: ignore[union-attr]
    assert phrase("「甲」以外の自分のキャラ").spec == {"not": {"name": "甲"}, "side": "self"}  # type: ignore[union-attr]
    assert phrase("「甲」以外の【丙】以外のキャラ") is None  # two "other than": not read


def test_a_trigger_naming_the_chara_opposite_this_card() -> None:
    got = _one("このカードは、使用コストが2以下のキャラを妨害した場合、活動状態になる。")
    assert got is not None and got["trigger"] == "interfering"
    assert got["condition"] == {"interfering_with": {"max_cost": 2}}
    got = _one("このカードが「甲」ではないキャラに妨害された場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "interfered"
    assert got["condition"] == {"interfered_by": {"not": {"name": "甲"}}}
    assert _one("このカードが空を飛ぶキャラに妨害された場合、カードを1枚引く。") is None  # the phrase must be read


def test_two_events_of_another_chara() -> None:
    got = _one("このカードは、自分の【丙】が場に出るごとに、またはアプローチするごとに、ターン終了時まで+10/+10を得る。")
    assert got is not None and got["trigger"] == "other_enter|other_approach"
    assert got["condition"] == {"subject": {"property": "丙", "side": "self"}}
    # the same event twice is no pair
    assert _one("このカードは、自分の【丙】が場に出るごとに、または登場するごとに、ターン終了時まで+10/+10を得る。") is None


def test_every_card_of_a_zone_moved() -> None:
    got = _one("このカードが退場した場合、全てのプレイヤーの捨て札置き場にある全てのカードをゲームから取り除く。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": w, "from": "discard", "to": "removed", "n": 1, "filter": {}, "all": True}
        for w in ("self", "opponent")]
    got = _one("このカードが登場した場合、相手の捨て札置き場にある全てのイベントカードをゲームから取り除く。")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": "opponent", "from": "discard", "to": "removed", "n": 1, "filter": {"type": "event"}, "all": True}]
    assert _one("このカードが登場した場合、捨て札置き場にある全てのカードをゲームから取り除く。") is None  # whose discard?


def test_every_player_discards_from_the_hand() -> None:
    got = _one("全てのプレイヤーは、手札1枚を捨て札にする。", "イベント")
    assert got is not None and got["do"] == [
        {"op": "pick", "who": w, "from": "hand", "to": "discard", "n": 1, "filter": {}} for w in ("self", "opponent")]


def test_for_each_card_this_effect_discarded() -> None:
    got = _one("このカードが登場した場合、手札にある全てのカードを捨て札にする。その場合、この効果で捨て札にしたカード1枚につき、"
               "カードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "pick", "who": "self", "from": "hand", "to": "discard", "n": 1,
                                             "filter": {}, "all": True,
                                             "then": [{"op": "draw", "who": "self", "n": 1, "per": {"picked": "cards"}}]}]
    # the count must follow a pick moving the cards it names
    assert _one("このカードが登場した場合、この効果で捨て札にしたカード1枚につき、カードを1枚引く。") is None
    assert _one("このカードが登場した場合、手札にある全てのカードを捨て札にする。その場合、この効果で取り除いたカード1枚につき、"
                "カードを1枚引く。") is None


def test_removed_and_put_into_the_main_area() -> None:
    got = _one("メインエリアにいる自分のキャラ1枚をゲームから取り除く。その後、そのキャラをメインエリアに出す。", "イベント")
    assert got is not None and got["do"] == [{"op": "move", "target": "target:0", "to": "removed", "then": [
        {"op": "pick", "who": "self", "from": "removed", "to": "main", "n": 1, "filter": {}, "same_card": "picked"}]}]


def test_a_bonus_without_an_end_lasts_for_its_turn() -> None:
    """No stated duration: the effect lasts for the turn it happens in (000 ⑬ "Effect Duration"; reader rd10 found
    GRAN ST-014's -50/-50 kept for good)."""
    got = _one("このカードが登場した場合、相手のキャラ1枚は、-20/-20を得る。")
    assert got is not None and got["do"] == [{"op": "modify", "target": "target:0", "ap": -20, "dp": -20, "until": "turn_end"}]


def test_a_continuous_ban_on_a_kind_of_charas() -> None:
    got = _one("APまたはDPが0の全てのキャラは、アプローチできず、自分の「試験 花子」を妨害できない。")
    assert got is not None and got["do"] == [
        {"op": "grant", "target": {"all": {"zero_stat": True}}, "what": "cannot_approach", "until": "turn_end"},
        # one's own Charas never interfere one's own: only the opponent's are barred, the spec without a side
        {"op": "grant", "target": {"all": {"zero_stat": True, "side": "opponent"}},
         "what": {"cannot_interfere_with": {"name": "試験 花子"}}, "until": "turn_end"}]
    assert _one("自分の全てのキャラは、相手の「甲」を妨害できない。") is None  # whose side, seen from whom: not read


def test_verb_phrases_joined_and_sentences_with_their_own_conditions() -> None:
    got = _one("このカードは、自分のターンの間、相手の効果の対象にならず、DPが10以下のキャラには妨害されない。"
               "相手の全てのキャラは、アプローチできない。")
    assert got is not None and got["condition"] == {}
    assert got["do"] == [
        {"op": "grant", "target": "self", "what": "untargetable", "until": "turn_end", "if": {"own_turn": True}},
        {"op": "grant", "target": "self", "what": {"not_interfered_by": {"max_dp": 10}}, "until": "turn_end",
         "if": {"own_turn": True}},
        {"op": "grant", "target": {"all": {"side": "opponent"}}, "what": "cannot_approach",
         "until": "turn_end"}]
    # a part not read leaves the whole effect unread
    assert _one("このカードは、相手の効果の対象にならず、空を飛ぶ。") is None


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx", [
    ("GRAN 01-052", 0), ("GRAN 01-064", 1), ("GRAN 01-102", 0), ("GRAN 01-117", 0), ("GRAN P-002", 1), ("MHK P-003", 0),
    ("SAGA 01-113", 0), ("SSSS ST-002", 0), ("SZ2 01-045", 0), ("GRAN ST-014", 0)])
def test_the_cards_they_compile(cid: str, idx: int) -> None:
    assert _set(cid.split()[0]).get(cid).effects[idx].compiled, cid
