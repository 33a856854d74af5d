"""Issue 26: the three MHK readings the last independent read left open, each with legal and illegal logs.

- MHK 01-094 / 01-117: a Support Area Chara an effect moves to a full Main Area goes there after its owner discards
  one of the five (rule book 000 "Regarding Chara Movement"; 001 the same): the move is never skipped for want of
  room, and the log names the Chara given up (the ``move`` op's ``replace``, or the next ``choices`` entry).
- MHK 01-034 (and SAGA 01-027, compiled): アプローチで退場 is leaving by the Elimination Judgement of an approach the
  card took part in (``left_by_approach``), not any leave while approaching or interfering; the return from the
  discard is mandatory, the alternative from the hand is the できる part.
- MHK 01-004 (and SSSS 01-093): 「このターン、相手の手札にある全てのキャラは、使用コスト+2を得る」 binds the cards in the
  hand when it resolves; a card reaching the hand later keeps its printed cost.
(Texts: ../shared/data/precious-data, read at run time.)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engine.pm import stats
from engine.pm.legal import legal_actions
from engine.pm.ops import apply_op
from engine.rulings import Trail
from tests.effects.test_issue26_engine import mhk_game, ref
from tests.engine.kit import Game, assert_illegal, assert_legal

REVIEW = Path(__file__).resolve().parent / "review12"

# -- 01-094: the turn-end move back into a full Main Area ---------------------------------------------------------


def _01_094_full_at_turn_end() -> Game:
    """01-094 enters the Support Area: own 01-052 (千葉 エリカ) to the Support Area, 01-094 to the Main Area; a fifth
    Chara fills the Main Area; at the turn end the エリカ must move back (its delayed effect, index 1)."""
    g = mhk_game(["MHK 01-094", "MHK 01-052", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-044",
                  "MHK 01-042", "MHK 01-104"])
    for cid in ("MHK 01-052", "MHK 01-040", "MHK 01-041", "MHK 01-083"):
        g.add("summon", 0, card=cid, area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-094", area="support", pay=[{"hand": "MHK 01-084"}, {"hand": "MHK 01-044"}])
    g.add("trigger", 0, card="MHK 01-094", effect=0, targets=[ref("MHK 01-052")]).passes(1)
    g.add("summon", 0, card="MHK 01-042", area="main", pay=[]).passes(1)
    return g.passes(0, 1).add("end_approach", 0)


def test_01_094_erika_returns_to_a_full_main_area_giving_one_up() -> None:
    g = _01_094_full_at_turn_end()
    assert len(assert_legal(g).state.players[0].main) == 5
    res = assert_legal(g.add("trigger", 0, card="MHK 01-094", effect=1, choices=[["MHK 01-040"]]))
    me = res.state.players[0]
    assert any(c.card == "MHK 01-052" for c in me.main) and "MHK 01-040" in me.discard and len(me.main) == 5


def test_01_094_ops_name_the_chara_given_up() -> None:
    res = assert_legal(_01_094_full_at_turn_end().add("trigger", 0, card="MHK 01-094", effect=1, ops=[
        {"op": "move", "p": 0, "card": "MHK 01-052", "from": "support", "to": "main", "replace": "MHK 01-083"}]))
    assert "MHK 01-083" in res.state.players[0].discard


def test_01_094_naming_no_chara_to_give_up_is_refused() -> None:
    res = assert_illegal(_01_094_full_at_turn_end().add("trigger", 0, card="MHK 01-094", effect=1), "summon.main_full")
    assert "Regarding Chara Movement" in res.ruling.message


def test_01_094_the_move_back_cannot_be_left_out() -> None:
    """Ops doing nothing are refused; the turn cannot end before the mandatory trigger is logged."""
    assert_illegal(_01_094_full_at_turn_end().add("trigger", 0, card="MHK 01-094", effect=1, ops=[]), "summon.main_full")
    state = assert_legal(_01_094_full_at_turn_end()).state
    assert state.phase == "end" and [t[2] for t in state.pending_triggers] == [1]


def test_01_094_offered_move_names_a_chara_to_give_up() -> None:
    offered = legal_actions(assert_legal(_01_094_full_at_turn_end()).state)
    assert offered == [{"type": "trigger", "p": 0, "card": "MHK 01-094", "effect": 1, "choices": [["MHK 01-040"]]}]


def _01_094_with_an_erika_on_each_side() -> Game:
    """Own 01-052 (千葉 エリカ) in the Main Area, own 01-056 (エリカ＆深雪, also 千葉 エリカ) in the Support Area; then
    01-094 enters the Support Area (its trigger, index 0, is owed)."""
    g = mhk_game(["MHK 01-094", "MHK 01-052", "MHK 01-056", "MHK 01-040", "MHK 01-041", "MHK 01-084", "MHK 01-044",
                  "MHK 01-083", "MHK 01-042"])
    g.add("summon", 0, card="MHK 01-052", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-056", area="support", pay=[{"hand": "MHK 01-040"}, {"hand": "MHK 01-041"}])
    g.passes(1)
    return g.add("summon", 0, card="MHK 01-094", area="support", pay=[{"hand": "MHK 01-084"}, {"hand": "MHK 01-044"}])


def test_01_094_may_name_an_erika_already_in_the_support_area() -> None:
    """The text names one of your 千葉 エリカ, not its area (reader rd17; docs/compiler.md: a move of "one of your X"
    may name an X already there): naming the Support one moves nothing, and その場合 does not follow."""
    res = assert_legal(_01_094_with_an_erika_on_each_side().add("trigger", 0, card="MHK 01-094", effect=0,
                                                                  targets=[ref("MHK 01-056")]))
    me = res.state.players[0]
    assert [c.card for c in me.support] == ["MHK 01-056", "MHK 01-094"] and [c.card for c in me.main] == ["MHK 01-052"]


def test_01_094_naming_the_support_erika_does_not_move_this_card() -> None:
    """Ops moving 01-094 to the Main Area after naming an エリカ that did not move are refused."""
    assert_illegal(_01_094_with_an_erika_on_each_side().add("trigger", 0, card="MHK 01-094", effect=0,
                                                            targets=[ref("MHK 01-056")], ops=[
        {"op": "move", "p": 0, "card": "MHK 01-094", "from": "support", "to": "main"}]), "effect.result")


def test_01_094_naming_the_main_erika_swaps_them() -> None:
    res = assert_legal(_01_094_with_an_erika_on_each_side().add("trigger", 0, card="MHK 01-094", effect=0,
                                                                  targets=[ref("MHK 01-052")]))
    me = res.state.players[0]
    assert {c.card for c in me.main} == {"MHK 01-094"} and {c.card for c in me.support} == {"MHK 01-056", "MHK 01-052"}


# -- 01-034: アプローチで退場 ---------------------------------------------------------------------------------------


def _c034() -> dict[str, object]:
    """A log in which p1's 01-034 interferes and the Elimination Judgement sends it off (action 50: its trigger)."""
    return json.loads((REVIEW / "c034_eliminated_as_interferer.json").read_text(encoding="utf-8"))


