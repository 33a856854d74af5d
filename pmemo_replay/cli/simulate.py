"""``pmemo-replay simulate --games N``: self-play games on the bundled card data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import load_log, write_log
from pmemo_replay.simulate import simulated_logs


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="play games between built-in policies and write their logs",
                       description="Play N games between the built-in policies on the bundled decks; "
                       "write each log to DIR (JSON Lines) and/or store it.")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--out", metavar="DIR", help="folder for the logs")
    p.add_argument("--db", metavar="URL", help="store the games in this database (SQLAlchemy URL)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        print("pmemo-replay simulate: --games must be 0 or more", file=sys.stderr)
        return 2
    if args.db:
        print("pmemo-replay simulate: --db needs the event store, which is not built yet", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    cards = bundled_cards()
    for doc in tqdm(simulated_logs(cards, args.games, args.seed), total=args.games, unit="game",
                    desc="simulating", file=sys.stderr, disable=None):
        if out is not None:
            write_log(load_log(doc), out / f"{doc['game']['id']}.jsonl")
    print(f"simulated {args.games} game(s)" + (f" into {out}" if out else ""))
    return 0
