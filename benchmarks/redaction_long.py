"""A longer redaction run than the suite's: all 1,000 self-play games of tests/engine/many_games.py (500 random,
500 greedy), each redacted as view 0, view 1 and public and checked (tests/tablelogs/redaction_check.py).

The suite (tests/tablelogs/test_redaction.py) checks the first 30 games of each policy; this checks --games
of each (default 500, all of them). Exit 1 on the first failure (an AssertionError naming the game).

Usage: python3 benchmarks/redaction_long.py [--games 500] [--processes 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package, when run from anywhere

from engine.pm.redact import VIEWS
from tests.tablelogs.test_redaction import redact_self_play_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games of each policy (at most 500)")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    checked = redact_self_play_games(args.games, args.processes)
    print(f"{checked} redacted views of {2 * args.games} games checked in {time.perf_counter() - start:.1f} s")
    return 0 if checked == 2 * args.games * len(VIEWS) else 1


if __name__ == "__main__":
    sys.exit(main())
