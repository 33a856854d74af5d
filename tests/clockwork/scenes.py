"""Stacked-deck Clockwork Memorion games: each player's deck is the named cards in draw order, then fillers, so a
test knows every hand. Aoi (player 0) goes first: 6 cards, then 1 per turn; Ren: 7."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from engine.clockwork.cards import CwCardDB, parse_cards
from engine.fold import FoldResult, fold
from tests.clockwork.kit import CARDS

TEST_CARDS: CwCardDB = parse_cards({"format": "cwm-cards", "version": 1, "name": "test", "cards": [
    {"id": "CWT 001", "name": "Test Ruler", "type": "ruler", "deify": {},
     "faces": {"normal": {"name": "Test Ruler", "summon_level": 4, "abilities": []},
               "deified": {"name": "Test Ruler Deified", "summon_level": 5, "abilities": []}}}]})
ALL = CwCardDB(name="all")
ALL.merge(CARDS)
ALL.merge(TEST_CARDS)
FILLERS = ["CWY 011", "CWY 017", "CWY 010", "CWY 012", "CWY 013", "CWY 014", "CWY 015", "CWY 016", "CWY 020",
           "CWY 021", "CWY 022", "CWY 023"]


def deck(ruler: str, cards: list[str]) -> tuple[list[str], list[str]]:
    """(header deck, shuffle order): ``cards`` on top, then fillers up to 28."""
    names = Counter(ALL.by_id[c].name for c in cards)
    order = list(cards)
    for f in FILLERS:
        while len(order) < 28 and names[ALL.by_id[f].name] < 3:
            order.append(f)
            names[ALL.by_id[f].name] += 1
    assert len(order) == 28
    limit = "CWX 090"
    return [ruler, limit, *order], order


def game(aoi: list[str], ren: list[str], *, aoi_ruler: str = "CWX 001", ren_ruler: str = "CWX 001",
         ren_face: str = "b") -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Header and setup actions; after them turn 1 (Aoi's) has begun."""
    d0, o0 = deck(aoi_ruler, aoi)
    d1, o1 = deck(ren_ruler, ren)
    header = {"ruleset": "clockwork-memorion-1", "first": 0,
              "players": [{"name": "Aoi", "deck": d0}, {"name": "Ren", "deck": d1}]}
    setup = [
        {"type": "setup", "p": 0, "ruler": aoi_ruler, "limit": "CWX 090", "face": "a", "rotated": False},
        {"type": "setup", "p": 1, "ruler": ren_ruler, "limit": "CWX 090", "face": ren_face, "rotated": False},
        {"type": "shuffle", "p": 0, "order": o0}, {"type": "shuffle", "p": 1, "order": o1},
        {"type": "keep", "p": 0}, {"type": "keep", "p": 1}]
    return header, setup


def run(header: dict[str, Any], actions: list[dict[str, Any]]) -> FoldResult:
    return fold(header, copy.deepcopy(actions), ALL)


def pass_turns(header: dict[str, Any], actions: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """``actions`` plus ``n`` turns that do nothing (end_turn, then any discard due at the turn end)."""
    out = list(actions)
    for _ in range(n):
        state = run(header, out).state
        out.append({"type": "end_turn", "p": state.turn_player})
        state = run(header, out).state
        if state.due is not None and state.due["what"] == "discard":
            p = state.due["p"]
            out.append({"type": "discard", "p": p, "cards": state.players[p].hand[:state.due["n"]]})
    return out
