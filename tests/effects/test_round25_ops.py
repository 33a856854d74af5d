"""Engine pieces of the twenty-fifth compiler round (issue 20, helper h20r25), on made-up cards with legal and illegal
logs: the Chara spec key ``below_source`` (lower usage cost / AP / DP than the effect's own Chara, or than the Chara
holding a ``not_interfered_by`` grant), the ``cards`` condition on the Point Zone's face-up cards (``point_up``), a
Support set on this card as a condition, and a "next card" cost change for a card named N or of a kind."""

from __future__ import annotations

from typing import Any

import tests.effects.test_machinery as tm
from engine.pm import conditions, stats
from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

EVE, CHARM = "TST 01-006", "TST 03-001"  # Eve: cost 3, 30/30; Charm: a Support of cost 1
TALL, STRONG, GIVER, CAMPER, COUPON, SETTER, LAMP, CALLER, COINER, SLEEPER, GLAD, FAN, CHILL, TALLY = (
    f"TST 86-0{i:02d}" for i in range(1, 15))
JON, MYSTERY = "TST 01-014", "TST 02-007"  # an EX Chara of cost 0; an unscripted Event (its ops as logged)


def _not_by(below: dict[str, Any]) -> Effect:
    return Effect("continuous", script=({"op": "grant", "target": "self", "what": {"not_interfered_by": {
        "below_source": below}}, "until": "turn_end"},))


CARDS = [
    # "this card is not interfered by Charas of lower usage cost than this card" (SPY 01-001's wording), cost 3
    _chara("86-001", "Tall", _not_by({"stat": "cost", "by": 1}), cost=3),
    # "… by Charas whose AP is 30 or more below this card's" (SPY 01-040's wording), 60/60
    _chara("86-002", "Strong", _not_by({"stat": "ap", "by": 30}), ap=60, dp=60),
    # "when this card enters, one of your Charas is not interfered by Charas of lower cost than that Chara"
    _chara("86-003", "Giver", Effect("auto", trigger="enter", targets=({"side": "self"},), script=(
        {"op": "grant", "target": "target", "what": {"not_interfered_by": {"below_source": {"stat": "cost", "by": 1}}},
         "until": "turn_end"},)), cost=1),
    # "while a Support card is set on this card, +20/+20" (YRC ST-004's wording)
    _chara("86-004", "Camper", Effect("continuous", condition={"count": {"spec": {"is_source": True, "supported": {}},
                                                                          "at_least": 1}},
                                      script=({"op": "modify", "target": "self", "ap": 20, "dp": 20,
                                               "until": "turn_end"},))),
    # "the next Ben or Test Support you play this turn costs 1 less" (YRC ST-002's wording)
    _event("86-005", "Coupon", ({"op": "cost", "who": "self", "next": True, "n": -1, "filter": {
        "any_of": [{"name": "Ben"}, {"series": "Test", "type": "support"}]}},), cost=0),
    # "when this card enters, take a Lamp from your EX deck and set it on this card" (YRC 01-030's wording)
    _chara("86-006", "Setter", Effect("auto", trigger="enter", script=(
        {"op": "pick", "from": "ex_deck", "to": "set", "n": 1, "filter": {"name": "Lamp"}, "onto": "self"},))),
    # an EX Support with a symbol cost: "the Chara this card is set on gets +20/+20"
    Card(id="TST 86-007", name="Lamp", series="Test", type="support", color="red", cost=None, cost_symbol="△",
         source=0, ex=True, effects=(Effect("continuous", script=(
             {"op": "modify", "target": "self", "ap": 20, "dp": 20, "until": "turn_end"},)),)),
    # "when this card enters, you may put one Jon from your EX deck or your hand onto the Area" (SPY 01-003's wording)
    _chara("86-008", "Caller", Effect("auto", trigger="enter", optional=True, script=({"op": "choose", "n": 1, "modes": [
        [{"op": "pick", "from": src, "to": "area", "n": 1, "filter": {"name": "Jon"}, "up_to": True}]
        for src in ("ex_deck", "hand")]},))),
    # "when this card enters, one +10/+10 coin on each of your Aki and Ben in the Main Area" (SPY 01-016's wording)
    _chara("86-009", "Coiner", Effect("auto", trigger="enter", script=(
        {"op": "coin", "target": {"all": {"area": "main", "side": "self", "name": ["Aki", "Ben"]}}, "coin": "+10/+10",
         "n": 1},))),
    # "this card does not become active at the start of the turn" (YRC 01-082's wording)
    _chara("86-010", "Sleeper", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": "no_start_stand", "until": "turn_end"},))),
    # "when a Support card is set on your Aki, draw one" (YRC ST-003's cause)
    _chara("86-011", "Glad", Effect("auto", trigger="any_supported", condition={"subject": {"side": "self", "name": "Aki"}},
                                    script=({"op": "draw", "who": "self", "n": 1},))),
    # "when your Support card is set, draw one" (YRC 01-038's cause)
    _chara("86-012", "Fan", Effect("auto", trigger="any_supported", condition={"subject": {"side": "self"}},
                                   script=({"op": "draw", "who": "self", "n": 1},))),
    # "in a turn in which a card was put into either Point Zone, every opponent's Chara gets -10/-10" (SPY 01-046 e1)
    _chara("86-013", "Chill", Effect("continuous", condition={"history": {"event": "point", "filter": {}, "who": "any",
                                                                          "at_least": 1}},
                                     script=({"op": "modify", "target": {"all": {"side": "opponent"}}, "ap": -10,
                                              "dp": -10, "until": "turn_end"},))),
    # "this card gets +10/+10 for each of your Support cards" (YRC 01-008's count)
    _chara("86-014", "Tally", Effect("continuous", script=({"op": "modify", "target": "self", "ap": 10, "dp": 10,
                                                             "until": "turn_end", "per": {"supports": "self"}},))),
]


def _db() -> CardDB:
    return CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()) -> Game:  # type: ignore[assignment]
    return tm.boards_over(_db(), p0, p1, hand0)


