"""〔我慢〕 (``endure``, printed or granted): a Chara with it and DP 10 or more does not leave (engine.pm.stats.endures;
the rule is the keyword's reminder text, as for 退場しない)."""

from __future__ import annotations

import tests.effects.test_machinery as tm
from engine.pm.cards import Card, Effect
from tests.effects.test_machinery import BANISH, DRAW, LEAVER, MAIN_SELF, F, hand, pay
from tests.engine.kit import Game, assert_illegal, assert_legal


def _leaver(num: str, dp: int) -> Card:
    return Card(id=f"TST {num}", name="Stoic", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=dp,
                endure=True, effects=(Effect("auto", trigger="leave", script=DRAW),))


def _event(num: str, script: tuple, side: str) -> Card:  # type: ignore[type-arg]
    eff = Effect(kind="activated", timing=MAIN_SELF, script=script, targets=({"side": side},))
    return Card(id=f"TST {num}", name=f"Event {num}", series="Test", type="event", color="red", cost=1, source=1,
                timing=MAIN_SELF, effects=(eff,))


STOIC, FRAIL = _leaver("74-001", 30), _leaver("74-002", 0)
FORTIFY = _event("74-003", ({"op": "grant", "target": "target", "what": "endure", "until": "turn_end"},), "self")
PURGE = _event("74-004", ({"op": "move", "target": "target", "to": "discard"},), "self")


def _boards(p0: list[str], p1: list[str], hand0: list[str]) -> Game:
    return tm.boards_with([STOIC, FRAIL, FORTIFY, PURGE], p0, p1, hand0)


def _main(g: Game, p: int) -> list[str]:
    return [c["card"] for c in assert_legal(g).state_json()["players"][p]["main"]]


def test_printed_endure_keeps_a_chara_with_dp_10_or_more() -> None:
    g = _boards([], [STOIC.id], [BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": STOIC.id}])
    assert STOIC.id in _main(g, 1)
    g.add("trigger", 1, card=STOIC.id, effect=0, **{"from": "discard"})
    assert_illegal(g, "zone")  # it has not left: its leave trigger cannot be logged from the discard


def test_endure_does_nothing_below_dp_10() -> None:
    g = _boards([], [FRAIL.id], [BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": FRAIL.id}])
    before = len(hand(assert_legal(g), 1))
    g.add("trigger", 1, card=FRAIL.id, effect=0, **{"from": "discard"})
    assert len(hand(assert_legal(g), 1)) == before + 1
    assert FRAIL.id not in _main(g, 1)


def test_granted_endure_keeps_the_chara_until_the_turn_ends() -> None:
    g = _boards([LEAVER], [], [FORTIFY.id, PURGE.id, F[5], F[6]])
    g.add("play_event", 0, card=FORTIFY.id, pay=pay(F[5]), targets=[{"p": 0, "card": LEAVER}])
    g.add("play_event", 0, card=PURGE.id, pay=pay(F[6]), targets=[{"p": 0, "card": LEAVER}])
    assert LEAVER in _main(g, 0)
    g.add("trigger", 0, card=LEAVER, effect=0, **{"from": "discard"})
    assert_illegal(g, "zone")
    without = _boards([LEAVER], [], [PURGE.id, F[5]])
    without.add("play_event", 0, card=PURGE.id, pay=pay(F[5]), targets=[{"p": 0, "card": LEAVER}])
    without.add("trigger", 0, card=LEAVER, effect=0, **{"from": "discard"})
    assert LEAVER not in _main(without, 0)
