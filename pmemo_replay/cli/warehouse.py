"""``pmemo-replay warehouse update|rebuild|info``: the analytics warehouse (a Parquet projection of the store)."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from pmemo_replay.cli.common import add_cards_option
from pmemo_replay.cli.statsopts import add_warehouse_option, refresh, warehouse_of
from pmemo_replay.cli.storeopts import add_db_option


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("warehouse", help="update, rebuild or describe the analytics warehouse",
                       description="The warehouse is a hive-partitioned Parquet projection of the store that the statistics "
                       "read with DuckDB. `update` projects the games stored since the last update (import and uploads do "
                       "this already), `rebuild` projects every game again into an emptied warehouse, `info` shows its state.")
    p.add_argument("action", choices=("update", "rebuild", "info"))
    add_db_option(p)
    add_warehouse_option(p)
    add_cards_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from dashboards.warehouse import read_state

    folder = warehouse_of(args)
    if args.action == "info":
        state = read_state(folder)
        body = {"folder": str(folder), **{k: v for k, v in asdict(state).items() if k != "cards"}, "cards": len(state.cards)}
        print(json.dumps(body, ensure_ascii=False) if args.json else
              f"{folder}: {state.projected} game(s) projected up to game id {state.watermark}, "
              f"{state.left_out} left out (unfinished or refused); updated {state.updated_at or 'never'}")
        return 0
    report = refresh(args, folder, rebuild=args.action == "rebuild")
    if args.json:
        print(json.dumps({"folder": str(folder), **report.to_json()}, ensure_ascii=False))
    else:
        print(f"{folder}: {report.projected} game(s) projected, {report.left_out} left out; "
              f"{report.state.projected} in the warehouse")
    return 0
