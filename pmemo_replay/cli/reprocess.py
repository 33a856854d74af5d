"""``pmemo-replay reprocess``: re-check every stored upload with the current engine and refresh what the store
derives from it (result columns, seats, unverified counts, snapshots)."""

from __future__ import annotations

import argparse
import json

from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.cli.storeopts import add_db_option, open_store


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("reprocess", help="re-check every stored game with the current engine",
                       description="Re-parse and re-fold every stored upload; refresh each game's result, seats "
                       "(scores, placements), unverified count and snapshots where the engine or the schema changed "
                       "(games stored before migration 0006 get their scores and counts). A game the current engine "
                       "refuses keeps its rows and gets the ruling. Exit 0, or 1 when a game is refused now.")
    add_db_option(p)
    add_cards_option(p)
    p.add_argument("--force", action="store_true", help="rewrite every game's derived rows, changed or not")
    p.add_argument("--workers", type=int, default=0, metavar="N", help="processes that parse and fold (default: 0)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cards = library_from(args) if args.cards else None
    with open_store(args.db, cards) as store:
        report = store.reprocess_all(workers=max(args.workers, 0), force=args.force)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(f"checked {report.checked}: unchanged {report.unchanged}, result changed {len(report.changed)}, "
              f"refused {len(report.refused)}, content mismatched {len(report.mismatched)}")
        for game_id, ruling in report.refused:
            print(f"  game {game_id}: {ruling.get('rule')} at action {ruling.get('index')}: {ruling.get('message')}")
    return 1 if report.refused else 0
