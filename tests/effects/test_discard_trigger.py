"""Causes ``discard_<event>`` (このカードが捨て札置き場にある状態で、…場合): a card in the discard hears another
Chara's event there and its trigger is logged ``from`` the discard (engine.pm.triggers.fire_discard)."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import AKI, BANISH, F, boards, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

REVENANT = Card(id="TST 77-001", name="Revenant", series="Test", type="chara", color="red", cost=2, source=1, ap=30,
                dp=30, effects=(Effect("auto", trigger="discard_enter", optional=True, condition={"subject": {"side": "self"}},
                                       script=({"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {},
                                                "this_card": True, "up_to": True},)),))


def _game() -> Game:
    """Turn 3: player 0 banishes player 1's Revenant; turn 4: player 1 may summon Aki."""
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, REVENANT], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([], [REVENANT.id], hand0=[BANISH, F[5]], hand1=[AKI, F[15], F[16]])
    finally:
        machinery.MY_DB = old
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": REVENANT.id}])
    return g.end_turn(0)


def _main(g: Game, p: int) -> list[str]:
    return [c["card"] for c in assert_legal(g).state_json()["players"][p]["main"]]


def test_a_card_in_the_discard_hears_its_player_chara_enter() -> None:
    g = _game()
    g.add("summon", 1, card=AKI, area="main", pay=pay(F[15], F[16]))
    g.add("trigger", 1, card=REVENANT.id, effect=0, **{"from": "discard"}, choices=[[REVENANT.id]])
    assert REVENANT.id in _main(g, 1)


def test_no_trigger_without_its_cause() -> None:
    g = _game()
    g.add("trigger", 1, card=REVENANT.id, effect=0, **{"from": "discard"}, choices=[[REVENANT.id]])
    assert_illegal(g, "effect.result")  # nothing has entered
