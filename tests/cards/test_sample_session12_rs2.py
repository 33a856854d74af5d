"""Reader rs2's wrong verdicts in the session-12 seeded sample (docs/verification.md, "Independent read, session 12
(reader rs2)"), each as a failing test for the fixer. The card texts are read from ../shared at run time.

SZ2 01-016 e0: every time an own SZ2 サンタ服 Chara enters, its player may mill two and then the next サンタ服 Chara
they play this turn costs 2 less. Two such effects in force both speak of the same card (the next one played), so
that card costs 4 less; the engine queues reductions that share a filter (the second goes to the card after), while
reductions with different filters already add up on one card. Fixed (branch f20sz2): every "next card" change in
force reaches the next fitting card played (engine.pm.ops ``_cost``, engine.pm.stats ``use_next_cost``).
"""

from __future__ import annotations

import copy
from functools import cache

from engine.pm import stats, triggers
from engine.pm.actions import apply_action
from engine.pm.cards import CardDB
from engine.pm.ops import apply_op
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


def test_sz2_01_016_two_firings_both_reach_the_next_santa() -> None:
    s = _main_phase()
    enter_area(s, 0, "SZ2 01-016", "main", summoned=False)
    s.players[0].hand.append("SZ2 01-014")
    _santa_enters(s, "SZ2 01-015")
    _santa_enters(s, "SZ2 01-013")
    assert stats.hand_cost(s, 0, "SZ2 01-014") == 0


@cache
def _saga_db() -> CardDB:
    return CardDB([*CARDS, *read_precious(DATA / "SAGA", compile=True)], CARDS.series_groups())


def _enters_and_triggers(s: GameState, cid: str, effect: int = 0) -> None:
    """``cid`` enters player 0's Support Area by an effect; its own "when this card enters" (automatic effect ``effect``) is logged."""
    c = enter_area(s, 0, cid, "support", summoned=False)
    triggers.fire(s, "enter", [c], NullTrail())
    apply_action(s, {"type": "trigger", "p": 0, "card": cid, "effect": effect}, NullTrail())


def test_saga_st_003_and_st_024_both_reach_the_next_zombie_and_are_used_up_by_it() -> None:
    """SAGA ST-003 and ST-024 (one filter, 【ゾンビィ】 -4 each): the next ゾンビィ played costs 8 less (5 → 0), and
    playing it uses up both: the one after costs its printed 5."""
    g = mhk_game(["MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052", "MHK 01-044", "MHK 01-042", "MHK 01-041"],
                 db=_saga_db())
    s = copy.deepcopy(g.fold().state)
    s.players[0].hand += ["SAGA 01-016", "SAGA 01-038"]  # ゾンビィ, printed usage cost 5 each
    _enters_and_triggers(s, "SAGA ST-003")
    assert stats.hand_cost(s, 0, "SAGA 01-016") == 1
    _enters_and_triggers(s, "SAGA ST-024")
    assert stats.hand_cost(s, 0, "SAGA 01-016") == 0
    apply_action(s, {"type": "summon", "p": 0, "card": "SAGA 01-016", "area": "main", "pay": []}, NullTrail())
    assert any(c.card == "SAGA 01-016" for c in s.players[0].main)
    assert stats.hand_cost(s, 0, "SAGA 01-038") == 5 and not s.players[0].cost_mods


def test_sz2_name_reductions_reach_only_their_name() -> None:
    """SZ2 01-003 e1 (「桜野 くりむ」 -4) and 01-057 e1 (「椎名 深夏」 -4): each reaches the next card of its own name."""
    s = _main_phase()
    s.players[0].hand += ["SZ2 01-001", "SZ2 01-015"]  # 桜野 くりむ 4; 椎名 深夏 1
    _enters_and_triggers(s, "SZ2 01-003", 1)
    assert (stats.hand_cost(s, 0, "SZ2 01-001"), stats.hand_cost(s, 0, "SZ2 01-015")) == (0, 1)
    _enters_and_triggers(s, "SZ2 01-057")
    assert (stats.hand_cost(s, 0, "SZ2 01-001"), stats.hand_cost(s, 0, "SZ2 01-015")) == (0, 0)


def test_next_card_changes_add_up_on_the_next_fitting_card() -> None:
    """Two changes of one filter, one of another filter that the same card fits, and one naming the next two cards:
    all reach the next fitting card played; only the two-card one passes to the card after."""
    s = _main_phase()
    santa, name = {"property": "サンタ服"}, {"name": "桜野 くりむ"}
    for op in ({"next": santa, "n": -1}, {"next": santa, "n": -1}, {"next": name, "n": -1},
               {"next": santa, "n": -1, "count": 2}, {"next": {"name": "椎名 深夏"}, "n": -2}):
        apply_op(s, {"op": "cost", "p": 0, **op}, NullTrail(), verified=True, in_response=False)
    assert len(s.players[0].cost_mods) == 5
    s.players[0].hand += ["SZ2 01-042", "SZ2 01-016"]  # 桜野 くりむ 4 (no サンタ服); 椎名 真冬 4 (サンタ服)
    assert (stats.hand_cost(s, 0, "SZ2 01-042"), stats.hand_cost(s, 0, "SZ2 01-016")) == (3, 1)
    stats.use_next_cost(s, 0, "SZ2 01-016")  # played: the three サンタ服 changes are used for it
    assert (stats.hand_cost(s, 0, "SZ2 01-042"), stats.hand_cost(s, 0, "SZ2 01-016")) == (3, 3)
    stats.use_next_cost(s, 0, "SZ2 01-016")  # the two-card change's second card
    assert stats.hand_cost(s, 0, "SZ2 01-016") == 4
    stats.use_next_cost(s, 0, "SZ2 01-042")
    assert stats.hand_cost(s, 0, "SZ2 01-042") == 4
    assert list(s.players[0].cost_mods) == ['next|{"name": "椎名 深夏"}']
