"""``pmemo-replay warehouse update|rebuild|aggregate|info|verify``: the analytics warehouse (a Parquet projection of the store)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pmemo_replay.cli.common import add_cards_option
from pmemo_replay.cli.statsopts import add_warehouse_option, refresh, warehouse_of
from pmemo_replay.cli.storeopts import add_db_option, open_store

if TYPE_CHECKING:
    from dashboards.warehouse import Verification

SHOWN_IDS = 50  # ids listed in the readable output of ``verify`` (--json lists them all)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("warehouse", help="update, rebuild, describe or verify the analytics warehouse",
                       description="The warehouse is a hive-partitioned Parquet projection of the store that the statistics "
                       "read with DuckDB. `update` projects the stored games it lacks (import and uploads do this already), "
                       "`rebuild` projects every game again into an emptied warehouse, `aggregate` updates it and pre-aggregates the card "
                       "counts for large warehouses (dashboards.aggregates; from then on every update keeps them current, "
                       "counting only the new games and the games hidden or shown since), `info` shows its state, `verify` "
                       "compares its games with the store's finished games (exit 0 when they match exactly, 1 otherwise).")
    p.add_argument("action", choices=("update", "rebuild", "aggregate", "info", "verify"))
    add_db_option(p)
    add_warehouse_option(p)
    add_cards_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from dashboards.warehouse import read_state, verify_warehouse

    folder = warehouse_of(args)
    if args.action == "info":
        state = read_state(folder)
        rulesets = rulesets_in(folder)
        body = {"folder": str(folder), "games": state.covered, "watermark": state.watermark, "projected": state.projected,
                "left_out": state.left_out, "refused": state.refused, "updated_at": state.updated_at, "store": state.store,
                "cards": len(state.cards), "rulesets": rulesets}
        shown = ", ".join(f"{name} {n}" for name, n in rulesets.items()) or "none"
        print(json.dumps(body, ensure_ascii=False) if args.json else
              f"{folder}: {state.covered} stored game(s) taken in (ids up to {state.watermark}), {state.projected} projected, "
              f"{state.left_out} left out (unfinished or refused); updated {state.updated_at or 'never'}; "
              f"finished games by ruleset: {shown}")
        return 0
    if args.action == "verify":
        with open_store(args.db) as store:
            found = verify_warehouse(store, folder)
        print(json.dumps({"folder": str(folder), **found.to_json()}) if args.json else "\n".join(verify_lines(folder, found)))
        return 0 if found.ok else 1
    report = refresh(args, folder, rebuild=args.action == "rebuild")
    if args.action == "aggregate":
        from dashboards.aggregates import aggregate_rows, keep_aggregates

        done = keep_aggregates(folder)  # counts only what changed when the warehouse keeps them already
        rows = aggregate_rows(folder)
        print(json.dumps({"folder": str(folder), "aggregate_rows": rows, "aggregates": done.to_json(), **report.to_json()},
                         ensure_ascii=False) if args.json
              else f"{folder}: {report.state.projected} game(s) in the warehouse, {rows} aggregate row(s) "
                   f"({'counted from all the rows' if done.full else f'{done.parts_added} new part file(s) counted'})")
        return 0
    if args.json:
        print(json.dumps({"folder": str(folder), **report.to_json()}, ensure_ascii=False))
    else:
        print(f"{folder}: {report.projected} game(s) projected, {report.left_out} left out; "
              f"{report.state.projected} in the warehouse")
    return 0


def rulesets_in(folder: Path) -> dict[str, int]:
    """Finished games per ruleset in the warehouse at ``folder`` (none when it holds no games)."""
    from dashboards.queries import connect, games_by_ruleset

    if not folder.is_dir():
        return {}
    with connect(folder) as con:
        return games_by_ruleset(con)


def _ids(ids: Sequence[int]) -> str:
    shown = ", ".join(map(str, ids[:SHOWN_IDS]))
    return shown + (f", ... ({len(ids) - SHOWN_IDS} more)" if len(ids) > SHOWN_IDS else "")


def verify_lines(folder: Path, found: Verification) -> list[str]:
    """The readable report of ``warehouse verify``."""
    verdict = "they match" if found.ok else "they DIFFER"
    lines = [f"{folder}: store {found.store_games} finished game(s) ({found.unfinished} unfinished, never projected); "
             f"warehouse {found.warehouse_games} game(s): {verdict}"]
    if found.missing:
        lines.append(f"missing from the warehouse ({len(found.missing)}): {_ids(found.missing)}")
    if found.refused:
        lines.append(f"  of which left out by the projection (refused; see the log): {_ids(found.refused)}")
    if found.extra:
        lines.append(f"in the warehouse but not among the store's finished games ({len(found.extra)}): {_ids(found.extra)}")
    if found.doubled:
        lines.append(f"more than once in the warehouse ({len(found.doubled)}): {_ids(found.doubled)}")
    return lines
