"""Ingest many logs: workers parse and fold (the engine is the bottleneck), the caller's process inserts in batches.

Items are ``(source, data)``; ``data`` None means "read the file named ``source``" (in the worker).
Results come back in input order. At most a bounded window of work is in flight, so memory
stays flat however many logs there are.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from multiprocessing.context import BaseContext
from multiprocessing.pool import AsyncResult, Pool
from pathlib import Path
from typing import Any

from engine.cards import CardDB
from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import EXIT_MALFORMED
from pmemo_replay.store.prepare import Prepared, Rejected, prepare

Item = tuple[str, bytes | None]
BATCH_SIZE = 64
BATCH_SECONDS = 0.5
CHUNK = 4
_cards: CardDB | None = None


def prepare_item(item: Item, cards: CardDB) -> Prepared | Rejected:
    """Read (when needed) and prepare one item; unreadable files and engine failures become rulings."""
    source, data = item
    try:
        if data is None:
            data = Path(source).read_bytes()
    except OSError as err:
        message = f"cannot read {source}: {err.strerror or err}"
        return Rejected(source, {"index": None, "path": "", "rule": "log.schema", "ref": None, "message": message},
                        EXIT_MALFORMED)
    try:
        return prepare(data, source, cards)
    except Exception as err:  # an engine bug must not stop a whole import
        message = f"the engine failed on this log: {type(err).__name__}: {err}"
        return Rejected(source, {"index": None, "path": "", "rule": "engine.error", "ref": None, "message": message}, 1)


def _init(cards: CardDB | None) -> None:
    global _cards
    _cards = cards if cards is not None else bundled_cards()


def _prepare_chunk(items: list[Item]) -> list[Prepared | Rejected]:
    assert _cards is not None
    return [prepare_item(item, _cards) for item in items]


def _context() -> BaseContext:
    """fork when this process has one thread (workers start at once, engine imported, cards loaded), else spawn.

    Forked workers never touch the parent's database connections (and leave through ``os._exit``).
    """
    forkable = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if forkable else "spawn")


def default_workers() -> int:
    return os.cpu_count() or 1


def prepared(items: Iterable[Item], cards: CardDB | None, workers: int) -> Iterator[Prepared | Rejected]:
    """Prepare every item, in order; in ``workers`` processes when ``workers`` > 0."""
    if workers <= 0:
        db = cards if cards is not None else bundled_cards()
        for item in items:
            yield prepare_item(item, db)
        return
    db = cards if cards is not None else bundled_cards()  # loaded once here: forked workers inherit it
    with _context().Pool(workers, _init, (db,)) as pool:
        yield from _windowed(pool, _chunks(items, CHUNK), workers * 6)


def _chunks(items: Iterable[Item], n: int) -> Iterator[list[Item]]:
    it = iter(items)
    while chunk := list(islice(it, n)):
        yield chunk


def _windowed(pool: Pool, chunks: Iterator[list[Item]], window: int) -> Iterator[Prepared | Rejected]:
    pending: deque[AsyncResult[list[Prepared | Rejected]]] = deque(
        pool.apply_async(_prepare_chunk, (c,)) for c in islice(chunks, window))
    while pending:
        done = pending.popleft().get()
        pending.extend(pool.apply_async(_prepare_chunk, (c,)) for c in islice(chunks, 1))
        yield from done


def batched(results: Iterable[Prepared | Rejected], size: int = BATCH_SIZE,
            seconds: float = BATCH_SECONDS) -> Iterator[list[Prepared | Rejected]]:
    """Group results into batches of ``size`` games, or fewer when ``seconds`` pass (so progress is committed)."""
    batch: list[Prepared | Rejected] = []
    games = 0
    started = time.monotonic()
    for r in results:
        batch.append(r)
        games += isinstance(r, Prepared)
        if games >= size or time.monotonic() - started >= seconds:
            yield batch
            batch, games, started = [], 0, time.monotonic()
    if batch:
        yield batch


def run_ingest(items: Iterable[Item], write: Callable[[list[Prepared | Rejected]], list[Any]], *,
               cards: CardDB | None = None, workers: int = 0, batch_size: int = BATCH_SIZE) -> Iterator[Any]:
    """Prepare ``items`` and hand them to ``write`` batch by batch; yield what ``write`` returns, item by item."""
    for batch in batched(prepared(items, cards, workers), batch_size):
        yield from write(batch)
