"""Cause ``interfering``: "when this card approaches or interferes" (アプローチまたは妨害に参加した場合) fires for the
interfering Chara too (engine/pm/approach.py, docs/log-extensions.md)."""

from __future__ import annotations

from engine.cards import Card, CardDB, Effect
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
