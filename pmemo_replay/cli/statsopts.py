"""Options of the commands that read the warehouse (``stats``, ``export``, ``warehouse``): filters and folders."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pmemo_replay.cli.common import add_cards_option, cards_from
from pmemo_replay.cli.storeopts import add_db_option, open_store

if TYPE_CHECKING:
    from dashboards.filters import Filters
    from dashboards.warehouse import UpdateReport
    from pmemo_replay.store import Store


def add_warehouse_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--warehouse", metavar="DIR", help="the analytics warehouse folder (default: $PMEMO_WAREHOUSE, else a "
                        "folder beside the store: instance/warehouse for the default SQLite store)")


def add_source_options(parser: argparse.ArgumentParser) -> None:
    """``--db``, ``--warehouse``, ``--cards``, ``--rebuild`` and ``--no-update``."""
    add_db_option(parser)
    add_warehouse_option(parser)
    add_cards_option(parser)
    parser.add_argument("--rebuild", action="store_true", help="rebuild the warehouse from the store first")
    parser.add_argument("--no-update", action="store_true",
                        help="read the warehouse as it is (the store is not opened; e.g. a copied warehouse)")


def add_filter_options(parser: argparse.ArgumentParser) -> None:
    """The metrics.md filters."""
    g = parser.add_argument_group("filters (metrics.md)")
    g.add_argument("--from", dest="date_from", metavar="DATE", help="played on or after (ISO UTC date or date-time; not after --to)")
    g.add_argument("--to", dest="date_to", metavar="DATE", help="played on or before (a date, also 20261101: that whole UTC day)")
    g.add_argument("--event", metavar="NAME")
    g.add_argument("--ruleset", metavar="NAME")
    g.add_argument("--player", metavar="NAME", help="only this player's player-games")
    g.add_argument("--archetype", metavar="NAME", help='the player\'s deck archetype, e.g. "MHK red-blue"')
    g.add_argument("--first", choices=("0", "1"), help="1: only player-games going first; 0: going second")
    g.add_argument("--min-games", "--min_games", dest="min_games", type=int, metavar="N", help="drop rows with fewer games")
    g.add_argument("--regular-only", action="store_true",
                   help="leave out games stored as played with irregular actions (docs/as-played.md)")


def filters_from(args: argparse.Namespace) -> Filters:
    """The filters the options give; exits 2 on a bad value."""
    from dashboards.filters import FilterError, Filters

    values = {"from": args.date_from, "to": args.date_to, "event": args.event, "ruleset": args.ruleset, "player": args.player,
              "archetype": args.archetype, "first": args.first, "min_games": args.min_games,
              "regular_only": "1" if getattr(args, "regular_only", False) else None}
    try:
        return Filters.parse(values)
    except FilterError as err:
        print(f"pmemo-replay: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def warehouse_of(args: argparse.Namespace) -> Path:
    """The warehouse folder the options name (``--warehouse``, ``PMEMO_WAREHOUSE``, beside ``--db``)."""
    from dashboards.location import warehouse_folder

    return warehouse_folder(args.warehouse, args.db)


def current_warehouse(args: argparse.Namespace) -> Path:
    """The warehouse folder, brought up to date with the store first (rebuilt with ``--rebuild``)."""
    folder = warehouse_of(args)
    if getattr(args, "no_update", False):
        if not folder.is_dir():
            print(f"pmemo-replay: no warehouse at {folder}", file=sys.stderr)
            raise SystemExit(2)
        return folder
    refresh(args, folder, rebuild=getattr(args, "rebuild", False))
    return folder


def keep_current(store: Store, args: argparse.Namespace, jobs: int = 1) -> None:
    """After storing games: project them into the warehouse (in ``jobs`` processes); a failure is a warning (the games
    are stored)."""
    from dashboards.warehouse import update_warehouse

    try:
        report = update_warehouse(store, warehouse_of(args), jobs=jobs)
    except Exception as err:  # the next update catches up
        print(f"pmemo-replay: warning: the warehouse was not updated: {err}", file=sys.stderr)
        return
    if report.projected or report.rebuilt:
        print(f"warehouse: {report.projected} game(s) projected in {report.seconds:.2f} s", file=sys.stderr)


def refresh(args: argparse.Namespace, folder: Path, *, rebuild: bool = False) -> UpdateReport:
    """Update (or rebuild) the warehouse at ``folder`` from the store ``--db``; progress goes to standard error."""
    from dashboards.warehouse import update_warehouse

    cards = cards_from(args) if getattr(args, "cards", None) else None  # the games are folded again: the same card data
    with open_store(args.db, cards) as store:
        report = update_warehouse(store, folder, rebuild=rebuild)
    if report.projected or report.rebuilt:
        verb = "rebuilt" if report.rebuilt else "updated"
        print(f"warehouse {verb}: {report.projected} game(s) projected, {report.left_out} left out (unfinished or refused) "
              f"in {report.seconds:.2f} s", file=sys.stderr)
    return report
