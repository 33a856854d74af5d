"""Engine pieces of the fourth compiler round (issue 20), each on synthetic cards with a legal and an illegal log:
"any of yours leaves" hearing the listener's own leaving (``any_leave``), the Charas an effect put onto the Area
(step target ``entered``, also in a delayed part), targeting immunity against one kind of card (``untargetable_by``),
looking at the deck's top card (``look``) and turning it face up (``reveal``) with nothing moved."""

from __future__ import annotations

import tests.effects.test_machinery as tm
from engine.pm.cards import Effect
from tests.effects.test_machinery import AKI, BANISH, BEN, DRAW, MAIN_BOTH, F, _chara, _event, hand, pay
from tests.engine.kit import assert_illegal, assert_legal

GRIEVER, RAISE, SHIELD, CHASER, HIDER, ZAP, PEEK, OMEN = (f"TST 77-00{i}" for i in range(1, 9))
CARDS = [
    # "when one of your Charas leaves, draw a card" (this card included)
    _chara("77-001", "Griever", Effect("auto", trigger="any_leave", script=DRAW, condition={"subject": {"side": "self"}})),
    # "put Aki from your hand onto the Area; the Chara put there by this effect gets +20/+20; at the end of the turn it
    # goes to the discard"
    _event("77-002", "Raise", ({"op": "pick", "from": "hand", "to": "area", "n": 1, "filter": {"name": "Aki"}},
                               {"op": "modify", "target": "entered", "ap": 20, "dp": 20, "until": "turn_end"},
                               {"op": "delay", "on": "turn_end", "do": [{"op": "move", "target": "entered",
                                                                         "to": "discard"}]})),
    # "one of your Charas cannot be targeted by the opponent's Events this turn"
    _event("77-003", "Shield", ({"op": "grant", "target": "target", "what": {"untargetable_by": "event"}},),
           targets=({"side": "self"},)),
    # a Chara whose effect targets an opponent's Chara (rests it)
    _chara("77-004", "Chaser", Effect("auto", trigger="enter", script=({"op": "rest", "target": "target"},),
                                      targets=({"side": "opponent"},))),
    # "this card cannot be targeted by the opponent's Charas' effects"
    _chara("77-005", "Hider", Effect("continuous", script=({"op": "grant", "target": "self",
                                                             "what": {"untargetable_by": "chara"}},))),
    # "[Main/Both] discard one of the opponent's Charas"
    _event("77-006", "Zap", ({"op": "move", "target": "target", "to": "discard"},), timing=MAIN_BOTH,
           targets=({"side": "opponent"},)),
    # "look at the top card of your deck" (nothing moves)
    _event("77-007", "Peek", ({"op": "look", "who": "self", "n": 1},)),
    # "turn the top card of your deck face up; if it is an Event, put it into your hand"
    _event("77-008", "Omen", ({"op": "reveal", "who": "self", "n": 1},
                              {"op": "pick", "from": "deck", "to": "hand", "n": 1, "filter": {}, "look": 1,
                               "if": {"picked": {"type": "event"}}})),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str], hand1: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return tm.boards_with(CARDS, p0, p1, hand0, hand1)


