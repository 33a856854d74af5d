"""MHK 01-005's [Decline] use answers only the opponent's Event being played or an opponent Chara's 使用型 text
(reader h26read, docs/verification.md), as 01-110 and 01-122 do: its player's own play cannot be its answer."""

from __future__ import annotations

from tests.effects.test_issue26_engine import mhk_game, on_area
from tests.engine.kit import Game, assert_illegal, assert_legal

DECLINE = {"type": "use_effect", "p": 0, "card": "MHK 01-005", "effect": 0, "pay": [], "discard": "MHK 01-040"}


def _approaching() -> Game:
    """Turn 3: player 0's 01-005 (Main Area) approaches; both hold 01-115 ([Approach/Both])."""
    g = mhk_game(["MHK 01-005", "MHK 01-115", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 ["MHK 01-115", "MHK 01-104", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK ST-003", "MHK ST-009"])
    g.add("summon", 0, card="MHK 01-005", area="main", pay=[{"hand": "MHK 01-041"}, {"hand": "MHK 01-083"}]).passes(1)
    g.end_turn(0)
    g.end_turn(1)
    return g.passes(0, 1).add("approach", 0, card="MHK 01-005")


def test_01_005_answers_the_opponents_event() -> None:
    g = _approaching().passes(0)
    g.add("play_event", 1, card="MHK 01-115", pay=[{"hand": "MHK 01-104"}], responses=[DECLINE])
    res = assert_legal(g)
    assert not on_area(res, "MHK 01-005") and "MHK 01-005" in res.state.players[0].discard
    assert "MHK 01-115" in res.state.players[1].discard


def test_01_005_cannot_answer_its_own_players_event() -> None:
    g = _approaching()
    g.add("play_event", 0, card="MHK 01-115", pay=[{"hand": "MHK 01-084"}], responses=[DECLINE])
    assert assert_illegal(g, "effect.condition").ruling.to_json()["path"] == f"{g.last}.responses.0"


def _approaching_with_texts() -> Game:
    """Turn 3: player 0's 01-005 approaches; player 0 has 01-008 ([Approach/Self]) and ST-009 (「司波 深雪」), player 1
    has 01-054 ([Approach/Opponent]) on the Area."""
    g = mhk_game(["MHK 01-005", "MHK 01-008", "MHK ST-009", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084"],
                 ["MHK 01-054", "MHK 01-104", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK ST-003", "MHK ST-009"])
    g.add("summon", 0, card="MHK 01-005", area="main", pay=[{"hand": "MHK 01-041"}, {"hand": "MHK 01-083"}]).passes(1)
    g.add("summon", 0, card="MHK 01-008", area="support", pay=[{"hand": "MHK 01-084"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-054", area="support", pay=[{"hand": "MHK 01-104"}])
    g.add("trigger", 1, card="MHK 01-054", effect=0, choices=[[]]).passes(0)
    g.end_turn(1)
    g.add("summon", 0, card="MHK ST-009", area="main", pay=[{"hand": "MHK 01-104"}]).passes(1)  # 01-104: turn 3's draw
    return g.passes(0, 1).add("approach", 0, card="MHK 01-005")


def test_01_005_answers_an_opponent_charas_text() -> None:
    g = _approaching_with_texts().passes(0)
    g.add("use_effect", 1, card="MHK 01-054", effect=0, rest=True, pay=[], responses=[DECLINE])
    res = assert_legal(g)
    assert "MHK 01-005" in res.state.players[0].discard
    assert on_area(res, "MHK 01-054", 1)  # its use disabled: it stays


def test_01_005_cannot_answer_its_own_charas_text() -> None:
    g = _approaching_with_texts()
    g.add("use_effect", 0, card="MHK 01-008", effect=0, rest=True, pay=[], targets=[{"p": 0, "card": "MHK ST-009"}],
          responses=[DECLINE])
    assert assert_illegal(g, "effect.condition").ruling.to_json()["path"] == f"{g.last}.responses.0"
