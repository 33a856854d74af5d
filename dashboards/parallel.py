"""The warehouse's projection in several processes, with the rows one process would make.

Each worker projects a run of the new games (ids in order) from the store through :mod:`dashboards.source`, on a
database engine of its own, into Arrow tables, giving the cards new to the warehouse codes of its own (after the
codes the update started with). This process takes the runs in game order: each new card gets the next code at its
first appearance in that order, as one process gives them, and the runs' ``key`` and ``code`` columns are mapped to
those codes. The chunk's tables are then the one process's tables row for row (concatenated in game order, one Arrow
chunk per column), so the part files hold the same bytes.
"""

from __future__ import annotations

import gc
import multiprocessing
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
from sqlalchemy.engine import Engine, make_url

from dashboards.facts import CardCodes, Rows
from dashboards.schema import CODE_SHIFT, PARTITIONED
from dashboards.source import games_by_id, project_batch, ruleset_cards
from dashboards.tables import Tables, writable
from pmemo_replay.store.db import create_db_engine, read_connection

#: fewest new games worth starting processes for (forking and a connection each cost tens of milliseconds)
PARALLEL_FROM = 512


@dataclass(slots=True)
class Projected:
    """The rows of some games as Arrow tables (less games whose rows do not fit), and what became of the games."""

    tables: Tables
    cards: dict[tuple[str, str], dict[str, Any]]  # the ``cards`` rows, by (ruleset, card id), in order of appearance
    taken: list[int]  # the ids found in the store
    projected: int  # games with rows
    unfinished: int
    refused: list[int]  # finished games the engine refused, or whose rows do not fit


def project_games(conn: Any, ids: Sequence[int], cards: Callable[[str], Any], codes: CardCodes, batch: int) -> Projected:
    """Project the games ``ids`` (ascending), ``batch`` games per store round trip, as Arrow tables."""
    rows, taken, unfinished, refused = Rows(), [], 0, []
    for k in range(0, len(ids), batch):
        games = games_by_id(conn, ids[k : k + batch])
        got, out, bad = project_batch(conn, games, cards, codes)
        rows.extend(got)
        taken += [g.id for g in games]
        unfinished += out
        refused += bad
    tables, bad = writable(Rows(rows.games, rows.player_games, rows.card_games))
    return Projected(tables, rows.cards, taken, len(rows) - len(bad), unfinished, refused + bad)


# --- in a worker ----------------------------------------------------------------------------------

_engine: Engine | None = None
_cards: Callable[[str], Any] | None = None
_base: dict[str, int] = {}
_memo: dict[Any, tuple[Any, Any]] = {}
_batch = 256


def _init(url: str, library: Any, base: dict[str, int], batch: int) -> None:
    """Worker start: an engine of its own (never the parent's connections), the card data, the codes known before."""
    global _engine, _cards, _base, _batch
    gc.freeze()  # what it inherits stays out of the collector's walks
    _engine, _cards, _base, _batch = create_db_engine(url), ruleset_cards(_Library(library)), base, batch


@dataclass(frozen=True, slots=True)
class _Library:
    library: Any


def _project_run(ids: Sequence[int]) -> tuple[Projected, list[str]]:
    """A worker's run: its rows with codes of its own, and the code keys it added (in the order it added them)."""
    assert _engine is not None and _cards is not None
    codes = CardCodes(_base)
    codes.memo = _memo  # kept from run to run (its entries name the codes they were made with)
    with read_connection(_engine) as conn:
        got = project_games(conn, ids, _cards, codes, _batch)
    return got, list(codes.codes)[len(_base) :]


# --- in this process ------------------------------------------------------------------------------


