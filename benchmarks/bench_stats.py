"""Card statistics over the warehouse at scale: DuckDB (the project's query) against pandas on the same Parquet files.

The warehouse rows are synthesized with numpy straight into the warehouse layout (``benchmarks.synth``)
instead of simulating every game through the engine, which would take hours at a million games.

DuckDB: ``dashboards.queries.card_stats`` end to end (connect, views over the Parquet files, the covers
count, the grouped counts, names, rates, Wilson intervals, empirical Bayes). pandas, on the same files and
with the same rates/intervals code afterwards, two ways:

- ``pandas (per card)``: the natural pandas version: read ``card``, ``flags``, ``points``, ``turn_played``
  and aggregate per card with boolean masks for the opening-hand/seen/played buckets;
- ``pandas (key plan)``: DuckDB's own plan: read ``key`` and ``turn_played`` and group on the key.

Both pandas results are checked equal to DuckDB's; above ``--pandas-max`` games (whose full scan would not fit
in memory in pandas) they are checked on a one-week sample (``SAMPLE``) instead and not timed. The deck
(archetype), matchup and trend queries are timed too.

Unless ``--no-aggregates``, the card rows are first scanned as they are (timed), then pre-aggregated
(``dashboards.aggregates``, timed) and the DuckDB figures are from the aggregates, which the pandas check then
proves equal to the row-level answer.

Every step (synthesis; row scan; aggregation; DuckDB; pandas) runs in a forked child process, whose peak resident memory
(``ru_maxrss`` from ``wait4``) is reported. Synthesis writes a run of part files per ``--chunk`` games, so its
memory does not grow with the total. DuckDB runs with the project's settings (``dashboards.duckconf``: memory
limit and spill folder, from the environment).

Run: ``python3 benchmarks/bench_stats.py [--games 100000,1000000] [--chunk 200000] [--pandas-max 1000000]``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
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

from benchmarks.synth import CHUNK, synthesize  # noqa: E402
from dashboards.aggregates import aggregates_current, build_aggregates, keep_aggregates  # noqa: E402
from dashboards.filters import Filters  # noqa: E402
from dashboards.hidden import read_hidden, write_hidden  # noqa: E402
from dashboards.queries import card_names, card_result, card_stats, connect, covers, fold_counts, run_stat  # noqa: E402
from dashboards.schema import IN_OPENING, PLAYED, SEEN  # noqa: E402

FILTERED = {"from": "2026-03-01", "to": "2026-05-31", "first": "1"}
SAMPLE = {"from": "2026-03-02", "to": "2026-03-08"}
OTHER_KINDS = ("decks", "matchups", "trends")
GOAL_OTHER_SECONDS = 2.0
GOAL_SECONDS = 1.0
GOAL_RATIO = 10.0


def duckdb_cards(folder: Path, f: Filters) -> dict[str, Any]:
    with connect(folder) as con:
        return card_stats(con, f)


def _pandas_frame(folder: Path, columns: list[str], f: Filters) -> pd.DataFrame:
    """The card rows the filters keep, hidden games left out (pyarrow pushes the filters into the Parquet scan)."""
    filters: list[tuple[str, str, Any]] = []
    start, end, inclusive = f.bounds()
    if start is not None:
        filters.append(("played_at", ">=", start))
    if end is not None:
        filters.append(("played_at", "<=" if inclusive else "<", end))
    if f.first is not None:
        filters.append(("went_first", "==", f.first))
    hidden = read_hidden(folder)
    if hidden:  # the games hidden (``--hide``) are left out, as the statistics leave them out
        filters.append(("game_id", "not in", list(hidden)))
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


def in_child(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` run in a forked child process; its result and the child's peak resident memory in MB."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send the pickled result, leave without cleanup
        code = 0
        try:
            data = pickle.dumps(("ok", fn()))
        except BaseException as err:  # reported by the parent
            data, code = pickle.dumps(("error", repr(err))), 1
        with os.fdopen(write, "wb") as out:
            out.write(data)
        os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as inp:
        data = inp.read()
    _, status, usage = os.wait4(pid, 0)
    if not data:
        raise SystemExit(f"a benchmark step died (wait status {status})")
    kind, result = pickle.loads(data)
    if kind != "ok":
        raise SystemExit(f"a benchmark step failed: {result}")
    return result, round(usage.ru_maxrss / 1024, 1)


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


def _rows_step(folder: Path, repeat: int) -> dict[str, float]:
    """Card statistics (all, filtered) scanning the card rows (before the aggregates are built): medians."""
    out = {}
    for label, f in (("all", Filters()), ("filtered", Filters.parse(FILTERED))):
        duckdb_cards(folder, f)
        out[label] = statistics.median(timed(lambda f=f: duckdb_cards(folder, f), repeat)[0])
    return out


def _aggregate_step(folder: Path) -> tuple[int, float]:
    start = time.perf_counter()
    rows = build_aggregates(folder)
    return rows, time.perf_counter() - start


def _increment_step(folder: Path, hide: int) -> dict[str, Any]:
    """Hide ``hide`` games, then bring the aggregates up to date incrementally (the new part files and the hidden games)."""
    write_hidden(folder, range(1, hide + 1))
    done = keep_aggregates(folder)
    if done.full or not aggregates_current(folder):
        raise SystemExit("the aggregates were not brought up to date incrementally")
    return done.to_json()


def _duckdb_step(folder: Path, repeat: int) -> dict[str, Any]:
    """Card statistics (all, filtered, and the pandas sample) and the other queries, first run and median."""
    out: dict[str, Any] = {}
    for label, f in (("all", Filters()), ("filtered", Filters.parse(FILTERED)), ("sample", Filters.parse(SAMPLE))):
        cold, _ = timed(lambda f=f: duckdb_cards(folder, f), 1)
        warm, duck = timed(lambda f=f: duckdb_cards(folder, f), repeat)
        out[label] = {"result": duck, "first": cold[0], "median": statistics.median(warm), "min": min(warm)}
    for kind in OTHER_KINDS:
        def query(kind: str = kind) -> Any:
            with connect(folder) as con:
                return run_stat(con, kind, Filters())
        cold, _ = timed(query, 1)
        warm, _ = timed(query, repeat)
        out[kind] = {"first": cold[0], "median": statistics.median(warm), "min": min(warm)}
    return out


def _pandas_step(folder: Path, labels: tuple[str, ...], repeat: int) -> dict[str, Any]:
    filters = {"all": Filters(), "filtered": Filters.parse(FILTERED), "sample": Filters.parse(SAMPLE)}
    out = {}
    for label in labels:
        f = filters[label]
        per_card, pd1 = timed(lambda f=f: pandas_per_card(folder, f), repeat)
        key_plan, pd2 = timed(lambda f=f: pandas_key_plan(folder, f), repeat)
        out[label] = {"per_card": (statistics.median(per_card), pd1), "key_plan": (statistics.median(key_plan), pd2)}
    return out


def run(games: int, folder: Path, repeat: int, pandas_repeat: int, chunk: int = CHUNK, pandas_max: int = 1_000_000,
        aggregate: bool = True, increment: int = 0, hide: int = 0) -> dict[str, Any]:
    start = time.perf_counter()
    rows, synth_mb = in_child(lambda: synthesize(folder, games, seed=games, chunk=chunk))
    made = time.perf_counter() - start
    out: dict[str, Any] = {"games": games, **rows, "synthesize_seconds": round(made, 1), "synthesize_peak_mb": synth_mb}
    if aggregate:
        scan, scan_mb = in_child(lambda: _rows_step(folder, repeat))
        (agg_rows, agg_seconds), agg_mb = in_child(lambda: _aggregate_step(folder))
        out |= {"rows_scan": {k: round(v, 3) for k, v in scan.items()}, "rows_scan_peak_mb": scan_mb, "aggregate_rows": agg_rows,
                "aggregate_seconds": round(agg_seconds, 1), "aggregate_peak_mb": agg_mb}
        if increment:  # new games and hidden ones after the aggregates were built: the checks below cover them
            in_child(lambda: synthesize(folder, increment, seed=games + 1, chunk=chunk, first=games + 1))
            update, update_mb = in_child(lambda: _increment_step(folder, hide))
            out |= {"increment": {"games": increment, "hidden": hide, **update}, "increment_peak_mb": update_mb}
    duck, duck_mb = in_child(lambda: _duckdb_step(folder, repeat))
    full = games <= pandas_max
    labels = ("all", "filtered") if full else ("sample",)
    pandas, pandas_mb = in_child(lambda: _pandas_step(folder, labels, pandas_repeat))
    out |= {"duckdb_peak_mb": duck_mb, "pandas_peak_mb": pandas_mb, "pandas_checked_on": "all" if full else f"sample {SAMPLE}"}
    for label in labels:
        (p1, pd1), (p2, pd2) = pandas[label]["per_card"], pandas[label]["key_plan"]
        if not (same(duck[label]["result"], pd1) and same(duck[label]["result"], pd2)):
            raise SystemExit(f"{label}: pandas and DuckDB disagree")
    out["sample_rows_checked"] = len(duck["sample"]["result"]["rows"]) if not full else None
    for label in ("all", "filtered"):
        d = duck[label]
        r = {"rows": len(d["result"]["rows"]), "player_games": d["result"]["covers"]["player_games"],
             "duckdb_first": round(d["first"], 3), "duckdb_median": round(d["median"], 3), "duckdb_min": round(d["min"], 3)}
        if full:
            p1, p2 = pandas[label]["per_card"][0], pandas[label]["key_plan"][0]
            r |= {"pandas_per_card": round(p1, 3), "pandas_key_plan": round(p2, 3), "ratio_per_card": round(p1 / d["median"], 1),
                  "ratio_key_plan": round(p2 / d["median"], 1)}
        out[label] = r
    for kind in OTHER_KINDS:
        out[kind] = {k: round(v, 3) for k, v in duck[kind].items()}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="100000,1000000", help="comma-separated game counts (default: 100000,1000000)")
    parser.add_argument("--repeat", type=int, default=5, help="DuckDB runs per query (median reported)")
    parser.add_argument("--pandas-repeat", type=int, default=2, help="pandas runs per query")
    parser.add_argument("--chunk", type=int, default=CHUNK, help=f"games per run of synthesized part files (default {CHUNK:,})")
    parser.add_argument("--pandas-max", type=int, default=1_000_000,
                        help="above this many games pandas checks a one-week sample only (default 1,000,000)")
    parser.add_argument("--no-aggregates", action="store_true", help="scan the card rows only (no pre-aggregates)")
    parser.add_argument("--increment", type=int, default=0, metavar="N",
                        help="after building the aggregates, add N synthesized games and hide --hide games, and update the "
                        "aggregates incrementally (timed); the queries and checks then cover them")
    parser.add_argument("--hide", type=int, default=0, metavar="N", help="games hidden with --increment (ids 1..N)")
    parser.add_argument("--dir", help="keep the synthesized warehouses here (default: a temporary folder)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per size")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(args.dir or tmp)
        for games in (int(g) for g in args.games.split(",")):
            result = run(games, base / f"games-{games}", args.repeat, args.pandas_repeat, args.chunk, args.pandas_max,
                         not args.no_aggregates, args.increment, args.hide)
            if args.json:
                print(json.dumps(result))
                continue
            print(f"{games:,} games: {result['player_games']:,} player-games, {result['card_games']:,} card rows "
                  f"(synthesized in {result['synthesize_seconds']} s); peak memory MB: synthesis {result['synthesize_peak_mb']}, "
                  f"DuckDB {result['duckdb_peak_mb']}, pandas {result['pandas_peak_mb']} (pandas checked on {result['pandas_checked_on']})")
            if "rows_scan" in result:
                scan = result["rows_scan"]
                print(f"  row scan before aggregating: all {scan['all']:.3f} s, filtered {scan['filtered']:.3f} s "
                      f"(peak {result['rows_scan_peak_mb']} MB); aggregates: {result['aggregate_rows']:,} rows built in "
                      f"{result['aggregate_seconds']} s (peak {result['aggregate_peak_mb']} MB); the figures below use them")
            if "increment" in result:
                inc = result["increment"]
                print(f"  then {inc['games']:,} new games and {inc['hidden']:,} hidden: aggregates updated incrementally in "
                      f"{inc['seconds']} s (read {inc['rows_read_from']} row part files, wrote {inc['files_written']} files; "
                      f"peak {result['increment_peak_mb']} MB); the figures below include them")
            for label in ("all", "filtered"):
                r = result[label]
                goal = "met" if r["duckdb_median"] < GOAL_SECONDS else "not met"
                line = (f"  {label:8} DuckDB {r['duckdb_median']:.3f} s (first {r['duckdb_first']:.3f}, min {r['duckdb_min']:.3f}; "
                        f"< {GOAL_SECONDS:.0f} s {goal})")
                if "pandas_per_card" in r:
                    line += (f" | pandas per card {r['pandas_per_card']:.3f} s = {r['ratio_per_card']}x | "
                             f"pandas key plan {r['pandas_key_plan']:.3f} s = {r['ratio_key_plan']}x")
                print(line)
            for kind in OTHER_KINDS:
                r = result[kind]
                goal = "met" if r["median"] < GOAL_OTHER_SECONDS else "not met"
                print(f"  {kind:8} DuckDB {r['median']:.3f} s (first {r['first']:.3f}, min {r['min']:.3f}; "
                      f"< {GOAL_OTHER_SECONDS:.0f} s {goal})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