def test_any_of_yours_leaving_hears_the_listeners_own_leaving() -> None:
    g = _boards([], [GRIEVER], [BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": GRIEVER}])
    before = len(hand(assert_legal(g), 1))
    g.add("trigger", 1, card=GRIEVER, effect=0, **{"from": "discard"})  # logged from where it went
    assert len(hand(assert_legal(g), 1)) == before + 1
    g.actions.pop()
    g.passes(1)
    assert_illegal(g, "effect.result")  # mandatory: missing


def test_any_of_yours_leaving_hears_another_one() -> None:
    g = _boards([], [GRIEVER, AKI], [BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": AKI}])
    g.add("trigger", 1, card=GRIEVER, effect=0)
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "from": "discard"}
    assert_illegal(g, "zone")  # it stays on the Area: not in the discard


def _raised():  # type: ignore[no-untyped-def]
    g = _boards([], [], [RAISE, AKI, F[5]])
    return g.add("play_event", 0, card=RAISE, pay=pay(F[5]), choices=[[AKI]])


def test_the_chara_put_onto_the_area_gets_the_bonus_and_leaves_at_the_turn_end() -> None:
    g = _raised()
    s = assert_legal(g).state_json()
    aki = next(c for c in s["players"][0]["main"] if c["card"] == AKI)
    assert (aki["ap"], aki["dp"]) == (50, 50)
    g.passes(0, 1).add("end_approach", 0)
    g.add("trigger", 0, card=RAISE, effect=0, **{"from": "discard"})
    s = assert_legal(g).state_json()
    assert AKI in s["players"][0]["discard"] and not s["players"][0]["main"]
    g.actions[-1] = {**g.actions[-1], "ops": []}
    assert_illegal(g, "effect.result")  # the delayed part must move it


def test_the_bonus_goes_to_the_chara_put_there_not_another() -> None:
    g = _boards([BEN], [], [RAISE, AKI, F[5]])
    g.add("play_event", 0, card=RAISE, pay=pay(F[5]), ops=[
        {"op": "move", "p": 0, "card": AKI, "from": "hand", "to": "main"},
        {"op": "modify", "p": 0, "card": BEN, "ap": 20, "dp": 20, "until": "turn_end"}])
    assert_illegal(g, "effect.result")


def test_immunity_against_the_opponents_events_only() -> None:
    g = _boards([AKI], [], [SHIELD, F[5]], hand1=[ZAP, F[15]])
    g.add("play_event", 0, card=SHIELD, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}]).passes(0)
    g.add("play_event", 1, card=ZAP, pay=pay(F[15]), targets=[{"p": 0, "card": AKI}])
    assert_illegal(g, "effect.target")  # an Event of the opponent's cannot choose it this turn
    g = _boards([AKI], [], [SHIELD, F[5]], hand1=[ZAP, F[15]])
    g.add("pass", 0).add("play_event", 1, card=ZAP, pay=pay(F[15]), targets=[{"p": 0, "card": AKI}])
    assert_legal(g)  # without the shield it can


def test_immunity_against_the_opponents_charas_effects() -> None:
    g = _boards([HIDER], [AKI], [CHASER, F[5], F[6]])
    g.add("summon", 0, card=CHASER, area="main", pay=pay(F[5], F[6]))
    g.add("trigger", 0, card=CHASER, effect=0, targets=[{"p": 1, "card": AKI}])
    assert_legal(g)
    g = _boards([AKI], [HIDER], [CHASER, F[5], F[6]])
    g.add("summon", 0, card=CHASER, area="main", pay=pay(F[5], F[6]))
    g.add("trigger", 0, card=CHASER, effect=0, targets=[{"p": 1, "card": HIDER}])
    assert_illegal(g, "effect.target")  # a Chara's effect cannot choose it
    g = _boards([AKI], [HIDER], [BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": HIDER}])
    assert_legal(g)  # an Event's effect can


def _deck_top(p0_hand: list[str]):  # type: ignore[no-untyped-def]
    g = _boards([], [], p0_hand)
    return g, assert_legal(g).state.players[0].deck[-1]


def test_looking_at_the_top_card_moves_nothing() -> None:
    g, _ = _deck_top([PEEK, F[5]])
    g.add("play_event", 0, card=PEEK, pay=pay(F[5]))
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "draw", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")


def test_a_revealed_card_goes_to_the_hand_only_when_it_fits() -> None:
    g, top = _deck_top([OMEN, F[5]])
    g.add("play_event", 0, card=OMEN, pay=pay(F[5]))
    res = assert_legal(g)
    assert g.db.get(top).type != "event"  # no Event on top: it stays there
    assert res.state.players[0].deck[-1] == top and top not in hand(res, 0)
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 0, "card": top, "from": "deck", "to": "hand"}]}
    assert_illegal(g, "effect.result")
    k = g.order[0].index(top)  # an Event at that place of the deck instead
    g, _ = _deck_top([OMEN, F[5], *g.order[0][2:k], ZAP])
    g.add("play_event", 0, card=OMEN, pay=pay(F[5]))
    assert ZAP in hand(assert_legal(g), 0)
    g.actions[-1] = {**g.actions[-1], "ops": []}
    assert_illegal(g, "effect.target")  # it fits: it must go to the hand
