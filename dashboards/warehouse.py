"""The warehouse: a Parquet projection of the store, kept current incrementally and rebuildable from scratch.

Layout of the folder::

    state.json                        the watermark: the last projected game id, and what it covered
    games/month=2026-11/part-<first id>-<last id>.parquet
    player_games/month=.../part-...   card_games/month=.../part-...   cards/part-...

Every update writes new part files (named by the range of game ids they hold) and never rewrites old
ones; the state file is replaced after the files are in place, so a crash leaves only part files above
the watermark, which the next update removes before projecting those games again. A file lock
serializes updates across threads and processes. Games are projected in id order; unfinished games
give no rows (stored games never change their result) but the watermark moves past them.

The state also remembers the content hash of the watermark game (checked by every update: a replaced store)
and how many stored games had ids up to it (checked when there are new games: a lower id committed late by
a concurrent writer on PostgreSQL shows up with the next new game); a mismatch rebuilds the warehouse.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq
import sqlalchemy as sa
from sqlalchemy.engine import Connection, make_url

from dashboards.facts import CardCodes, Rows
from dashboards.schema import DATASETS, PARTITION, PARTITIONED, SCHEMA_VERSION
from dashboards.source import batches, project_batch
from pmemo_replay.store.db import read_connection
from pmemo_replay.store.models import GAME

if TYPE_CHECKING:
    from pmemo_replay.store import Store

STATE_FILE = "state.json"
LOCK_FILE = ".lock"
STATE_VERSION = 1
BATCH = 256  # games read and folded per store round trip
CHUNK = 20_000  # games per set of part files (bounds memory on a large rebuild)


@dataclass(frozen=True, slots=True)
class State:
    """What the warehouse holds: games up to ``watermark`` (``covered`` stored games), ``projected`` of them finished."""

    watermark: int = 0
    watermark_hash: str | None = None
    covered: int = 0
    projected: int = 0
    left_out: int = 0
    store: str | None = None
    updated_at: str | None = None
    cards: dict[str, int] = field(default_factory=dict)  # card codes (schema.card_key)
    pending: int | None = None  # set while part files up to this game id are being written
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
        return {"projected": self.projected, "left_out": self.left_out, "rebuilt": self.rebuilt,
                "seconds": round(self.seconds, 4), "state": asdict(self.state)}


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
    data.setdefault("schema", 0)
    return State(**{k: v for k, v in data.items() if k in State.__dataclass_fields__})


def _write_state(folder: Path, state: State) -> None:
    tmp = folder / f".{STATE_FILE}.tmp"
    tmp.write_text(json.dumps(asdict(state), indent=2), "utf-8")
    os.replace(tmp, folder / STATE_FILE)


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the warehouse's update lock (blocking)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / LOCK_FILE, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def part_files(folder: Path) -> Iterator[Path]:
    """Every part file of every dataset."""
    for name in DATASETS:
        yield from (folder / name).rglob("part-*.parquet")


def _first_id(path: Path) -> int:
    try:
        return int(path.stem.split("-")[1])
    except (IndexError, ValueError):
        return 0


def _remove_above(folder: Path, watermark: int) -> None:
    """Remove part files a crashed update left above the watermark."""
    for path in part_files(folder):
        if _first_id(path) > watermark:
            path.unlink(missing_ok=True)


def _write_table(path: Path, rows: list[dict[str, Any]], schema: pa.Schema) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), tmp, compression="zstd")
    os.replace(tmp, path)


def write_parts(folder: Path, rows: Rows, first: int, last: int) -> None:
    """Write the rows of games ``first``..``last`` as new part files, one per dataset and month."""
    name = f"part-{first:012d}-{last:012d}.parquet"
    for dataset in PARTITIONED:
        by_month: dict[str, list[dict[str, Any]]] = {}
        for row in getattr(rows, dataset):
            by_month.setdefault(row[PARTITION], []).append(row)
        for month, month_rows in sorted(by_month.items()):
            _write_table(folder / dataset / f"{PARTITION}={month}" / name, month_rows, DATASETS[dataset])
    if rows.cards:
        _write_table(folder / "cards" / name, list(rows.cards.values()), DATASETS["cards"])


def _store_label(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def _check(conn: Connection, state: State, *, count: bool) -> tuple[int, bool]:
    """The store's highest game id, and whether the warehouse still matches the store (else: rebuild).

    Two index lookups; ``count`` also counts the games up to the watermark (a range scan, done only when
    there is something to project anyway).
    """
    top = conn.execute(sa.select(sa.func.max(GAME.c.id))).scalar_one() or 0
    if state.watermark == 0:
        return top, True
    same = conn.execute(sa.select(GAME.c.content_hash).where(GAME.c.id == state.watermark)).scalar_one_or_none() == state.watermark_hash
    if same and count:
        same = conn.execute(sa.select(sa.func.count()).select_from(GAME).where(GAME.c.id <= state.watermark)).scalar_one() == state.covered
    return top, same


def _hash_and_count(conn: Connection, game_id: int) -> tuple[str | None, int]:
    h = conn.execute(sa.select(GAME.c.content_hash).where(GAME.c.id == game_id)).scalar_one_or_none()
    n = conn.execute(sa.select(sa.func.count()).select_from(GAME).where(GAME.c.id <= game_id)).scalar_one()
    return h, n


def clear(folder: Path) -> None:
    """Remove the datasets and the state (nothing else in the folder)."""
    for name in DATASETS:
        shutil.rmtree(folder / name, ignore_errors=True)
    (folder / STATE_FILE).unlink(missing_ok=True)


def _project(store: Store, folder: Path, state: State, conn: Connection) -> tuple[State, int, int]:
    """Project every game above the watermark; the new state, games projected and left out."""
    projected = left_out = 0
    codes = CardCodes(state.cards)
    pending = Rows()
    pending_first, last, pending_out = state.watermark + 1, state.watermark, 0

    def flush() -> None:
        nonlocal state, pending, pending_first, pending_out
        if last <= state.watermark:
            return
        if len(pending):
            _write_state(folder, replace(state, pending=last))
            write_parts(folder, pending, pending_first, last)
        h, n = _hash_and_count(conn, last)
        state = State(last, h, n, state.projected + len(pending), state.left_out + pending_out, _store_label(store.url),
                      datetime.now(UTC).isoformat(timespec="seconds"), dict(codes.codes))
        _write_state(folder, state)
        pending, pending_first, pending_out = Rows(), last + 1, 0

    for games in batches(conn, state.watermark, BATCH):
        rows, out = project_batch(conn, games, store.cards, codes)
        pending.extend(rows)
        pending_out += out
        projected += len(rows)
        left_out += out
        last = games[-1].id
        if len(pending) >= CHUNK:
            flush()
    flush()
    return state, projected, left_out


def update_warehouse(store: Store, folder: str | os.PathLike[str], *, rebuild: bool = False) -> UpdateReport:
    """Project the games stored since the last update (all of them with ``rebuild``); cheap when nothing is new.

    Rebuilds by itself when the store no longer matches the state (see the module docstring).
    """
    start = time.perf_counter()
    path = Path(folder)
    state = read_state(path)
    if not rebuild and state.watermark and state.schema == SCHEMA_VERSION and state.pending is None:
        with read_connection(store.engine) as conn:
            top, same = _check(conn, state, count=False)
        if same and top <= state.watermark:
            return UpdateReport(0, 0, False, time.perf_counter() - start, state)
    with locked(path), read_connection(store.engine) as conn:
        state = read_state(path)
        _, same = _check(conn, state, count=True)
        rebuilt = rebuild or not same or state.schema != SCHEMA_VERSION
        if rebuilt or state.watermark == 0:  # without a state, any files there are not known to be complete
            rebuilt = rebuilt or any(part_files(path))
            clear(path)
            state = State()
        _remove_above(path, state.watermark)
        state, projected, left_out = _project(store, path, state, conn)
    return UpdateReport(projected, left_out, rebuilt, time.perf_counter() - start, state)


def rebuild_warehouse(store: Store, folder: str | os.PathLike[str]) -> UpdateReport:
    """Project every stored game again into an emptied warehouse."""
    return update_warehouse(store, folder, rebuild=True)
