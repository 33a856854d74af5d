"""Engine pieces of the twenty-fourth compiler round (issue 20, helper h20r24), on synthetic cards with legal and
illegal logs: ``left_to`` (このカードが場から捨て札置き場に置かれた場合), the Chara spec keys ``min_level`` (LVN以上),
``sum_at_most_source`` (APとDPの合計値) and ``approached_at_least`` (N回以上アプローチしている), an Event's own cost
in the hand (its later effect), ``entered_by`` with ``side`` (相手のカードの効果で), steps on ``entered`` after a
Chara's effect put itself back from the discard, and a delayed gain when the Chara named becomes rested."""

from __future__ import annotations

from typing import Any

import tests.effects.test_machinery as tm
from engine.pm import conditions
from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import AKI, BEN, DRAW, F, _chara, _event, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

(BACKER, SHY, KEEPER, CHEAP, WATCH, WATCH_OWN, CALL, RISER, NAP, BOUNCE, COINER) = (
    f"TST 84-0{i:02d}" for i in range(1, 12))
AKI2, AKI3 = "TST 01-009", "TST 01-010"
BANISH = "TST 71-001"
BACK = {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True}
CARDS = [
    # "when this card is put from the Area into the discard, draw one" (SSSS 01-047's cause)
    _chara("84-001", "Backer", Effect("auto", trigger="leave", condition={"left_to": "discard"}, script=DRAW)),
    # "this card is not interfered by Charas of LV3 or more" (SSSS 01-052)
    _chara("84-002", "Shy", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": {"not_interfered_by": {"min_level": 3}}, "until": "turn_end"},))),
    # "interfered by an opponent's Chara whose AP + DP is at most this card's, this card does not leave" (SZ2 01-055)
    _chara("84-003", "Keeper", Effect("continuous", condition={"interfered_by": {"side": "opponent",
                                                                                  "sum_at_most_source": True}},
                                      script=({"op": "grant", "target": "self", "what": "not_eliminated",
                                               "until": "turn_end"},))),
    # an Event of cost 3: "draw one" / "in the hand, while you have Aki in your Main Area, usage cost -2" (SAGA 01-106)
    Card(id="TST 84-004", name="Cheap", series="Test", type="event", color="red", cost=3, source=1,
         timing=tm.MAIN_SELF, effects=(
             Effect(kind="activated", timing=tm.MAIN_SELF, script=DRAW),
             Effect(kind="continuous", script=({"op": "cost", "n": -2},), condition={"count": {
                 "spec": {"side": "self", "area": "main", "name": "Aki"}, "at_least": 1}}))),
    # "when an opponent's Chara is put onto the Area by the opponent's card's effect, draw one" (SSSS 01-038)
    _chara("84-005", "Watch", Effect("auto", trigger="other_enter", script=DRAW, condition={
        "subject": {"side": "opponent"}, "entered_by": {"side": "opponent"}})),
    _chara("84-006", "WatchOwn", Effect("auto", trigger="other_enter", script=DRAW, condition={
        "subject": {"side": "opponent"}, "entered_by": {"side": "self"}})),
    # "put one Aki from your hand onto the Area"
    _event("84-007", "Call", ({"op": "pick", "from": "hand", "to": "area", "n": 1, "filter": {"name": "Aki"}},), cost=0),
    # "when this card leaves, put it back from the discard; if so, it gets +60/+60 and its text is negated until the
    # end of the turn" (SSSS 01-055)
    _chara("84-008", "Riser", Effect("auto", trigger="leave", script=({**BACK, "then": [
        {"op": "modify", "target": "entered", "ap": 60, "dp": 60, "until": "turn_end"},
        {"op": "grant", "target": "entered", "what": "text_negated", "until": "turn_end"}]},))),
    # "one of your Charas, this turn, when it becomes rested, gets +20/+20 until the end of the turn" (SZ2 01-099)
    _event("84-009", "Nap", ({"op": "delay", "on": "rested", "subject": "target", "do": [
        {"op": "modify", "target": "target", "ap": 20, "dp": 20, "until": "turn_end"}]},),
           targets=({"side": "self"},), cost=0),
    _event("84-010", "Bounce", ({"op": "move", "target": "target", "to": "hand"},), targets=({"side": "opponent"},),
           cost=0),
    # "when this card leaves with no coin on it, put it back from the discard; then a +10/+10 coin on it" (SAGA 01-094)
    _chara("84-011", "Coiner", Effect("auto", trigger="leave", condition={"coins": {"coin": "+10/+10", "at_most": 0}},
                                      script=(BACK, {"op": "coin", "target": "entered", "coin": "+10/+10", "n": 1}))),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    return tm.boards_with(CARDS, p0, p1, hand0, hand1)


def _main(res: Any, p: int) -> list[dict[str, Any]]:
    return res.state_json()["players"][p]["main"]


def test_left_to_hears_a_leaving_for_the_discard_only() -> None:
    g = _boards([], [BACKER], hand0=[BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": BACKER}])
    g.add("trigger", 1, card=BACKER, effect=0, **{"from": "discard"})
    assert_legal(g)
    g.actions.pop()
    g.passes(1)
    assert_illegal(g, "effect.result")  # mandatory: owed once it went to the discard
    g = _boards([], [BACKER], hand0=[BOUNCE])
    g.add("play_event", 0, card=BOUNCE, pay=[], targets=[{"p": 1, "card": BACKER}])
    g.add("trigger", 1, card=BACKER, effect=0, **{"from": "hand"})
    assert_illegal(g, "effect.result")  # back to the hand: not put into the discard


def _level_three_aki() -> Game:
    """Turn 3 of player 0's Shy against player 1's Aki levelled twice on turn 2 (the second Level Up paid)."""
    db = CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    g = Game([SHY, F[0], F[1]], [AKI, F[10], F[11], AKI2, AKI3, F[12], F[13], F[14], F[15]], db=db)
    g.add("summon", 0, card=SHY, area="main", pay=pay(F[0], F[1])).passes(1).end_turn(0)
    g.add("summon", 1, card=AKI, area="main", pay=pay(F[10], F[11])).passes(0)
    g.add("level_up", 1, card=AKI2, onto=AKI).passes(0)
    g.add("level_up", 1, card=AKI3, onto=AKI2, pay=pay(F[12], F[13], F[14], F[15])).passes(0)
    return g.end_turn(1)


def test_min_level_reads_the_level_up_stack() -> None:
    g = _level_three_aki()
    (aki,) = _main(assert_legal(g), 1)
    assert aki["level"] == 3
    g.add("approach", 0, card=SHY).passes(0, 1).add("interfere", 1, card=AKI3)
    assert_illegal(g, "interfere.chara")  # LV3: it cannot interfere with Shy
    g = _boards([SHY], [AKI])
    g.add("approach", 0, card=SHY).passes(0, 1).add("interfere", 1, card=AKI)
    assert_legal(g)  # LV1 may


def test_sum_at_most_this_cards_ap_and_dp() -> None:
    for blocker, kept in ((AKI, True), (BEN, False)):  # Aki 30/30 (60 <= 60), Ben 40/40 (80 > 60)
        g = _boards([KEEPER], [blocker])
        g.add("approach", 0, card=KEEPER).passes(0, 1).add("interfere", 1, card=blocker).passes(0, 1)
        assert ([c["card"] for c in _main(assert_legal(g), 0)] == [KEEPER]) is kept


def test_approached_at_least_counts_this_turns_approaches() -> None:
    g = _boards([AKI], [BEN])
    g.add("approach", 0, card=AKI)
    state = assert_legal(g).state
    (aki,) = state.players[0].main
    assert conditions.chara_problem(state, 1, {"side": "opponent", "approached_at_least": 1}, aki) is None
    assert conditions.chara_problem(state, 1, {"side": "opponent", "approached_at_least": 2}, aki) is not None


def test_an_events_own_cost_in_the_hand() -> None:
    g = _boards([AKI], [], hand0=[CHEAP, F[5]])
    g.add("play_event", 0, card=CHEAP, pay=pay(F[5]))  # 3 - 2: one card pays it
    assert_legal(g)
    g = _boards([BEN], [], hand0=[CHEAP, F[5]])
    g.add("play_event", 0, card=CHEAP, pay=pay(F[5]))  # no Aki: it costs 3
    assert_illegal(g, "cost.amount")


def test_entered_by_whose_effect() -> None:
    for watcher, heard in ((WATCH, True), (WATCH_OWN, False)):
        g = _boards([watcher], [BEN], hand1=[CALL, AKI])
        g.end_turn(0).add("play_event", 1, card=CALL, pay=[], choices=[[AKI]])
        g.add("trigger", 0, card=watcher, effect=0)
        if heard:
            assert_legal(g)
        else:
            assert_illegal(g, "effect.result")
    g = _boards([WATCH], [BEN], hand1=[AKI, F[16], F[17]])
    g.end_turn(0).add("summon", 1, card=AKI, area="main", pay=pay(F[16], F[17]))
    g.add("trigger", 0, card=WATCH, effect=0)
    assert_illegal(g, "effect.result")  # summoned: no card's effect put it there


def test_this_card_back_from_the_discard_is_the_chara_its_effect_put_there() -> None:
    g = _boards([], [RISER], hand0=[BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": RISER}])
    g.add("trigger", 1, card=RISER, effect=0, **{"from": "discard"})
    (riser,) = _main(assert_legal(g), 1)
    assert (riser["card"], riser["ap"], riser["dp"]) == (RISER, 90, 90)
    assert {"what": "text_negated", "until_turn": 3} in riser["grants"]
    g = _boards([], [COINER], hand0=[BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": COINER}])
    g.add("trigger", 1, card=COINER, effect=0, **{"from": "discard"})
    (coiner,) = _main(assert_legal(g), 1)
    assert coiner["coins"] == {"+10/+10": 1}
    # back with its coin, it leaves again: with a coin on it as it left, nothing fires
    g = _boards([], [COINER], hand0=[BANISH, F[5], BANISH, F[6]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": COINER}])
    g.add("trigger", 1, card=COINER, effect=0, **{"from": "discard"}).passes(1)
    g.add("play_event", 0, card=BANISH, pay=pay(F[6]), targets=[{"p": 1, "card": COINER}])
    assert COINER in assert_legal(g).state_json()["players"][1]["discard"]
    g.add("trigger", 1, card=COINER, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")


def _napped(chara: str) -> Game:
    g = _boards([AKI, tm.DAN], [BEN], hand0=[NAP])
    g.add("play_event", 0, card=NAP, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1, 0)
    return g.add("approach", 0, card=chara).add("trigger", 0, card=NAP, effect=0, **{"from": "discard"})


def test_a_gain_set_up_for_when_the_chara_named_is_rested() -> None:
    res = assert_legal(_napped(AKI))
    aki = next(c for c in _main(res, 0) if c["card"] == AKI)
    assert (aki["ap"], aki["dp"]) == (50, 50) and aki["rested"]
    assert_illegal(_napped(tm.DAN), "effect.result")  # another Chara rested: it waits for Aki only
