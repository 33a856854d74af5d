"""Card facts for the pages (hover details, tiles, narration), as each card's game tells them; a card's text only
when the card data the server was given has it (the project ships none)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from engine.ruleset import Cards
from engine.rulesets import RULESETS


def card_facts(card: Any) -> dict[str, Any]:
    """The facts shown for one card: what its game's ruleset says (``card_facts``: Precious Memories' id, name,
    series, type, color, cost, source, AP/DP, properties, keywords), else its fields (a dataclass: ``meta`` left
    out, empty ones too)."""
    for ruleset in RULESETS.values():
        describe = getattr(ruleset, "card_facts", None)
        facts = describe(card) if describe is not None else None
        if facts is not None:
            return facts
    return other_facts(card)


def page_facts(card: Any, ruleset: str | None = None) -> dict[str, Any]:
    """The facts a card's page lists: the game's words for its card (``describe_card``: its effect narrated) when it has
    them, else :func:`card_facts` (the page shows any structured value left as JSON)."""
    describe = getattr(RULESETS.get(ruleset or ""), "describe_card", None)
    words = describe(card) if describe is not None else None
    return words if words is not None else card_facts(card)


def other_facts(card: Any) -> dict[str, Any]:
    """Another game's card as JSON-ready facts: every field but ``meta``, without the unset ones.

    >>> @dataclasses.dataclass
    ... class Hero:
    ...     id: str
    ...     name: str
    ...     hp: int = 0
    ...     text: str | None = None
    ...     meta: dict[str, Any] | None = None
    >>> other_facts(Hero(id="MSJ 001", name="Hana", hp=4, meta={"set": "MSJ"}))
    {'id': 'MSJ 001', 'name': 'Hana', 'hp': 4}
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        value = getattr(card, f.name)
        if f.name == "meta" or value is None or (f.name == "text" and not str(value).strip()):
            continue
        out[f.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):  # a nested part of a card (an ability)
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def facts_for(ids: Iterable[str], cards: Cards) -> dict[str, dict[str, Any]]:
    """Facts by id for every known id of ``ids`` (unknown ids are left out)."""
    out: dict[str, dict[str, Any]] = {}
    for cid in ids:
        if cid not in out and cid in cards:
            out[cid] = card_facts(cards.get(cid))
    return out
