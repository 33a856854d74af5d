"""Reader rs1's seeded sample of compiled effects, session 12 (docs/verification.md, "Independent read, session 12
(reader rs1)"): the effect judged wrong, as a test the compiler's fixer can turn green. Cards are read from
../shared/data/precious-data at run time (no card text kept here).

- SSSS ST-027 e1: the Event names two own Charas; its later sentence (this turn, when that Chara gives a point by
  approach, draw 1) is a 「~した場合」 effect, which works once a turn (rule book 000 "Effects with specific Timings",
  001 the same, rules.md reading 13). The compiled script had set one delay per named Chara, so the one effect
  drew twice when both Charas gave a point; it now sets one delay watching both (docs/compiler.md, "Decisions on
  disputed readings").
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.pm.cards import CardDB
from tests.effects.test_impossible_parts import DATA
from tests.effects.test_issue26_engine import CARDS, mhk_game, ref
from tests.engine.kit import Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious

pytestmark = pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="../shared/data/precious-data absent")

A, B, EVENT = "MHK 01-104", "MHK 01-084", "SSSS ST-027"  # two vanilla cost-0 Charas 40/40; the Event (cost 0)
DELAYED_DRAW = {"card": EVENT, "effect": 0, "from": "discard"}


@cache
def with_ssss() -> CardDB:
    return CardDB([*CARDS, *read_precious(DATA / "SSSS", compile=True)], CARDS.series_groups())


def _a_gives_a_point() -> Game:
    """Turn 1: player 0 summons A and B; turn 3: A approaches, ST-027 names A and B, no interference: A gives a
    point."""
    g = mhk_game([A, B, EVENT, "MHK 01-083", "MHK 01-040", "MHK 01-041", "MHK 01-052"], db=with_ssss())
    g.add("summon", 0, card=A, area="main", pay=[]).passes(1).add("summon", 0, card=B, area="main", pay=[])
    g.end_turn(0).end_turn(1)
    g.passes(0, 1).add("approach", 0, card=A)
    g.add("play_event", 0, card=EVENT, pay=[], targets=[ref(A), ref(B)]).passes(1, 0, 1)
    return g.add("no_interfere", 1)


def _first_point() -> Game:
    """As :func:`_a_gives_a_point`, then the Event's delayed draw logged and the window closed."""
    return _a_gives_a_point().add("trigger", 0, **DELAYED_DRAW).passes(0, 1)


def test_st_027_the_first_point_owes_the_draw() -> None:
    before = len(assert_legal(_a_gives_a_point()).state.players[0].hand)
    assert_illegal(_a_gives_a_point().passes(0), "effect.result")  # owed: a pass without it is refused
    assert len(assert_legal(_first_point()).state.players[0].hand) == before + 1


def _second_point() -> Game:
    """As :func:`_first_point`, then B approaches unhindered and gives a point too."""
    return _first_point().add("approach", 0, card=B).passes(0, 1).add("no_interfere", 1)


def test_st_027_the_second_point_owes_no_second_draw() -> None:
    assert_legal(_second_point().passes(0))  # B's point: the effect has worked this turn already, nothing is owed
    assert_illegal(_second_point().add("trigger", 0, **DELAYED_DRAW), "effect.result")  # and no second draw
