"""Cause ``interfering``: "when this card approaches or interferes" (アプローチまたは妨害に参加した場合) fires for the
interfering Chara too (engine/pm/approach.py, docs/log-extensions.md); "enters or leaves" (enter|leave) on leaving;
``own_event`` for the Charas of an Event's player."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import boards, hand
from tests.engine.kit import assert_illegal, assert_legal

AKI = "TST 01-001"
GUARD = "TST 73-001"
GUARD_CARD = Card(id=GUARD, name="Guard", series="Test", type="chara", color="blue", cost=2, source=1, ap=30, dp=50,
                  effects=(Effect("auto", trigger="approach|interfering", script=({"op": "draw", "who": "self", "n": 1},)),))


def _game():  # type: ignore[no-untyped-def]
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, GUARD_CARD], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([AKI], [GUARD])
    finally:
        machinery.MY_DB = old
    return g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=GUARD)


def test_interfering_fires_its_trigger() -> None:
    g = _game()
    before = len(hand(assert_legal(g), 1))
    g.add("trigger", 1, card=GUARD, effect=0)
    assert len(hand(assert_legal(g), 1)) == before + 1


def test_the_mandatory_interfering_trigger_must_be_logged() -> None:
    g = _game().passes(0)
    assert_illegal(g, "effect.result")


def test_no_interfering_trigger_without_interfering() -> None:
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, GUARD_CARD], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([AKI], [GUARD])
    finally:
        machinery.MY_DB = old
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).add("trigger", 1, card=GUARD, effect=0)
    assert_illegal(g, "effect.result")



def test_an_enter_or_leave_trigger_fires_on_leaving() -> None:
    """"When this card enters or leaves" (enter|leave, optional here): its leaving fires it, logged from the discard."""
    import tests.effects.test_machinery as machinery
    from tests.effects.test_machinery import BANISH, F, pay

    twice = Card(id="TST 73-002", name="Twice", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30,
                 effects=(Effect("auto", trigger="enter|leave", optional=True,
                                 script=({"op": "draw", "who": "self", "n": 1},)),))
    db = CardDB([*machinery.MY_DB, twice], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([], [twice.id], hand0=[BANISH, F[5]])
    finally:
        machinery.MY_DB = old
    g.add("trigger", 1, card=twice.id, effect=0, **{"from": "discard"})
    assert_illegal(g, "zone")  # it has not left
    g.actions.pop()
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": twice.id}])
    before = len(hand(assert_legal(g), 1))
    g.add("trigger", 1, card=twice.id, effect=0, **{"from": "discard"})
    assert len(hand(assert_legal(g), 1)) == before + 1


def test_own_event_fires_for_the_players_charas_only() -> None:
    """Cause ``own_event``: "your Event is played" (自分のイベントカードがプレイされた場合); with ``opp_event``, any Event."""
    import tests.effects.test_machinery as machinery
    from tests.effects.test_machinery import QUICK, F, pay

    fan = Card(id="TST 73-003", name="Fan", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30,
               effects=(Effect("auto", trigger="own_event", script=({"op": "modify", "target": "self", "ap": 10, "dp": 10},)),))
    db = CardDB([*machinery.MY_DB, fan], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        mine = boards([fan.id], [], hand0=[QUICK, F[5]])
        theirs = boards([], [fan.id], hand0=[QUICK, F[5]])
    finally:
        machinery.MY_DB = old
    mine.add("play_event", 0, card=QUICK, pay=pay(F[5])).add("trigger", 0, card=fan.id, effect=0)
    fan_state = next(c for c in assert_legal(mine).state_json()["players"][0]["main"] if c["card"] == fan.id)
    assert (fan_state["ap"], fan_state["dp"]) == (40, 40)
    mine.actions.pop()
    assert_illegal(mine.passes(0), "effect.result")  # the mandatory trigger is missing
    theirs.add("play_event", 0, card=QUICK, pay=pay(F[5])).add("trigger", 1, card=fan.id, effect=0)
    assert_illegal(theirs, "effect.result")  # the opponent's Event is not "yours"
