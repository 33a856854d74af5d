"""Cut a precious-data card text into the text of each effect, in the order the reader lists them.

Walks the text with the reader's own pieces (:func:`engine.pm.cards.precious_text.leading_keywords` and
:func:`~engine.pm.cards.precious_text.body_parts`), so the texts line up with the effects it reads: the
Pinch-granted effects first, then the automatic and continuous effects of the main text, then one activated
effect per timing bracket. The [Backup] part comes apart: its condition and its granted text.
Nothing here is kept: the texts are read by the compiler and dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from engine.pm.cards.precious_text import (
    _drop_reminders,
    _tail,
    body_parts,
    condition_end,
    known_keyword,
    leading_keywords,
)


@dataclass
class Pieces:
    """The effect texts of one card (``effects`` lines up with ``Card.effects``)."""

    effects: list[str] = field(default_factory=list)
    backup_condition: str | None = None
    backup_text: str | None = None
    pinch: int | None = None  # the points a Pinch needs (its granted effects hold only then)


def _body(text: str, card_type: str) -> list[str]:
    """The effect texts after the keywords: the sentence groups, then the activated effects' segments."""
    _, groups, activated = body_parts(text, card_type)
    return ["。".join(group) for group in groups] + [segment.strip() for _, segment in activated]


def split(text: str | None, card_type: str) -> Pieces:
    """The effect texts of a card text (empty when it has none)."""
    pieces = Pieces()
    if not text or text.strip() in ("-", "－"):
        return pieces
    text = _drop_reminders(text)

    def marker(inner: str, end: int) -> int:
        word = unicodedata.normalize("NFKC", inner).strip()
        if not known_keyword(word):
            pieces.effects.append("")  # the reader's stand-in for a keyword it does not know (never compiled)
            return condition_end(text, end)
        if not word.startswith(("逆境", "支援")):
            return end
        tail_end = _tail(text, end)
        granted = text[end:tail_end]
        q = granted.find("「")
        if word.startswith("逆境"):
            inside = granted[q + 1: granted.rfind("」")] if q >= 0 else ""
            digits = re.sub(r"\D", "", word)
            pieces.pinch = int(digits) if digits else None
            if inside:
                pieces.effects += _body(inside, "chara")
        else:
            pieces.backup_condition = word[2:].lstrip(":").strip()
            pieces.backup_text = granted[q + 1: granted.rfind("」")] if q >= 0 else None
        return tail_end

    pos = leading_keywords(text, marker, lambda: None)
    pieces.effects += _body(text[pos:], card_type)
    return pieces