def _summoned(card: str, ex0: list[str], more: list[str] = ()) -> Game:  # type: ignore[assignment]
    """Player 0's first turn: ``card`` (cost 2) summoned, paid with two fillers; ``ex0``: the EX deck."""
    g = Game([card, F[0], F[1], *more], db=_db(), ex0=ex0)
    return g.add("summon", 0, card=card, area="main", pay=pay(F[0], F[1]))


def _interfere(p0: list[str], attacker: str, blocker: str, p1: list[str] | None = None) -> Game:
    g = _boards(p0, p1 or [blocker])
    return g.add("approach", 0, card=attacker).passes(0, 1).add("interfere", 1, card=blocker)


def test_lower_usage_cost_than_this_card_cannot_interfere() -> None:
    assert_illegal(_interfere([TALL], TALL, AKI), "interfere.chara")  # Aki: cost 2 < 3
    assert_legal(_interfere([TALL], TALL, EVE))  # Eve: cost 3, not lower


def test_ap_thirty_or_more_below_cannot_interfere() -> None:
    assert_illegal(_interfere([STRONG], STRONG, AKI), "interfere.chara")  # 30 <= 60 - 30
    assert_legal(_interfere([STRONG], STRONG, BEN))  # 40 > 60 - 30


def test_a_grant_on_that_chara_is_measured_against_that_chara() -> None:
    """Giver (cost 1) gives Eve (cost 3) the grant: Aki (cost 2) is lower than Eve, not than Giver, and cannot
    interfere Eve; without the grant it may."""
    for given in (True, False):
        g = _boards([EVE], [AKI], hand0=[GIVER, F[5]])
        if given:
            g.add("summon", 0, card=GIVER, area="main", pay=pay(F[5]))
            g.add("trigger", 0, card=GIVER, effect=0, targets=[{"p": 0, "card": EVE}]).passes(1)
        g.add("approach", 0, card=EVE).passes(0, 1).add("interfere", 1, card=AKI)
        if given:
            assert_illegal(g, "interfere.chara")
        else:
            assert_legal(g)


def test_below_source_needs_the_source_on_the_area_and_the_value() -> None:
    g = _boards([TALL], [AKI])
    state = assert_legal(g).state
    (tall,), (aki,) = state.players[0].main, state.players[1].main
    spec = {"below_source": {"stat": "cost", "by": 1}}
    assert conditions.chara_problem(state, 0, spec, aki, tall) is None
    assert conditions.chara_problem(state, 0, spec, aki, None) is not None  # no Chara to compare with
    assert conditions.chara_problem(state, 0, spec, tall, tall) is not None  # not lower than itself


