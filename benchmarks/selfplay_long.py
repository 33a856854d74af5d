"""The long self-play runs kept out of the suite: 1,000 MHK games with the real scripted effects
(tests/cards/test_selfplay_effects.py plays 300) and 500 self-play games of each policy re-checked by the fold
(tests/engine/test_selfplay_many.py plays 150 of each), and 500 Mahou Shoujo games of each policy
(tests/mahou/test_selfplay.py plays 150 of each). Every game must re-check legal; exit 1 otherwise.

Usage: python3 benchmarks/selfplay_long.py [--mhk-games 1000] [--games 500] [--mahou-games 500]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package, when run from anywhere

from tests.cards.test_selfplay_effects import play_mhk_games
from tests.engine.many_games import LONG_GAMES, POLICIES
from tests.engine.test_selfplay_many import refold_many_games
from tests.mahou import test_selfplay as mahou


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mhk-games", type=int, default=1000, help="MHK games with scripted effects")
    parser.add_argument("--games", type=int, default=LONG_GAMES, help="self-play games of each policy")
    parser.add_argument("--mahou-games", type=int, default=mahou.LONG_GAMES, help="Mahou games of each policy")
    args = parser.parse_args()
    print(play_mhk_games(args.mhk_games))
    for policy in POLICIES:
        start = time.perf_counter()
        reasons = refold_many_games(policy, args.games)
        print(f"{args.games} {policy} self-play games made and re-checked legal in "
              f"{time.perf_counter() - start:.1f} s; results {reasons}")
    for policy in ("random", "greedy"):
        start = time.perf_counter()
        reasons = mahou.refold_many_games(policy, args.mahou_games)
        print(f"{args.mahou_games} Mahou Shoujo {policy} games made and re-checked legal in "
              f"{time.perf_counter() - start:.1f} s; results {reasons}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
