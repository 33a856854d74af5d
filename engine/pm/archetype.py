"""Deck archetypes (metrics.md, "Deck statistics"): the main series plus the colors holding at least 8 cards.

>>> from engine.pm.cards import Card, CardDB
>>> def c(i, color, series="Mahouka"):
...     return Card(id=i, name=i, series=series, type="chara", color=color, cost=1, source=1)
>>> db = CardDB([c("MHK 01-001", "red"), c("MHK 01-002", "blue"), c("MHK 01-003", "green"), c("ZZZ 01-001", "red", "Other")])
>>> archetype(["MHK 01-001"] * 20 + ["MHK 01-002"] * 8 + ["MHK 01-003"] * 7 + ["ZZZ 01-001"] * 25, db)
'MHK red-blue'
>>> archetype(["MHK 01-003"] * 7, db)
'MHK'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.pm.cards import COLORS, CardDB, UnknownCard

MIN_COLOR_CARDS = 8
UNKNOWN = "unknown"


def _facts(card_id: str, cards: CardDB) -> tuple[str, str, str]:
    """(series key, set code, color) of a card; an id the card data lacks counts under its own set code."""
    try:
        card = cards.get(card_id)
    except UnknownCard:
        code = card_id.split(" ", 1)[0]
        return code, code, UNKNOWN
    return cards.series_key(card.series), card.set_code, card.color


def archetype(deck: Iterable[str], cards: CardDB) -> str:
    """``"<set code> <colors>"``: the series with the most cards (ties: alphabetical), shown by the set code most
    of its cards carry (ties: alphabetical), then the colors with at least 8 cards in the order red, blue, yellow,
    green, purple (nothing when no color has 8). Every copy counts."""
    facts = [_facts(card_id, cards) for card_id in deck]
    if not facts:
        return UNKNOWN
    series = Counter(f[0] for f in facts)
    main = min(series, key=lambda s: (-series[s], s))
    codes = Counter(f[1] for f in facts if f[0] == main)
    code = min(codes, key=lambda s: (-codes[s], s))
    colors = Counter(f[2] for f in facts)
    held = [color for color in COLORS if colors[color] >= MIN_COLOR_CARDS]
    return f"{code} {'-'.join(held)}" if held else code
