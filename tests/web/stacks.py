"""Counting cards on a board where a run of hidden cards is one card back with a count (static/js/cards.js backs)."""

from __future__ import annotations

from typing import Any

COUNT_JS = "ns => ns.reduce((n, e) => n + (e.classList.contains('stacked') ? Number(e.dataset.count) : 1), 0)"


def cards_shown(page: Any, selector: str) -> int:
    """How many cards the nodes matching ``selector`` stand for: a stack of backs counts as its ``data-count``."""
    return int(page.locator(selector).evaluate_all(COUNT_JS))
