"""Engine pieces of the eighth compiler round (issue 20, helper h20r8), each on synthetic cards with a legal and an
illegal log: card filters with ``not`` / ``any_of`` and a Chara spec's ``keyword``, the exchange of a hand card and a
Point Zone card (``exchange``), an optional step on a Chara named before (``may``), and Charas the opponent chooses
among their own as the step resolves (target ``chosen_by``), offered to the opponent by the legal-action generator
and chosen by the opponent's policy in self-play."""

from __future__ import annotations

import random

import tests.effects.test_machinery as tm
from engine.pm import conditions
from engine.pm.cards import Effect
from engine.pm.legal import legal_actions
from engine.pm.selfplay import greedy_policy, with_opponent_choice
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event, hand, pay
from tests.engine.kit import assert_illegal, assert_legal

CAT = "TST 01-004"  # printed 〔アクティブ〕
SIFT, EITHER, SPOT, SWAP, TOLL, NUDGE, CIRCLE = (f"TST 79-00{i}" for i in range(1, 8))
CARDS = [
    # "put a non-red Chara from your discard into your hand"
    _event("79-001", "Sift", ({"op": "pick", "from": "discard", "to": "hand", "n": 1,
                               "filter": {"type": "chara", "not": {"color": "red"}}},)),
    # "put a Chara named Filler 2, or a green one, from your discard into your hand"
    _event("79-002", "Either", ({"op": "pick", "from": "discard", "to": "hand", "n": 1,
                                 "filter": {"type": "chara", "any_of": [{"name": "Filler 2"}, {"color": "green"}]}},)),
    # "one of the opponent's Charas with 〔アクティブ〕 gets -10/-10"
    _event("79-003", "Spot", ({"op": "modify", "target": "target", "ap": -10, "dp": -10},),
           targets=({"side": "opponent", "keyword": "active"},)),
    # "exchange a card of your hand and a card of your Point Zone"
    _event("79-004", "Swap", ({"op": "exchange", "who": "self", "n": 1},)),
    # "the opponent discards one of their own Charas in the Main Area"
    _event("79-005", "Toll", ({"op": "move", "target": {"chosen_by": "opponent", "spec": {"area": "main"}, "n": 1},
                               "to": "discard"},)),
    # "one of your Charas gets +10/+10. Then you may rest that Chara"
    _event("79-006", "Nudge", ({"op": "modify", "target": "target:0", "ap": 10, "dp": 10},
                               {"op": "rest", "target": "target:0", "may": True}), targets=({"side": "self"},)),
    # "while you have a Chara with 〔アクティブ〕, this card has 〔アクティブ〕" (its condition counts itself)
    _chara("79-007", "Circle", Effect("continuous", condition={"count": {"spec": {"side": "self", "keyword": "active"}}},
                                      script=({"op": "grant", "target": "self", "what": "active"},))),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return tm.boards_with(CARDS, p0, p1, hand0, hand1)


# -- card filters: not, any_of; the keyword of a Chara -----------------------------------------------------------


def test_a_card_filter_with_not_refuses_the_cards_it_names() -> None:
    g = _boards([AKI], [], [SIFT, F[5]])  # Aki was paid with Filler 1 (red) and Filler 2 (blue)
    g.add("play_event", 0, card=SIFT, pay=pay(F[5]), choices=[[F[1]]])
    assert F[1] in hand(assert_legal(g), 0)
    g.actions[-1] = {**g.actions[-1], "choices": [[F[0]]]}
    assert_illegal(g, "effect.target")  # red: "other than red"


def test_a_card_filter_with_any_of_takes_either_kind() -> None:
    g = _boards([AKI], [], [EITHER, F[5]])
    g.add("play_event", 0, card=EITHER, pay=pay(F[5]), choices=[[F[1]]])
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "choices": [[F[0]]]}
    assert_illegal(g, "effect.target")  # neither Filler 2 nor green


def test_a_chara_spec_keyword_reads_the_keyword_in_force() -> None:
    g = _boards([], [CAT, AKI], [SPOT, F[5]])
    g.add("play_event", 0, card=SPOT, pay=pay(F[5]), targets=[{"p": 1, "card": CAT}])
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "targets": [{"p": 1, "card": AKI}]}
    assert_illegal(g, "effect.target")  # Aki has no 〔アクティブ〕


def test_a_keyword_condition_that_counts_its_own_chara_reads_no_circle() -> None:
    for other, want in ((CAT, True), (AKI, False)):
        state = assert_legal(_boards([CIRCLE, other], [])).state
        circle = next(c for c in state.players[0].main if c.card == CIRCLE)
        assert conditions.has_keyword(state, circle, "active") is want  # Cat's printed one gives it; nothing else


