"""Independent reads of effect scripts (docs/verification.md): who read which card's script, with what verdict.

Each record is one row of a Markdown table in that file::

    | card | script | verdict | reader | date | note |
    | MHK 01-050 | 3f1c2a9b0d4e | right | reviewer-b | 2026-11-27 | ... |

``script`` is :func:`script_digest` of the card's text as the engine ran it when it was read (so a verdict never outlives the
script it judged: a changed script needs a new read), ``verdict`` one of ``right``, ``wrong``, ``doubtful``,
``date`` an ISO date. A card counts as verified when its latest record for its current script says ``right``.

>>> from engine.pm.cards.verification import VERDICTS
>>> VERDICTS
('right', 'wrong', 'doubtful')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from engine.pm.cards import Card, CardDB
from engine.pm.cards.digest import digest

VERDICTS = ("right", "wrong", "doubtful")
COLUMNS = ("card", "script", "verdict", "reader", "date", "note")
_CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]* [A-Za-z0-9]+-[0-9]+[a-z]?$")
_DIGEST = re.compile(r"^[0-9a-f]{12}$")


class VerificationError(ValueError):
    """A record row that cannot be read (named by file and line)."""


@dataclass(frozen=True)
class Record:
    card: str
    script: str
    verdict: str
    reader: str
    date: date
    note: str
    line: int


def script_digest(card: Card) -> str:
    """12 hex digits naming everything of the card's text the engine runs (format 2, :mod:`engine.pm.cards.digest`):
    each effect's and the Backup's kind, timing, costs, trigger, optional, once per turn, targets, condition and steps,
    and the card's keywords, Pinch, Event timings and use condition."""
    return digest(card)


def parse_records(text: str, source: str = "docs/verification.md") -> list[Record]:
    """The record rows of the file's tables (rows whose first cell is a card id); a bad row is an error."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        if not cells or not _CARD_ID.match(cells[0]):
            continue
        if len(cells) != len(COLUMNS):
            raise VerificationError(f"{source}:{n}: a record has {len(COLUMNS)} cells ({', '.join(COLUMNS)}); "
                                    f"this row has {len(cells)}")
        card, digest, verdict, reader, when, note = cells
        if not _DIGEST.match(digest):
            raise VerificationError(f"{source}:{n}: script {digest!r} is not 12 hex digits (script_digest)")
        if verdict not in VERDICTS:
            raise VerificationError(f"{source}:{n}: verdict {verdict!r} is not one of {', '.join(VERDICTS)}")
        if not reader:
            raise VerificationError(f"{source}:{n}: the reader is missing")
        try:
            day = date.fromisoformat(when)
        except ValueError:
            raise VerificationError(f"{source}:{n}: date {when!r} is not an ISO date (YYYY-MM-DD)") from None
        out.append(Record(card, digest, verdict, reader, day, note, n))
    return out


def latest(records: Iterable[Record], card: Card) -> Record | None:
    """The last record (by date, then by line) of ``card`` for its current script."""
    digest = script_digest(card)
    mine = [r for r in records if r.card == card.id and r.script == digest]
    return max(mine, key=lambda r: (r.date, r.line)) if mine else None


def verified(cards: CardDB, records: Iterable[Record]) -> set[str]:
    """The ids of the cards whose current script passed an independent read (latest verdict ``right``)."""
    rows = list(records)
    by_card = {r.card for r in rows}
    out = set()
    for card in cards:
        if card.id in by_card:
            rec = latest(rows, card)
            if rec is not None and rec.verdict == "right":
                out.add(card.id)
    return out
