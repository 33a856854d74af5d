"""Ingest many logs: worker processes parse, fold and (for a database they can share) store them.

Items are ``(source, data)``; ``data`` None means "read the file named ``source``" (in the worker).
Results come back in input order. At most a bounded window of work is in flight, so memory
stays flat however many logs there are.

With a database file or server the workers insert their own chunks (one transaction each; on
SQLite one worker at a time, behind a lock), so only small results travel back and the parent
process stays idle; otherwise (no workers, an in-memory database) the caller inserts in batches.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from dataclasses import replace
from itertools import islice
from multiprocessing.context import BaseContext
from multiprocessing.pool import AsyncResult, Pool
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine, make_url

from engine.rulesets import RULESETS
from pmemo_replay.checking import EXIT_MALFORMED, engine_failure
from pmemo_replay.games.cards import CardLibrary, library_of
from pmemo_replay.store.db import create_db_engine
from pmemo_replay.store.models import GAME
from pmemo_replay.store.prepare import Prepared, Rejected, engine_version, prepare
from pmemo_replay.store.writer import IngestResult, write_batch

Item = tuple[str, bytes | None]
T = TypeVar("T")
BATCH_SIZE = 64
BATCH_SECONDS = 0.5
CHUNK = 4
#: games per worker transaction when workers store their own chunks (64 rather than 32: half the statements and
#: round trips per game, about 0.05 ms less CPU per game for the workers and the server together)
WRITE_CHUNK = 64
logger = logging.getLogger(__name__)
_cards: CardLibrary | None = None
_write: Callable[[list[Prepared | Rejected]], list[IngestResult]] | None = None
_as_played = False


def loaded_library(cards: Any) -> CardLibrary:
    """A card library with every game's card data loaded (forked workers inherit it instead of reading it again),
    and the engine's version computed (it hashes the engine's sources: about 30 ms that each forked worker would
    otherwise spend again on its first game)."""
    library = library_of(cards)
    for name in RULESETS:
        library.for_ruleset(name)
    engine_version()
    return library


def prepare_item(item: Item, cards: Any, as_played: bool = False) -> Prepared | Rejected:
    """Read (when needed) and prepare one item; unreadable files and engine failures become rulings. ``as_played``:
    the table let irregular actions stand (:func:`prepare.prepare_log`)."""
    source, data = item
    try:
        if data is None:
            with open(source, "rb", buffering=0) as file:  # unbuffered: the file read whole in one call
                data = file.readall()
    except OSError as err:
        message = f"cannot read {source}: {err.strerror or err}"
        return Rejected(source, {"index": None, "path": "", "rule": "log.schema", "ref": None, "message": message},
                        EXIT_MALFORMED)
    try:
        return prepare(data, source, cards, as_played=as_played)
    except Exception as err:  # an engine bug must not stop a whole import
        logger.exception("the engine failed on %s", source)
        return Rejected(source, engine_failure(err), 1)


def _init(cards: CardLibrary, url: str | None = None, lock: Any = None, as_played: bool = False) -> None:
    """Worker start: the card data, and for worker writes an engine of its own (never the parent's connections).

    What the worker holds from its start (the engine, the card data: inherited or received) is frozen out of the
    garbage collector's reach: each full collection would otherwise walk all of it again (a tenth of a worker's
    time) and, in a forked worker, write to the pages it shares with its parent. The worker keeps it all until it
    ends anyway.
    """
    global _cards, _write, _as_played
    gc.freeze()
    _cards, _as_played = cards, as_played
    if url is not None:
        engine = create_db_engine(url)

        def write(batch: list[Prepared | Rejected]) -> list[IngestResult]:
            with lock if lock is not None else nullcontext():
                return write_batch(engine, batch)

        _write = write


def _prepare_chunk(items: list[Item]) -> list[Prepared | Rejected]:
    assert _cards is not None
    return [prepare_item(item, _cards, _as_played) for item in items]


def _store_chunk(items: list[Item]) -> list[IngestResult]:
    assert _write is not None
    return _write(_prepare_chunk(items))


def _context() -> BaseContext:
    """fork when this process has one thread (workers start at once, engine imported, cards loaded), else spawn.

    Forked workers never touch the parent's database connections (and leave through ``os._exit``).
    """
    forkable = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if forkable else "spawn")


def default_workers() -> int:
    return os.cpu_count() or 1


def prepared(items: Iterable[Item], cards: Any, workers: int, *, as_played: bool = False) -> Iterator[Prepared | Rejected]:
    """Prepare every item, in order; in ``workers`` processes when ``workers`` > 0."""
    db = loaded_library(cards)  # loaded once here: forked workers inherit it
    if workers <= 0:
        for item in items:
            yield prepare_item(item, db, as_played)
        return
    with _context().Pool(workers, _init, (db, None, None, as_played)) as pool:
        yield from _windowed(pool, _prepare_chunk, _chunks(items, CHUNK), workers * 6)


def stored_by_workers(items: Iterable[Item], engine: Engine, cards: Any, workers: int, *,
                      as_played: bool = False) -> Iterator[IngestResult]:
    """Prepare and store every item in ``workers`` processes writing to ``engine``'s database themselves (each with
    an engine of its own); results in order."""
    url = engine.url.render_as_string(hide_password=False)
    context = _context()
    lock = context.Lock() if make_url(url).get_backend_name() == "sqlite" else None  # SQLite: one writer at a time
    db = loaded_library(cards)
    before = _last_game_id(engine)
    with context.Pool(workers, _init, (db, url, lock, as_played)) as pool:
        yield from in_input_order(_windowed(pool, _store_chunk, _chunks(items, WRITE_CHUNK), workers * 4), before)


def _last_game_id(engine: Engine) -> int:
    """The highest game id stored before this run (0 when none), on the caller's engine (a connection it holds
    already: no new connection to wait for)."""
    with engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.max(GAME.c.id))).scalar() or 0)


def in_input_order(results: Iterable[IngestResult], before: int) -> Iterator[IngestResult]:
    """Statuses as one process would give them: the same log twice in one run, in chunks that different workers
    stored in another order, is ``stored`` at its first place and ``present`` after (a game id above ``before`` was
    stored by this run)."""
    seen: set[int] = set()
    for r in results:
        if r.game_id is not None and r.status != "rejected":
            first = r.game_id not in seen
            seen.add(r.game_id)
            if r.status == "present" and first and r.game_id > before:
                r = replace(r, status="stored")
            elif r.status == "stored" and not first:
                r = replace(r, status="present")
        yield r


def shared_database(url: str) -> bool:
    """True when worker processes can open ``url`` themselves (not an in-memory SQLite database)."""
    parsed = make_url(url)
    return parsed.get_backend_name() != "sqlite" or parsed.database not in (None, "", ":memory:")


def _chunks(items: Iterable[Item], n: int) -> Iterator[list[Item]]:
    it = iter(items)
    while chunk := list(islice(it, n)):
        yield chunk


def _windowed(pool: Pool, task: Callable[[list[Item]], list[T]], chunks: Iterator[list[Item]], window: int) -> Iterator[T]:
    pending: deque[AsyncResult[list[T]]] = deque(pool.apply_async(task, (c,)) for c in islice(chunks, window))
    while pending:
        done = pending.popleft().get()
        pending.extend(pool.apply_async(task, (c,)) for c in islice(chunks, 1))
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


def run_ingest(items: Iterable[Item], engine: Engine, *, cards: Any = None, workers: int = 0,
               batch_size: int = BATCH_SIZE, as_played: bool = False) -> Iterator[IngestResult]:
    """Prepare and store ``items`` into ``engine``'s database; yield each item's result, in order. ``as_played``:
    every log was played as logged (docs/as-played.md)."""
    url = engine.url.render_as_string(hide_password=False)
    if workers > 0 and shared_database(url):
        yield from stored_by_workers(items, engine, cards, workers, as_played=as_played)
        return
    for batch in batched(prepared(items, cards, workers, as_played=as_played), batch_size):
        yield from write_batch(engine, batch)
