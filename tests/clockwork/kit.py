"""The bundled cwm-cards set, the contract's worked example (§10) with full decks, and fold helpers."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine.clockwork.cards import CwCardDB, parse_cards
from engine.fold import FoldResult, fold

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "clockwork"
CARDS: CwCardDB = parse_cards(json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8")))

AOI_ORDER = ["CWX 010", "CWX 011", "CWX 016", "CWX 013", "CWX 020", "CWX 021", "CWX 022", "CWX 030",
             *["CWX 010"] * 2, *["CWX 011"] * 2, *["CWX 012"] * 3, *["CWX 014"] * 3, *["CWX 015"] * 3,
             *["CWX 017"] * 3, *["CWX 023"] * 2, *["CWX 024"] * 2]
REN_ORDER = ["CWX 012", "CWX 013", "CWX 013", "CWX 011", "CWX 014", "CWX 020", "CWX 022",
             *["CWX 010"] * 3, *["CWX 021"] * 3, *["CWX 023"] * 3, *["CWX 015"] * 3, *["CWX 017"] * 3,
             *["CWX 024"] * 3, *["CWX 025"] * 3]
_REN_REST = REN_ORDER[7:]
REN_MULLIGAN = ["CWX 010", "CWX 021", "CWX 023", *sorted(_REN_REST[1:3] + _REN_REST[4:6] + _REN_REST[7:] + ["CWX 013", "CWX 013"])]


def header(first: int = 0) -> dict[str, Any]:
    return {"ruleset": "clockwork-memorion-1", "first": first, "players": [
        {"name": "Aoi", "deck": ["CWX 001", "CWX 090", *AOI_ORDER]},
        {"name": "Ren", "deck": ["CWX 001", "CWX 090", *REN_ORDER]}]}


SETUP: list[dict[str, Any]] = [
    {"type": "setup", "p": 0, "ruler": "CWX 001", "limit": "CWX 090", "face": "a", "rotated": False},
    {"type": "setup", "p": 1, "ruler": "CWX 001", "limit": "CWX 090", "face": "b", "rotated": True},
    {"type": "shuffle", "p": 0, "order": AOI_ORDER},
    {"type": "shuffle", "p": 1, "order": REN_ORDER},
    {"type": "keep", "p": 0},
    {"type": "mulligan", "p": 1, "cards": ["CWX 013", "CWX 013"], "order": REN_MULLIGAN},
]
EXAMPLE: list[dict[str, Any]] = [
    *SETUP,
    {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"},
    {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0},
    {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:1"},
    {"type": "end_phase", "p": 0},
    {"type": "summon", "p": 1, "card": "CWX 012", "at": "zone:3"},
    {"type": "end_phase", "p": 1},
    {"type": "inherit", "p": 0, "card": "CWX 021", "at": "zone:1", "slot": [0, 0]},
    {"type": "end_phase", "p": 0},
    {"type": "attack", "p": 0, "at": "zone:1"},
    {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0,
     "interrupts": [{"type": "recall", "p": 0, "card": "CWX 020", "from": "hand",
                     "target": {"p": 0, "at": "zone:1"}, "slot": [0, 1], "mode": "add"}]},
    {"type": "block", "p": 1, "with": []},
    {"type": "damage", "p": 0},
    {"type": "end_turn", "p": 0},
]


def example_log() -> dict[str, Any]:
    return {"format": "pmemo-log", "version": 1, "game": header(), "actions": copy.deepcopy(EXAMPLE)}


def run(actions: list[dict[str, Any]], *, first: int = 0, hdr: dict[str, Any] | None = None) -> FoldResult:
    """Fold ``actions`` over the example header (or ``hdr``) with the bundled cards."""
    return fold(hdr or header(first), copy.deepcopy(actions), CARDS)
