"""``pmemo-replay import PATH...``: check and store logs (files, or folders searched recursively).

``--jobs N`` (default: one per core) processes read, check and fold the logs and store them a chunk at a time,
each chunk one transaction, so every game is stored whole or not at all and an identical log once, whatever
the number of processes and even when the import is killed; ``--jobs 1`` does it all in this process.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm import tqdm

from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.cli.statsopts import add_warehouse_option, keep_current
from pmemo_replay.cli.storeopts import add_db_option, open_store, summary_lines

if TYPE_CHECKING:
    from pmemo_replay.store import IngestResult

SUFFIXES = (".json", ".jsonl")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "import", help="check game logs and store the legal ones",
        description="Check every log (files, or folders of .json/.jsonl searched recursively) with the engine and "
        "store the legal ones. Exit 0 when nothing was rejected, 1 otherwise.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a log file or a folder of logs")
    add_db_option(p)
    add_warehouse_option(p)
    add_cards_option(p)
    p.add_argument("-j", "--jobs", "--workers", dest="jobs", type=int, metavar="N",
                   help="processes that check, fold and store logs (default: one per core; 1: this process only)")
    p.add_argument("--as-played", action="store_true",
                   help="the table let irregular actions stand: store such games as played (docs/as-played.md); "
                   "a regular game is stored as it is")
    p.set_defaults(run=run)


def log_files(paths: Sequence[str]) -> Iterator[str]:
    """The files to import: each file as named, each folder's .json/.jsonl files (recursively, sorted).

    Folders skip hidden entries and meta-statistics warehouses (a store's ``.warehouse`` folder beside it).
    """
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from (str(f) for f in _folder_logs(path))
        else:
            yield name


def _folder_logs(folder: Path) -> list[Path]:
    from dashboards.warehouse import is_warehouse

    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        base = Path(root)
        dirs[:] = [d for d in dirs if not d.startswith(".") and not is_warehouse(base / d)]
        found += [base / f for f in files if not f.startswith(".") and Path(f).suffix in SUFFIXES]
    return sorted(found)


def workers_for(jobs: int | None, files: int) -> int:
    """Worker processes for ``jobs`` (None: one per core) and ``files`` logs: 0 (this process) for one job or log.

    >>> workers_for(1, 100), workers_for(4, 1), workers_for(4, 3), workers_for(0, 100)
    (0, 0, 3, 0)
    """
    from pmemo_replay.store.pipeline import default_workers

    wanted = default_workers() if jobs is None else jobs
    return 0 if wanted <= 1 or files <= 1 else min(wanted, files)


#: said under a rejected log whose refused action would stand as played (docs/as-played.md)
AS_PLAYED_HINT = "    action {index} would stand as played (the table may have let it pass): import it with --as-played"


def as_played_hint(cards: Any) -> Callable[[IngestResult], str | None]:
    """The hint under a rejected log file that would stand played as logged (the upload page's check, one function:
    :func:`pmemo_replay.checking.text_stands_as_played`); None under the others."""
    from pmemo_replay.checking import text_stands_as_played

    def hint(r: IngestResult) -> str | None:
        try:
            text = Path(r.source).read_bytes()
        except OSError:
            return None
        ruling = r.ruling or {}
        return AS_PLAYED_HINT.format(index=ruling.get("index")) if text_stands_as_played(text, cards, ruling) else None

    return hint


def warm_once_stored(results: Iterable[IngestResult]) -> Iterator[IngestResult]:
    """``results``; at the first stored game, what the warehouse projection will load (``dashboards.parallel.warm_up``)
    is loaded, while the workers import (this process waits for them otherwise), and kept out of the collector's reach
    as what this process held before."""
    warm = True
    for r in results:
        yield r
        if warm and r.status == "stored":
            from dashboards.parallel import warm_up

            warm_up()
            gc.freeze()
            warm = False


def run(args: argparse.Namespace) -> int:
    from pmemo_replay.store.pipeline import loaded_library

    cards = library_from(args) if args.cards else None  # None: each game's bundled card data
    files = list(log_files(args.paths))
    if args.jobs is not None and args.jobs < 0:
        print(f"--jobs must be 1 or more, not {args.jobs}", file=sys.stderr)
        return 2
    workers = workers_for(args.jobs, len(files))
    tqdm.monitor_interval = 0  # no monitor thread: a process with one thread forks its workers (pipeline._context)
    with open_store(args.db, cards) as store:
        loaded_library(store.library)  # every game's card data (the import loads it anyway), before the freeze
        # what this process holds now (modules, the card data, the store) out of the collector's reach while it imports
        # and projects the games: each full collection walked all of it again (the projection's CPU a third less, the
        # import's in this process a tenth with --jobs 1)
        gc.freeze()
        try:
            # counted as they come (not kept: ten million results would not fit in memory), then the warehouse updated
            results = warm_once_stored(store.ingest_many(((f, None) for f in files), workers=workers, as_played=args.as_played))
            lines, any_rejected = summary_lines(tqdm(results, total=len(files), unit="log", desc="importing", file=sys.stderr,
                                                     disable=None), None if args.as_played else as_played_hint(store.library))
            keep_current(store, args, jobs=max(workers, 1))  # the new games projected by as many processes
        finally:
            gc.unfreeze()  # as it was for a caller that goes on (tests call the command in their own process)
    print("\n".join(lines))
    return 1 if any_rejected else 0
