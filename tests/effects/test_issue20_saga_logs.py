"""Issue 20's SAGA misreads as logs (the compiled cards of ../shared/data/precious-data, read at run time): the
《使用条件》 and timing of SAGA 01-107 / 01-112 / 01-114 are enforced on play, and SAGA 01-037's その場合 discards the
card only when a face-down Point Zone card was turned up; a 「代わりにEXデッキに移る」 card goes to the EX deck
instead when eliminated; SAGA ST-033's set trigger is logged and applied as recorded. (Structure: tests/cards/test_use_condition.py,
tests/cards/test_compiler_misreads.py.)"""

from __future__ import annotations

import copy

import pytest

from engine.pm.ops import apply_op
from engine.rulings import Trail
from tests.effects.test_impossible_parts import DATA, with_saga
from tests.effects.test_issue26_engine import mhk_game, ref
from tests.engine.kit import Game, assert_illegal, assert_legal

pytestmark = pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="../shared/data/precious-data absent")
KOTARO = "SAGA 01-037"  # enter: a ゾンビランドサガ card from the EX deck to the hand; own ゾンビィ gives a point: ...
JUNKO, AI = "SAGA 01-065", "SAGA ST-013"  # 紺野 純子 and 水野 愛, cost 0, ゾンビィ


def _fetched(ex: str, *, ai: bool = False) -> Game:
    """Turn 1: 01-037 fetches ``ex`` from the EX deck, 01-065 (and with ``ai`` ST-013) enter the Main Area."""
    g = mhk_game([KOTARO, JUNKO, AI, "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-052", "MHK 01-040"],
                 db=with_saga(), ex0=[ex])
    g.add("summon", 0, card=KOTARO, area="support", pay=[])
    g.add("trigger", 0, card=KOTARO, effect=0, choices=[[ex]]).passes(1)
    g.add("summon", 0, card=JUNKO, area="main", pay=[]).passes(1)
    if ai:
        g.add("summon", 0, card=AI, area="main", pay=[]).passes(1)
    return g


def _approaching(ex: str, *, ai: bool = False) -> Game:
    """Turn 3: 01-065 approaches; p1 has MHK 01-104 on its Area."""
    g = _fetched(ex, ai=ai).end_turn(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0).end_turn(1)
    return g.passes(0, 1).add("approach", 0, card=JUNKO)


def test_saga_01_112_needs_both_names_on_the_area() -> None:
    event = {"card": "SAGA 01-112", "pay": [{"hand": "MHK 01-040"}, {"hand": "MHK 01-104"}],
             "targets": [ref("MHK 01-104", 1)]}
    assert_illegal(_approaching("SAGA 01-112").add("play_event", 0, **event), "event.condition")
    assert_legal(_approaching("SAGA 01-112", ai=True).add("play_event", 0, **event))


@pytest.mark.parametrize("event", ["SAGA 01-114", "SAGA 01-106"])
def test_saga_main_phase_events_need_their_named_chara(event: str) -> None:
    """01-114 names 「二階堂 サキ」, 01-106 「源 さくら」: with neither on the Area the play is refused (the condition is
    checked before the payment)."""
    g = _fetched(event).add("play_event", 0, card=event, pay=[{"hand": "MHK 01-083"}])
    assert_illegal(g, "event.condition")


def test_saga_01_107_only_in_the_opponents_approach() -> None:
    """[アプローチ/相手]: not in its player's Main Phase, nor in its player's own Approach Phase."""
    g = mhk_game(["SAGA 01-107", JUNKO, "MHK 01-083"], db=with_saga())
    assert_illegal(copy.deepcopy(g).add("play_event", 0, card="SAGA 01-107", pay=[]), "timing")
    g.add("summon", 0, card=JUNKO, area="main", pay=[]).passes(1).end_turn(0).end_turn(1)
    assert_illegal(g.passes(0, 1).add("approach", 0, card=JUNKO).add("play_event", 0, card="SAGA 01-107", pay=[]),
                   "timing")


