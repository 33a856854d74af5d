"""Engine behaviour the twenty-seventh compiler round's readings rely on (issue 20, helper h20r27), on made-up cards
with legal and illegal logs: a Chara "with 〔天然〕" (any [Ignore N]) or "with 〔コンビ〕" (a Combo card) as a target's
kind (``keyword`` ``ignore`` / ``combo``), "your 「A」 and 「B」 are there" (``all_of`` two ``has_name``), and the
opponent putting a card of their hand under their deck (a ``pick`` with ``who: "opponent"``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tests.effects.test_machinery as tm
from engine.pm.cards import Effect
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event
from tests.engine.kit import Game, assert_illegal, assert_legal

NATURAL, COMBO, TRIO, BOOST, COMBO_BOOST, PUSH = (f"TST 86-0{i:02d}" for i in range(1, 7))
PLUS = {"op": "modify", "target": "target", "ap": 10, "dp": 0, "until": "turn_end"}
CARDS = [
    replace(_chara("86-001", "Natural"), ignore=1),  # a Chara printing 〔天然1〕
    replace(_chara("86-002", "Combo"), combo=("Filler 1", "Filler 2")),  # a Combo card (paid with fillers)
    # "this card, while your Aki and Ben are there, gets +20/+20" (Ach 01-004's shape with two names)
    _chara("86-003", "Trio", Effect("continuous", condition={"all_of": [{"has_name": "Aki"}, {"has_name": "Ben"}]},
                                    script=({"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"},)), cost=0),
    # "one of your Charas with 〔天然〕 gets +10/±0 until the end of the turn" (Ach 01-014's shape, as an Event)
    _event("86-004", "Boost", (PLUS,), targets=({"side": "self", "keyword": "ignore"},), cost=0),
    # "one of your Charas with 〔コンビ〕 gets +10/±0 until the end of the turn"
    _event("86-005", "ComboBoost", (PLUS,), targets=({"side": "self", "keyword": "combo"},), cost=0),
    # "the opponent puts one card of their hand under their deck" (MC 01-036's step, as an Event)
    _event("86-006", "Push", ({"op": "pick", "who": "opponent", "from": "hand", "to": "deck_bottom", "n": 1,
                               "filter": {}},), cost=0),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    return tm.boards_with(CARDS, p0, p1, hand0, hand1)


def _stats(res: Any, p: int, card: str) -> tuple[int, int]:
    return next((c["ap"], c["dp"]) for c in res.state_json()["players"][p]["main"] if c["card"] == card)


def test_a_chara_with_natural_is_one_printing_an_ignore_value() -> None:
    g = _boards([NATURAL, AKI], [], hand0=[BOOST]).add("play_event", 0, card=BOOST, pay=[],
                                                       targets=[{"p": 0, "card": NATURAL}])
    res = assert_legal(g)
    assert _stats(res, 0, NATURAL) == (40, 30)
    g = _boards([NATURAL, AKI], [], hand0=[BOOST]).add("play_event", 0, card=BOOST, pay=[],
                                                       targets=[{"p": 0, "card": AKI}])
    assert_illegal(g, "effect.target")  # Aki has no 〔天然〕


def test_a_chara_with_combo_is_a_combo_card() -> None:
    g = _boards([COMBO, AKI], [], hand0=[COMBO_BOOST]).add("play_event", 0, card=COMBO_BOOST, pay=[],
                                                           targets=[{"p": 0, "card": COMBO}])
    assert _stats(assert_legal(g), 0, COMBO) == (40, 30)
    g = _boards([COMBO, AKI], [], hand0=[COMBO_BOOST]).add("play_event", 0, card=COMBO_BOOST, pay=[],
                                                           targets=[{"p": 0, "card": AKI}])
    assert_illegal(g, "effect.target")


def test_two_names_joined_must_both_be_there() -> None:
    assert _stats(assert_legal(_boards([TRIO, AKI, BEN], [])), 0, TRIO) == (50, 50)
    assert _stats(assert_legal(_boards([TRIO, AKI], [])), 0, TRIO) == (30, 30)  # Ben missing: no bonus


def test_the_opponent_puts_a_card_of_their_hand_under_their_deck() -> None:
    g = _boards([AKI], [BEN], hand0=[PUSH])
    now = assert_legal(g).state_json()["players"]
    ren = now[1]["hand"]
    g.add("play_event", 0, card=PUSH, pay=[], choices=[[ren[0]]])
    res = assert_legal(g)
    ren_now = res.state.players[1]
    assert len(ren_now.hand) == len(ren) - 1 and ren_now.deck[0] == ren[0]  # under the deck
    g = _boards([AKI], [BEN], hand0=[PUSH])
    g.add("play_event", 0, card=PUSH, pay=[], choices=[[next(c for c in F if c not in ren)]])
    assert_illegal(g, "effect.target")  # a card not in the opponent's hand is no option
