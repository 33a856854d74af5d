"""The warehouse: a Parquet projection of the store, driven by the set of games the store holds.

Layout of the folder::

    state.json                        the store game ids taken in (as id ranges), what became of them, card codes
    games/month=2026-11/part-<first id>-<last id>-<run>.parquet
    player_games/month=.../part-...   card_games/month=.../part-...   cards/part-...

An update compares the store's game ids with those the state lists and projects the missing ones, whatever
their order of commit (a lower id committed late by a concurrent writer is found like any other): when the
store's count and highest id equal the state's, nothing is missing (stored games are never deleted), which
costs two small queries; otherwise the ids above the state's highest are new, and the ids below it are listed
only when their count shows that some are missing. Unfinished games give no rows but are taken in (a stored
game never changes its result); a finished game that cannot be projected (the engine refuses it, a value does
not fit its column) is left out and listed as ``refused``, so no game can stop the others.

A file lock serializes updates across threads and processes, and the store is read only once the lock is held.
New rows go to new part files, written under a temporary name and renamed; the state names the run being
written (``pending``) before its files appear and lists its games only once they are all in place, so after a
crash the next update removes that run's files and projects its games again: each game is in the warehouse
once, or not yet. A state that lists games the store does not hold (another or a replaced store), or of
another layout, rebuilds the warehouse. A warehouse that keeps pre-aggregates (``dashboards.aggregates``) has
them brought up to date under the same lock after each update: only the new part files and the games hidden or
shown since are counted.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import time
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq
import sqlalchemy as sa
from sqlalchemy.engine import Connection, make_url

from dashboards.aggregates import CARD_AGG, DECK_AGG, MANIFEST, PLAYER_AGG, aggregates_enabled, aggregates_stale, refresh_aggregates
from dashboards.facts import CardCodes
from dashboards.hidden import read_hidden, write_hidden
from dashboards.lock import LOCK_FILE, locked
from dashboards.parallel import projected_chunks
from dashboards.schema import CARD_ROW_GROUP, DATASETS, PARTITION, SCHEMA_VERSION
from dashboards.tables import Tables
from pmemo_replay.store.db import read_connection
from pmemo_replay.store.models import GAME
from pmemo_replay.store.queries import left_out_ids_query

if TYPE_CHECKING:
    from pmemo_replay.store import Store

STATE_FILE = "state.json"
STATE_VERSION = 2
BATCH = 256  # games read and folded per store round trip
CHUNK = 5_000  # games per run of part files: bounds the rows held in memory (Python rows, then Arrow) on a large rebuild
logger = logging.getLogger(__name__)

#: sorted, disjoint ``[first, last]`` ranges of game ids
Ranges = list[list[int]]


def ranges_of(ids: Iterable[int]) -> Ranges:
    """The ranges covering ``ids``.

    >>> ranges_of([5, 1, 2, 3, 9, 8])
    [[1, 3], [5, 5], [8, 9]]
    """
    out: Ranges = []
    for i in sorted(set(ids)):
        if out and out[-1][1] == i - 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return out


def merged(a: Ranges, b: Ranges) -> Ranges:
    """The union of two range lists.

    >>> merged([[1, 3], [8, 9]], [[4, 5], [7, 7]])
    [[1, 5], [7, 9]]
    """
    out: Ranges = []
    for first, last in sorted([*a, *b]):
        if out and first <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], last)
        else:
            out.append([first, last])
    return out


def in_ranges(ranges: Ranges, starts: Sequence[int], i: int) -> bool:
    """Whether ``i`` lies in ``ranges`` (``starts``: their first ids, for bisection)."""
    k = bisect_right(starts, i) - 1
    return k >= 0 and i <= ranges[k][1]


@dataclass(frozen=True, slots=True)
class State:
    """The store games taken in: ``covered`` ids in ``ids``, up to ``watermark``; ``projected`` of them have rows."""

    ids: Ranges = field(default_factory=list)
    covered: int = 0
    watermark: int = 0
    watermark_hash: str | None = None  # the content hash of game ``watermark``: another store shows here
    projected: int = 0
    left_out: int = 0  # unfinished or refused
    refused: list[int] = field(default_factory=list)  # finished games that could not be projected
    store: str | None = None
    updated_at: str | None = None
    cards: dict[str, int] = field(default_factory=dict)  # card codes (schema.card_key)
    pending: str | None = None  # the run whose part files are being written
    schema: int = SCHEMA_VERSION
    version: int = STATE_VERSION


@dataclass(frozen=True, slots=True)
class UpdateReport:
    """One update: games projected and left out (unfinished or refused) this time, the state after it."""

    projected: int
    left_out: int
    rebuilt: bool
    seconds: float
    state: State

    def to_json(self) -> dict[str, Any]:
        state = {k: v for k, v in asdict(self.state).items() if k not in ("ids", "cards")}
        return {"projected": self.projected, "left_out": self.left_out, "rebuilt": self.rebuilt,
                "seconds": round(self.seconds, 4), "state": state}


def is_warehouse(folder: Path) -> bool:
    """True for a folder this module writes (log imports pass over it: its ``state.json`` is no log)."""
    return (folder / LOCK_FILE).is_file() and (folder / STATE_FILE).is_file()


def read_state(folder: Path) -> State:
    """The state file's contents (an empty state when there is none or it is from another version)."""
    try:
        data = json.loads((folder / STATE_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return State()
    if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
        return State()
    try:
        return State(**{k: v for k, v in data.items() if k in State.__dataclass_fields__})
    except TypeError:
        return State()


def _write_state(folder: Path, state: State) -> None:
    tmp = folder / f".{STATE_FILE}.tmp"
    tmp.write_text(json.dumps(asdict(state)), "utf-8")
    os.replace(tmp, folder / STATE_FILE)


def part_files(folder: Path) -> Iterator[Path]:
    """Every part file of every dataset."""
    for name in DATASETS:
        yield from (folder / name).rglob("part-*.parquet")


def _remove_run(folder: Path, run: str) -> None:
    """Remove the part files (and temporary files) of a run a crashed update left."""
    for name in DATASETS:
        for path in (folder / name).rglob(f"*{run}.parquet*"):
            path.unlink(missing_ok=True)


# --- writing rows ---------------------------------------------------------------------------

def _write_table(path: Path, table: pa.Table, *, row_group_size: int | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, tmp, compression="zstd", row_group_size=row_group_size)
    os.replace(tmp, path)


def write_parts(folder: Path, tables: Tables, name: str) -> None:
    """Write each table as the part file ``name`` of its dataset and month (``card_games`` ordered by ``key`` in small
    row groups, ``schema.CARD_ROW_GROUP``: one card's rows are a few row groups, the card page reads only those)."""
    for (dataset, month), table in tables.items():
        where = folder / dataset if month is None else folder / dataset / f"{PARTITION}={month}"
        if dataset == "card_games":
            _write_table(where / f"{name}.parquet", table.sort_by("key"), row_group_size=CARD_ROW_GROUP)
        else:
            _write_table(where / f"{name}.parquet", table)


# --- reading the store ----------------------------------------------------------------------


def _store_label(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def _hash(conn: Connection, game_id: int) -> str | None:
    return conn.execute(sa.select(GAME.c.content_hash).where(GAME.c.id == game_id)).scalar_one_or_none()


#: per warehouse folder: when a count of the store's games last found it current, and the state it found current
_CURRENT: dict[str, tuple[float, int, str | None, int]] = {}


def _unchanged(conn: Connection, state: State, folder: Path, recheck_after: float = 0.0) -> bool:
    """True when the store holds exactly the games the state lists (count and highest id; stored games stay).

    The highest id and its hash are read by primary key every time; the count (which reads the whole game index)
    only when this process has not counted the same state within ``recheck_after`` seconds: a new game shows at
    once as a new highest id, and only a game a concurrent writer commits late below it waits that long."""
    top = conn.execute(sa.select(sa.func.max(GAME.c.id))).scalar() or 0
    if top != state.watermark or (top and _hash(conn, top) != state.watermark_hash):
        return False
    key, seen = str(folder), (top, state.watermark_hash, state.covered)
    counted = _CURRENT.get(key)
    now = time.monotonic()
    if recheck_after > 0 and counted is not None and counted[1:] == seen and now - counted[0] < recheck_after:
        return True
    if conn.execute(sa.select(sa.func.count()).select_from(GAME)).scalar_one() != state.covered:
        return False
    _CURRENT[key] = (now, *seen)
    return True


def missing_ids(conn: Connection, state: State) -> list[int] | None:
    """The store's game ids the state does not list, in order; None when the state lists a game the store lacks."""
    mark = state.watermark
    if mark and _hash(conn, mark) != state.watermark_hash:
        return None
    new = list(conn.execute(sa.select(GAME.c.id).where(GAME.c.id > mark).order_by(GAME.c.id)).scalars())
    below = conn.execute(sa.select(sa.func.count()).select_from(GAME).where(GAME.c.id <= mark)).scalar_one()
    if below == state.covered:
        return new
    starts = [r[0] for r in state.ids]
    stored = conn.execute(sa.select(GAME.c.id).where(GAME.c.id <= mark).order_by(GAME.c.id)).scalars()
    late = [i for i in stored if not in_ranges(state.ids, starts, i)]
    if below - len(late) != state.covered:
        return None
    if late:
        logger.info("warehouse: %d game(s) committed late below game %d", len(late), mark)
    return late + new


def _chunks(ids: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for k in range(0, len(ids), size):
        yield ids[k:k + size]


# --- updating ---------------------------------------------------------------------------------


def clear(folder: Path) -> None:
    """Remove the datasets, their pre-aggregates and the state (nothing else in the folder)."""
    for name in (*DATASETS, CARD_AGG, PLAYER_AGG, DECK_AGG):
        shutil.rmtree(folder / name, ignore_errors=True)
    (folder / STATE_FILE).unlink(missing_ok=True)
    (folder / MANIFEST).unlink(missing_ok=True)


def _project(store: Store, folder: Path, state: State, conn: Connection, ids: Sequence[int],
             jobs: int = 1) -> tuple[State, int, int]:
    """Project the games ``ids`` (ascending), a run of part files per chunk (in ``jobs`` processes: the same rows,
    :mod:`dashboards.parallel`); the new state, games projected and left out."""
    projected = left_out = 0
    codes = CardCodes(state.cards)
    chunks = list(_chunks(ids, CHUNK))
    with closing(projected_chunks(store, conn, chunks, codes, jobs, BATCH)) as results:  # closed: its workers too
        for chunk, got in zip(chunks, results, strict=True):
            tables, taken, refused = got.tables, got.taken, got.refused
            if got.cards:
                tables["cards", None] = pa.Table.from_pylist(list(got.cards.values()), schema=DATASETS["cards"])
            name = f"part-{chunk[0]:012d}-{chunk[-1]:012d}-{secrets.token_hex(4)}"
            if tables:
                _write_state(folder, replace(state, pending=name))
                write_parts(folder, tables, name)
            mark = max(state.watermark, taken[-1]) if taken else state.watermark
            state = State(merged(state.ids, ranges_of(taken)), state.covered + len(taken), mark,
                          _hash(conn, mark) if mark else None, state.projected + got.projected,
                          state.left_out + got.unfinished + len(refused), sorted([*state.refused, *refused]),
                          _store_label(store.url), datetime.now(UTC).isoformat(timespec="seconds"), dict(codes.codes))
            _write_state(folder, state)
            projected += got.projected
            left_out += got.unfinished + len(refused)
    return state, projected, left_out


def update_warehouse(store: Store, folder: str | os.PathLike[str], *, rebuild: bool = False,
                     recheck_after: float = 0.0, jobs: int = 1) -> UpdateReport:
    """Project the stored games the warehouse lacks (all of them with ``rebuild``); cheap when nothing is missing.

    Rebuilds by itself when the state lists games the store does not hold, or is of another layout.
    ``recheck_after``: seconds a count of the store's games that found the warehouse current vouches for it while the
    highest id stays the same (:func:`_unchanged`; a server's pages pass a few seconds, 0 counts every time).
    ``jobs``: processes projecting the games (the same rows as one; :mod:`dashboards.parallel`).
    """
    start = time.perf_counter()
    path = Path(folder)
    state = read_state(path)
    if not rebuild and state.covered and state.schema == SCHEMA_VERSION and state.pending is None:
        with read_connection(store.engine) as conn:
            unchanged = _unchanged(conn, state, path.resolve(), recheck_after)
            _keep_hidden_current(conn, path)
        if unchanged:
            if aggregates_stale(path):  # games hidden or shown since, or a crash
                with locked(path):
                    refresh_aggregates(path)
            return UpdateReport(0, 0, False, time.perf_counter() - start, state)
    with locked(path), read_connection(store.engine) as conn:
        state = read_state(path)
        keep_aggregates = aggregates_enabled(path)  # before a rebuild clears them: counted again after it
        if state.pending is not None:
            _remove_run(path, state.pending)
            state = replace(state, pending=None)
        fresh = rebuild or state.schema != SCHEMA_VERSION or not state.covered
        ids = None if fresh else missing_ids(conn, state)
        rebuilt = False
        if ids is None:  # without a usable state, any files there are not known to be complete
            rebuilt = rebuild or any(part_files(path))
            clear(path)
            state = State()
            ids = missing_ids(conn, state) or []  # every stored game
        state, projected, left_out = _project(store, path, state, conn, ids, jobs)
        _keep_hidden_current(conn, path)
        if keep_aggregates:  # only the new part files and the games hidden or shown since are counted
            refresh_aggregates(path)
    return UpdateReport(projected, left_out, rebuilt, time.perf_counter() - start, state)


def _keep_hidden_current(conn: Connection, folder: Path) -> None:
    """Record the games the store leaves out now (hidden by moderation, superseded by a merged game of two seats'
    recordings, what-if branches, or a paired game's second recording), when that changed: statistics leave them
    out."""
    hidden = tuple(sorted(set(conn.execute(left_out_ids_query()).scalars())))
    if hidden != read_hidden(folder):
        write_hidden(folder, hidden)


def rebuild_warehouse(store: Store, folder: str | os.PathLike[str]) -> UpdateReport:
    """Project every stored game again into an emptied warehouse."""
    return update_warehouse(store, folder, rebuild=True)


# --- verifying --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verification:
    """The warehouse's games against the store's finished games, and the ids on one side only or twice."""

    store_games: int  # finished games in the store
    unfinished: int  # stored games without a result (never in the warehouse)
    warehouse_games: int  # rows of the games dataset
    missing: list[int]
    extra: list[int]
    doubled: list[int]
    refused: list[int]  # of the missing: left out by the projection (refused by the engine, or a value out of range)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.extra or self.doubled)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, **asdict(self)}


def warehouse_game_ids(folder: Path) -> list[int]:
    """The ``game_id`` of every row of the games dataset (a game twice appears twice)."""
    ids: list[int] = []
    for path in sorted((folder / "games").rglob("part-*.parquet")):
        ids += pq.ParquetFile(path).read(columns=["game_id"]).column("game_id").to_pylist()
    return ids


def verify_warehouse(store: Store, folder: str | os.PathLike[str]) -> Verification:
    """Compare the warehouse at ``folder`` with the store as they are (nothing is projected)."""
    path = Path(folder)
    found: dict[int, int] = {}
    for i in warehouse_game_ids(path):
        found[i] = found.get(i, 0) + 1
    with read_connection(store.engine) as conn:
        stored = conn.execute(sa.select(GAME.c.id, GAME.c.reason.is_not(None))).all()
    finished = {i for i, done in stored if done}
    missing = sorted(finished - found.keys())
    refused = sorted(set(read_state(path).refused) & set(missing))
    return Verification(len(finished), len(stored) - len(finished), sum(found.values()), missing,
                        sorted(found.keys() - finished), sorted(i for i, n in found.items() if n > 1), refused)
