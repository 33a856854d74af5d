"""Genres, words, keywords, positions and op fields of clockwork-memorion.md §1.2, §3.1 and §8.1."""

from __future__ import annotations

import re

CARD_ID = re.compile(r"[A-Z][A-Z0-9]{1,4} [0-9]{3}")
EMOTIONS = ("joy", "anger", "pathos", "humor")
KEYWORDS = ("master", "endurance", "breakthrough", "rampage", "cannot_move")
ACTION_WORDS = ("summoned", "moving", "destroyed", "attacking", "blocking", "blocked", "dealt_successor",
                "dealt_ruler", "damaged", "acted", "ruler_damaged")
#: genre -> its closed word list (None: integers)
WORDS: dict[str, tuple[str, ...] | None] = {
    "potency": None, "efficacy": None, "action": ACTION_WORDS,
    "ability": ("master", "endurance", "breakthrough", "rampage"),
    "state": ("stand", "action"), "place": ("hand", "deck_top", "deck_bottom", "storage", "drop"),
}
NUMERIC = frozenset({"potency", "efficacy"})
#: genres whose two words exclude each other: the resolving action names the one used (§3.3)
EXCLUSIVE = frozenset({"state", "place"})
ZONES = ("zone:0", "zone:1", "zone:2", "zone:3")
POSITIONS = ("ruler", *ZONES)
PLACES = WORDS["place"]


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def word_ok(genre: str, word: object) -> bool:
    """Whether ``word`` is in ``genre``'s catalogue (HR 29)."""
    words = WORDS.get(genre, ())
    return is_int(word) if words is None else word in (words or ())


def zone_index(pos: str) -> int:
    return int(pos[5:])
