"""Card data of every game: files read by their game's ruleset, a library of one card database per ruleset.

A card file's game is told by its ``format`` (``ms-cards`` is Mahou Shoujo's, ``pmemo-cards`` Precious Memories')
or, for a file without one, by a ruleset's ``card_format_of`` (Precious Memories' community precious-data files,
one card per file); the ruleset parses the decoded JSON (``parse_cards``, or ``parse_card_set`` for a folder's
files read as one set) and this module reads the files. A game without a file given gets its bundled set, with its
``script_cards`` laid over it.

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

from engine.ruleset import CardFileProblem
from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.logio import DEFAULT_RULESET

ROOT = Path(__file__).resolve().parents[2]
#: a card file that cannot be read, or that its game refuses (the message names the file, the card and the field)
CardDataError = CardFileProblem
Documents = list[tuple[str, Any]]


def card_error(source: str, where: str, field: str, problem: str) -> CardFileProblem:
    """A :data:`CardDataError` from its parts (empty parts are left out)."""
    return CardFileProblem(": ".join([*(p for p in (source, where, field) if p), problem]))


def ruleset_for_format(fmt: Any) -> Any:
    """The ruleset that reads card files of ``format`` ``fmt``, or None."""
    for ruleset in RULESETS.values():
        if getattr(ruleset, "parse_cards", None) is not None and fmt in ruleset.card_formats:
            return ruleset
    return None


def ruleset_for_document(data: Any) -> Any:
    """The ruleset a decoded card file belongs to: by its ``format``, else by a ruleset recognising its shape."""
    found = ruleset_for_format(data.get("format")) if isinstance(data, dict) else None
    if found is not None:
        return found
    for ruleset in RULESETS.values():
        sniff = getattr(ruleset, "card_format_of", None)
        if sniff is not None and getattr(ruleset, "parse_cards", None) is not None and sniff(data) is not None:
            return ruleset
    return None


def card_files(path: Path) -> list[Path]:
    """The card files at ``path``: the file itself, or every .json file below a folder (sorted)."""
    if not path.exists():
        raise card_error(str(path), "", "", "no such file or folder")
    if not path.is_dir():
        return [path]
    files = sorted(f for f in path.rglob("*.json") if f.is_file())
    if not files:
        raise card_error(str(path), "", "", "no .json files in this folder")
    return files


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise card_error(str(path), "", "", f"cannot read JSON: {exc}") from None
    except RecursionError:  # (a "meta" of 100,000 nested lists) as a log that nests too deeply is refused
        raise card_error(str(path), "", "", "the file nests lists or objects too deeply to be a card file") from None


def read_documents(path: str | Path) -> Documents:
    """``(source, decoded JSON)`` of every card file at ``path`` (a file, or a folder read recursively)."""
    return [(str(f), _read_json(f)) for f in card_files(Path(path))]


def readable_documents(ruleset: Any, path: str | Path) -> tuple[Documents, list[str]]:
    """For a report that measures a folder rather than plays a game with it: the decoded files at ``path`` that its
    game reads together as one set, and for each file left out, a line naming it and why (it is not JSON, or the
    game refuses it: :class:`CardDataError`'s message names the file, the card and the field). A problem that names
    no single file of the folder is raised as it is."""
    documents: Documents = []
    problems: list[str] = []
    for f in card_files(Path(path)):
        try:
            documents.append((str(f), _read_json(f)))
        except CardFileProblem as err:
            problems.append(str(err))
    while documents:
        try:
            parse_set(ruleset, documents, Path(path).stem, scripts=False)
            break
        except CardFileProblem as err:
            message = str(err)
            bad = next((doc for doc in documents if message.startswith(f"{doc[0]}: ")), None)
            if bad is None:
                raise
            problems.append(message)
            documents = [doc for doc in documents if doc is not bad]
    return documents, problems


def _named(err: CardFileProblem, documents: Documents) -> CardFileProblem:
    message = str(err)
    if any(message.startswith(source) for source, _ in documents) or len(documents) != 1:
        return err
    return card_error(documents[0][0], "", "", message)


def parse_set(ruleset: Any, documents: Documents, name: str, *, scripts: bool = True) -> Any:
    """One card database of a game's decoded files read as one set (``scripts``: with its ``script_cards`` laid
    over, for a game that has them)."""
    try:
        together = getattr(ruleset, "parse_card_set", None)
        if together is not None:
            return together(documents, name, scripts_for(ruleset.name) if scripts else None)
        dbs = [ruleset.parse_cards(data, source) for source, data in documents]
        return dbs[0] if len(dbs) == 1 else ruleset.merge_cards(dbs)
    except CardFileProblem as err:
        raise _named(err, documents) from None
    except RecursionError:  # a decoded document nesting deeper than a reader can walk
        where = documents[0][0] if len(documents) == 1 else name
        raise card_error(where, "", "", "the card data nests lists or objects too deeply") from None


@functools.cache
def scripts_for(name: str) -> Any:
    """The card database of ruleset ``name``'s ``script_cards`` (hand-written scripts), None when it has none."""
    ruleset = get_ruleset(name)
    entries = getattr(ruleset, "script_cards", ())
    if not entries:
        return None
    documents = [doc for entry in entries for doc in read_documents(ROOT / entry)]
    return parse_set(ruleset, documents, "scripted", scripts=False)


