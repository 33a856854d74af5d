"""Load card data from native and precious-data files and folders."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.pm.cards import CardDB
from engine.pm.cards.errors import card_error
from engine.pm.cards.native import FORMAT, parse_native
from engine.pm.cards.precious import is_precious, parse_precious

BUNDLED = Path(__file__).resolve().parents[2] / "fixtures" / "cards"
#: precious-data files read through ``load_cards`` (``--cards``) get compiled scripts for the effects without a hand-written
#: one (engine.pm.cards.compiler); an effect whose phrasing is not understood stays unverified
COMPILE = True


def _is_native(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def _read(p: Path) -> Any:
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise card_error(str(p), "", "", f"cannot read JSON: {exc}") from None


def _precious(data: Any) -> bool:
    return is_precious(data) or (isinstance(data, list) and bool(data) and all(map(is_precious, data)))


def load_file(path: str | Path, *, hand_scripts: bool = True) -> CardDB:
    """Read one file, native (``"format": "pmemo-cards"``) or precious-data (``hand_scripts``: with the project's
    hand-written scripts where it has them, else compiled only)."""
    p = Path(path)
    data = _read(p)
    if _is_native(data):
        return parse_native(data, str(p))
    if _precious(data):
        db = parse_precious([(str(p), data)], name=p.stem, compile=COMPILE)
        return with_hand_scripts(db) if hand_scripts else db
    raise card_error(str(p), "", "", "neither a pmemo-cards file nor precious-data card data")


def _load_path(path: Path, *, hand_scripts: bool) -> list[CardDB]:
    """A file, or a folder's files: its precious-data files read together (one set: properties split against the
    folder's own, engine.pm.cards.properties), each native file on its own."""
    files = card_files(path)
    if len(files) == 1:
        return [load_file(files[0], hand_scripts=hand_scripts)]
    out, precious = [], []
    for file in files:
        data = _read(file)
        if _is_native(data):
            out.append(parse_native(data, str(file)))
        elif _precious(data):
            precious.append((str(file), data))
        else:
            raise card_error(str(file), "", "", "neither a pmemo-cards file nor precious-data card data")
    if precious:
        db = parse_precious(precious, name=path.stem, compile=COMPILE)
        out.insert(0, with_hand_scripts(db) if hand_scripts else db)
    return out


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


def load_cards(paths: Sequence[str | Path], *, hand_scripts: bool = True) -> CardDB:
    """Read every path (a file, or a folder read recursively) into one :class:`CardDB`.

    Each ``.json`` file is detected on its own as native or precious-data; later paths
    override cards with the same id (a folder's native files override its precious-data ones); series groups are
    merged. ``hand_scripts=False``: precious-data cards keep their compiled scripts only.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    db = CardDB(name=Path(paths[0]).stem if len(paths) == 1 else "cards")
    for path in paths:
        for part in _load_path(Path(path), hand_scripts=hand_scripts):
            db.merge(part)
    return db


SCRIPTED = BUNDLED / "scripted"


@functools.cache
def hand_scripted() -> CardDB:
    """The cards with the project's hand-written effect scripts (``fixtures/cards/scripted/``)."""
    return load_cards(sorted(SCRIPTED.glob("*.json")))


def with_hand_scripts(db: CardDB) -> CardDB:
    """``db`` (read from precious-data files) with the hand-written scripts of the cards that have some, by id:
    the same card read from the community files or from the bundled data is then verified the same way. A card
    whose effects do not line up with the hand-scripted one (another count) keeps its own."""
    hand = hand_scripted()
    for card in list(db):
        known = hand.get(card.id) if card.id in hand else None
        if known is None or len(known.effects) != len(card.effects) or (known.backup is None) != (card.backup is None):
            continue
        db.add(replace(card, effects=known.effects, backup=known.backup))
    return db


@functools.cache
def bundled_cards(scripted: bool = True) -> CardDB:
    """The cards shipped in ``fixtures/cards/`` (cached: do not modify the result).

    By default the real sets carry their hand-written effect scripts (``fixtures/cards/scripted/``), so
    their effects are verified; ``scripted=False`` gives the bare facts, whose effects are applied as
    logged and marked unverified.
    """
    files = [f for f in sorted(BUNDLED.glob("*.json")) if f.is_file()]
    if scripted:
        files += sorted(SCRIPTED.glob("*.json"))
    return load_cards(files)
