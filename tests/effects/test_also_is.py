"""``also_name`` / ``also_property`` (ゲーム中、…としても扱う): during the game the card also counts as that name or
as a Chara with that property, in every zone (engine.cards.Card.names / properties)."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import AKI, MAIN_SELF, F, boards, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

TWIN = Card(id="TST 76-001", name="Twin", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30,
            properties=("Cook",), effects=(Effect("continuous", script=({"op": "also_name", "name": "Ghost"},
                                                                          {"op": "also_property", "property": "Spy"})),))


def _event(num: str, spec: dict) -> Card:  # type: ignore[type-arg]
    eff = Effect(kind="activated", timing=MAIN_SELF, targets=({"side": "opponent", **spec},),
                 script=({"op": "move", "target": "target", "to": "discard"},))
    return Card(id=f"TST {num}", name=f"Event {num}", series="Test", type="event", color="red", cost=1, source=1,
                timing=MAIN_SELF, effects=(eff,))


BY_NAME, BY_PROPERTY = _event("76-002", {"name": "Ghost"}), _event("76-003", {"property": "Spy"})


def _game(p1: list[str], event: Card) -> Game:
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, TWIN, BY_NAME, BY_PROPERTY], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([], p1, hand0=[event.id, F[5]])
    finally:
        machinery.MY_DB = old
    return g


def test_the_card_counts_as_its_other_name_and_property() -> None:
    assert TWIN.names == ("Twin", "Ghost") and TWIN.properties == ("Cook", "Spy")
    for event in (BY_NAME, BY_PROPERTY):
        g = _game([TWIN.id, AKI], event)
        g.add("play_event", 0, card=event.id, pay=pay(F[5]), targets=[{"p": 1, "card": TWIN.id}])
        main = [c["card"] for c in assert_legal(g).state_json()["players"][1]["main"]]
        assert TWIN.id not in main and AKI in main


def test_another_card_does_not() -> None:
    for event in (BY_NAME, BY_PROPERTY):
        g = _game([TWIN.id, AKI], event)
        g.add("play_event", 0, card=event.id, pay=pay(F[5]), targets=[{"p": 1, "card": AKI}])
        assert_illegal(g, "effect.target")
