"""Card data of every game: files read by their ``format``, a library of one card database per ruleset.

A card file's ``format`` tells its game: ``ms-cards`` is Mahou Shoujo's (read by the ruleset's own pure
``parse_cards``); ``pmemo-cards`` and precious-data files are Precious Memories' (pmemo_replay.cards). A game
without a file given gets its bundled set.

>>> lib = CardLibrary()
>>> "KRM 001" in lib.for_ruleset("mahou-shoujo-1"), "MHK ST-001" in lib.for_ruleset("pm-2.22")
(True, True)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.pm.cards.errors import card_error
from engine.ruleset import CardFileProblem
from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.cards import CardDataError, bundled_cards, load_file
from pmemo_replay.cards.loader import card_files
from pmemo_replay.logio import DEFAULT_RULESET

ROOT = Path(__file__).resolve().parents[2]


def ruleset_for_format(fmt: Any) -> Any:
    """The ruleset that reads card files of ``format`` ``fmt`` with its own ``parse_cards``, or None."""
    for ruleset in RULESETS.values():
        if getattr(ruleset, "parse_cards", None) is not None and fmt in ruleset.card_formats:
            return ruleset
    return None


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise card_error(str(path), "", "", f"cannot read JSON: {exc}") from None


def read_card_file(path: Path) -> tuple[str, Any]:
    """``(ruleset name, card database)`` of one card file, its game told by its ``format``."""
    data = _read_json(path)
    ruleset = ruleset_for_format(data.get("format")) if isinstance(data, dict) else None
    if ruleset is None:
        return DEFAULT_RULESET, load_file(path)
    try:
        return ruleset.name, ruleset.parse_cards(data, str(path))
    except CardFileProblem as err:
        raise card_error(str(path), "", "", str(err)) from None


@functools.cache
def bundled_for(name: str) -> Any:
    """The bundled card set of ruleset ``name`` (cached: do not modify it)."""
    if name == DEFAULT_RULESET:
        return bundled_cards()
    ruleset = get_ruleset(name)
    files = [f for entry in ruleset.bundled_cards for f in card_files(ROOT / entry)]
    return ruleset.merge_cards(ruleset.parse_cards(_read_json(f), str(f)) for f in files)


class CardLibrary:
    """One card database per ruleset: those given, else the game's bundled set (read on first use)."""

    def __init__(self, given: Mapping[str, Any] | None = None) -> None:
        self.given: dict[str, Any] = dict(given or {})

    def for_ruleset(self, name: str) -> Any:
        found = self.given.get(name)
        return found if found is not None else bundled_for(name)

    @property
    def pm(self) -> Any:
        """Precious Memories' card database (what the service's older paths take)."""
        return self.for_ruleset(DEFAULT_RULESET)

    def __reduce__(self) -> Any:  # worker processes get the given databases; bundled sets load there again
        return (CardLibrary, (self.given,))


def load_library(paths: Sequence[str | Path]) -> CardLibrary:
    """Every path (a file, or a folder read recursively) read by its format and merged per game."""
    found: dict[str, list[Any]] = {}
    for path in paths:
        for file in card_files(Path(path)):
            name, db = read_card_file(file)
            found.setdefault(name, []).append(db)
    return CardLibrary({name: get_ruleset(name).merge_cards(dbs) if len(dbs) > 1 else dbs[0]
                        for name, dbs in found.items()})


def library_of(cards: Any) -> CardLibrary:
    """A library from what a caller holds: a library as is, a game's card database for that game, None: bundled."""
    if isinstance(cards, CardLibrary):
        return cards
    if cards is None:
        return CardLibrary()
    for ruleset in RULESETS.values():
        if ruleset.owns_cards(cards):
            return CardLibrary({ruleset.name: cards})
    raise TypeError(f"not card data: {type(cards).__name__}")


def cards_for(cards: Any, name: str) -> Any:
    """The card database ruleset ``name`` folds with: from a library, the database given when it is that game's,
    else that game's bundled set (``UnknownRuleset`` for a name the engine does not have)."""
    if isinstance(cards, CardLibrary):
        return cards.for_ruleset(name)
    ruleset = get_ruleset(name)
    if cards is not None and ruleset.owns_cards(cards):
        return cards
    return bundled_for(name)


__all__ = ["CardDataError", "CardLibrary", "bundled_for", "cards_for", "library_of", "load_library"]
