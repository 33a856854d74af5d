"""Readings of the sixteenth compiler round (issue 20, helper h20r16): made-up texts in the cards' phrasings (no
card's text), and real effects of the shared sets read at run time (../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from tests.pm_cards import made_up_script, read_precious

_one = made_up_script


def test_this_card_when_it_approaches_goes_under_the_deck_and_if_so_a_named_card_may_enter() -> None:
    got = _one("このカードは、アプローチに参加した場合、デッキの下に移る。その場合、手札から「試験 太郎」1枚を場に出すことが"
               "できる。")
    assert got is not None and got["trigger"] == "approach"
    (move,) = got["do"]
    assert (move["op"], move["target"], move["to"]) == ("move", "self", "deck_bottom")
    (pick,) = move["then"]  # only when the card went under the deck
    assert (pick["from"], pick["to"], pick["filter"], pick["up_to"]) == ("hand", "area", {"name": "試験 太郎"}, True)
    got = _one("このカードは、妨害に参加した場合、手札に戻る。その場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "interfering"
    assert got["do"][0]["to"] == "hand" and got["do"][0]["then"] == [{"op": "draw", "who": "self", "n": 1}]
    # being interfered is not interfering: the cause stays what the text says
    got = _one("このカードは、妨害された場合、手札に戻る。")
    assert got is not None and got["trigger"] == "interfered"


def test_summoned_in_the_opponents_main_phase_too() -> None:
    got = _one("このカードは、相手のメインフェイズにも登場させることができる。")
    assert got is not None and got["trigger"] is None and got["condition"] == {"phase": "main"}
    assert got["do"] == [{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}]


def test_while_this_card_takes_part_is_a_condition_on_this_card() -> None:
    got = _one("このカードは、アプローチに参加している場合、+20/+20を得る。")
    assert got is not None and got["condition"] == {"approaching": True}
    got = _one("このカードは、妨害に参加している間、+10/+10を得る。")
    assert got is not None and got["condition"] == {"interfering": True}
    got = _one("このカードは、自分のターンの間+30/+30を得る。")  # the comma left out
    assert got is not None and got["condition"] == {"own_turn": True} and got["do"][0]["ap"] == 30


def test_the_top_card_looked_at_goes_back_on_the_top_or_the_bottom() -> None:
    got = _one("このカードが登場した場合、デッキの上のカード1枚を見る。その後、そのカードをデッキの上または下に移す。")
    assert got is not None and got["do"] == [{"op": "reorder", "who": "self", "n": 1, "to": "top_or_bottom"}]
    # two cards looked at, "that card": which one? not read
    assert _one("このカードが登場した場合、デッキの上のカード2枚を見て、そのカードをデッキの上または下に移す。") is None


def test_either_property() -> None:
    got = _one("[メイン/自分]:自分の【甲】または【乙】を持つキャラ1枚は、ターン終了時まで+20/+20を得る。", "イベント")
    assert got is not None and got["targets"] == [{"side": "self", "any_of": [{"property": "甲"}, {"property": "乙"}]}]
    got = _one("このカードが登場した場合、このターン、自分が次にプレイする【甲】または【乙】を持つキャラ1枚は、使用コスト-2を"
               "得る。")
    assert got is not None and got["do"][0]["filter"] == {"type": "chara", "any_of": [{"property": "甲"}, {"property": "乙"}]}
    # the next card played, with no duration named: the turn's (rule book 000 "Effect Duration")
    got = _one("このカードが登場した場合、自分が次にプレイする【甲】1枚は、使用コスト-3を得る。")
    assert got is not None and got["do"][0]["until"] == "turn_end" and got["do"][0]["filter"] == {
        "type": "chara", "property": "甲"}


def test_a_chara_with_a_support_set_on_it() -> None:
    got = _one("[メイン/自分]:『試験』のサポートカードがセットされている自分のキャラ1枚は、ターン終了時まで+20/+20を得る。",
               "イベント")
    assert got is not None and got["targets"] == [{"side": "self", "supported": {"series": "試験"}}]
    got = _one("[メイン/両方]:サポートカードがセットされている自分のキャラ1枚を活動状態にする。", "イベント")
    assert got is not None and got["targets"] == [{"side": "self", "supported": {}}]
    # a card in the discard has no Support set on it: no card filter holds the key
    assert _one("このカードが登場した場合、自分の捨て札置き場にあるサポートカードがセットされているキャラ1枚を手札に戻す。") is None


DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


@pytest.mark.skipif(not (DATA / "GRAN").is_dir(), reason="needs ../shared/data/precious-data")
def test_gran_st_002_the_next_chara_of_a_property_played_costs_less() -> None:
    card = _set("GRAN").get("GRAN ST-002")
    (eff,) = card.effects
    got = normalized(eff)
    assert eff.compiled and got["trigger"] == "enter"
    (step,) = got["do"]
    assert (step["op"], step["next"], step["until"]) == ("cost", True, "turn_end") and step["n"] < 0
    assert step["filter"]["type"] == "chara" and set(step["filter"]) == {"type", "property"}


def test_a_later_may_on_taking_coins_off() -> None:
    got = _one("[アプローチ/自分]:自分の「試験 太郎」1枚は、ターン終了時まで+30/+30を得る。その後、自分の「試験 太郎」の上にある"
               "+10/+10コインを1個取り除くことができる。取り除いた場合、妨害している相手のキャラ1枚を捨て札にする。", "イベント")
    assert got is not None
    _, strip = got["do"]
    assert (strip["op"], strip["may"], strip["n"], strip["spec"]) == ("remove_coins", True, 1,
                                                                       {"side": "self", "name": "試験 太郎"})
    assert "up_to" not in strip and strip["then"] == [{"op": "move", "target": "target:1", "to": "discard"}]
    assert got["targets"][1] == {"side": "opponent", "interfering": True}
    # "that Chara" after coins taken off any of a kind: the one named before, or the one the coins came off? not read
    assert _one("[アプローチ/自分]:自分の「試験 太郎」1枚は、ターン終了時まで+30/+30を得る。その後、自分の「試験 太郎」の上に"
                "ある+10/+10コインを1個取り除くことができる。取り除いた場合、そのキャラは、活動状態になる。", "イベント") is None
    got = _one("このカードがアプローチに参加した場合、カードを1枚引く。その後、このカードの上にある+10/+10コインを2個取り除く"
               "ことができる。取り除いた場合、カードを1枚引く。")
    assert got is not None and got["optional"] is False
    assert got["do"][1] == {"op": "remove_coins", "coin": "+10/+10", "n": 2, "may": True, "target": "self",
                            "then": [{"op": "draw", "who": "self", "n": 1}]}


def test_a_continuous_ban_while_a_chara_approaches() -> None:
    got = _one("このカードがアプローチに参加している間、全てのプレイヤーは、カードをプレイできない。")
    assert got is not None and got["condition"] == {"approaching": True}
    assert got["do"] == [{"op": "forbid", "who": w, "what": "play", "filter": {}} for w in ("self", "opponent")]
    got = _one("自分の【甲】がアプローチしている間、相手は、キャラを登場させることができない。")
    assert got is not None and got["do"] == [{"op": "forbid", "who": "opponent", "what": "summon",
                                              "filter": {"type": "chara"}}]
    assert got["condition"] == {"count": {"spec": {"side": "self", "property": "甲", "approaching": True},
                                          "at_least": 1}}
    # an Event cannot enter: a summon ban of a kind that is not a Chara is not read
    assert _one("このカードがアプローチに参加している間、相手は、イベントカードを登場させることができない。") is None
    # no condition: for how long? (not this reader's)
    assert _one("相手は、イベントカードをプレイできない。") is None


@pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("cid, idx, who, what", [("SAGA 01-002", 1, ["opponent"], "play"),
                                                 ("SSSS 01-033", 1, ["opponent"], "summon"),
                                                 ("SSSS 01-014", 0, ["self", "opponent"], "play")])
def test_the_shared_sets_continuous_bans_while_charas_approach(cid: str, idx: int, who: list[str], what: str) -> None:
    card = _set(cid.split()[0]).get(cid)
    eff = card.effects[idx]
    assert eff.compiled and eff.kind == "continuous" and eff.trigger is None
    bans = [s for s in eff.script or () if s["op"] == "forbid"]
    assert [s["who"] for s in bans] == who and {s["what"] for s in bans} == {what}
    # each is in force only while a Chara of the player approaches: the effect's condition or the step's own
    conds = [s.get("if") or eff.condition for s in bans]
    assert all(c == {"approaching": True} or c["count"]["spec"]["approaching"] is True for c in conds)
    if cid == "SSSS 01-033":  # the automatic effect before it keeps its own sentences only
        assert card.effects[0].compiled and card.effects[0].kind == "auto"


def test_played_this_turn_as_a_condition() -> None:
    got = _one("[アプローチ/自分]:《0》カードを1枚引く。このテキストは、このターン、自分が緑のイベントカードをプレイしている場合"
               "にのみ使用できる。")
    assert got is not None and got["condition"] == {"history": {
        "event": "play", "filter": {"type": "event", "color": "green"}, "who": "self", "at_least": 1}}
    # the opponent's plays, a number: read as written; "every X": not
    got = _one("[アプローチ/自分]:《0》カードを1枚引く。このテキストは、このターン、相手がイベントカードを2枚以上プレイしている場合"
               "にのみ使用できる。")
    assert got is not None and got["condition"]["history"]["who"] == "opponent"
    assert got["condition"]["history"]["at_least"] == 2
    assert _one("[アプローチ/自分]:《0》カードを1枚引く。このテキストは、このターン、自分が全てのイベントカードをプレイしている"
                "場合にのみ使用できる。") is None
