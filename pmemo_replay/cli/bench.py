"""``pmemo-replay bench fold LOGDIR``: time parsing and folding logs with full rule checking."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.fold import fold
from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import LogError, parse_log


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("bench", help="benchmarks", description="Benchmarks of the engine.")
    inner = p.add_subparsers(dest="bench", required=True, metavar="WHAT")
    f = inner.add_parser(
        "fold", help="time parsing and folding every log in LOGDIR",
        description="Read every .json/.jsonl log in LOGDIR into memory, then time parsing and folding them "
        "through the engine with full rule checking.",
    )
    f.add_argument("logdir", metavar="LOGDIR")
    add_cards_option(f)
    f.add_argument("--json", action="store_true", help="print one JSON object")
    f.set_defaults(run=run_fold)


def log_texts(folder: Path) -> list[bytes]:
    """Every log file below ``folder`` (sorted), read into memory."""
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())
    return [p.read_bytes() for p in files]


def bench_fold(texts: list[bytes], cards: Any, clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Parse and fold every text; the figures ``bench fold`` reports. ``cards``: a card library or one game's card
    database (each log folds with its game's); ``clock``: wall time, or ``time.process_time`` for CPU time."""
    actions = 0
    games = 0
    start = clock()
    for text in texts:
        try:
            log = parse_log(text)
        except LogError:
            continue
        fold(log.header, log.actions, cards_for(cards, ruleset_name(log.header)), keep_trails=False)
        games += 1
        actions += len(log.actions)
    seconds = clock() - start
    return {"games": games, "actions": actions, "seconds": round(seconds, 6),
            "actions_per_second": round(actions / seconds, 1) if seconds > 0 else 0.0}


def run_fold(args: argparse.Namespace) -> int:
    folder = Path(args.logdir)
    if not folder.is_dir():
        print(f"pmemo-replay bench fold: {folder} is not a folder", file=sys.stderr)
        return 2
    cards = library_from(args)
    report = bench_fold(log_texts(folder), cards)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} games, {report['actions']} actions in {report['seconds']:.3f} s: "
              f"{report['actions_per_second']:.0f} actions/s")
    return 0
