"""The card page (``/cards/<id>``) over a large warehouse: its warehouse queries (``dashboards.entities.card_page``:
totals, metrics per ISO week with intervals, decks, the newest games where it was played) on synthesized rows
(``dashboards.synth``) of N games, i.e. 2N player-games. Goal: under 300 ms at 1M player-games (issue 22).

Run: ``python3 benchmarks/bench_card_page.py [--games 500000] [--runs 7]``. Prints JSON: per card (the most played,
a middling and a rare one), the first (cold) time and the median of the warm runs, in milliseconds of wall time, and
the warm median in CPU time of the process (all DuckDB threads: what the query costs when the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards.entities import card_page  # noqa: E402
from dashboards.filters import Filters  # noqa: E402
from dashboards.queries import connect  # noqa: E402
from dashboards.synth import synthesize  # noqa: E402

GOAL_MS = 300.0


def timed(folder: Path, card: str, runs: int) -> dict[str, float]:
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        with connect(folder) as con:
            body = card_page(con, card, "pm-2.22", Filters())
        times.append(1000 * (time.perf_counter() - start))
        cpu.append(1000 * (time.process_time() - start_cpu))
    return {"games": body["totals"]["games"], "cold_ms": round(times[0], 1),
            "warm_median_ms": round(statistics.median(times[1:] or times), 1),
            "warm_median_cpu_ms": round(statistics.median(cpu[1:] or cpu), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500_000, help="synthetic games (player-games: twice as many)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "wh"
        start = time.perf_counter()
        counts = synthesize(folder, args.games, seed=22)
        built = time.perf_counter() - start
        with connect(folder) as con:
            ranked = [r[0] for r in con.execute("SELECT card FROM card_games GROUP BY card ORDER BY count(*) DESC").fetchall()]
        picks = {"most played": ranked[0], "middling": ranked[len(ranked) // 2], "rare": ranked[-1]}
        results = {label: {"card": card, **timed(folder, card, args.runs)} for label, card in picks.items()}
    worst = max(r["warm_median_ms"] for r in results.values())
    print(json.dumps({"games": args.games, "player_games": counts.get("player_games"), "card_rows": counts.get("card_games"),
                      "synthesized_s": round(built, 1), "cards": results, "goal_ms": GOAL_MS,
                      "met": worst < GOAL_MS}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
