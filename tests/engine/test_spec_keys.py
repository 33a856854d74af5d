"""Chara spec keys added for the newer sets: ``not`` ("other than") and ``shares_property`` (has a property of the
effect's own Chara)."""

from __future__ import annotations

from dataclasses import replace

from engine.pm.cards import CardDB
from engine.pm.conditions import chara_problem
from tests.engine.kit import DB, Game, assert_legal

AKI, BEN, CAT, F1, F2, F3 = "TST 01-001", "TST 01-002", "TST 01-004", "TST 90-001", "TST 90-002", "TST 90-003"
PROPS = {AKI: ("Uniform", "Mage"), BEN: ("Kaiju",), CAT: ("Mage",)}


def _charas() -> tuple[object, dict[str, object]]:
    db = CardDB([replace(c, properties=PROPS[c.id]) if c.id in PROPS else c for c in DB], DB.series_groups())
    g = Game([AKI, BEN, CAT, F1, F2, F3], db=db)
    g.add("summon", 0, card=AKI, area="main", pay=[{"hand": F1}, {"hand": F2}]).passes(1)
    g.add("summon", 0, card=CAT, area="main", pay=[{"hand": BEN}, {"hand": F3}])
    state = assert_legal(g).state
    return state, {c.card: c for c in state.players[0].main}


def test_not() -> None:
    state, on = _charas()
    spec = {"side": "self", "not": {"property": "Uniform"}}
    assert chara_problem(state, 0, spec, on[AKI]) is not None
    assert chara_problem(state, 0, spec, on[CAT]) is None


def test_shares_property() -> None:
    state, on = _charas()
    spec = {"shares_property": True}
    assert chara_problem(state, 0, spec, on[CAT], source=on[AKI]) is None  # both Mage
    assert chara_problem(state, 0, spec, on[CAT], source=None) is not None  # no own Chara: nothing to share