@functools.cache
def bundled_for(name: str, scripted: bool = True) -> Any:
    """The bundled card set of ruleset ``name`` (cached: do not modify it); ``scripted``: with the game's
    ``script_cards`` laid over it (they win on a repeated id)."""
    ruleset = get_ruleset(name)
    files = [f for entry in ruleset.bundled_cards for f in card_files(ROOT / entry)]
    parts = [parse_set(ruleset, [(str(f), _read_json(f))], f.stem, scripts=False) for f in files]
    scripts = scripts_for(name) if scripted else None
    return ruleset.merge_cards([*parts, *([scripts] if scripts is not None else [])])


def load_set(name: str, paths: Sequence[str | Path], *, scripts: bool = True) -> Any:
    """Every path (a file, or a folder read as one set) read as ruleset ``name``'s cards into one database (later
    paths win on a repeated id)."""
    ruleset = get_ruleset(name)
    parts = [parse_set(ruleset, read_documents(path), Path(path).stem, scripts=scripts) for path in paths]
    return parts[0] if len(parts) == 1 else ruleset.merge_cards(parts)


def load_readable(name: str, paths: Sequence[str | Path], *, scripts: bool = True) -> tuple[Any, list[str]]:
    """As :func:`load_set`, for a report: a file the game cannot read is left out (:func:`readable_documents`) and
    named, with why, in the lines returned beside the database."""
    ruleset = get_ruleset(name)
    parts, problems = [], []
    for path in paths:
        documents, left_out = readable_documents(ruleset, path)
        problems += left_out
        if documents:
            parts.append(parse_set(ruleset, documents, Path(path).stem, scripts=scripts))
    if not parts:
        raise card_error(", ".join(map(str, paths)), "", "", "no readable card file")
    return (parts[0] if len(parts) == 1 else ruleset.merge_cards(parts)), problems


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


#: the sets :func:`load_library` read, by path and the (name, mtime, size) of each of its files: a process that reads
#: the same unchanged files again (a test suite's forked commands, a server's reload) parses them once
_READ_SETS: dict[tuple[str, tuple[tuple[str, int, int], ...]], dict[str, Any]] = {}
_READ_SETS_KEPT = 16


def _file_stamps(path: Path) -> tuple[tuple[str, int, int], ...]:
    stamps = []
    for f in card_files(path):  # (its errors name the path as given)
        stat = f.stat()
        stamps.append((str(f.resolve()), stat.st_mtime_ns, stat.st_size))
    return tuple(stamps)


def _read_set(path: str | Path) -> dict[str, Any]:
    """Each game's card database of the files at ``path`` (a file, or a folder read as one set per game)."""
    key = (str(Path(path).resolve()), _file_stamps(Path(path)))
    cached = _READ_SETS.get(key)
    if cached is not None:
        return cached
    by_game: dict[str, tuple[Any, Documents]] = {}
    for source, data in read_documents(path):
        ruleset = ruleset_for_document(data)
        if ruleset is None:
            raise card_error(source, "", "", "not a card file of any game this server knows (its \"format\")")
        by_game.setdefault(ruleset.name, (ruleset, []))[1].append((source, data))
    parsed = {name: parse_set(ruleset, documents, Path(path).stem) for name, (ruleset, documents) in by_game.items()}
    if len(_READ_SETS) >= _READ_SETS_KEPT:
        _READ_SETS.pop(next(iter(_READ_SETS)))
    _READ_SETS[key] = parsed
    return parsed


def load_library(paths: Sequence[str | Path]) -> CardLibrary:
    """Every path (a file, or a folder read recursively: each game's files in it read as one set) read by its
    game and merged per game (the databases of an unchanged path read before are shared: do not modify them)."""
    found: dict[str, list[Any]] = {}
    for path in paths:
        for name, db in _read_set(path).items():
            found.setdefault(name, []).append(db)
    return CardLibrary({name: get_ruleset(name).merge_cards(dbs) if len(dbs) > 1 else dbs[0]
                        for name, dbs in found.items()})


def served_library(paths: Sequence[str | Path]) -> CardLibrary:
    """The card data a server reads: each game's bundled set with the files ``paths`` name laid over it (they win on
    a repeated id: a card's own text, which the bundled data leave out, shows on its page), so that every game stored
    on the bundled data still reads."""
    given = load_library(paths).given
    return CardLibrary({name: get_ruleset(name).merge_cards([bundled_for(name), db]) for name, db in given.items()})


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


__all__ = ["CardDataError", "CardLibrary", "bundled_for", "cards_for", "library_of", "load_library", "load_set",
           "read_documents"]
