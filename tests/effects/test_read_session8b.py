"""Lead decisions of session 8 (queue26) in the engine, checked with the real cards of ../shared/data/precious-data
(read at run time; no card text kept here).

1. An Elimination Judgement where either Chara has no AP/DP judges nothing (script ``judge``: GRAN 01-005 e0 on an
   opponent Chara without AP/DP that entered this turn; rule book 000 P06, a card without AP/DP has none).
2. 登場させることができない (a ``forbid`` ``summon``: SZ2 01-025 e0, AHB 01-065 e0) bars every entry onto the Area,
   by an effect too (SSSS ST-029 putting a Chara back from the discard), and "cost N or more" of a card in the hand
   reads its usage cost as changed in the hand (effects.entry_ban, conditions.card_matches).
"""

from __future__ import annotations

import pytest

from engine.pm import effects
from engine.pm.ops import apply_op
from engine.pm.play import check_play_allowed
from engine.rulings import IllegalAction, Trail
from tests.effects.test_issue26_engine import DATA, mhk_game, on_area, ref
from tests.effects.test_read_session8 import cards
from tests.engine.kit import Game, assert_illegal, assert_legal

pytestmark = pytest.mark.skipif(not all((DATA / s).is_dir() for s in ("GRAN", "SAGA", "SSSS", "SZ2")),
                                reason="../shared/data/precious-data absent")


# -- 1. no judgement with a Chara without AP/DP ----------------------------------------------------------------


def _gran_01_005() -> Game:
    """Turn 1: GRAN 01-005 (-/-) and GRAN 01-004 enter, 01-004 takes ホワイトリリー (GRAN 01-018, 90/80) from the EX
    deck onto the field. Turn 3: player 1 summons SZ2 01-087 (-/-, may enter in the opponent's Main Phase) to the
    Support Area; MHK 01-040 approaches and GRAN 01-005 [Approach/Self] judges ホワイトリリー and SZ2 01-087."""
    g = mhk_game(["GRAN 01-005", "GRAN 01-004", "GRAN 01-001", "GRAN 01-013", "GRAN 01-010", "MHK 01-040",
                  "MHK 01-041", "MHK 01-083"],
                 ["SZ2 01-087", "MHK 01-052", "MHK 01-044", "MHK 01-042", "MHK 01-104", "MHK 01-084", "MHK 01-077"],
                 db=cards(), ex0=["GRAN 01-018"])
    g.add("summon", 0, card="GRAN 01-005", area="support", pay=[{"hand": "GRAN 01-010"}]).passes(1)
    g.add("summon", 0, card="GRAN 01-004", area="main", pay=[{"hand": "GRAN 01-001"}, {"hand": "GRAN 01-013"}])
    g.add("trigger", 0, card="GRAN 01-004", effect=0, choices=[1, ["GRAN 01-018"]]).passes(1)
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[{"hand": "MHK 01-041"}]).passes(1)
    g.end_turn(0)
    g.end_turn(1)
    g.passes(0).add("summon", 1, card="SZ2 01-087", area="support", pay=[])
    g.add("trigger", 1, card="SZ2 01-087", effect=0, targets=[ref("GRAN 01-004"), ref("GRAN 01-018")]).passes(1)
    g.add("approach", 0, card="MHK 01-040")
    return g.add("use_effect", 0, card="GRAN 01-005", effect=0, pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-104"}],
                 targets=[ref("GRAN 01-018"), ref("SZ2 01-087", 1)])


def test_gran_01_005_judges_nothing_against_a_chara_without_ap_dp() -> None:
    res = assert_legal(_gran_01_005())
    assert on_area(res, "SZ2 01-087", 1) and on_area(res, "GRAN 01-018")


def test_gran_01_005_cannot_send_off_a_chara_without_ap_dp() -> None:
    g = _gran_01_005()
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 1, "card": "SZ2 01-087", "from": "support",
                                               "to": "discard"}]}
    assert_illegal(g, "effect.result")


