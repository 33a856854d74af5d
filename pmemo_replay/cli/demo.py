"""``pmemo-replay demo``: the README's first command: simulated games in the embedded store, then serve them.

On a fresh machine it creates the SQLite store in the instance folder, simulates ``--games`` games on the bundled
card data (a quarter of them, or ``--other-games``, of each other ruleset: Mahou Shoujo; the rest Precious
Memories; in worker processes) and imports them with a progress bar; a store that already holds games is served
as it is, on gunicorn as ``serve`` does, with uploads open to anyone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Iterator
from typing import Any

from tqdm import tqdm

from engine.rulesets import RULESETS
from pmemo_replay.cli.serve import add_address_options, add_served_cards_option, serve, served_cards
from pmemo_replay.cli.statsopts import keep_current
from pmemo_replay.cli.storeopts import add_db_option, open_store, summary_lines

DEFAULT_GAMES = 300
#: the share of the demo's games each ruleset other than Precious Memories gets by default
OTHER_SHARE = 4
CHUNK = 10  # games per worker task
#: games simulated in this process rather than in spawned workers: a worker's start (the interpreter, the engine's
#: imports, the card data: about a second of CPU each) costs more than simulating so few games here
IN_PROCESS_GAMES = 2 * CHUNK


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="simulate and store games on the bundled card data, then serve them",
                       description="Create the store (default: instance/pmemo.sqlite3), fill it with simulated games "
                       "unless it already holds some, and serve the web application.")
    add_db_option(p)
    add_address_options(p)
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="N",
                   help=f"games to simulate into an empty store, of every game (default: {DEFAULT_GAMES})")
    p.add_argument("--other-games", type=int, metavar="N",
                   help="how many of them are of each game other than Precious Memories (Mahou Shoujo; "
                   "default: a quarter of --games)")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--no-serve", action="store_true", help="fill the store, then exit")
    add_served_cards_option(p)
    p.set_defaults(run=run)


def simulate_chunk(task: tuple[Any, ...]) -> list[tuple[str, bytes]]:
    """``count`` games of ``ruleset`` (default: Precious Memories) simulated with ``seed``, as (source, JSON Lines
    bytes); runs in a worker."""
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import DEFAULT_RULESET, dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs

    seed, count, ruleset = (*task, DEFAULT_RULESET) if len(task) == 2 else task
    return [(f"simulate:{doc['game']['id']}", dump_jsonl(load_log(doc)).encode("utf-8"))
            for doc in simulated_logs(CardLibrary(), count, seed, ruleset=ruleset)]


def tasks(games: int, seed: int) -> list[tuple[int, int]]:
    """Chunks of at most CHUNK games, each with its own seed (so header ids stay unique).

    >>> tasks(25, 3)
    [(3000, 10), (3001, 10), (3002, 5)]
    """
    return [(seed * 1000 + k, min(CHUNK, games - start)) for k, start in enumerate(range(0, games, CHUNK))]


def all_tasks(games: int, seed: int, others: int) -> list[tuple[Any, ...]]:
    """The chunks of Precious Memories' ``games`` and of ``others`` games of every other ruleset."""
    from engine.rulesets import RULESETS
    from pmemo_replay.logio import DEFAULT_RULESET

    out: list[tuple[Any, ...]] = list(tasks(games, seed))
    for name in sorted(RULESETS):
        if name != DEFAULT_RULESET and others > 0:
            out += [(s, n, name) for s, n in tasks(others, seed)]
    return out


def simulated_items(games: int, seed: int, workers: int, others: int = 0) -> Iterator[tuple[str, bytes]]:
    """Every simulated log, in order; simulated in ``workers`` processes (0: here)."""
    if workers <= 0:
        for task in all_tasks(games, seed, others):
            yield from simulate_chunk(task)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for chunk in pool.imap(simulate_chunk, all_tasks(games, seed, others)):
            yield from chunk


def fill_store(db: str | None, games: int, seed: int, others: int = 0) -> int:
    """Simulate and import ``games`` Precious Memories games and ``others`` of every other ruleset into an empty
    store; 1 when some log was rejected."""
    with open_store(db) as store:
        present = store.count("game")
        if present:
            print(f"the store at {store.url} already holds {present} game(s): no simulation")
            return 0
        total = sum(task[1] for task in all_tasks(games, seed, others))
        if total <= 0:
            return 0
        print(f"simulating {total} games into {store.url}")
        workers = min(os.cpu_count() or 1, 8) if total > IN_PROCESS_GAMES else 0
        results = list(tqdm(store.ingest_many(simulated_items(games, seed, workers, others)), total=total, unit="game",
                            desc="simulating and importing", file=sys.stderr))
        keep_current(store, argparse.Namespace(db=db, warehouse=None))  # the warehouse the served app reads
    lines, any_rejected = summary_lines(results)
    print("\n".join(lines))
    return 1 if any_rejected else 0


def run(args: argparse.Namespace) -> int:
    others = args.games // OTHER_SHARE if args.other_games is None else args.other_games
    games = args.games - others * (len(RULESETS) - 1)
    if args.games < 0 or others < 0 or games < 0:
        print("pmemo-replay demo: --games and --other-games must be 0 or more, --other-games at most --games per "
              "other game", file=sys.stderr)
        return 2
    served_cards(args.cards)  # bad card data: exit 2 before simulating
    code = fill_store(args.db, games, args.seed, others)
    if args.no_serve:
        return code
    return serve(args, open_uploads=True)  # the demo is for trying things: anyone may upload
