"""MHK 01-123: "自分のキャラ1枚を休息状態にする。その場合、…カード2枚を表向きにすることができる" (できる, no まで), read as
01-035's 2枚 (reader h26read, docs/verification.md): the turn may be left out; done, it turns 2 cards, not 1."""

from __future__ import annotations

from typing import Any

import pytest

from tests.effects.test_issue26_engine import mhk_game, ref
from tests.engine.kit import Game, assert_illegal, assert_legal

POINTS = ["MHK 01-083", "MHK 01-052"]  # player 1's two Point Zone cards (from player 0's approaches)


def _two_face_down() -> Game:
    """Turn 4 (player 1's Main Phase): player 1 paid ST-009 with its two Point Zone cards (face down now) and holds
    01-123; its 01-084 is active on the Area."""
    g = mhk_game(["MHK 01-040", "MHK 01-084", "MHK 01-041", "MHK 01-083", "MHK 01-104", "MHK 01-052", "MHK 01-077"],
                 ["MHK 01-123", "MHK ST-003", "MHK 01-005", "MHK 01-083", "MHK 01-084", "MHK ST-009", "MHK ST-011"])
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-084", area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-084", area="support", pay=[]).passes(0)
    g.end_turn(1)
    g.passes(0, 1)
    for cid in ("MHK 01-040", "MHK 01-084"):
        g.add("approach", 0, card=cid).passes(0, 1).add("no_interfere", 1).passes(0, 1)
    g.add("end_approach", 0).adjust_hand(0)
    return g.add("summon", 1, card="MHK ST-009", area="main", pay=[{"point": c} for c in POINTS]).passes(0)


def _played(turned: list[str]) -> Game:
    return _two_face_down().add("play_event", 1, card="MHK 01-123", pay=[], targets=[ref("MHK 01-084", 1)],
                                choices=[turned])


def _faces(g: Game) -> list[Any]:
    return [list(x) for x in assert_legal(g).state.players[1].points]


def test_setup_has_two_face_down_points() -> None:
    assert _faces(_two_face_down()) == [[c, False] for c in POINTS]


@pytest.mark.parametrize("turned", [POINTS, []])
def test_01_123_turns_two_or_none(turned: list[str]) -> None:
    assert _faces(_played(turned)) == [[c, c in turned] for c in POINTS]


@pytest.mark.parametrize("turned", [POINTS[:1], POINTS[1:]])
def test_01_123_cannot_turn_only_one_of_two(turned: list[str]) -> None:
    assert_illegal(_played(turned), "effect.target")
