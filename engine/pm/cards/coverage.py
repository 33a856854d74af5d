"""Precious Memories' card coverage: per set, how many effects the engine verifies (``pmemo-replay cards coverage``).

Columns (README, "Card data"): ``cards``; ``effects`` (automatic, continuous and activated effects and [Backup],
keywords not counted); of them ``hand_scripted`` (the project's hand-written scripts), ``compiled`` (scripts the
text compiler wrote) and ``unverified`` (no script: applied as logged), which add up to ``effects``;
``compiler_also`` / ``compiler_same``: of the hand-scripted effects, how many the compiler also compiles and how many
it reproduces exactly (when the set's precious-data files are at hand); ``keywords`` (keywords read, 〔アクティブ〕
〔突破N〕...) of which ``keywords_unapplied`` (read, not applied: their uses are unverified); ``scripted_cards``: cards
with every effect scripted and no unapplied keyword; ``verified_cards``: of those, the cards whose current scripts
passed an independent read (docs/verification.md: the latest read of the current script digest says ``right``;
a card without effects has nothing to read).
"""

from __future__ import annotations

from typing import Any

from engine.pm.cards import Card, CardDB
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.verification import parse_records, verified

COLUMNS = ("cards", "effects", "hand_scripted", "compiled", "unverified", "compiler_also", "compiler_same", "keywords",
           "keywords_unapplied", "scripted_cards", "verified_cards")
_KEYWORDS = ("active", "break_", "level_up", "ex", "combo", "ignore", "pinch", "reinforcement", "free_entry", "forceful",
             "breakthrough", "endure")


def keywords(card: Card) -> int:
    """How many keywords were read on the card (〔アクティブ〕, 〔ブレイク〕, 〔天然X〕, 〔逆境X〕...)."""
    return sum(1 for k in _KEYWORDS if getattr(card, k) not in (None, False))


def _effects(card: Card) -> list[Any]:
    return [*card.effects, *([card.backup] if card.backup else [])]


def coverage(db: CardDB, compiled: CardDB | None = None, records: str | None = None) -> list[dict[str, Any]]:
    """Per set, the columns of :data:`COLUMNS`; ``compiled``: the same cards with compiled scripts only (for
    ``compiler_also`` / ``compiler_same``; 0 without it); ``records``: the text of the verification records
    (docs/verification.md; without it no card counts as verified)."""
    read = verified(db, parse_records(records)) if records is not None else set()
    rows: dict[str, dict[str, Any]] = {}
    for card in db:
        row = rows.setdefault(card.set_code, {"set": card.set_code, **dict.fromkeys(COLUMNS, 0)})
        effects = _effects(card)
        row["cards"] += 1
        row["effects"] += len(effects)
        hand = [k for k, e in enumerate(effects) if e.scripted and not e.compiled]
        row["hand_scripted"] += len(hand)
        row["compiled"] += sum(1 for e in effects if e.compiled)
        missing = sum(1 for e in effects if not e.scripted)
        row["unverified"] += missing
        row["keywords"] += keywords(card)
        row["keywords_unapplied"] += len(card.unverified_keywords)
        scripted = not missing and not card.unverified_keywords
        row["scripted_cards"] += scripted
        row["verified_cards"] += scripted and (not effects or card.id in read)
        other = compiled.get(card.id) if compiled is not None and card.id in compiled else None
        if other is not None and hand:
            theirs = _effects(other)
            if len(theirs) == len(effects):
                got = [theirs[k] for k in hand if theirs[k].compiled]
                row["compiler_also"] += len(got)
                row["compiler_same"] += sum(normalized(t) == normalized(effects[k]) for k, t in zip(
                    [k for k in hand if theirs[k].compiled], got, strict=True))
    return sorted(rows.values(), key=lambda r: r["set"])