# -- exchange: a hand card and a Point Zone card -----------------------------------------------------------------


def _point_for_player_1(hand1: list[str]):  # type: ignore[no-untyped-def]
    g = _boards([AKI], [], hand1=hand1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1).add("end_approach", 0)
    s = assert_legal(g).state_json()  # turn 4: player 1 acts, with one face-up point
    (point,) = s["players"][1]["points"]
    assert point["face"] == "up"
    return g, point["card"]


def test_an_exchange_puts_the_hand_card_face_up_and_takes_the_point_card() -> None:
    g, point = _point_for_player_1([SWAP, F[15], F[16]])
    g.add("play_event", 1, card=SWAP, pay=pay(F[15]), choices=[[F[16]], [point]])
    s = assert_legal(g).state_json()
    assert s["players"][1]["points"] == [{"card": F[16], "face": "up"}] and point in s["players"][1]["hand"]
    g.actions[-1] = {**g.actions[-1], "choices": [[F[16]], [F[16]]]}
    assert_illegal(g, "effect.target")  # the card just put there is not one that was in the Point Zone
    g.actions[-1] = {**g.actions[-1], "choices": [[F[16]], []]}
    assert_illegal(g, "effect.target")  # one for one


def test_an_exchange_read_off_the_ops() -> None:
    g, point = _point_for_player_1([SWAP, F[15], F[16]])
    ops = [{"op": "move", "p": 1, "card": F[16], "from": "hand", "to": "point"},
           {"op": "move", "p": 1, "card": point, "from": "point", "to": "hand"}]
    g.add("play_event", 1, card=SWAP, pay=pay(F[15]), ops=ops)
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "ops": [{**ops[0], "face": "down"}, ops[1]]}
    assert_illegal(g, "effect.result")  # it lies face up


# -- an optional step on a Chara named before ---------------------------------------------------------------------


def test_an_optional_step_is_done_or_left_out() -> None:
    for take in (True, False):
        g = _boards([AKI], [], [NUDGE, F[5]])
        g.add("play_event", 0, card=NUDGE, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}], choices=[take])
        (aki,) = assert_legal(g).state_json()["players"][0]["main"]
        assert aki["rested"] is take
    g.actions[-1] = {**g.actions[-1], "choices": ["yes"]}
    assert_illegal(g, "effect.target")


def test_an_optional_step_read_off_the_ops() -> None:
    g = _boards([AKI], [BEN], [NUDGE, F[5]])
    mod = {"op": "modify", "p": 0, "card": AKI, "ap": 10, "dp": 10, "until": "turn_end"}
    g.add("play_event", 0, card=NUDGE, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}], ops=[mod])
    assert_legal(g)  # left out
    g.actions[-1] = {**g.actions[-1], "ops": [mod, {"op": "rest", "p": 0, "card": AKI}]}
    assert assert_legal(g).state_json()["players"][0]["main"][0]["rested"]
    g.actions[-1] = {**g.actions[-1], "ops": [mod, {"op": "rest", "p": 1, "card": BEN}]}
    assert_illegal(g, "effect.result")  # not what the step does: another Chara


# -- the opponent chooses among their own Charas --------------------------------------------------------------------


def test_the_opponent_chooses_one_of_their_own_charas() -> None:
    g = _boards([], [AKI, BEN], [TOLL, F[5]])
    g.add("play_event", 0, card=TOLL, pay=pay(F[5]), choices=[[BEN]])
    s = assert_legal(g).state_json()
    assert BEN in s["players"][1]["discard"] and [c["card"] for c in s["players"][1]["main"]] == [AKI]
    g.actions[-1] = {**g.actions[-1], "choices": [[]]}
    assert_illegal(g, "effect.target")  # one of them must go
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 1, "card": AKI, "from": "main", "to": "discard"}]}
    del g.actions[-1]["choices"]
    assert_legal(g)


def test_the_opponents_choice_is_offered_and_taken_by_their_policy() -> None:
    g = _boards([], [AKI, BEN], [TOLL, F[5]])
    g.passes()
    state = assert_legal(g).state
    tolls = [a for a in legal_actions(state) if a["type"] == "play_event" and a["card"] == TOLL]
    assert sorted(a["choices"] for a in tolls) == [[[AKI]], [[BEN]]]  # each of the opponent's options is offered
    picked = with_opponent_choice(state, tolls[0], greedy_policy, random.Random(1))
    assert picked["choices"] == [[AKI]]  # the opponent gives up the weaker Chara (Aki 30/30, Ben 40/40)
