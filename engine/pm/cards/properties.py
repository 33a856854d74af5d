"""Properties the community files ran together: '制服魔術師お嬢様' for 【制服】【魔術師】【お嬢様】 (GRAN ST-015..018).

The vocabulary is what the same card folder lists apart (the properties of cards with two or more); a property
not in it that is the concatenation of two or more of its words, in exactly one way, is split into them. Anything
else is left as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from engine.pm.cards import Card


def vocabulary(cards: Iterable[Card]) -> frozenset[str]:
    """The properties listed apart: those of cards with two or more."""
    return frozenset(p for c in cards if len(c.properties) > 1 for p in c.properties)


def segmentations(word: str, vocab: frozenset[str], limit: int = 2) -> list[list[str]]:
    """Ways (at most ``limit``) to write ``word`` as known words, longest first at each point."""
    out: list[list[str]] = []

    def walk(pos: int, parts: list[str]) -> None:
        if len(out) >= limit:
            return
        if pos == len(word):
            out.append(list(parts))
            return
        for end in range(len(word), pos, -1):
            if word[pos:end] in vocab:
                walk(end, [*parts, word[pos:end]])

    walk(0, [])
    return out


def split_run_together(cards: Sequence[Card]) -> list[Card]:
    """``cards`` with run-together properties split against the folder's own vocabulary."""
    vocab = vocabulary(cards)
    out = []
    for card in cards:
        props: list[str] = []
        for p in card.properties:
            ways = [] if p in vocab else segmentations(p, vocab)
            props += ways[0] if len(ways) == 1 and len(ways[0]) > 1 else [p]
        out.append(card if props == list(card.properties) else replace(card, properties=tuple(props)))
    return out
