"""Replacement effects (engine.pm.replacement): a Chara whose card says it goes to the EX deck instead of the
discard does so when it leaves the Area for the discard; its Level Up stack goes to the discard as ever; other
destinations are untouched."""

from __future__ import annotations

from dataclasses import replace

from engine.pm.cards import CardDB, Effect
from tests.engine.kit import DB, Game, assert_legal

AKI, QUICK, F = "TST 01-001", "TST 02-001", [f"TST 90-{i:03d}" for i in range(1, 21)]
INSTEAD = Effect(kind="continuous", script=({"op": "instead", "target": "self", "of": "discard", "to": "ex_deck"},))


def _db(to: str, *, instead: bool) -> CardDB:
    def one(c):  # type: ignore[no-untyped-def]
        if c.id == AKI and instead:
            return replace(c, effects=(INSTEAD,))
        if c.id == QUICK:  # "move one of your Charas to <to>"
            eff = replace(c.effects[0], script=({"op": "move", "target": "target", "to": to},), targets=({"side": "self"},))
            return replace(c, effects=(eff,))
        return c
    return CardDB([one(c) for c in DB], DB.series_groups())


def _after(to: str, *, instead: bool) -> dict:  # type: ignore[type-arg]
    g = Game([AKI, F[0], F[1], QUICK, F[2]], db=_db(to, instead=instead))
    g.add("summon", 0, card=AKI, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1)
    g.add("play_event", 0, card=QUICK, pay=[{"hand": F[2]}], targets=[{"p": 0, "card": AKI}])
    return assert_legal(g).state_json()["players"][0]


def test_a_chara_goes_to_the_ex_deck_instead_of_the_discard() -> None:
    me = _after("discard", instead=True)
    assert me["ex_deck_count"] == 1 and AKI not in me["discard"] and not me["main"]
    me = _after("discard", instead=False)
    assert AKI in me["discard"] and me["ex_deck_count"] == 0


def test_other_destinations_are_not_replaced() -> None:
    me = _after("hand", instead=True)
    assert AKI in me["hand"] and me["ex_deck_count"] == 0
