"""Engine pieces of the fifteenth compiler round (issue 20, helper h20r15), each on synthetic cards with a legal
and an illegal log."""

from __future__ import annotations

from engine.pm.cards import CardDB
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, _event, boards
from tests.engine.kit import assert_illegal, assert_legal

AGAIN = "TST 85-001"
_STAND_AGAIN = [{"op": "activate", "target": "target:0"},
                {"op": "grant", "target": "target:0", "what": "approach_again", "until": "turn_end"}]
CARDS = [
    # "one of your Charas, this turn, when it is interfered, becomes active and may approach again" (HSF 01-117's
    # first sentence)
    _event("85-001", "Again", ({"op": "delay", "on": "interfered", "subject": "target:0", "do": _STAND_AGAIN},),
           cost=0, targets=({"side": "self"},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    import tests.effects.test_machinery as machinery

    old, machinery.MY_DB = machinery.MY_DB, CardDB([*machinery.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    try:
        return boards(p0, p1, hand0=hand0)
    finally:
        machinery.MY_DB = old


def _interfered_once():  # type: ignore[no-untyped-def]
    """Aki (set up by Again) approaches and Ben interferes: the delayed part fires."""
    g = _boards([AKI], [BEN], [AGAIN])
    g.add("play_event", 0, card=AGAIN, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    return g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)


def test_interfered_chara_stands_and_may_approach_again() -> None:
    g = _interfered_once().add("trigger", 0, card=AGAIN, effect=0, **{"from": "discard"})
    aki = find_chara(assert_legal(g).state.players[0], AKI)
    assert aki is not None and not aki.rested and "approach_again" in [w for w, _ in aki.grants]
    g = _interfered_once().passes(0)
    assert_illegal(g, "effect.result")  # the delayed part is mandatory: it must be logged


def test_the_delayed_part_waits_for_its_event() -> None:
    g = _boards([AKI], [BEN], [AGAIN])
    g.add("play_event", 0, card=AGAIN, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    g.add("trigger", 0, card=AGAIN, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")  # not interfered: it does not fire