def test_face_up_point_cards_of_a_name() -> None:
    state = assert_legal(_boards([AKI], [])).state
    want = {"cards": {"zone": "point_up", "who": "self", "filter": {"name": "Filler 1"}, "at_least": 1}}
    state.players[0].points = [["TST 90-001", False], ["TST 90-002", True]]  # as the state keeps them
    assert not conditions.holds(state, 0, want)  # face down: not seen
    state.players[0].points.append(["TST 90-001", True])
    assert conditions.holds(state, 0, want)
    assert not conditions.holds(state, 1, want)  # the other player's Point Zone holds none


def test_a_support_set_on_this_card() -> None:
    g = _boards([CAMPER], [], hand0=[CHARM, F[5]])
    res = assert_legal(g)
    (camper,) = res.state.players[0].main
    assert stats.ap_dp(res.state, camper) == (30, 30)
    g.add("set_support", 0, card=CHARM, on=CAMPER, pay=pay(F[5]))
    res = assert_legal(g)
    (camper,) = res.state.players[0].main
    assert stats.ap_dp(res.state, camper) == (50, 50)


def test_the_next_named_or_kind_card_costs_less() -> None:
    g = _boards([AKI], [], hand0=[COUPON, CHARM])
    g.add("play_event", 0, card=COUPON, pay=[])
    g.add("set_support", 0, card=CHARM, on=AKI, pay=[])  # a Test Support: 1 - 1
    assert_legal(g)
    g = _boards([AKI], [], hand0=[CHARM])
    g.add("set_support", 0, card=CHARM, on=AKI, pay=[])
    assert_illegal(g, "cost.amount")


def test_the_next_card_change_reaches_a_named_card_too() -> None:
    g = _boards([AKI], [], hand0=[COUPON, BEN, F[5]])
    g.add("play_event", 0, card=COUPON, pay=[])
    g.add("summon", 0, card=BEN, area="main", pay=pay(F[5]))  # Ben: 2 - 1
    assert_legal(g)
    g.actions[-2:] = [{"type": "summon", "p": 0, "card": BEN, "area": "main", "pay": pay(F[5])}]
    assert_illegal(g, "cost.amount")



def test_a_support_taken_from_the_ex_deck_is_set_on_this_card() -> None:
    g = _summoned(SETTER, [LAMP, LAMP], [MYSTERY, F[2]])
    g.add("trigger", 0, card=SETTER, effect=0, choices=[[LAMP]])
    res = assert_legal(g)
    (setter,) = res.state.players[0].main
    assert [s.card for s in setter.supports] == [LAMP] and res.state.players[0].ex_deck == [LAMP]
    assert stats.ap_dp(res.state, setter) == (50, 50)  # Lamp's text: +20/+20 on the Chara it is set on
    op = {"op": "move", "p": 0, "card": LAMP, "from": "ex_deck", "to": "set", "on": SETTER}
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[2]), ops=[op])  # an unscripted Event sets a second copy: refused
    assert_illegal(g, "support.target")


def test_nothing_to_set_when_the_ex_deck_holds_none() -> None:
    g = _summoned(SETTER, [JON])
    g.add("trigger", 0, card=SETTER, effect=0, choices=[[]])
    assert not assert_legal(g).state.players[0].main[0].supports
    g.actions[-1]["choices"] = [[JON]]  # not a Lamp (and not a Support)
    assert_illegal(g, "effect.target")


def test_from_the_ex_deck_or_the_hand() -> None:
    g = _summoned(CALLER, [JON])
    g.add("trigger", 0, card=CALLER, effect=0, choices=[0, [JON]])
    res = assert_legal(g)
    assert [c.card for c in res.state.players[0].main] == [CALLER, JON] and not res.state.players[0].ex_deck
    g.actions[-1]["choices"] = [1, []]  # the hand holds no Jon while the EX deck does: a mode doing nothing
    assert_illegal(g, "effect.target")