def _c034_game(last: list[dict[str, object]]) -> Game:
    doc = _c034()
    g = Game(setup=False, db=mhk_game([]).db)
    g.header = doc["game"]  # type: ignore[assignment]
    g.actions = [*copy.deepcopy(doc["actions"][:50]), *last]  # type: ignore[index]
    return g


def test_01_034_left_by_the_judgement_returns_rested() -> None:
    res = assert_legal(_c034_game([{"type": "trigger", "p": 1, "card": "MHK 01-034", "from": "discard", "effect": 1,
                                    "choices": [0]}]))
    back = next(c for c in res.state.players[1].area() if c.card == "MHK 01-034")
    assert back.rested


def test_01_034_return_is_mandatory() -> None:
    """The return ends in 出す (only the alternative from the hand is できる): leaving the trigger out is refused."""
    assert_illegal(_c034_game([{"type": "pass", "p": 0}]), "effect.result")
    assert_illegal(_c034_game([{"type": "trigger", "p": 1, "card": "MHK 01-034", "from": "discard", "effect": 1,
                                "choices": []}]), "effect.target")


def test_01_034_an_effect_moving_it_during_the_approach_is_no_leave_by_the_approach() -> None:
    """Off the Area by an effect while interfering (before the judgement): the trigger does not fire, so a log
    giving it is refused."""
    g = _c034_game([])
    g.actions = g.actions[:48]  # 01-034 interferes; the window before the judgement is open
    state = assert_legal(g).state
    me = next(c for c in state.players[1].main if c.card == "MHK 01-034")
    assert state.approach is not None and state.approach.interferer == me.uid
    apply_op(state, {"op": "move", "p": 1, "card": "MHK 01-034", "from": "main", "to": "hand"}, Trail(), verified=True,
             in_response=False)
    assert not [t for t in (*state.pending_triggers, *state.available_triggers) if t[2] == 1]


