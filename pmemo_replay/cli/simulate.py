"""``pmemo-replay simulate --games N``: self-play games on the bundled card data."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from tqdm import tqdm

from engine.rulesets import RULESETS
from pmemo_replay.cli.statsopts import add_warehouse_option, keep_current
from pmemo_replay.cli.storeopts import add_db_option, open_store, summary_lines
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import DEFAULT_RULESET, dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="play games between built-in policies and write their logs",
                       description="Play N games of a ruleset between its built-in policies (greedy against greedy, "
                       "some random against greedy) on its bundled decks; "
                       "write each log to DIR (JSON Lines) and/or store it (stored games are also projected into the "
                       "analytics warehouse, as import does).")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET,
                   help=f"the game to simulate (default: {DEFAULT_RULESET})")
    p.add_argument("--out", metavar="DIR", help="folder for the logs")
    add_db_option(p, store_default=False)
    add_warehouse_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        print("pmemo-replay simulate: --games must be 0 or more", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    cards = CardLibrary()  # every game's bundled card data

    def logs() -> Iterator[tuple[str, bytes]]:
        for doc in tqdm(simulated_logs(cards, args.games, args.seed, ruleset=args.ruleset), total=args.games, unit="game",
                        desc="simulating", file=sys.stderr, disable=None):
            text = dump_jsonl(load_log(doc)).encode("utf-8")
            if out is not None:
                (out / f"{doc['game']['id']}.jsonl").write_bytes(text)
            yield f"simulate:{doc['game']['id']}", text

    of = "" if args.ruleset == DEFAULT_RULESET else f" of {args.ruleset}"
    message = f"simulated {args.games} game(s){of}" + (f" into {out}" if out else "")
    if not args.db:
        for _ in logs():
            pass
        print(message)
        return 0
    with open_store(args.db, cards) as store:
        lines, any_rejected = summary_lines(store.ingest_many(logs()))
        keep_current(store, args)  # like import: the stored games are projected into the warehouse at once
    print(f"{message}; " + "\n".join(lines))
    return 1 if any_rejected else 0
