"""Card statistics over the warehouse at scale: DuckDB (the project's query) against pandas on the same Parquet files.

The warehouse rows are synthesized with numpy straight into the warehouse layout (``dashboards.synth``)
instead of simulating every game through the engine, which would take hours at a million games.

DuckDB: ``dashboards.queries.card_stats`` end to end (connect, views over the Parquet files, the covers
count, the grouped counts, names, rates, Wilson intervals, empirical Bayes). pandas, on the same files and
with the same rates/intervals code afterwards, two ways:

- ``pandas (per card)``: the natural pandas version: read ``card``, ``flags``, ``points``, ``turn_played``
  and aggregate per card with boolean masks for the opening-hand/seen/played buckets;
- ``pandas (key plan)``: DuckDB's own plan: read ``key`` and ``turn_played`` and group on the key.

Both pandas results are checked equal to DuckDB's. Run: ``python3 benchmarks/bench_stats.py [--games 100000,1000000]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards.filters import Filters  # noqa: E402
from dashboards.queries import card_names, card_result, card_stats, connect, covers, fold_counts  # noqa: E402
from dashboards.schema import IN_OPENING, PLAYED, SEEN  # noqa: E402
from dashboards.synth import synthesize  # noqa: E402

FILTERED = {"from": "2026-03-01", "to": "2026-05-31", "first": "1"}
GOAL_SECONDS = 1.0
GOAL_RATIO = 10.0


def duckdb_cards(folder: Path, f: Filters) -> dict[str, Any]:
    with connect(folder) as con:
        return card_stats(con, f)


def _pandas_frame(folder: Path, columns: list[str], f: Filters) -> pd.DataFrame:
    """The card rows the filters keep (pyarrow pushes the date and seat filters into the Parquet scan)."""
    filters: list[tuple[str, str, Any]] = []
    start, end, inclusive = f.bounds()
    if start is not None:
        filters.append(("played_at", ">=", start))
    if end is not None:
        filters.append(("played_at", "<=" if inclusive else "<", end))
    if f.first is not None:
        filters.append(("went_first", "==", f.first))
    if f.event or f.ruleset or f.player or f.archetype:
        raise SystemExit("the pandas versions here take date and first filters only")
    return pd.read_parquet(folder / "card_games", columns=columns, filters=filters or None)


def _covers_and_names(folder: Path, f: Filters) -> tuple[dict[str, int], dict[int, str], dict[str, str | None]]:
    with connect(folder) as con:
        codes, names = card_names(con)
        return covers(con, f), codes, names


def pandas_per_card(folder: Path, f: Filters) -> dict[str, Any]:
    """metrics.md per card with pandas boolean masks (the way one writes it in pandas)."""
    df = _pandas_frame(folder, ["card", "flags", "points", "turn_played"], f)
    score = df["points"] / 2
    oh, seen, played = (df["flags"] & IN_OPENING) > 0, (df["flags"] & SEEN) > 0, (df["flags"] & PLAYED) > 0
    agg = pd.DataFrame({"card": df["card"], "score": score, "oh": oh, "oh_s": score * oh, "gih": seen, "gih_s": score * seen,
                        "pl": played, "pl_s": score * played, "turn": df["turn_played"].astype("int64")})
    g = agg.groupby("card", observed=True, sort=False).agg(
        games=("score", "size"), gp=("score", "sum"), oh_n=("oh", "sum"), oh=("oh_s", "sum"), gih_n=("gih", "sum"),
        gih=("gih_s", "sum"), played_n=("pl", "sum"), played=("pl_s", "sum"), turns=("turn", "sum"))
    counts = [{"card": str(card), **{k: (int(v) if k.endswith(("_n", "games", "turns")) else float(v)) for k, v in row.items()}}
              for card, row in g.iterrows()]
    cover, _, names = _covers_and_names(folder, f)
    return card_result(f, cover, counts, names)


def pandas_key_plan(folder: Path, f: Filters) -> dict[str, Any]:
    """DuckDB's plan in pandas: group on the aggregation key, fold in Python."""
    df = _pandas_frame(folder, ["key", "turn_played"], f)
    g = df.groupby("key", sort=False).agg(n=("key", "size"), turns=("turn_played", "sum"))
    cover, codes, names = _covers_and_names(folder, f)
    groups = sorted((int(k), int(n), int(t)) for k, n, t in zip(g.index, g["n"], g["turns"], strict=True))
    return card_result(f, cover, fold_counts(groups, codes), names)


def timed(fn: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return times, result


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal card rows (floats to 1e-9)."""
    def norm(body: dict[str, Any]) -> list[Any]:
        return [{k: round(v, 9) if isinstance(v, float) else [round(x, 9) for x in v] if isinstance(v, list) else v
                 for k, v in r.items()} for r in body["rows"]]
    return a["covers"] == b["covers"] and norm(a) == norm(b)


def run(games: int, folder: Path, repeat: int, pandas_repeat: int) -> dict[str, Any]:
    start = time.perf_counter()
    rows = synthesize(folder, games, seed=games)
    made = time.perf_counter() - start
    out: dict[str, Any] = {"games": games, **rows, "synthesize_seconds": round(made, 1)}
    for label, f in (("all", Filters()), ("filtered", Filters.parse(FILTERED))):
        cold, _ = timed(lambda f=f: duckdb_cards(folder, f), 1)
        warm, duck = timed(lambda f=f: duckdb_cards(folder, f), repeat)
        per_card, pd1 = timed(lambda f=f: pandas_per_card(folder, f), pandas_repeat)
        key_plan, pd2 = timed(lambda f=f: pandas_key_plan(folder, f), pandas_repeat)
        if not (same(duck, pd1) and same(duck, pd2)):
            raise SystemExit(f"{label}: pandas and DuckDB disagree")
        d = statistics.median(warm)
        p1, p2 = statistics.median(per_card), statistics.median(key_plan)
        out[label] = {"rows": len(duck["rows"]), "player_games": duck["covers"]["player_games"], "duckdb_first": round(cold[0], 3),
                      "duckdb_median": round(d, 3), "duckdb_min": round(min(warm), 3), "pandas_per_card": round(p1, 3),
                      "pandas_key_plan": round(p2, 3), "ratio_per_card": round(p1 / d, 1), "ratio_key_plan": round(p2 / d, 1)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="100000,1000000", help="comma-separated game counts (default: 100000,1000000)")
    parser.add_argument("--repeat", type=int, default=5, help="DuckDB runs per query (median reported)")
    parser.add_argument("--pandas-repeat", type=int, default=2, help="pandas runs per query")
    parser.add_argument("--dir", help="keep the synthesized warehouses here (default: a temporary folder)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per size")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(args.dir or tmp)
        for games in (int(g) for g in args.games.split(",")):
            result = run(games, base / f"games-{games}", args.repeat, args.pandas_repeat)
            if args.json:
                print(json.dumps(result))
                continue
            print(f"{games:,} games: {result['player_games']:,} player-games, {result['card_games']:,} card rows "
                  f"(synthesized in {result['synthesize_seconds']} s)")
            for label in ("all", "filtered"):
                r = result[label]
                goal = "met" if r["duckdb_median"] < GOAL_SECONDS else "not met"
                print(f"  {label:8} DuckDB {r['duckdb_median']:.3f} s (first {r['duckdb_first']:.3f}, min {r['duckdb_min']:.3f}; "
                      f"< {GOAL_SECONDS:.0f} s {goal}) | pandas per card {r['pandas_per_card']:.3f} s = {r['ratio_per_card']}x | "
                      f"pandas key plan {r['pandas_key_plan']:.3f} s = {r['ratio_key_plan']}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
