"""The contract's worked example (clockwork-memorion.md §10, §12) as a test: the exact state after 18 actions and
the rulings the text gives for other actions at indexes 6 and 8."""

from __future__ import annotations

import copy

from engine.fold import fold
from tests.clockwork.kit import CARDS, EXAMPLE, header, run

_SUCC = {"damage": 0, "keywords": [], "attacks": 0, "blocks": 0, "destroyed": False}
_RULER = {"card": "CWX 001", "face": "normal", "state": "stand", "summon_level": 3, "memorions": [], "recalls": []}
EXPECTED = {
    "applied": 18, "ruleset": "clockwork-memorion-1", "turn": 3, "turn_player": 0, "phase": "battle",
    "step": "declare", "first_turn": False, "used": {"inherit": True, "move": False}, "due": None, "pending": [],
    "battle": None,
    "players": [
        {"name": "Aoi", "life": 2000, "counters": 3, "deck_count": 20, "hand_count": 4,
         "hand": ["CWX 016", "CWX 013", "CWX 022", "CWX 030"], "storage": [], "drop": [], "mulligan": 0,
         "ruler": _RULER,
         "limit": {"card": "CWX 090", "face": "a", "rotated": False,
                   "zones": [["joy"], ["anger"], ["joy", "anger"], ["pathos", "humor"]]},
         "zones": [
             {"card": "CWX 010", "emotion": "joy", "level": 1, "power": 200, "mind": 200, "state": "stand",
              "memorions": [], "recalls": [], **_SUCC},
             {"card": "CWX 011", "emotion": "anger", "level": 2, "power": 400, "mind": 300, "state": "action",
              "memorions": [{"card": "CWX 021", "slot": [0, 0]}],
              "recalls": [{"card": "CWX 020", "p": 0, "slot": [0, 1], "mode": "add"}], **_SUCC, "attacks": 1},
             None, None]},
        {"name": "Ren", "life": 1400, "counters": 1, "deck_count": 20, "hand_count": 7,
         "hand": ["CWX 011", "CWX 014", "CWX 020", "CWX 022", "CWX 010", "CWX 021", "CWX 023"],
         "storage": [], "drop": [], "mulligan": 2, "ruler": _RULER,
         "limit": {"card": "CWX 090", "face": "b", "rotated": True,
                   "zones": [["joy", "anger"], ["pathos", "humor"], ["humor"], ["pathos"]]},
         "zones": [None, None, None,
                   {"card": "CWX 012", "emotion": "pathos", "level": 1, "power": 100, "mind": 300, "state": "stand",
                    "memorions": [], "recalls": [], **_SUCC}]}],
    "result": None,
}


def test_state_after_the_damage_is_the_contracts() -> None:
    result = run(EXAMPLE[:18])
    assert result.ruling is None
    assert result.state_json() == EXPECTED


def test_turn_end_sends_the_recalled_cog_to_the_drop_zone() -> None:
    result = run(EXAMPLE)
    assert result.ruling is None
    state = result.state_json()
    assert state["turn"] == 4 and state["turn_player"] == 1
    aoi = state["players"][0]
    assert aoi["drop"] == ["CWX 020"] and aoi["zones"][1]["recalls"] == []
    assert aoi["zones"][1]["memorions"] == [{"card": "CWX 021", "slot": [0, 0]}]


def test_trail_cites_the_contract() -> None:
    result = fold(header(), copy.deepcopy(EXAMPLE[:18]), CARDS)
    refs = {e.to_json()["ref"] for t in result.trails for e in t.entries}
    assert "Clockwork Memorion HR 7" in refs and "Clockwork Memorion CG Recall" in refs


def _at(index: int, action: dict) -> str | None:
    ruling = run([*EXAMPLE[:index], action]).ruling
    return None if ruling is None else ruling.rule


def test_the_texts_other_actions_at_index_8_and_6() -> None:
    assert _at(8, {"type": "summon", "p": 0, "card": "CWX 013", "at": "zone:3"}) is None
    assert _at(8, {"type": "summon", "p": 0, "card": "CWX 016", "at": "zone:1"}) == "summon.level"
    assert _at(8, {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:0"}) == "summon.limit"
    assert _at(6, {"type": "inherit", "p": 0, "card": "CWX 021", "at": "zone:0", "slot": None}) == "turn.first"
