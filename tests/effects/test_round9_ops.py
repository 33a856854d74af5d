"""Engine pieces of the ninth compiler round (issue 20, helper h20r9), each on synthetic cards with a legal and an
illegal log: the Chara spec keys ``interfered_by`` (an approaching Chara of the approach under way whose Interferer
fits a spec) and ``is_source`` (the effect's own Chara), which together read "the Chara interfering this card"
(このカードを妨害しているキャラ) and "the Chara this card interferes" (このカードに妨害されているキャラ)."""

from __future__ import annotations

import tests.effects.test_machinery as tm
from engine.pm import stats
from engine.pm.cards import Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, _chara
from tests.engine.kit import assert_illegal, assert_legal

GUARD, RUNNER, HUSH = "TST 80-001", "TST 80-002", "TST 80-003"
CARDS = [
    # "when this card interferes, the opponent's Chara this card interferes gets -10/-10"
    _chara("80-001", "Guard", Effect("auto", trigger="interfering", targets=(
        {"side": "opponent", "interfered_by": {"is_source": True}},), script=(
        {"op": "modify", "target": "target", "ap": -10, "dp": -10},)), dp=50),
    # "when this card is interfered, the Chara interfering this card gets -10/-10"
    _chara("80-002", "Runner", Effect("auto", trigger="interfered", targets=(
        {"interfering_with": {"is_source": True}},), script=(
        {"op": "modify", "target": "target", "ap": -10, "dp": -10},))),
    # "the text of the Chara interfering this card is negated" (continuous)
    _chara("80-003", "Hush", Effect("continuous", script=(
        {"op": "grant", "target": {"all": {"interfering_with": {"is_source": True}}}, "what": "text_negated",
         "until": "turn_end"},))),
]


def _boards(p0: list[str], p1: list[str]):  # type: ignore[no-untyped-def]
    return tm.boards_with(CARDS, p0, p1)


def test_interfered_by_this_card_names_the_chara_it_interferes() -> None:
    g = _boards([AKI, BEN], [GUARD]).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=GUARD)
    g.add("trigger", 1, card=GUARD, effect=0, targets=[{"p": 0, "card": AKI}])
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "targets": [{"p": 0, "card": BEN}]}
    assert_illegal(g, "effect.target")  # Ben is not approaching: this card does not interfere it


def test_interfering_with_this_card_names_its_interferer() -> None:
    g = _boards([RUNNER], [AKI, BEN]).add("approach", 0, card=RUNNER).passes(0, 1).add("interfere", 1, card=AKI)
    g.add("trigger", 0, card=RUNNER, effect=0, targets=[{"p": 1, "card": AKI}])
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "targets": [{"p": 1, "card": BEN}]}
    assert_illegal(g, "effect.target")  # Ben does not interfere this card


def test_a_continuous_negation_reaches_the_interferer_only_while_it_interferes() -> None:
    g = _boards([HUSH], [AKI, BEN]).add("approach", 0, card=HUSH).passes(0, 1)
    before = assert_legal(g).state
    assert not stats.text_negated(before, find_chara(before.players[1], AKI))
    g.add("interfere", 1, card=AKI)
    after = assert_legal(g).state
    assert stats.text_negated(after, find_chara(after.players[1], AKI))
    assert not stats.text_negated(after, find_chara(after.players[1], BEN))
