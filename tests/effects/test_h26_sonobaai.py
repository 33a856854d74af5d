"""その場合 after "move this card" needs the move (reader h26read, docs/verification.md): MHK 01-008, 01-009,
01-020, 01-021, 01-054, 01-070, 01-090, 01-100 give their bonus only when the card left the Area.

Logs: 01-093 gives the card 退場しない (it stays on the Area against every move off it), then the card's own
effect is used: legal with no bonus, and ops claiming the bonus are ``effect.result``; a control log without
01-093 still gives it. 01-009, 01-100 ([Main/Opponent]) and 01-054 ([Approach/Opponent]) are used in the
opponent's turn, after any 退場しない grant of their own player has ended: their scripts are run on a folded state
with the grant put on the card (as tests/effects/test_issue26_engine.py does for 01-093 itself).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.pm import script
from engine.pm.cards import Effect
from engine.pm.state import GameState
from engine.pm.zones import enter_area
from engine.rulings import IllegalAction, Trail
from pmemo_replay.cards import bundled_cards
from tests.effects.test_issue26_engine import mhk_game, on_area, ref
from tests.engine.kit import Game, assert_illegal, assert_legal

ST003 = "MHK ST-003"  # player 1's vanilla 40/40 Chara, the -20/-20 target of 01-020


def _before_use(card: str, kept: bool) -> Game:
    """Turn 3: ``card`` (and 01-040 「司波 達也」) on player 0's Area, ST-003 on player 1's; with ``kept`` 01-093
    has given ``card`` 退場しない."""
    g = mhk_game([card, "MHK 01-093", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 [ST003, "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[]).passes(1)
    g.add("summon", 0, card=card, area="support", pay=[{"hand": "MHK 01-041"}]).passes(1)
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-083"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[[]]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card=ST003, area="main", pay=[{"hand": "MHK 01-104"}]).passes(0)
    g.end_turn(1)
    if kept:
        g.add("use_effect", 0, card="MHK 01-093", effect=0, rest=True, pay=[], targets=[ref(card)]).passes(1)
    return g


#: card -> (use fields, the bonus op)
MAIN_USES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "MHK 01-020": ({"targets": [ref(ST003, 1)]},
                   {"op": "modify", "p": 1, "card": ST003, "ap": -20, "dp": -20, "until": "turn_end"}),
    "MHK 01-021": ({"rest": True, "targets": [ref("MHK 01-040")]},
                   {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 10, "dp": 10, "until": "turn_end"}),
    "MHK 01-070": ({}, {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 10, "dp": 0, "until": "turn_end"}),
    "MHK 01-090": ({}, {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 0, "dp": 10, "until": "turn_end"}),
}


def _use(card: str, kept: bool, ops: list[dict[str, Any]] | None = None) -> Game:
    fields, _ = MAIN_USES[card]
    extra = {"ops": ops} if ops is not None else {}
    return _before_use(card, kept).add("use_effect", 0, card=card, effect=0, pay=[], **fields, **extra)


def _mods(res: Any, p: int, card: str) -> list[Any]:
    chara = next(c for c in res.state.players[p].area() if c.card == card)
    return list(chara.mods)


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_kept_card_gives_no_bonus(card: str) -> None:
    res = assert_legal(_use(card, kept=True))
    assert on_area(res, card)
    _, bonus = MAIN_USES[card]
    assert _mods(res, bonus["p"], bonus["card"]) == []


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_kept_card_ops_claiming_the_bonus_are_refused(card: str) -> None:
    _, bonus = MAIN_USES[card]
    assert_illegal(_use(card, kept=True, ops=[bonus]), "effect.result")


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_card_that_left_gives_the_bonus(card: str) -> None:
    res = assert_legal(_use(card, kept=False))
    assert not on_area(res, card)
    _, bonus = MAIN_USES[card]
    assert _mods(res, bonus["p"], bonus["card"]) != []


# -- 01-008 ([Approach/Self]): kept by 01-093 in the Main Phase, used in the same turn's Approach Phase ----------


def _01_008_used(kept: bool, ops: list[dict[str, Any]] | None = None) -> Game:
    """Turn 3: ST-009 (「司波 深雪」) approaches (rested); in that approach 01-008 is used to activate it."""
    g = mhk_game(["MHK 01-008", "MHK 01-093", "MHK ST-009", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 [ST003, "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-008", area="support", pay=[{"hand": "MHK 01-041"}]).passes(1)
    g.add("summon", 0, card="MHK ST-009", area="main", pay=[{"hand": "MHK 01-104"}]).passes(1)
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-083"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[[]]).passes(1)
    g.end_turn(0)
    g.end_turn(1)
    if kept:
        g.add("use_effect", 0, card="MHK 01-093", effect=0, rest=True, pay=[], targets=[ref("MHK 01-008")]).passes(1)
    g.passes(0, 1).add("approach", 0, card="MHK ST-009")
    extra = {"ops": ops} if ops is not None else {}
    return g.add("use_effect", 0, card="MHK 01-008", effect=0, rest=True, pay=[], targets=[ref("MHK ST-009")], **extra)


ACTIVATE_ST009 = {"op": "activate", "p": 0, "card": "MHK ST-009"}


def test_01_008_kept_activates_nothing() -> None:
    res = assert_legal(_01_008_used(kept=True))
    assert on_area(res, "MHK 01-008")
    assert next(c for c in res.state.players[0].area() if c.card == "MHK ST-009").rested


def test_01_008_kept_ops_claiming_the_activation_are_refused() -> None:
    assert_illegal(_01_008_used(kept=True, ops=[ACTIVATE_ST009]), "effect.result")


def test_01_008_that_left_activates() -> None:
    res = assert_legal(_01_008_used(kept=False))
    assert not on_area(res, "MHK 01-008")
    assert not next(c for c in res.state.players[0].area() if c.card == "MHK ST-009").rested


# -- 01-009, 01-054, 01-100: the script run on a state with the card kept -----------------------------------------

CARDS = bundled_cards()
FACE_DOWN = "MHK 01-077"


def _state_with(card: str, kept: bool) -> GameState:
    """The turn-3 state of ``_before_use`` with ``card`` (kept or not) in player 0's Support Area and one face-down
    Point Zone card."""
    g = assert_legal(_before_use("MHK 01-084", kept=False)).state.clone()
    me = enter_area(g, 0, card, "support", summoned=False)
    if kept:
        me.grants.append(("not_eliminated", None))
    g.players[0].points.append([FACE_DOWN, False])
    return g


def _activated(card: str) -> Effect:
    return CARDS.get(card).activated()[0]


#: card -> (targets on player 0's Area, the ops when it leaves: the move, then the bonus)
OPPONENT_TURN_USES: dict[str, tuple[list[str], list[dict[str, Any]]]] = {
    "MHK 01-009": (["MHK 01-040"], [{"op": "move", "p": 0, "card": "MHK 01-009", "from": "support", "to": "deck_bottom"},
                                    {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 20, "dp": 20, "until": "turn_end"}]),
    "MHK 01-054": ([], [{"op": "move", "p": 0, "card": "MHK 01-054", "from": "support", "to": "deck_bottom"},
                        {"op": "flip", "p": 0, "card": FACE_DOWN, "face": "up"}]),
    "MHK 01-100": (["MHK 01-040"], [{"op": "move", "p": 0, "card": "MHK 01-100", "from": "support", "to": "hand"},
                                    {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 0, "dp": 20, "until": "turn_end"}]),
}


def _run(card: str, kept: bool, given: list[dict[str, Any]] | None = None) -> script.Run:
    g = _state_with(card, kept)
    names, _ = OPPONENT_TURN_USES[card]
    targets = [next(c for c in g.players[0].area() if c.card == n) for n in names]
    source = next(c for c in g.players[0].area() if c.card == card)
    action: dict[str, Any] = {} if given is None else {"ops": given}
    return script.run(g, 0, card, _activated(card), targets, source, action, Trail(), in_response=False)


@pytest.mark.parametrize("card", sorted(OPPONENT_TURN_USES))
def test_opponent_turn_card_kept_does_nothing(card: str) -> None:
    assert _run(card, kept=True).ops == []


@pytest.mark.parametrize("card", sorted(OPPONENT_TURN_USES))
def test_opponent_turn_card_kept_ops_claiming_the_bonus_are_refused(card: str) -> None:
    _, ops = OPPONENT_TURN_USES[card]
    with pytest.raises(IllegalAction) as err:
        _run(card, kept=True, given=ops[1:])
    assert err.value.ruling.rule == "effect.result"


@pytest.mark.parametrize("card", sorted(OPPONENT_TURN_USES))
def test_opponent_turn_card_that_leaves_gives_the_bonus(card: str) -> None:
    _, ops = OPPONENT_TURN_USES[card]
    assert _run(card, kept=False, given=ops).ops == ops
