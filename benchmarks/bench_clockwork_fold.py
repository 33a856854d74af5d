"""Clockwork Memorion fold speed against python-chess replaying PGN games, same machine, same run.

Self-play logs (half random, half greedy) on the bundled set are written as JSON Lines; the engine's figure
times decoding them and folding every action with full rule checking (shape checks, card look-ups, every rule
of clockwork-memorion.md, interrupts and Recall Times included). python-chess's ``chess.pgn.read_game`` parses
SAN and checks every move of random games it generated itself, timed as in bench_fold_vs_chess.py. The ratio
(engine actions/s / chess plies/s) is printed; each side is the best of ``--repeat`` runs, interleaved, in CPU
time (the loop is fold_bench.py's, shared with bench_mahou_fold.py).

Usage (from the project root):
    PYTHONPATH=.:benchmarks python3 benchmarks/bench_clockwork_fold.py [--games 60] [--seed 1] [--repeat 3] [--json]

The build that ran is printed (and is ``build`` in the JSON): the compiled hot modules (mypyc, ``python tools/build_compiled.py``) when
their build matches the sources, else pure Python; ``PMEMO_PURE=1`` times pure Python (docs/compiled-build.md).
"""

from __future__ import annotations

from pathlib import Path

import fold_bench  # benchmarks/ is on the path

from engine.clockwork import BUILD
from engine.clockwork.cards import CwCardDB, parse_cards
from engine.clockwork.selfplay import play_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "clockwork"
bench_engine = fold_bench.bench_engine


def bundled() -> tuple[CwCardDB, list[list[str]]]:
    return fold_bench.bundled(FIXTURES, parse_cards)


def clockwork_logs(db: CwCardDB, decks: list[list[str]], n: int, seed: int) -> list[bytes]:
    """``n`` self-play games as JSON Lines texts."""
    return fold_bench.self_play_logs(play_game, db, decks, n, seed)


if __name__ == "__main__":
    fold_bench.main("clockwork-memorion-1", __doc__, FIXTURES, parse_cards, play_game, games=60, build=str(BUILD))
