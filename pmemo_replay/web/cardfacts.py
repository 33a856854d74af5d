"""Card facts for the pages (hover details, tiles, narration); a card's text only when the card data the server
was given has it (the project ships none).

>>> from engine.pm.cards import Card
>>> facts = card_facts(Card(id="TST 01-001", name="Aki", series="Test", type="chara", color="red",
...                         cost=2, source=2, ap=30, dp=30, active=True, ignore=2))
>>> facts["name"], facts["ap"], facts["keywords"]
('Aki', 30, ['Active', 'Ignore 2'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from engine.pm.cards import Card, CardDB


def keywords(card: Card) -> list[str]:
    """The card's keywords in words (Active, Break, Level Up, EX, Combo, Reinforcement, Backup, ...)."""
    out: list[str] = []
    flags = (("Active", card.active), ("Break", card.break_), ("Level Up", card.level_up), ("EX", card.ex),
             ("Untargetable", card.untargetable), ("Backup", card.backup is not None))
    out.extend(word for word, on in flags if on)
    if card.ignore is not None:
        out.append(f"Ignore {card.ignore}")
    if card.pinch is not None:
        points, ap, dp = card.pinch
        out.append(f"Pinch {points}: {ap:+d}/{dp:+d}")
    if card.combo is not None:
        out.append(f"Combo {card.combo[0]}&{card.combo[1]}")
    if card.reinforcement is not None:
        out.append(f"Reinforcement ({card.reinforcement[0]}: {card.reinforcement[1]})")
    return out


def card_facts(card: Any) -> dict[str, Any]:
    """The facts shown for one card: for Precious Memories id, name, series, type, color, cost, source, AP/DP,
    properties, keywords; for another game's card (a dataclass) its fields (``meta`` left out, empty ones too)."""
    if not isinstance(card, Card):
        return other_facts(card)
    return {
        "id": card.id, "name": card.name, "series": card.series, "type": card.type, "color": card.color,
        "cost": card.cost, "source": card.source, "ap": card.ap, "dp": card.dp, "properties": list(card.properties),
        "keywords": keywords(card), "timing": str(card.timing) if card.timing else None,
        **({"text": card.text} if card.text and card.text.strip() not in ("", "-") else {}),
    }


def other_facts(card: Any) -> dict[str, Any]:
    """Another game's card as JSON-ready facts: every field but ``meta``, without the unset ones.

    >>> from engine.mahou.cards import MsCard
    >>> other_facts(MsCard(id="MSJ 001", name="Hana", type="hero", hp=4, atk=1))
    {'id': 'MSJ 001', 'name': 'Hana', 'type': 'hero', 'hp': 4, 'atk': 1, 'mgk': 0, 'cost': 0, 'conditions': {}}
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


def facts_for(ids: Iterable[str], cards: CardDB) -> dict[str, dict[str, Any]]:
    """Facts by id for every known id of ``ids`` (unknown ids are left out)."""
    out: dict[str, dict[str, Any]] = {}
    for cid in ids:
        if cid not in out and cid in cards:
            out[cid] = card_facts(cards.get(cid))
    return out
