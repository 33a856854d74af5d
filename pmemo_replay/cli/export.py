"""``pmemo-replay export cards|warehouse --out PATH``: card statistics as CSV, or the warehouse as Parquet."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pmemo_replay.cli.statsopts import add_filter_options, add_source_options, current_warehouse, filters_from


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("export", help="export card statistics (CSV) or the warehouse (Parquet)",
                       description="`export cards --out FILE.csv [filters]`: the card statistics of metrics.md as CSV, each "
                       "interval as <x>_ci_low and <x>_ci_high columns. `export warehouse --out DIR`: the warehouse as a "
                       "Parquet dataset for other engines (games, player_games and card_games hive-partitioned by month, "
                       "cards/cards.parquet); DIR must be new or empty.")
    p.add_argument("what", choices=("cards", "warehouse"))
    p.add_argument("--out", required=True, metavar="PATH", help="the CSV file (cards; - for standard output) or a folder (warehouse)")
    add_source_options(p)
    add_filter_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from dashboards.export import cards_csv, export_warehouse
    from dashboards.queries import statistics

    f = filters_from(args)
    folder = current_warehouse(args)
    if args.what == "cards":
        text = cards_csv(statistics(folder, "cards", f)["rows"])
        if args.out == "-":
            sys.stdout.write(text)
        else:
            Path(args.out).write_text(text, "utf-8")
            print(f"wrote {text.count(chr(10)) - 1} card row(s) to {args.out}")
        return 0
    if f.to_json():
        print("pmemo-replay: export warehouse takes no filters (it exports everything)", file=sys.stderr)
        return 2
    try:
        counts = export_warehouse(folder, args.out)
    except FileExistsError as err:
        print(f"pmemo-replay: {err}", file=sys.stderr)
        return 2
    print(f"exported to {args.out}: " + ", ".join(f"{n} {name} row(s)" for name, n in counts.items()))
    return 0
