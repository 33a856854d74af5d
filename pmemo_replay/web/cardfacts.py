"""Card facts for the pages (hover details, tiles, narration); a card's text only when the card data the server
was given has it (the project ships none).

>>> from engine.cards import Card
>>> facts = card_facts(Card(id="TST 01-001", name="Aki", series="Test", type="chara", color="red",
...                         cost=2, source=2, ap=30, dp=30, active=True, ignore=2))
>>> facts["name"], facts["ap"], facts["keywords"]
('Aki', 30, ['Active', 'Ignore 2'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.cards import Card, CardDB


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


def card_facts(card: Card) -> dict[str, Any]:
    """The facts shown for one card (id, name, series, type, color, cost, source, AP/DP, properties, keywords)."""
    return {
        "id": card.id, "name": card.name, "series": card.series, "type": card.type, "color": card.color,
        "cost": card.cost, "source": card.source, "ap": card.ap, "dp": card.dp, "properties": list(card.properties),
        "keywords": keywords(card), "timing": str(card.timing) if card.timing else None,
        **({"text": card.text} if card.text and card.text.strip() not in ("", "-") else {}),
    }


def facts_for(ids: Iterable[str], cards: CardDB) -> dict[str, dict[str, Any]]:
    """Facts by id for every known id of ``ids`` (unknown ids are left out)."""
    out: dict[str, dict[str, Any]] = {}
    for cid in ids:
        if cid not in out and cid in cards:
            out[cid] = card_facts(cards.get(cid))
    return out
