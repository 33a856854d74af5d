"""Precious Memories' card files read straight from disk for the tests (the engine's readers take decoded JSON;
the service reads files through pmemo_replay.games.cards)."""

from __future__ import annotations

from pathlib import Path

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import SetReport
from engine.pm.cards.compile_measure import measure as measure_set
from engine.pm.cards.native import parse_native
from engine.pm.cards.precious import parse_precious
from pmemo_replay.cards import hand_scripted
from pmemo_replay.games.cards import read_documents


def read_precious(path: str | Path, *, compile: bool = False) -> CardDB:
    """One precious-data file, or every ``*.json`` under a folder; ``compile``: with compiled scripts."""
    return parse_precious(read_documents(path), name=Path(path).stem, compile=compile)


def read_native(path: str | Path) -> CardDB:
    """One ``pmemo-cards`` file."""
    ((source, data),) = read_documents(path)
    return parse_native(data, source)


def measure(folder: str | Path) -> SetReport:
    """The compiler on one precious-data folder against the project's hand scripts."""
    return measure_set(read_precious(folder, compile=True), Path(folder).name, hand_scripted())
