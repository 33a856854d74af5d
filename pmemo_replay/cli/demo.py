"""``pmemo-replay demo``: the README's first command: simulated games in the embedded store, then serve them.

On a fresh machine it creates the SQLite store in the instance folder, simulates ``--games`` games on
the bundled card data (in worker processes) and imports them with a progress bar; a store that
already holds games is served as it is, on gunicorn as ``serve`` does, with uploads open to anyone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Iterator

from tqdm import tqdm

from pmemo_replay.cli.serve import add_address_options, serve
from pmemo_replay.cli.statsopts import keep_current
from pmemo_replay.cli.storeopts import add_db_option, open_store, summary_lines

DEFAULT_GAMES = 300
CHUNK = 10  # games per worker task


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="simulate and store games on the bundled card data, then serve them",
                       description="Create the store (default: instance/pmemo.sqlite3), fill it with simulated games "
                       "unless it already holds some, and serve the web application.")
    add_db_option(p)
    add_address_options(p)
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="N",
                   help=f"games to simulate into an empty store (default: {DEFAULT_GAMES})")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--no-serve", action="store_true", help="fill the store, then exit")
    p.set_defaults(run=run)


def simulate_chunk(task: tuple[int, int]) -> list[tuple[str, bytes]]:
    """``count`` games simulated with ``seed``, as (source, JSON Lines bytes); runs in a worker."""
    from pmemo_replay.cards import bundled_cards
    from pmemo_replay.logio import dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs

    seed, count = task
    return [(f"simulate:{doc['game']['id']}", dump_jsonl(load_log(doc)).encode("utf-8"))
            for doc in simulated_logs(bundled_cards(), count, seed)]


def tasks(games: int, seed: int) -> list[tuple[int, int]]:
    """Chunks of at most CHUNK games, each with its own seed (so header ids stay unique).

    >>> tasks(25, 3)
    [(3000, 10), (3001, 10), (3002, 5)]
    """
    return [(seed * 1000 + k, min(CHUNK, games - start)) for k, start in enumerate(range(0, games, CHUNK))]


def simulated_items(games: int, seed: int, workers: int) -> Iterator[tuple[str, bytes]]:
    """Every simulated log, in order; simulated in ``workers`` processes (0: here)."""
    if workers <= 0:
        for task in tasks(games, seed):
            yield from simulate_chunk(task)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for chunk in pool.imap(simulate_chunk, tasks(games, seed)):
            yield from chunk


def fill_store(db: str | None, games: int, seed: int) -> int:
    """Simulate and import ``games`` games into an empty store; 1 when some log was rejected."""
    with open_store(db) as store:
        present = store.count("game")
        if present:
            print(f"the store at {store.url} already holds {present} game(s): no simulation")
            return 0
        if games <= 0:
            return 0
        print(f"simulating {games} games into {store.url}")
        workers = min(os.cpu_count() or 1, 8)
        results = list(tqdm(store.ingest_many(simulated_items(games, seed, workers)), total=games, unit="game",
                            desc="simulating and importing", file=sys.stderr))
        keep_current(store, argparse.Namespace(db=db, warehouse=None))  # the warehouse the served app reads
    lines, any_rejected = summary_lines(results)
    print("\n".join(lines))
    return 1 if any_rejected else 0


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        print("pmemo-replay demo: --games must be 0 or more", file=sys.stderr)
        return 2
    code = fill_store(args.db, args.games, args.seed)
    if args.no_serve:
        return code
    return serve(args, open_uploads=True)  # the demo is for trying things: anyone may upload
