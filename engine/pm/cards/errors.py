"""The one error Precious Memories' card readers raise (a :class:`engine.ruleset.CardFileProblem`)."""

from __future__ import annotations

from engine.ruleset import CardFileProblem


class CardDataError(CardFileProblem):
    """Card data that cannot be read.

    The message names the file, the card (index and id) and the field, e.g.
    ``"cards.json: cards[3] (TST 01-004): color: 'pink' is not one of red, ..."``.
    """


def card_error(source: str, where: str, field: str, problem: str) -> CardDataError:
    """Build a :class:`CardDataError` from its parts (empty parts are left out)."""
    parts = [p for p in (source, where, field) if p]
    return CardDataError(": ".join([*parts, problem]))
