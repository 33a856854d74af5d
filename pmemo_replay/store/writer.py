"""Inserting prepared games: a batch per transaction, each game whole or not at all, duplicates by content hash.

The unique constraint on ``game.content_hash`` decides races: a writer that loses one gets
``IntegrityError``, redoes its batch one game per transaction and reports the loser as
already present. Rows go in content-hash order, so concurrent batches lock alike and do not deadlock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from pmemo_replay.store.db import (
    RawJSON,
    bulk_insert,
    copy_binary,
    copy_field,
    copy_text,
    driver_rows,
    is_postgresql,
    write_transaction,
)
from pmemo_replay.store.models import GAME, UPLOAD
from pmemo_replay.store.prepare import Prepared, Rejected

Status = Literal["stored", "present", "rejected"]


@dataclass(frozen=True, slots=True)
class IngestResult:
    """What became of one log: ``stored`` (new game id), ``present`` (the existing game id) or ``rejected`` (ruling)."""

    status: Status
    source: str
    game_id: int | None = None
    content_hash: str | None = None
    ruling: dict[str, Any] | None = None
    exit_code: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "source": self.source, "id": self.game_id, "ruling": self.ruling}


def rejected(r: Rejected) -> IngestResult:
    return IngestResult("rejected", r.source, ruling=r.ruling, exit_code=r.exit_code)


def _now() -> datetime:
    return datetime.now(UTC)


def existing_ids(conn: Connection, hashes: Sequence[str]) -> dict[str, int]:
    """Stored game ids by content hash, for those of ``hashes`` already stored."""
    if not hashes:
        return {}
    if is_postgresql(conn):  # one array parameter, on the driver's connection: no statement for SQLAlchemy to build
        return dict(driver_rows(conn, "SELECT content_hash, id FROM game WHERE content_hash = ANY(%s)", (list(hashes),)))
    rows = conn.execute(sa.select(GAME.c.content_hash, GAME.c.id).where(GAME.c.content_hash.in_(list(hashes))))
    return {h: i for h, i in rows}


def insert_games(conn: Connection, games: Sequence[Prepared]) -> list[int]:
    """Insert uploads, games, seats, actions, snapshots and deck cards; return the new game ids in order."""
    if not games:
        return []
    now = _now()
    if is_postgresql(conn):
        upload_ids, ids = _new_ids(conn, len(games))
    else:
        uploads = [{"source": p.source, "received_at": now, "content_hash": p.upload_hash, "size": len(p.data),
                    "data": p.data} for p in games]
        upload_ids = conn.execute(UPLOAD.insert().returning(UPLOAD.c.id, sort_by_parameter_order=True), uploads).scalars().all()
    rows = [{**p.game, "header": RawJSON(p.game["header"]), "upload_id": u, "stored_at": now,
             "what_if": bool(p.game.get("what_if", False))}
            for p, u in zip(games, upload_ids, strict=True)]
    if is_postgresql(conn):  # COPY with the ids taken: no multi-row INSERT for the driver to parse, no RETURNING
        copy_binary(conn, "upload", UPLOAD_COLUMNS, UPLOAD_TYPES,
                    [(u, p.source, now, p.upload_hash, len(p.data), p.data) for u, p in zip(upload_ids, games, strict=True)])
        columns = tuple(rows[0])
        bulk_insert(conn, "game", ("id", *columns), [(g, *(row[c] for c in columns)) for g, row in zip(ids, rows, strict=True)])
    else:
        ids = conn.execute(GAME.insert().returning(GAME.c.id, sort_by_parameter_order=True), rows).scalars().all()
    pairs = list(zip(games, ids, strict=True))
    blocks = [row for p, g in pairs for row in p.action_blocks(g)]
    snapshots = [(g, s, d) for p, g in pairs for s, d in p.snapshots]
    if is_postgresql(conn):  # the large texts and bytes in COPY's binary format: nothing to escape, nor to undo
        copy_binary(conn, "game_action_block", BLOCK_COLUMNS, BLOCK_TYPES, blocks)
        copy_binary(conn, "game_snapshot", SNAPSHOT_COLUMNS, SNAPSHOT_TYPES, snapshots)
        copy_text(conn, "game_card", CARD_COLUMNS, card_copy_text(pairs))
    else:
        bulk_insert(conn, "game_action_block", BLOCK_COLUMNS, blocks)
        bulk_insert(conn, "game_snapshot", SNAPSHOT_COLUMNS, snapshots)
        bulk_insert(conn, "game_card", CARD_COLUMNS, [(g, n, c) for p, g in pairs for n, c in p.cards])
    insert_seats(conn, pairs)
    return list(ids)


def _new_ids(conn: Connection, n: int) -> tuple[list[int], list[int]]:
    """PostgreSQL: ``n`` new upload ids and ``n`` new game ids from their tables' sequences, each list ascending (as
    an INSERT of ``n`` rows would number them)."""
    raw: Any = conn.connection.driver_connection
    taken = raw.execute("SELECT nextval(pg_get_serial_sequence('upload', 'id')), nextval(pg_get_serial_sequence('game', 'id')) "
                        "FROM generate_series(1, %s)", (n,)).fetchall()
    return sorted(u for u, _ in taken), sorted(g for _, g in taken)


BLOCK_COLUMNS = ("game_id", "seq", "stop", "data")
SNAPSHOT_COLUMNS = ("game_id", "seq", "data")
CARD_COLUMNS = ("game_id", "player", "card")
UPLOAD_COLUMNS = ("id", "source", "received_at", "content_hash", "size", "data")
#: the PostgreSQL types of the columns sent in COPY's binary format
UPLOAD_TYPES = ("int4", "varchar", "timestamptz", "varchar", "int4", "bytea")
BLOCK_TYPES = ("int4", "int4", "int4", "text")
SNAPSHOT_TYPES = ("int4", "int4", "text")


def card_copy_text(pairs: Sequence[tuple[Prepared, int]]) -> str:
    """The ``game_card`` rows of each (prepared game, game id) in COPY's text format.

    Written without escaping first: when the text then holds exactly two tabs and one newline per row and neither
    backslash nor carriage return, no card id needed escaping (card ids never do); else it is written again with
    every id escaped."""
    rows = sum(len(p.cards) for p, _ in pairs)
    text = "".join([f"{g}\t{n}\t{c}\n" for p, g in pairs for n, c in p.cards])
    if text.count("\n") == rows and text.count("\t") == 2 * rows and "\\" not in text and "\r" not in text:
        return text
    return "".join([f"{g}\t{n}\t{copy_field(c)}\n" for p, g in pairs for n, c in p.cards])


def insert_seats(conn: Connection, pairs: Sequence[tuple[Prepared, int]]) -> None:
    """The ``game_seat`` rows of each (prepared game, game id)."""
    bulk_insert(conn, "game_seat", ("game_id", "seat", "player", "deck_name", "score", "placement"),
                [(g, *seat) for p, g in pairs for seat in p.seats])


def _write(conn: Connection, batch: Sequence[Prepared]) -> list[IngestResult]:
    known = existing_ids(conn, sorted({p.content_hash for p in batch}))
    played = sorted({known[p.content_hash] for p in batch if p.content_hash in known and not p.game.get("what_if")})
    if played:  # the same game uploaded as played: a what-if branch stored first with its content becomes a game
        conn.execute(GAME.update().where(GAME.c.id.in_(played), GAME.c.what_if).values(what_if=False))
    first: dict[str, int] = {}
    for i, p in enumerate(batch):
        if p.content_hash not in known:
            first.setdefault(p.content_hash, i)
    fresh = sorted(first.items())  # content-hash order
    new_ids = dict(zip((h for h, _ in fresh), insert_games(conn, [batch[i] for _, i in fresh]), strict=True))
    out = []
    for i, p in enumerate(batch):
        if first.get(p.content_hash) == i:
            out.append(IngestResult("stored", p.source, new_ids[p.content_hash], p.content_hash))
        else:
            out.append(IngestResult("present", p.source, known.get(p.content_hash) or new_ids[p.content_hash], p.content_hash))
    return out


def write_one(engine: Engine, p: Prepared) -> IngestResult:
    """Store one game in its own transaction; a racing writer's copy makes it ``present``."""
    try:
        with write_transaction(engine) as conn:
            return _write(conn, [p])[0]
    except IntegrityError:
        with engine.connect() as conn:
            found = existing_ids(conn, [p.content_hash]).get(p.content_hash)
        if found is None:
            raise
        return IngestResult("present", p.source, found, p.content_hash)


def write_batch(engine: Engine, batch: Sequence[Prepared | Rejected]) -> list[IngestResult]:
    """Store the legal games of ``batch`` in one transaction (one per game after a lost race); results in order."""
    games = [p for p in batch if isinstance(p, Prepared)]
    stored: list[IngestResult] = []
    if games:
        try:
            with write_transaction(engine) as conn:
                stored = _write(conn, games)
        except (IntegrityError, OperationalError):
            stored = [write_one(engine, p) for p in games]
    results = iter(stored)
    return [next(results) if isinstance(p, Prepared) else rejected(p) for p in batch]
