"""The general readers of the third round (engine/pm/cards/compile_general.py): made-up texts in the cards' phrasings
(no card's text), and the cards of the sets they were made for (read from ../shared at run time)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from tests.cards.test_compile_more import _eff
from tests.pm_cards import read_precious


def test_one_of_two_changes() -> None:
    got = _eff("[メイン/自分]:《休》自分の【試験】を持つキャラ1枚は、ターン終了時まで+10/±0または±0/+10を得る。")
    assert got is not None and got["targets"] == [{"side": "self", "property": "試験"}]
    (choose,) = got["do"]
    assert choose["op"] == "choose" and [m[0]["ap"] for m in choose["modes"]] == [10, 0]
    assert [m[0]["dp"] for m in choose["modes"]] == [0, 10]
    # every such Chara: one choice for all, or one each? not read
    assert _eff("[メイン/自分]:《休》自分の全てのキャラは、ターン終了時まで+10/±0または±0/+10を得る。") is None


def test_judgements_between_two_charas() -> None:
    got = _eff("このカードが登場した場合、自分の「試験 次郎」1枚と、メインエリアにいる相手のキャラ1枚は退場判定を行う。")
    assert got is not None and got["do"] == [{"op": "judge", "target": "target:1", "with": "target:0"}]
    assert got["targets"] == [{"side": "self", "name": "試験 次郎"}, {"area": "main", "side": "opponent"}]
    got = _eff("このカードがアプローチでポイントを与えた場合、このカードと、メインエリアにいる相手のキャラ1枚は、"
               "退場判定を行うことができる。")
    assert got is not None and got["optional"] and got["do"] == [{"op": "judge", "target": "target:0"}]
    # two Charas on one side of the judgement: not read
    assert _eff("このカードが登場した場合、自分のキャラ2枚と、相手のキャラ1枚は退場判定を行う。") is None


def test_every_card_of_a_kind_back_to_the_deck() -> None:
    for text in ("自分の捨て札置き場にある全ての『試験』のキャラをデッキに戻し、デッキをシャッフルする。",
                 "自分の捨て札置き場にある『試験』のキャラを全てデッキに戻し、デッキをシャッフルする。"):
        got = _eff(f"このカードが登場した場合、{text}")
        assert got is not None
        pick, shuffle = got["do"]
        assert pick["all"] is True and pick["filter"] == {"series": "試験", "type": "chara"} and "up_to" not in pick
        assert shuffle["op"] == "shuffle"
    # "all" twice, or "all" with a count: not read
    assert _eff("このカードが登場した場合、自分の捨て札置き場にある全てのキャラを全てデッキに戻し、デッキをシャッフルする。") is None


def test_if_so_after_returning_and_shuffling() -> None:
    got = _eff("このカードが登場した場合、自分の捨て札置き場にあるキャラを3枚までデッキに戻し、デッキをシャッフルする。"
               "その場合、カードを1枚引く。")
    assert got is not None
    pick, shuffle, cond = got["do"]
    assert pick["up_to"] and shuffle["op"] == "shuffle"
    assert cond == {"op": "if", "cond": {"picked": {}}, "do": [{"op": "draw", "who": "self", "n": 1}]}
    # "return 3 (all three); if so": the shuffle could not sit in both branches: not read
    assert _eff("このカードが登場した場合、自分の捨て札置き場にあるキャラ3枚をデッキに戻し、デッキをシャッフルする。"
                "その場合、カードを1枚引く。") is None


def test_counts_and_conditions_of_a_zone() -> None:
    got = _eff("このカードは、アプローチに参加した場合、自分の捨て札置き場にあるイベントカード1枚につき、ターン終了時まで+10/+10を得る。")
    assert got is not None
    assert got["do"][0]["per"] == {"cards": {"zone": "discard", "who": "self", "filter": {"type": "event"}}}
    got = _eff("このカードが登場した場合、ゲームから取り除かれている自分の『試験』のカード10枚につきカードを1枚引く。")
    assert got is not None
    assert got["do"][0]["per"] == {"cards": {"zone": "removed", "who": "self", "filter": {"series": "試験"}}, "each": 10}
    got = _eff("[アプローチ/両方]:相手のキャラ1枚は、ターン終了時まで±0/-10を得る。相手の手札が1枚以下の場合、そのキャラのDPの値を、"
               "ターン終了時まで0に変更する。", "イベント")
    assert got is not None
    step = got["do"][1]
    assert step["set"] == {"dp": 0} and step["if"] == {"cards": {"zone": "hand", "who": "opponent", "at_most": 1}}
    # a Chara-only part (other than this card) in a count of cards: not read
    assert _eff("このカードは、自分の捨て札置き場にあるこのカード以外のキャラ1枚につき、+10/+10を得る。") is None


def test_the_opponent_draws_and_looking_at_their_hand() -> None:
    got = _eff("このカードが妨害に参加した場合、相手はカードを1枚引く。")
    assert got is not None and got["do"] == [{"op": "draw", "who": "opponent", "n": 1}]
    assert _eff("このカードが登場した場合、相手はカードを1枚引くことができる。") is None  # the opponent's choice: not read
    got = _eff("このカードが登場、またはアプローチに参加した場合、相手の手札を全て見る。")
    assert got is not None and got["do"] == [{"op": "look_hand", "who": "opponent"}]


def test_this_card_moves_itself_and_the_opponents_events() -> None:
    got = _eff("このカードは、アプローチに参加した場合、ターン終了時にデッキの下に移る。")
    assert got is not None and got["trigger"] == "approach"
    assert got["do"] == [{"op": "delay", "on": "turn_end", "do": [{"op": "move", "target": "self", "to": "deck_bottom"}]}]
    got = _eff("このカードは、相手のイベントカードがプレイされた場合、ターン終了時まで+20/+20を得る。")
    assert got is not None and got["trigger"] == "opp_event"


def test_values_set_to_this_cards_and_swapped() -> None:
    got = _eff("このカードが登場した場合、自分のキャラ1枚のAPの値を、ターン終了時までこのカードのAPと同じ値に変更する。")
    assert got is not None and got["do"][0]["set"] == {"ap": {"of": "self", "stat": "ap"}}
    got = _eff("[アプローチ/両方]:《1》このカードのAP/DPの値を、ターン終了時まで入れ替える。")
    assert got is not None and got["do"][0]["set"] == {"ap": {"of": "self", "stat": "dp"}, "dp": {"of": "self", "stat": "ap"}}
    # AP set to this card's DP: not a phrasing read
    assert _eff("このカードが登場した場合、自分のキャラ1枚のAPの値を、ターン終了時までこのカードのDPと同じ値に変更する。") is None


def test_bans_on_playing_and_summoning() -> None:
    got = _eff("このカードが登場した場合、相手はターン終了時までキャラを登場させることができない。")
    assert got is not None and got["do"] == [{"op": "forbid", "who": "opponent", "what": "summon", "filter": {"type": "chara"}}]
    got = _eff("[アプローチ/自分]:全てのプレイヤーは、ターン終了時までイベントカードをプレイすることができない。", "イベント")
    assert got is not None and [s["who"] for s in got["do"]] == ["self", "opponent"]
    # no end named: not read
    assert _eff("このカードが登場した場合、相手は、イベントカードをプレイすることができない。") is None


def test_a_use_condition_counting_your_charas() -> None:
    from engine.pm.cards.use_condition import read

    assert read("自分の【試験】を持つキャラ5枚以上") == {"count": {"spec": {"side": "self", "property": "試験"}, "at_least": 5}}
    assert read("相手の【試験】を持つキャラ5枚以上")["unread"]


def test_the_opponents_discard_back_and_a_card_in_the_discard() -> None:
    got = _eff("このカードが登場した場合、相手の捨て札置き場にある全てのカードをデッキに戻し、相手のデッキをシャッフルする。")
    assert got is not None and got["do"][0]["who"] == "opponent" and got["do"][1] == {"op": "shuffle", "who": "opponent"}
    # the opponent's cards, your own deck shuffled: not read
    assert _eff("このカードが登場した場合、相手の捨て札置き場にある全てのカードをデッキに戻し、デッキをシャッフルする。") is None
    got = _eff("[メイン/自分]:カードを1枚引く。自分の捨て札置き場に「試験 次郎」がある場合、カードを1枚引く。", "イベント")
    assert got is not None
    assert got["do"][1]["if"] == {"cards": {"zone": "discard", "who": "self", "filter": {"name": "試験 次郎"}, "at_least": 1}}
    got = _eff("このカードが登場した場合、デッキの上のカード1枚を表向きで自分のポイント置き場に置く。")
    assert got is not None and got["do"] == [{"op": "put_point", "who": "self", "n": 1}]


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


@cache
def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid", ["GRAN 01-003", "GRAN 01-005", "GRAN 01-030", "MHK 01-033", "MHK 01-119",
                                 "SAGA 01-070", "SAGA 01-081", "SAGA P-002", "SZ2 01-002", "SZ2 01-086",
                                 "SZ2 01-104", "MHK 01-063", "SZ2 01-025", "SZ2 01-101"])
def test_the_cards_they_were_made_for_compile(cid: str) -> None:
    card = _set(cid.split()[0]).get(cid)
    assert any(e.compiled for e in card.effects), cid
