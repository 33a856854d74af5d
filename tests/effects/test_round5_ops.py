"""Engine use of the seventh compiler round's readings (issue 20, helper h20r5), on synthetic cards with a legal and an
illegal log: a Chara's automatic effect setting up its later "this turn, when …" sentence (``delay`` with ``auto``:
the card's own automatic effect ``trigger: "delayed"``), and every Point Zone card turned face down (``flip``
``all``)."""

from __future__ import annotations

from engine.pm.cards import Effect
from tests.effects.test_machinery import AKI, DRAW, F, _chara, _event, boards_with, hand, pay
from tests.engine.kit import assert_illegal, assert_legal

RUNNER, DIMMER = "TST 78-001", "TST 78-002"
CARDS = [
    # "when this card approaches, draw a card. This turn, when this card gives points, draw a card."
    _chara("78-001", "Runner",
           Effect("auto", trigger="approach", script=(*DRAW, {"op": "delay", "on": "gave_point", "subject": "self",
                                                             "auto": 1})),
           Effect("auto", trigger="delayed", script=DRAW)),
    # "turn every card of the opponent's Point Zone face down"
    _event("78-002", "Dimmer", ({"op": "flip", "who": "opponent", "face": "down", "all": True},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0)


def _approached():  # type: ignore[no-untyped-def]
    g = _boards([RUNNER], [])
    return g.add("approach", 0, card=RUNNER).add("trigger", 0, card=RUNNER, effect=0)


def test_a_charas_later_sentence_fires_once_its_effect_set_it_up() -> None:
    g = _approached()
    before = len(hand(assert_legal(g), 0))
    g.passes(0, 1).add("no_interfere", 1).add("pass", 0)
    assert_illegal(g, "effect.result")  # the point was given: the delayed part is owed
    g.actions[-1] = {"type": "trigger", "p": 0, "card": RUNNER, "effect": 1}
    assert len(hand(assert_legal(g), 0)) == before + 1  # the delayed part drew


def test_a_later_sentence_not_set_up_does_not_fire() -> None:
    g = _boards([RUNNER], [])
    g.add("trigger", 0, card=RUNNER, effect=1)
    assert_illegal(g, "effect.result")  # only its effect before sets it up, and its cause has not happened
    g = _approached()
    g.add("trigger", 0, card=RUNNER, effect=1)
    assert_illegal(g, "effect.result")  # set up, but no point given yet


def test_every_point_zone_card_of_the_opponent_turned_face_down() -> None:
    g = _boards([AKI], [], hand0=[DIMMER, F[5]])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1).add("end_approach", 0)
    g.end_turn(1)  # turn 5: player 0 again, player 1 holding a face-up point
    assert [up for _, up in assert_legal(g).state.players[1].points] == [True]
    g.add("play_event", 0, card=DIMMER, pay=pay(F[5]))
    assert [up for _, up in assert_legal(g).state.players[1].points] == [False]
    g.actions[-1] = {**g.actions[-1], "ops": []}
    assert_illegal(g, "effect.result")  # every one must turn
