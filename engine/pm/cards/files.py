"""Precious Memories' card files, already decoded (the service reads the JSON): native ``pmemo-cards`` files
(``"format": "pmemo-cards"``) and community precious-data files (one card object, or a list of them, told by
their shape), read as one set, with the project's hand-written scripts laid over the cards that have some.

>>> card_format_of({"format": "pmemo-cards", "version": 1, "cards": []}), card_format_of({"format": "ms-cards"})
('pmemo-cards', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.pm.cards import CardDB
from engine.pm.cards.errors import card_error
from engine.pm.cards.native import FORMAT, parse_native
from engine.pm.cards.precious import is_precious, parse_precious

PRECIOUS = "precious-data"
#: precious-data files get compiled scripts for the effects without a hand-written one (engine.pm.cards.compiler);
#: an effect whose phrasing is not understood stays unverified
COMPILE = True


def card_format_of(data: Any) -> str | None:
    """``"pmemo-cards"`` or ``"precious-data"`` for a decoded file of this game, else None."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return FORMAT
    if is_precious(data) or (isinstance(data, list) and bool(data) and all(map(is_precious, data))):
        return PRECIOUS
    return None


def with_hand_scripts(db: CardDB, hand: CardDB) -> CardDB:
    """``db`` (read from precious-data files) with the hand-written scripts of ``hand`` (the project's scripted
    cards), by id: the same card read from the community files or from the bundled data is then verified the same
    way. A card whose effects do not line up with the hand-scripted one (another count) keeps its own."""
    for card in list(db):
        known = hand.get(card.id) if card.id in hand else None
        if known is None or len(known.effects) != len(card.effects) or (known.backup is None) != (card.backup is None):
            continue
        db.add(replace(card, effects=known.effects, backup=known.backup))
    return db


def parse_documents(documents: Sequence[tuple[str, Any]], name: str, *, hand: CardDB | None = None,
                    compile: bool = COMPILE) -> CardDB:
    """One card database of decoded files ``(source, document)``: the precious-data ones read together (one set:
    properties split against its own, series grouped) with ``hand``'s scripts laid over, then each native file
    (a later file wins on a repeated id). ``CardDataError`` names the file, the card and the field."""
    natives, precious = [], []
    for source, data in documents:
        fmt = card_format_of(data)
        if fmt == FORMAT:
            natives.append(parse_native(data, source))
        elif fmt == PRECIOUS:
            precious.append((source, data))
        else:
            raise card_error(source, "", "", "neither a pmemo-cards file nor precious-data card data")
    parts = natives
    if precious:
        db = parse_precious(precious, name=name, compile=compile)
        parts = [db if hand is None else with_hand_scripts(db, hand), *natives]
    if len(parts) == 1:
        return parts[0]
    merged = CardDB(name=name)
    for part in parts:
        merged.merge(part)
    return merged
