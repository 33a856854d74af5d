"""Precious Memories' card files read straight from disk for the tests (the engine's readers take decoded JSON;
the service reads files through pmemo_replay.games.cards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.pm.cards import CardDB, Effect
from engine.pm.cards.compile_measure import SetReport, normalized
from engine.pm.cards.compile_measure import measure as measure_set
from engine.pm.cards.native import parse_native
from engine.pm.cards.precious import parse_precious, precious_card
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


def made_up_effect(text: str, kind: str = "キャラクター") -> Effect:
    """The last effect of a made-up card (a test's own phrasing, no real card's text) with ``text``, compiled."""
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": kind, "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    return precious_card(data, compile=True).effects[-1]


def made_up_script(text: str, kind: str = "キャラクター") -> dict[str, Any] | None:
    """The last effect of a made-up card, normalized (None: not compiled)."""
    eff = made_up_effect(text, kind)
    return normalized(eff) if eff.compiled else None
