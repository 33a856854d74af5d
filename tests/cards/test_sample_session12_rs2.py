"""Reader rs2's wrong verdicts in the session-12 seeded sample (docs/verification.md, "Independent read, session 12
(reader rs2)"), each as a failing test for the fixer. The card texts are read from ../shared at run time.

SZ2 01-016 e0: every time an own SZ2 サンタ服 Chara enters, its player may mill two and then the next サンタ服 Chara
they play this turn costs 2 less. Two such effects in force both speak of the same card (the next one played), so
that card costs 4 less; the engine queues reductions that share a filter (the second goes to the card after), while
reductions with different filters already add up on one card.
"""

from __future__ import annotations

import copy
from functools import cache

import pytest

from engine.pm import stats, triggers
from engine.pm.actions import apply_action
from engine.pm.cards import CardDB
from engine.pm.state import GameState
from engine.pm.zones import enter_area
from engine.rulings import NullTrail
from tests.effects.test_issue26_engine import CARDS, DATA, mhk_game, needs_data
from tests.pm_cards import read_precious

pytestmark = needs_data


@cache
def _db() -> CardDB:
    return CardDB([*CARDS, *read_precious(DATA / "SZ2", compile=True)], CARDS.series_groups())


def _main_phase() -> GameState:
    """Player 0's first Main Phase (MHK vanilla decks, database: bundled cards and SZ2 compiled)."""
    g = mhk_game(["MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052", "MHK 01-044", "MHK 01-042", "MHK 01-041"],
                 db=_db())
    return copy.deepcopy(g.fold().state)


def _santa_enters(s: GameState, cid: str) -> None:
    """``cid`` (a サンタ服 Chara of SZ2) is put onto the field by an effect; SZ2 01-016's trigger is logged."""
    c = enter_area(s, 0, cid, "support", summoned=False)
    triggers.fire_others(s, "enter", c, NullTrail())
    apply_action(s, {"type": "trigger", "p": 0, "card": "SZ2 01-016", "effect": 0}, NullTrail())


def test_sz2_01_016_one_firing_lowers_the_next_santa_by_two() -> None:
    s = _main_phase()
    enter_area(s, 0, "SZ2 01-016", "main", summoned=False)
    s.players[0].hand.append("SZ2 01-014")  # printed usage cost 3, サンタ服
    _santa_enters(s, "SZ2 01-015")
    assert stats.hand_cost(s, 0, "SZ2 01-014") == 1


@pytest.mark.xfail(strict=True, reason="rs2 session 12: two 'next サンタ服 Chara -2' effects of SZ2 01-016 are queued "
                                       "(the second reaches the card after next); both name the next one played")
def test_sz2_01_016_two_firings_both_reach_the_next_santa() -> None:
    s = _main_phase()
    enter_area(s, 0, "SZ2 01-016", "main", summoned=False)
    s.players[0].hand.append("SZ2 01-014")
    _santa_enters(s, "SZ2 01-015")
    _santa_enters(s, "SZ2 01-013")
    assert stats.hand_cost(s, 0, "SZ2 01-014") == 0
