"""Engine behaviour the twenty-sixth compiler round's readings rely on (issue 20, helper h20r26), on made-up cards with
legal and illegal logs: "when you play an Event" (``own_event``) and "every time an Event is played" (either player's),
"when this card enters or is put into your Point Zone" (``enter|to_point``, heard on the Area and in the Point Zone),
and "during your turn, while coins are on this card, it gets G, and stands at the end of the turn" (static steps under
the effect's condition)."""

from __future__ import annotations

from typing import Any

import tests.effects.test_machinery as tm
from engine.pm import stats
from engine.pm.cards import CardDB, Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, FREEBIE, F, _chara, _event, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

PLUS = ({"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},)
FAN, EITHER, DUO, KEEPER, SWITCH, HOMER, SCRAP, RISER, PACK, PHOENIX = (f"TST 85-0{i:02d}" for i in range(1, 11))
COINED = {"coins": {"coin": "+10/+10", "at_least": 1}, "own_turn": True}
CARDS = [
    # "when you play an Event, this card gets +10/+10 until the end of the turn" (PPTP 01-044's cause)
    _chara("85-001", "Fan", Effect("auto", trigger="own_event", script=PLUS)),
    # "every time an Event is played, this card gets +10/+10 …" (PPTP 01-082's cause: either player's)
    _chara("85-002", "Either", Effect("auto", trigger="own_event|opp_event", script=PLUS)),
    # "when this card enters or is put into your Point Zone, one of your Charas gets +20/+20" (SPY ST-005's shape)
    _chara("85-003", "Duo", Effect("auto", trigger="enter|to_point", targets=({"side": "self"},), script=(
        {"op": "modify", "target": "target:0", "ap": 20, "dp": 20, "until": "turn_end"},))),
    # "during your turn, while a +10/+10 coin is on this card, it gets +20/+20, and stands at the end of the turn"
    # (SPY 01-071's shape)
    _chara("85-004", "Keeper", Effect("auto", trigger="turn_end", condition=COINED, script=(
        {"op": "activate", "target": "self"},
        {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end", "static": True}))),
    # "when this card approaches, it gets +20/+20 until the end of the turn. If your Ben is on the Area, instead every
    # Chara of yours gets +20/+20 this turn" (SPY 01-063's shape, with another condition)
    _chara("85-005", "Switch", Effect("auto", trigger="approach", script=({
        "op": "if", "cond": {"has_name": "Ben"},
        "do": [{"op": "modify", "target": "all_own", "ap": 20, "dp": 20, "until": "turn_end"}],
        "else": [{"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"}]},))),
    # "when this card leaves, you may move this card from your discard onto the top of your deck" (SPY 01-050 e1's
    # step, heard on any leaving here)
    _chara("85-006", "Homer", Effect("auto", trigger="leave", optional=True, script=(
        {"op": "pick", "from": "discard", "to": "deck", "n": 1, "filter": {}, "this_card": True, "up_to": True},))),
    # "put one of your Charas into the discard"
    _event("85-007", "Scrap", ({"op": "move", "target": "target", "to": "discard"},), targets=({"side": "self"},)),
    # "when this card is put into your Point Zone, you may put it onto the Area; if you do, put your deck's top card
    # into your Point Zone face up" (SPY 01-050 e0's shape)
    _chara("85-008", "Riser", Effect("auto", trigger="to_point", optional=True, script=(
        {"op": "pick", "from": "point", "to": "area", "n": 1, "filter": {}, "this_card": True, "up_to": True,
         "then": [{"op": "put_point", "who": "self", "n": 1}]},))),
    # "in a turn in which your Aki approached, every Chara of yours gets +20/+20" (SPY 01-092's shape)
    _chara("85-009", "Pack", Effect("continuous", condition={"history": {
        "event": "approach", "filter": {"name": "Aki"}, "who": "self", "at_least": 1}}, script=(
        {"op": "modify", "target": {"all": {"side": "self"}}, "ap": 20, "dp": 20, "until": "turn_end"},))),
    # "when this card leaves, put it from the discard onto the Area rested; if it entered by this effect, make it active
    # at the end of the turn" (SPY 01-060's shape, without its coin condition)
    _chara("85-010", "Phoenix", Effect("auto", trigger="leave", script=(
        {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True, "rested": True,
         "then": [{"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "entered"}]}]},))),
]


def _db() -> CardDB:
    return CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])


def _boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    return tm.boards_over(_db(), p0, p1, hand0, hand1)


def _ap(res: Any, p: int, card: str) -> int:
    return next(c["ap"] for c in res.state_json()["players"][p]["main"] if c["card"] == card)


def test_playing_your_event_fires_it() -> None:
    for card in (FAN, EITHER):
        g = _boards([card], [], hand0=[FREEBIE]).add("play_event", 0, card=FREEBIE, pay=[])
        assert_illegal(g.passes(0), "effect.result")  # the mandatory trigger is missing
        g.actions.pop()
        res = assert_legal(g.add("trigger", 0, card=card, effect=0))
        assert _ap(res, 0, card) == 40


def test_an_event_nobody_played_fires_nothing() -> None:
    g = _boards([FAN], []).add("trigger", 0, card=FAN, effect=0)
    assert_illegal(g, "effect.result")


def test_enter_or_point_zone_is_heard_on_entering() -> None:
    g = Game([DUO, F[0], F[1]], db=_db()).add("summon", 0, card=DUO, area="main", pay=tm.pay(F[0], F[1]))
    res = assert_legal(g.add("trigger", 0, card=DUO, effect=0, targets=[{"p": 0, "card": DUO}]))
    assert _ap(res, 0, DUO) == 50


def test_enter_or_point_zone_is_heard_in_the_point_zone() -> None:
    def approached(top: str) -> Game:  # Aki approaches, Ben does not interfere: ``top`` of player 1's deck the point
        g = _boards([AKI], [BEN], hand1=[*F[:6], top])
        return g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)

    g = approached(DUO).add("trigger", 1, card=DUO, effect=0, targets=[{"p": 1, "card": BEN}], **{"from": "point"})
    res = assert_legal(g)
    assert _ap(res, 1, BEN) == 60  # Ben 40 + 20
    g = approached(F[8]).add("trigger", 1, card=DUO, effect=0, targets=[{"p": 1, "card": BEN}], **{"from": "point"})
    assert_illegal(g, "zone")  # Duo was not put there


def test_static_gains_hold_during_your_turn_while_coined() -> None:
    res = assert_legal(_boards([KEEPER], []))  # turn 3: player 0's own turn
    keeper = find_chara(res.state.players[0], KEEPER)
    assert keeper is not None and stats.ap_dp(res.state, keeper) == (30, 30)  # no coin
    keeper.coins = {"+10/+10": 1}
    assert stats.ap_dp(res.state, keeper) == (60, 60)  # the coin's +10 and the static +20
    res.state.turn_player = 1
    assert stats.ap_dp(res.state, keeper) == (40, 40)  # not its owner's turn: the coin only


def test_instead_when_the_condition_holds_else_the_first() -> None:
    for mine, want in (([SWITCH, AKI], {SWITCH: 50, AKI: 30}), ([SWITCH, BEN], {SWITCH: 50, BEN: 60})):
        g = _boards(mine, [BEN]).add("approach", 0, card=SWITCH)
        assert_illegal(g.passes(0), "effect.result")  # the mandatory trigger is missing
        g.actions.pop()
        res = assert_legal(g.add("trigger", 0, card=SWITCH, effect=0))
        assert {card: _ap(res, 0, card) for card in mine} == want


def test_this_card_from_the_discard_onto_the_deck() -> None:
    def scrapped(paid_with: str) -> Game:
        g = _boards([HOMER], [], hand0=[SCRAP, paid_with])
        return g.add("play_event", 0, card=SCRAP, pay=pay(paid_with), targets=[{"p": 0, "card": HOMER}])

    back = [{"op": "move", "p": 0, "card": HOMER, "from": "discard", "to": "deck"}]
    g = scrapped(F[5]).add("trigger", 0, card=HOMER, effect=0, ops=back, **{"from": "discard"})
    res = assert_legal(g)
    me = res.state.players[0]
    assert HOMER not in me.discard and me.deck[-1] == HOMER  # on top (the state keeps the top last)
    g = scrapped(HOMER)  # a copy paid for the Event is in the discard too: only this card itself may go
    g.add("trigger", 0, card=HOMER, effect=0, ops=back + back, **{"from": "discard"})
    assert_illegal(g, "effect.result")
    g = scrapped(F[5]).add("trigger", 0, card=HOMER, effect=0, choices=[[]], **{"from": "discard"})
    assert HOMER in assert_legal(g).state_json()["players"][0]["discard"]  # up to one: left there


def test_this_card_from_the_point_zone_onto_the_area() -> None:
    def approached(top: str) -> Game:  # Aki approaches, Ben does not interfere: ``top`` of player 1's deck the point
        g = _boards([AKI], [BEN], hand1=[*F[:6], top, F[9]])
        return g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)

    g = approached(RISER).add("trigger", 1, card=RISER, effect=0, choices=[[RISER]], **{"from": "point"})
    res = assert_legal(g)
    me = res.state.players[1]
    assert find_chara(me, RISER) is not None and [cid for cid, _ in me.points] == [F[9]]  # the deck's top card, face up
    assert me.points[0][1]
    g = approached(F[8]).add("trigger", 1, card=RISER, effect=0, choices=[[RISER]], **{"from": "point"})
    assert_illegal(g, "zone")  # Riser was not put there
    g = approached(RISER).add("trigger", 1, card=RISER, effect=0, choices=[[]], **{"from": "point"})
    me = assert_legal(g).state.players[1]
    assert find_chara(me, RISER) is None and [cid for cid, _ in me.points] == [RISER]  # left there: nothing more


def test_in_a_turn_in_which_a_named_chara_approached() -> None:
    res = assert_legal(_boards([PACK, AKI], []))
    pack = find_chara(res.state.players[0], PACK)
    assert pack is not None and stats.ap_dp(res.state, pack) == (30, 30)  # nobody approached yet
    res = assert_legal(_boards([PACK, AKI], []).add("approach", 0, card=PACK).passes(0))  # Pack itself: not Aki
    pack = find_chara(res.state.players[0], PACK)
    assert pack is not None and stats.ap_dp(res.state, pack) == (30, 30)
    res = assert_legal(_boards([PACK, AKI], []).add("approach", 0, card=AKI).passes(0))
    me = res.state.players[0]
    pack, aki = find_chara(me, PACK), find_chara(me, AKI)
    assert pack is not None and aki is not None
    assert stats.ap_dp(res.state, pack) == (50, 50) and stats.ap_dp(res.state, aki)[0] == res.state.card(AKI).ap + 20


def test_back_rested_and_active_at_the_turns_end() -> None:
    g = _boards([PHOENIX], [], hand0=[SCRAP, F[5]])
    g.add("play_event", 0, card=SCRAP, pay=pay(F[5]), targets=[{"p": 0, "card": PHOENIX}])
    g.add("trigger", 0, card=PHOENIX, effect=0, choices=[[PHOENIX]], **{"from": "discard"})
    phoenix = find_chara(assert_legal(g).state.players[0], PHOENIX)
    assert phoenix is not None and phoenix.rested
    g.passes(0, 1).add("end_approach", 0)
    assert_illegal(g.passes(0), "effect.result")  # the delayed stand is owed at the turn's end
    g.actions.pop()
    g.add("trigger", 0, card=PHOENIX, effect=1)  # a delay's `do`: numbered after the card's automatic effects
    phoenix = find_chara(assert_legal(g).state.players[0], PHOENIX)
    assert phoenix is not None and not phoenix.rested