def test_saga_01_037_discards_itself_only_after_turning_a_point_up() -> None:
    """Own ゾンビィ gives a point with no face-down card in the own Point Zone: nothing is turned, so 01-037 stays
    (その場合); ops discarding it are refused, and the mandatory trigger cannot be left out."""
    g = _approaching("SAGA 01-112").passes(0, 1).add("no_interfere", 1)
    stays = assert_legal(copy.deepcopy(g).add("trigger", 0, card=KOTARO, effect=1, choices=[[]]))
    assert any(c.card == KOTARO for c in stays.state.players[0].support)
    assert_illegal(copy.deepcopy(g).add("trigger", 0, card=KOTARO, effect=1, ops=[
        {"op": "move", "p": 0, "card": KOTARO, "from": "support", "to": "discard"}]), "effect.result")
    assert_illegal(g.add("pass", 0), "effect.result")


def test_saga_01_009_goes_to_the_ex_deck_instead_when_eliminated() -> None:
    """「代わりにEXデッキに移る」 (one of the seven): a replacement, not a trigger — eliminated by the judgement, the card
    goes to its EX deck and no trigger is due."""
    g = mhk_game([KOTARO, "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-052", "MHK 01-040", "MHK 01-041"],
                 db=with_saga(), ex0=["SAGA 01-009"])
    g.add("summon", 0, card=KOTARO, area="support", pay=[])
    g.add("trigger", 0, card=KOTARO, effect=0, choices=[["SAGA 01-009"]]).passes(1)
    g.add("summon", 0, card="SAGA 01-009", area="main", pay=[]).passes(1).end_turn(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0).end_turn(1)
    g.passes(0, 1).add("approach", 0, card="SAGA 01-009").passes(0, 1).add("interfere", 1, card="MHK 01-104")
    res = assert_legal(g.passes(0, 1))
    me = res.state.players[0]
    assert me.ex_deck == ["SAGA 01-009"] and "SAGA 01-009" not in me.discard
    assert not res.state.pending_triggers and not res.state.available_triggers


def test_saga_st_033_set_trigger_fires_when_set() -> None:
    """「このカードがセットされた場合」 is an automatic effect (not a continuous one): the engine fires it when the
    Support is set (round 15), its compiled mill is logged right after the set and checked; left out, it is owed."""
    g = mhk_game(["SAGA ST-033", "MHK 01-083", "MHK 01-084"], db=with_saga())
    g.add("summon", 0, card="MHK 01-083", area="main", pay=[]).passes(1)
    g.add("set_support", 0, card="SAGA ST-033", on="MHK 01-083", pay=[])
    deck = assert_legal(g).state.players[0].deck
    milled = [{"op": "move", "p": 0, "card": cid, "from": "deck", "to": "discard"} for cid in (deck[-1], deck[-2])]
    res = assert_legal(g.add("trigger", 0, card="SAGA ST-033", effect=0, ops=milled))
    assert res.state.players[0].discard == [deck[-1], deck[-2]]
    assert not any(e.unverified for e in res.trails[-1].entries)
    g.actions.pop()
    assert_illegal(g.passes(1), "effect.result")  # mandatory: owed right after the set


def _saki_interfered() -> Game:
    """Turn 3: SAGA 01-027 (60/0, 〔アクティブ〕) approaches and p1's MHK 01-104 interferes (window ④ open)."""
    g = mhk_game(["SAGA 01-027", "MHK 01-083", "MHK 01-084", "MHK 01-052", "MHK 01-040"], db=with_saga())
    g.add("summon", 0, card="SAGA 01-027", area="main", pay=[{"hand": "MHK 01-083"}]).passes(1).end_turn(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0).end_turn(1)
    return g.passes(0, 1).add("approach", 0, card="SAGA 01-027").passes(0, 1).add("interfere", 1, card="MHK 01-104")


def test_saga_01_027_left_by_the_judgement_sets_up_its_return() -> None:
    """アプローチで退場 (compiled; one reading with MHK 01-034's hand script): eliminated by the judgement, its
    mandatory trigger is due; off the Area by an effect during the approach, nothing fires."""
    judged = assert_legal(_saki_interfered().passes(0, 1)).state
    assert "SAGA 01-027" in judged.players[0].discard and [t[2] for t in judged.pending_triggers] == [0]
    assert_illegal(_saki_interfered().passes(0, 1).add("pass", 0), "effect.result")
    moved = assert_legal(_saki_interfered()).state
    apply_op(moved, {"op": "move", "p": 0, "card": "SAGA 01-027", "from": "main", "to": "hand"}, Trail(), verified=True,
             in_response=False)
    assert not moved.pending_triggers and not moved.available_triggers