def test_a_coin_on_each_named_chara() -> None:
    g = _boards([AKI, BEN], [], hand0=[COINER, F[5], F[6]])
    g.add("summon", 0, card=COINER, area="main", pay=pay(F[5], F[6]))
    g.add("trigger", 0, card=COINER, effect=0)
    res = assert_legal(g)
    got = {c.card: stats.ap_dp(res.state, c) for c in res.state.players[0].main}
    assert got == {AKI: (40, 40), BEN: (50, 50), COINER: (30, 30)}


def test_no_start_stand_keeps_it_rested_through_the_turn_start() -> None:
    for card, stands in ((SLEEPER, False), (AKI, True)):
        g = _boards([card], [])
        g.add("approach", 0, card=card).passes(0, 1).add("no_interfere", 1).passes(0, 1)
        g.add("end_approach", 0).end_turn(1)  # player 0's approach phase ends; player 1's turn passes
        (c,) = assert_legal(g).state.players[0].main
        assert c.rested is not stands


def test_a_support_set_on_your_aki_is_heard() -> None:
    g = _boards([GLAD, AKI], [], hand0=[CHARM, F[5]])
    g.add("set_support", 0, card=CHARM, on=AKI, pay=pay(F[5]))
    assert_illegal(g.add("pass", 0), "effect.result")  # the mandatory trigger is missing
    g.actions[-1] = {"type": "trigger", "p": 0, "card": GLAD, "effect": 0}
    assert_legal(g)
    g = _boards([GLAD, AKI], [], hand0=[CHARM, F[5]])
    g.add("set_support", 0, card=CHARM, on=GLAD, pay=pay(F[5]))  # set on Glad, not on an Aki: not heard
    g.add("trigger", 0, card=GLAD, effect=0)
    assert_illegal(g, "effect.result")


def test_a_support_set_by_an_effect_is_heard_too() -> None:
    g = Game([FAN, F[0], F[1], SETTER, F[2], F[3]], db=_db(), ex0=[LAMP])
    g.add("summon", 0, card=FAN, area="main", pay=pay(F[0], F[1]))
    g.add("summon", 0, card=SETTER, area="main", pay=pay(F[2], F[3]))
    g.add("trigger", 0, card=SETTER, effect=0, choices=[[LAMP]])  # Lamp set on Setter, one of player 0's Charas
    assert_illegal(g.add("pass", 0), "effect.result")  # Fan's mandatory trigger is missing
    g.actions[-1] = {"type": "trigger", "p": 0, "card": FAN, "effect": 0}
    assert_legal(g)


def test_every_opponents_chara_in_a_turn_a_point_was_placed() -> None:
    g = _boards([CHILL, AKI], [BEN])
    res = assert_legal(g)
    (ben,) = res.state.players[1].main
    assert stats.ap_dp(res.state, ben) == (40, 40)  # no card put into a Point Zone yet this turn
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    res = assert_legal(g)
    (ben,) = res.state.players[1].main
    assert stats.ap_dp(res.state, ben) == (30, 30)


def test_for_each_of_your_support_cards() -> None:
    g = _boards([TALLY, AKI], [], hand0=[CHARM, F[5]])
    res = assert_legal(g)
    assert stats.ap_dp(res.state, res.state.players[0].main[0]) == (30, 30)
    g.add("set_support", 0, card=CHARM, on=AKI, pay=pay(F[5]))  # set on another of player 0's Charas: it counts
    res = assert_legal(g)
    assert stats.ap_dp(res.state, res.state.players[0].main[0]) == (40, 40)


def test_a_symbol_cost_card_on_your_field() -> None:
    kind = {"cost_symbol": "△"}
    cond = {"count": {"spec": {"side": "self", "any_of": [kind, {"supported": kind}]}, "at_least": 1}}
    g = _summoned(SETTER, [LAMP])
    assert not conditions.holds(assert_legal(g).state, 0, cond)  # Lamp in the EX deck: not on the field
    g.add("trigger", 0, card=SETTER, effect=0, choices=[[LAMP]])
    state = assert_legal(g).state
    assert conditions.holds(state, 0, cond) and not conditions.holds(state, 1, cond)
    lamp = state.card(LAMP)
    assert conditions.card_matches(state, lamp, kind, 0) and not conditions.card_matches(state, lamp, {"cost_symbol": "▽"}, 0)
