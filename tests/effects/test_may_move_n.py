""""May move N cards" (N > 1, no まで), as the lead decided (session 13, docs/compiler.md "Decisions"): a plain one
is optional as a whole and, done, moves N or all there are when fewer; one whose doing is a price (an "if so" / "if
not" depends on it) is N or none. The compiler's settling (engine.pm.cards.compile_r25.settle_may_n) on made-up
texts, the engine's pick keys on made-up cards, and the real cards read from ../shared at run time: SZ2 01-092 e0
(plain: the one Chara there moves) and MHK 01-002 (its hand script, a price: unchanged)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tests.effects.test_machinery as tm
from engine.pm.cards import Card, CardDB
from engine.pm.cards.compile_r25 import settle_may_n
from engine.pm.cards.precious import precious_card
from tests.effects.test_machinery import AKI, F, _event
from tests.engine.kit import Game, assert_illegal, assert_legal
from tests.pm_cards import hand_scripted, read_precious

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data" / "data"
needs_data = pytest.mark.skipif(not (DATA / "SZ2").is_dir(), reason="../shared/data/precious-data absent")


def _compiled(text: str, card_type: str = "イベント") -> list[dict[str, Any]]:
    data = {"id": "TST 01-001", "name": "試験", "setName": "試験作品", "type": card_type, "color": "赤", "cost": "1",
            "source": "1", "ap": "-", "dp": "-", "characteristic": ["-"], "text": text}
    from engine.pm.cards.compiler import compile_card

    card = compile_card(precious_card(data), text)
    assert card.effects[0].compiled, text
    return [dict(s) for s in card.effects[0].script or ()]


TO_BOTTOM = "自分の捨て札置き場にあるキャラ2枚をデッキの下に移すことができる"


def test_a_plain_may_n_in_the_middle_of_an_effect_is_n_or_all_there_or_none() -> None:
    draw, pick = _compiled(f"[メイン/自分]:カードを1枚引く。{TO_BOTTOM}。")
    assert draw["op"] == "draw"
    assert (pick["n"], pick.get("up_to"), pick.get("there_or_none"), "all_or_none" in pick) == (2, True, True, False)


def test_a_may_n_bought_for_an_if_so_is_n_or_none() -> None:
    (pick,) = _compiled(f"[メイン/自分]:{TO_BOTTOM}。その場合、カードを1枚引く。")
    assert (pick["n"], pick.get("up_to"), pick.get("all_or_none"), "there_or_none" in pick) == (2, True, True, False)
    assert "then_if_all" not in pick and pick["then"] == [{"op": "draw", "who": "self", "n": 1}]


def test_settling_leaves_every_other_step_alone() -> None:
    steps = [{"op": "pick", "from": "hand", "to": "discard", "n": 2, "filter": {}, "up_to": True, "all_or_none": True},
             {"op": "flip", "n": 2, "up_to": True, "all_or_none": True}]
    assert settle_may_n(json.loads(json.dumps(steps)), True) == steps


# -- the engine: made-up Events whose scripts have each shape; player 0's discard holds Filler 1 and Filler 2 (paid
#    for Aki on turn 1), one of each name

PLAIN, PRICE, OPENING = "TST 85-001", "TST 85-002", "TST 85-003"
ONE_FILLER = {"type": "chara", "name": ["Filler 1", "Filler 9"]}  # one of them is in the discard
_PICK = {"op": "pick", "from": "discard", "to": "deck_bottom", "n": 2, "filter": ONE_FILLER}
CARDS = [
    _event("85-001", "Plain", ({"op": "draw", "who": "self", "n": 1}, {**_PICK, "up_to": True, "there_or_none": True}),
           cost=0),
    _event("85-002", "Price", ({**_PICK, "up_to": True, "all_or_none": True,
                                "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
]


def _game() -> Game:
    old, tm.MY_DB = tm.MY_DB, CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    try:
        return tm.boards([AKI], [], hand0=[PLAIN, PRICE, F[5]])
    finally:
        tm.MY_DB = old


def test_plain_moves_the_one_there_or_none_never_fewer_than_there() -> None:
    g = _game()
    g.add("play_event", 0, card=PLAIN, pay=[], choices=[["TST 90-001"]])
    assert "TST 90-001" not in assert_legal(g).state_json()["players"][0]["discard"]
    g.actions[-1]["choices"] = [[]]
    assert "TST 90-001" in assert_legal(g).state_json()["players"][0]["discard"]


def test_price_takes_two_or_none_so_one_there_buys_nothing() -> None:
    g = _game()
    g.add("play_event", 0, card=PRICE, pay=[], choices=[["TST 90-001"]])
    assert_illegal(g, "effect.target")
    g.actions[-1]["choices"] = [[]]
    res = assert_legal(g)
    assert "TST 90-001" in res.state_json()["players"][0]["discard"]


# -- the real cards


@needs_data
def test_sz2_01_092_e0_is_a_plain_pick_of_two_in_an_optional_effect() -> None:
    eff = read_precious(DATA / "SZ2", compile=True).get("SZ2 01-092").effects[0]
    (pick,) = eff.script or ()
    assert eff.optional and eff.compiled
    assert (pick["op"], pick["from"], pick["to"], pick["n"]) == ("pick", "discard", "deck_bottom", 2)
    assert not {"up_to", "all_or_none", "there_or_none"} & set(pick)


@needs_data
def test_sz2_01_092_e0_moves_the_one_chara_there() -> None:
    """With one fitting card the plain pick takes exactly it (engine.pm.script._choose_cards: N, or all there are);
    on the kit's cards, the same step in an Event."""
    eff = read_precious(DATA / "SZ2", compile=True).get("SZ2 01-092").effects[0]
    (pick,) = eff.script or ()
    step = {**pick, "filter": ONE_FILLER}
    card = _event("85-003", "Opening", (step,), cost=0)
    old, tm.MY_DB = tm.MY_DB, CardDB([*tm.MY_DB, card], series_groups=[["Test", "Test Encore"]])
    try:
        g = tm.boards([AKI], [], hand0=[OPENING, F[5]])
    finally:
        tm.MY_DB = old
    g.add("play_event", 0, card=OPENING, pay=[], choices=[["TST 90-001"]])
    assert "TST 90-001" not in assert_legal(g).state_json()["players"][0]["discard"]
    g.actions[-1]["choices"] = [[]]
    assert_illegal(g, "effect.target")  # done, it moves what there is; leaving it out is declining the trigger


@needs_data
def test_mhk_01_002_hand_script_is_unchanged() -> None:
    card: Card = hand_scripted().get("MHK 01-002")
    (pick,) = card.effects[0].script or ()
    assert (pick["n"], pick["up_to"], pick["all_or_none"], "there_or_none" in pick) == (2, True, True, False)
    assert pick["else"] == [{"op": "judge", "target": "target"}]
