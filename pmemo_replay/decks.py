"""Bundled archetype decks (fixtures/decks/*.json): {"name", "series", "main": [60 ids], "ex": [ids]}."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DECKS_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "decks"


@dataclass(frozen=True)
class Deck:
    """A named deck list."""

    key: str
    name: str
    main: tuple[str, ...]
    ex: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def bundled_decks() -> tuple[Deck, ...]:
    """Every bundled deck, sorted by file name."""
    out = []
    for path in sorted(DECKS_DIR.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out.append(Deck(path.stem, doc["name"], tuple(doc["main"]), tuple(doc.get("ex", ()))))
    return tuple(out)
