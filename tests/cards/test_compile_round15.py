"""Readings of the fifteenth compiler round (issue 20, helper h20r15). Made-up texts in the cards' phrasings (no
card's text)."""

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


def test_approach_again_when_interfered_is_a_delayed_part() -> None:
    got = _one("[メイン/自分]:自分の【試験】を持つキャラ1枚は、このターン、妨害された場合、活動状態になるとともに、"
               "もう一度アプローチに参加することができる。", "イベント")
    assert got is not None and got["targets"] == [{"side": "self", "property": "試験"}]
    (delay,) = got["do"]
    assert (delay["op"], delay["on"], delay["subject"]) == ("delay", "interfered", "target:0")
    assert [s["op"] for s in delay["do"]] == ["activate", "grant"] and delay["do"][1]["what"] == "approach_again"
    got = _one("[メイン/自分]:《0》このターン、このカードは、アプローチした場合、活動状態になるとともにもう一度アプローチに"
               "参加することができる。")
    assert got is not None and got["do"][0]["on"] == "approach" and got["do"][0]["subject"] == "self"


def test_approach_again_for_every_chara_is_not_read() -> None:
    assert _one("[メイン/自分]:自分の全てのキャラは、このターン、妨害された場合、活動状態になるとともに、もう一度"
                "アプローチに参加することができる。", "イベント") is None


def test_a_support_set_trigger_is_read() -> None:
    got = _one("このカードがセットされた場合、カードを1枚引く。", "サポート")
    assert got is not None and got["trigger"] == "set" and got["do"] == [{"op": "draw", "who": "self", "n": 1}]
    # the Support card itself moved: ``self`` in a Support's script is the Chara it is set on, so it is not read
    assert _one("このカードがセットされた場合、このカードを捨て札にする。", "サポート") is None


def test_a_main_phase_start_trigger_is_read() -> None:
    got = _one("自分のメインフェイズ開始時、カードを1枚引く。")
    assert got is not None and got["trigger"] == "main_start" and got["do"] == [{"op": "draw", "who": "self", "n": 1}]
    assert _one("相手のメインフェイズ開始時、カードを1枚引く。") is None  # the opponent's: no such cause


def test_a_card_milled_trigger_is_read() -> None:
    for head in ("このカードが、カードの効果でデッキから捨て札置き場に置かれた場合、",
                 "このカードがデッキから捨て札置き場に置かれた場合、"):
        got = _one(head + "カードを1枚引く。")
        assert got is not None and got["trigger"] == "milled"
    # another card of yours milled: no such cause yet
    assert _one("自分のキャラがデッキから捨て札置き場に置かれた場合、カードを1枚引く。") is None


def test_must_approach_is_read_as_a_grant() -> None:
    got = _one("このカードは、自分の「試験 太郎」がいる場合、可能な限りアプローチに参加しなくてはならない。")
    assert got is not None and got["condition"] == {"has_name": "試験 太郎"}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "must_approach", "until": "turn_end"}]
    # "the opponent must interfere it": not read
    assert _one("このカードがアプローチに参加している場合、相手は、可能な限りこのカードを妨害しなくてはならない。") is None


def test_a_point_zone_flip_of_a_kind_carries_its_filter() -> None:
    got = _one("このカードが登場した場合、自分のポイント置き場にある【試験】を2枚まで表向きにする。")
    assert got is not None and got["do"] == [{"op": "flip", "who": "self", "face": "up", "n": 2, "up_to": True,
                                               "filter": {"property": "試験", "type": "chara"}}]
    # the opponent's cards of the player's kind: a side inside the phrase is not read
    assert _one("このカードが登場した場合、自分のポイント置き場にある相手のキャラ1枚を表向きにする。") is None


def test_reordering_the_top_of_the_deck() -> None:
    for where, to in (("上または下", "top_or_bottom"), ("上", "top"), ("下", "bottom")):
        got = _one(f"このカードが登場した場合、デッキの上のカード3枚を見て、任意の順番でデッキの{where}に移す。")
        assert got is not None and got["do"] == [{"op": "reorder", "who": "self", "n": 3, "to": to}]
    got = _one("このカードが登場した場合、デッキの上のカード4枚を見て、その中から任意の枚数のカードを捨て札にする。その後、"
               "残りのカードを任意の順番でデッキの上に移す。")
    assert got is not None and got["do"][0]["rest_to"] == "deck"
    # the rest back on top without "in any order": not read
    assert _one("このカードが登場した場合、デッキの上のカード4枚を見て、その中から任意の枚数のカードを捨て札にする。その後、"
                "残りのカードをデッキの上に移す。") is None


def test_nullifying_a_card_being_played() -> None:
    got = _one("[アプローチ/割り込み]:《0》使用コストが0の相手のプレイ中のキャラ1枚を無効にする。その場合、このカードを捨て札にする。")
    assert got is not None and got["condition"] == {"answers": {
        "type": ["summon", "level_up"], "side": "opponent", "filter": {"type": "chara", "max_cost": 0}}}
    assert got["do"] == [{"op": "disable"}, {"op": "move", "target": "self", "to": "discard"}]
    got = _one("[アプローチ/割り込み]:《0》相手がプレイ中の使用コストが0のイベントカード1枚を無効にする。")
    assert got is not None and got["condition"]["answers"]["type"] == "play_event"
    # a modal Event whose modes say the same: that text, in either timing; modes that differ are not read
    same = "このカードをプレイする場合、以下から1つ選択する。・[メイン/割り込み]:相手のプレイ中のイベントカード1枚を無効にする。" \
           "・[アプローチ/割り込み]:相手のプレイ中のイベントカード1枚を無効にする。"
    got = _one(same, "イベント")
    assert got is not None and got["do"] == [{"op": "disable"}]
    assert _one(same.replace("・[アプローチ/割り込み]:相手の", "・[アプローチ/割り込み]:カードを1枚引く。相手の"), "イベント") is None


def test_a_cost_change_joined_with_a_trigger() -> None:
    head = "このカードは、自分の【試験】が4枚以上いる場合、使用コスト+5、+20/+20を得るとともに、"
    got = _one(head + "自分のターン終了時に活動状態になる。")
    assert got is not None and got["trigger"] == "own_turn_end"
    assert got["condition"] == {"count": {"spec": {"side": "self", "property": "試験"}, "at_least": 4}}
    assert [s["op"] for s in got["do"]] == ["activate", "grant", "modify"] and all(s.get("static") for s in got["do"][1:])
    got = _one(head + "アプローチした場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "approach" and got["do"][0] == {"op": "draw", "who": "self", "n": 1}


def test_a_cost_for_each_chara_rested_is_read() -> None:
    got = _one("[メイン/相手]:《0》任意の枚数の自分の【試験】を持つキャラを休息状態にする。その場合、自分のキャラ1枚は、"
               "休息状態にしたキャラ1枚につき、ターン終了時まで使用コスト+1を得る。")
    assert got is not None and got["do"][0]["op"] == "rest_any"
    assert got["do"][0]["then"] == [{"op": "grant", "target": "target:0", "what": {"cost": 1}, "until": "turn_end",
                                     "per": {"picked": "cards"}}]