# -- 2. 登場させることができない: every entry, the cost in the hand ------------------------------------------------


def _sz2_01_025(interferer: str, *, banned: bool = True) -> Game:
    """Turn 3: player 0 summons SZ2 01-025 (this turn the opponent cannot make Charas of cost 3 or more enter), or
    not; MHK 01-077 (50/50) approaches and eliminates ``interferer``; player 1 answers after the judgement with
    SSSS ST-029 (put a Chara of the own discard that left this turn onto the field)."""
    g = mhk_game(["MHK 01-077", "SZ2 01-025", "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-052"],
                 [interferer, "MHK 01-083", "MHK 01-084", "SSSS ST-029", "MHK 01-104", "MHK 01-040", "MHK 01-041"],
                 db=cards())
    g.add("summon", 0, card="MHK 01-077", area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card=interferer, area="main", pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-084"}]).passes(0)
    g.end_turn(1)
    if banned:
        g.add("summon", 0, card="SZ2 01-025", area="support", pay=[])
        g.add("trigger", 0, card="SZ2 01-025", effect=0).add("trigger", 0, card="SZ2 01-025", effect=1).passes(1)
    g.passes(0, 1).add("approach", 0, card="MHK 01-077")
    return g.passes(0, 1).add("interfere", 1, card=interferer).passes(0, 1).passes(0)


def _put_back(interferer: str, picked: bool, *, banned: bool = True) -> Game:
    g = _sz2_01_025(interferer, banned=banned)
    return g.add("play_event", 1, card="SSSS ST-029", pay=[{"hand": "MHK 01-104"}, {"hand": "MHK 01-040"}],
                 choices=[[interferer] if picked else []])


def test_sz2_01_025_bars_an_effect_putting_a_cost_3_chara_onto_the_field() -> None:
    assert_illegal(_put_back("SZ2 01-021", True), "effect.target")  # cost 3: barred; the event does the rest
    res = assert_legal(_put_back("SZ2 01-021", False))
    assert not on_area(res, "SZ2 01-021", 1)
    control = assert_legal(_put_back("SZ2 01-021", True, banned=False))  # without SZ2 01-025 it enters
    assert on_area(control, "SZ2 01-021", 1)


def test_sz2_01_025_lets_a_cost_2_chara_be_put_back() -> None:
    res = assert_legal(_put_back("MHK ST-009", True))
    assert on_area(res, "MHK ST-009", 1)
    assert_illegal(_put_back("MHK ST-009", False), "effect.target")  # mandatory: the cost-2 Chara is taken


def test_sz2_01_025_bars_an_op_moving_a_chara_onto_the_area() -> None:
    """An unscripted effect's op putting a banned Chara onto the Area is ``effect.result``."""
    state = assert_legal(_sz2_01_025("SZ2 01-021")).state
    for probe, to in (("SZ2 01-021", "main"), ("SZ2 01-021", "support")):
        with pytest.raises(IllegalAction) as err:
            apply_op(state.clone(), {"op": "move", "p": 1, "card": probe, "from": "discard", "to": to}, Trail(),
                     verified=False, in_response=False)
        assert err.value.rule == "effect.result"
    control = assert_legal(_sz2_01_025("SZ2 01-021", banned=False)).state
    apply_op(control, {"op": "move", "p": 1, "card": "SZ2 01-021", "from": "discard", "to": "main"}, Trail(),
             verified=False, in_response=False)


def _free_entry_summon(card: str, pay: list[str]) -> Game:
    """Turn 1: SZ2 01-025 enters; player 1 summons ``card`` (自由登場 / may enter outside the own Main Phase)."""
    g = mhk_game(["SZ2 01-025", "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-052", "MHK 01-077"],
                 [card, "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-083", "MHK 01-084"], db=cards())
    g.add("summon", 0, card="SZ2 01-025", area="support", pay=[])
    g.add("trigger", 0, card="SZ2 01-025", effect=0).add("trigger", 0, card="SZ2 01-025", effect=1).passes(0)
    return g.add("summon", 1, card=card, area="main", pay=[{"hand": c} for c in pay])


def test_sz2_01_025_bars_summoning_a_cost_4_chara_in_its_turn() -> None:
    assert_illegal(_free_entry_summon("SZ2 01-047", ["MHK 01-040", "MHK 01-041"]), "effect.condition")
    g = _free_entry_summon("MHK 01-071", [])  # cost 0: it enters (its trigger has no target: none with AP/DP 100)
    assert on_area(assert_legal(g), "MHK 01-071", 1)


def test_a_cost_limit_reads_the_cost_in_the_hand() -> None:
    """With SZ2 01-025's ban on player 1 (cost 3 or more): SZ2 01-047 (printed 4) lowered to 2 in the hand may enter,
    MHK ST-009 (printed 2) raised to 3 may not, by a summon or by an effect from the hand."""
    g = _free_entry_summon("SZ2 01-047", [])
    g.actions.pop()
    state = assert_legal(g).state
    assert effects.entry_ban(state, 1, "SZ2 01-047", "hand") is not None
    assert effects.entry_ban(state, 1, "MHK 01-040", "hand") is None
    apply_op(state, {"op": "cost", "p": 1, "card": "SZ2 01-047", "n": -2}, Trail(), verified=True, in_response=False)
    assert effects.entry_ban(state, 1, "SZ2 01-047", "hand") is None
    check_play_allowed(state, 1, "SZ2 01-047", "summon", summon=True)
    assert effects.entry_ban(state, 1, "SZ2 01-047", "discard") is not None  # out of the hand: the printed cost
    state.players[1].hand.append("MHK ST-009")
    assert effects.entry_ban(state, 1, "MHK ST-009", "hand") is None
    apply_op(state, {"op": "cost", "p": 1, "card": "MHK ST-009", "n": 1}, Trail(), verified=True, in_response=False)
    assert effects.entry_ban(state, 1, "MHK ST-009", "hand") is not None
    with pytest.raises(IllegalAction):
        check_play_allowed(state, 1, "MHK ST-009", "summon", summon=True)


# -- 3. MHK 01-051: "when one of your 千葉 エリカ leaves" hears this card too --------------------------------------


def _mhk_01_051_leaves(logged: bool) -> Game:
    """Turn 4: player 1's MHK 01-031 gives a point and puts player 0's MHK 01-051 (千葉 エリカ, Support Area) under
    the deck; 01-051's own "one of your 千葉 エリカ leaves: draw 1" hears it (logged ``from`` the deck), or not."""
    g = mhk_game(["MHK 01-051", "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-052", "MHK 01-077"],
                 ["MHK 01-031", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-040", "MHK 01-041", "MHK 01-042"])
    g.add("summon", 0, card="MHK 01-051", area="support", pay=[{"hand": "MHK 01-040"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-031", area="main", pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-084"}]).passes(0)
    g.end_turn(1)
    g.end_turn(0)
    g.passes(1, 0).add("approach", 1, card="MHK 01-031").passes(1, 0).add("no_interfere", 0)
    g.add("trigger", 1, card="MHK 01-031", effect=0, targets=[ref("MHK 01-051", 0)])
    if logged:
        g.add("trigger", 0, card="MHK 01-051", effect=0, **{"from": "deck"})
    return g.passes(1)


def test_mhk_01_051_draws_when_it_leaves_itself() -> None:
    g = _mhk_01_051_leaves(logged=True)
    before = Game.__new__(Game)
    before.__dict__.update(g.__dict__)
    before.actions = g.actions[:-2]
    n = len(assert_legal(before).state.players[0].hand)
    assert len(assert_legal(g).state.players[0].hand) == n + 1


def test_mhk_01_051_draw_on_its_own_leaving_is_mandatory() -> None:
    assert_illegal(_mhk_01_051_leaves(logged=False), "effect.result")
