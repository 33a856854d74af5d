"""Toy Race cards: the ``toy-cards`` file format (``{"format": "toy-cards", "cards": [{"id", "name", "value"}]}``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.ruleset import CardFileProblem

FORMAT = "toy-cards"
CARD_ID = re.compile(r"TR-\d\d")


@dataclass(frozen=True)
class ToyCard:
    id: str
    name: str
    value: int


class ToyCards(dict[str, ToyCard]):
    """A Toy Race card database: card id -> card (``card_id in cards`` tells a known id)."""

    name = "cards"


def parse_cards(document: Any, source: str = "cards") -> ToyCards:
    """One decoded ``toy-cards`` file; ``CardFileProblem`` names the card and the field it refuses."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise CardFileProblem(f"{source}: not a {FORMAT} file")
    cards = document.get("cards")
    if not isinstance(cards, list):
        raise CardFileProblem(f"{source}: 'cards' must be a list")
    db = ToyCards()
    db.name = str(document.get("set", source))
    for i, card in enumerate(cards):
        cid = card.get("id") if isinstance(card, dict) else None
        if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
            raise CardFileProblem(f"{source}: card {i}: 'id' must look like TR-01")
        value = card.get("value")
        if type(value) is not int or not 0 <= value <= 9:
            raise CardFileProblem(f"{source}: card {cid}: 'value' must be an integer 0–9")
        db[cid] = ToyCard(cid, str(card.get("name", cid)), value)
    return db
