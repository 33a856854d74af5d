"""Honest verification: the steps of a folded log the engine applied without being able to check them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rulings import Trail


def unverified_steps(actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
    """``{index, path, card, why}`` for every unverified trail entry (one per entry, in log order)."""
    out = []
    for index, (action, trail) in enumerate(zip(actions, trails, strict=False)):
        for entry in trail.entries:
            if entry.unverified:
                out.append({"index": index, "path": str(index), "card": action.get("card"), "why": entry.message})
    return out