def _recoded(run: Projected, added: list[str], base: int, codes: CardCodes) -> Projected:
    """``run`` with the codes its worker gave (``base`` on: ``added``) replaced by ``codes``' (new ones given here)."""
    if not added:
        return run
    mapping = list(range(base)) + [codes.code_of(key) for key in added]
    if mapping[base:] == list(range(base, base + len(added))):
        return run
    recode = pa.array(mapping, pa.int64())
    tables = dict(run.tables)
    for where, table in run.tables.items():
        if where[0] == "card_games" and table.num_rows:
            keys = table.column("key").cast(pa.int64())
            low = pc.bit_wise_and(keys, (1 << CODE_SHIFT) - 1)
            code = pc.take(recode, pc.shift_right(keys, CODE_SHIFT))
            recoded = pc.bit_wise_or(pc.shift_left(code, CODE_SHIFT), low).cast(table.schema.field("key").type)
            tables[where] = table.set_column(table.schema.get_field_index("key"), table.schema.field("key"), recoded)
    cards = {k: {**row, "code": mapping[row["code"]]} for k, row in run.cards.items()}
    return Projected(tables, cards, run.taken, run.projected, run.unfinished, run.refused)


def joined(runs: list[Projected]) -> Projected:
    """The runs (in game order) as one: each dataset's and month's tables concatenated (one Arrow chunk per column, as
    one process's tables), the first row of each card kept."""
    parts: dict[tuple[str, str | None], list[pa.Table]] = {}
    cards: dict[tuple[str, str], dict[str, Any]] = {}
    for run in runs:
        for where, table in run.tables.items():
            parts.setdefault(where, []).append(table)
        for k, row in run.cards.items():
            cards.setdefault(k, row)
    order = {name: i for i, name in enumerate(PARTITIONED)}
    tables = {where: pa.concat_tables(parts[where]).combine_chunks() for where in sorted(parts, key=lambda w: (order[w[0]], w[1] or ""))}
    return Projected(
        tables,
        cards,
        [i for r in runs for i in r.taken],
        sum(r.projected for r in runs),
        sum(r.unfinished for r in runs),
        [i for r in runs for i in r.refused],
    )


def warm_up() -> None:
    """Load what pyarrow loads on its first array of Python objects (pandas: about 0.3 s of CPU), as the projection
    will: a process about to project, or to fork the workers that will, calls it when it has time to spare."""
    pa.array([0])


def _context() -> BaseContext:
    """fork when this process has one thread, else spawn (as the import's workers)."""
    forkable = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if forkable else "spawn")


def shareable(url: str) -> bool:
    """True when other processes can open ``url``'s database (not an in-memory SQLite one)."""
    parsed = make_url(url)
    return parsed.get_backend_name() != "sqlite" or parsed.database not in (None, "", ":memory:")


def projected_chunks(
    store: Any, conn: Any, chunks: Sequence[Sequence[int]], codes: CardCodes, jobs: int, batch: int
) -> Iterator[Projected]:
    """The rows of each chunk of new games (ids ascending, chunks in order) with ``codes``, ``batch`` games per store
    round trip: in ``jobs`` worker processes, each taking ``batch`` games at a time (and going on with the next chunk's
    while this process writes one), when ``jobs`` > 1, there are at least :data:`PARALLEL_FROM` games and the store's
    database can be shared; else in this process, on ``conn``."""
    cards = ruleset_cards(store)
    if jobs <= 1 or sum(map(len, chunks)) < PARALLEL_FROM or not shareable(store.url):
        for chunk in chunks:
            yield project_games(conn, chunk, cards, codes, batch)
        return
    warm_up()  # loaded once, here, for every worker
    base = dict(codes.codes)
    url = make_url(store.url).render_as_string(hide_password=False)
    runs = [(i, chunk[k : k + batch]) for i, chunk in enumerate(chunks) for k in range(0, len(chunk), batch)]
    with _context().Pool(jobs, _init, (url, store.library, base, batch)) as pool:
        parts: list[Projected] = []
        current = 0
        for (i, _), (run, added) in zip(runs, pool.imap(_project_run, [ids for _, ids in runs]), strict=True):
            if i != current:
                yield joined(parts)
                parts, current = [], i
            parts.append(_recoded(run, added, len(base), codes))  # in game order: new cards coded as one process does
        yield joined(parts)
