"""Bundled archetype decks (fixtures/decks/*.json): {"name", "series", "main": [60 ids], "ex": [ids]}."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from engine.ruleset import Deck

__all__ = ["DECKS_DIR", "Deck", "bundled_decks"]

DECKS_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "decks"


@lru_cache(maxsize=1)
def bundled_decks() -> tuple[Deck, ...]:
    """Every bundled deck, sorted by file name."""
    out = []
    for path in sorted(DECKS_DIR.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out.append(Deck(path.stem, doc["name"], tuple(doc["main"]), tuple(doc.get("ex", ()))))
    return tuple(out)
