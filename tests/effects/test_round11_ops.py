"""Engine pieces of the eleventh compiler round (issue 20, helper h20r11), each on synthetic cards with a legal and
an illegal log: 〔天然N〕 ([Ignore N]) granted by a continuous effect."""

from __future__ import annotations

from engine.pm.cards import CardDB, Effect
from tests.effects.test_machinery import AKI, BEN, _chara, boards
from tests.engine.kit import assert_illegal, assert_legal

SNEAK = "TST 81-001"
CARDS = [
    # "while you have 2 or more Charas, this card has 〔天然2〕" (continuous)
    _chara("81-001", "Sneak", Effect("continuous", condition={"count": {"spec": {"side": "self"}, "at_least": 2}},
                                     script=({"op": "grant", "target": "self", "what": {"ignore": 2},
                                              "until": "turn_end"},))),
]


def _boards(p0: list[str], p1: list[str]):  # type: ignore[no-untyped-def]
    import tests.effects.test_machinery as machinery

    old, machinery.MY_DB = machinery.MY_DB, CardDB([*machinery.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    try:
        return boards(p0, p1)
    finally:
        machinery.MY_DB = old


def test_a_continuous_ignore_grant_bars_cheap_interferers_while_its_condition_holds() -> None:
    g = _boards([SNEAK, AKI], [BEN]).add("approach", 0, card=SNEAK).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.ignore")  # Ben costs 2: 〔天然2〕 is in force with two Charas of yours
    g = _boards([SNEAK], [BEN]).add("approach", 0, card=SNEAK).passes(0, 1).add("interfere", 1, card=BEN)
    assert_legal(g)  # alone, Sneak has no 〔天然〕
