"""Engine pieces of the fourteenth compiler round (issue 20, helper h20r14), each on synthetic cards with a legal
and an illegal log."""

from __future__ import annotations

from engine.pm.cards import CardDB
from engine.pm.script import RESTED_COUNT
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, _event, boards
from tests.engine.kit import assert_illegal, assert_legal

CAT, HAL = "TST 01-004", "TST 01-011"
CALM = "TST 84-001"
CARDS = [
    # "rest any number of your Charas; if so, one Chara cannot be interfered, until the end of the turn, by Charas
    # whose usage cost equals the number rested" (HSF 01-011's shape)
    _event("84-001", "Calm", ({"op": "rest_any", "spec": {}, "then": [
        {"op": "grant", "target": "target:0", "until": "turn_end",
         "what": {"not_interfered_by": {"max_cost": RESTED_COUNT, "min_cost": RESTED_COUNT}}}]},),
           cost=0, targets=({},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    import tests.effects.test_machinery as machinery

    old, machinery.MY_DB = machinery.MY_DB, CardDB([*machinery.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    try:
        return boards(p0, p1, hand0=hand0)
    finally:
        machinery.MY_DB = old


def _calm(rested: list[str]):  # type: ignore[no-untyped-def]
    """Aki approaches after Calm rested ``rested``; Ben (usage cost 2) interferes."""
    g = _boards([AKI, CAT, HAL], [BEN], [CALM])
    g.add("play_event", 0, card=CALM, pay=[], targets=[{"p": 0, "card": AKI}], choices=[rested]).passes(1)
    return g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)


def test_the_number_rested_is_counted_when_the_grant_runs() -> None:
    assert_illegal(_calm([CAT, HAL]), "interfere.chara")  # two rested: Charas of usage cost 2 cannot interfere
    res = assert_legal(_calm([HAL]))  # one rested: only usage cost 1 is barred
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and ({"not_interfered_by": {"max_cost": 1, "min_cost": 1}}) in [w for w, _ in aki.grants]
