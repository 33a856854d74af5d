"""Precious Memories' card data where the service and its tools want it by name: its bundled set, and card files
read through its ruleset (the reader is the game's own, engine/pm/cards; the files are read by
pmemo_replay.games.cards like every game's).

>>> from pmemo_replay.cards import bundled_cards
>>> bundled_cards().get("MHK ST-001").name
'司波 達也'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pmemo_replay.games.cards import CardDataError, bundled_for, load_set, scripts_for
from pmemo_replay.logio import DEFAULT_RULESET


def bundled_cards(scripted: bool = True) -> Any:
    """The cards shipped in ``fixtures/cards/`` (cached: do not modify the result). By default the real sets carry
    their hand-written effect scripts (``fixtures/cards/scripted/``), so their effects are verified;
    ``scripted=False`` gives the bare facts, whose effects are applied as logged and marked unverified."""
    return bundled_for(DEFAULT_RULESET, scripted)


def hand_scripted() -> Any:
    """The cards with the project's hand-written effect scripts (``fixtures/cards/scripted/``)."""
    return scripts_for(DEFAULT_RULESET)


def load_cards(paths: Sequence[str | Path] | str | Path, *, hand_scripts: bool = True) -> Any:
    """Read every path (a file, or a folder read recursively as one set) into one card database: native and
    precious-data files told apart on their own, later paths winning on a repeated id; ``hand_scripts=False``:
    precious-data cards keep their compiled scripts only."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    return load_set(DEFAULT_RULESET, list(paths), scripts=hand_scripts)


def load_file(path: str | Path, *, hand_scripts: bool = True) -> Any:
    """Read one file, native (``"format": "pmemo-cards"``) or precious-data."""
    return load_set(DEFAULT_RULESET, [path], scripts=hand_scripts)


__all__ = ["CardDataError", "bundled_cards", "hand_scripted", "load_cards", "load_file"]