# -- 01-004: the hand cards there when it resolves ------------------------------------------------------------------


def _01_004_resolved(early: str, late: str) -> Game:
    """Turn 3: p0 fetches 01-004 (01-030) and summons it, p1's hand Charas (``early`` among them) gain +2 this turn;
    p0 approaches and p1 plays ST-033 (draw 2: ``late`` and 01-042)."""
    g = mhk_game(["MHK 01-083", "MHK 01-030", "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-084",
                  "MHK 01-104", "MHK 01-052", "MHK 01-077"],
                 [early, "MHK ST-033", "MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052", "MHK 01-044", "MHK 01-040",
                  "MHK 01-041", late, "MHK 01-042"], ex0=["MHK 01-004"])
    g.add("summon", 0, card="MHK 01-083", area="main", pay=[]).end_turn(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0)
    g.add("summon", 1, card="MHK 01-084", area="main", pay=[]).passes(0).end_turn(1)
    g.add("summon", 0, card="MHK 01-030", area="support", pay=[{"hand": "MHK 01-040"}])
    g.add("trigger", 0, card="MHK 01-030", effect=0, choices=[["MHK 01-004"]]).passes(1)
    g.add("summon", 0, card="MHK 01-004", area="main", pay=[{"hand": "MHK 01-041"}, {"hand": "MHK 01-042"}])
    g.add("trigger", 0, card="MHK 01-004", effect=0).passes(1)
    g.passes(0, 1).add("approach", 0, card="MHK 01-083").add("pass", 0)
    return g.add("play_event", 1, card="MHK ST-033", pay=[{"hand": "MHK 01-052"}]).add("pass", 0)


def test_01_004_binds_the_hand_cards_there_on_resolution() -> None:
    state = assert_legal(_01_004_resolved("MHK 01-071", "MHK 01-099")).state
    costs = {c: stats.hand_cost(state, 1, c) for c in state.players[1].hand if c is not None}
    assert costs["MHK 01-071"] == 2 and costs["MHK 01-083"] == 2  # printed 0, +2
    assert costs["MHK 01-099"] == 2 and costs["MHK 01-042"] == 0  # drawn later: printed costs


def test_01_004_a_chara_drawn_later_is_summoned_at_its_printed_cost() -> None:
    g = _01_004_resolved("MHK 01-071", "MHK 01-099")
    assert_legal(g.add("summon", 1, card="MHK 01-099", area="main", pay=[{"hand": "MHK 01-044"}]))


def test_01_004_a_chara_in_hand_on_resolution_costs_two_more() -> None:
    g = _01_004_resolved("MHK 01-099", "MHK 01-042")
    assert_illegal(copy.deepcopy(g).add("summon", 1, card="MHK 01-099", area="main", pay=[{"hand": "MHK 01-044"}]),
                   "cost.amount")
    assert_legal(g.add("summon", 1, card="MHK 01-099", area="main", pay=[{"hand": "MHK 01-044"}, {"hand": "MHK 01-040"}]))


def test_01_004_a_second_copy_drawn_later_is_the_cheap_one() -> None:
    """One copy in hand on resolution, one drawn after: the copies are alike, so one of them costs the printed cost."""
    g = _01_004_resolved("MHK 01-099", "MHK 01-099")
    assert_legal(g.add("summon", 1, card="MHK 01-099", area="main", pay=[{"hand": "MHK 01-044"}]))
