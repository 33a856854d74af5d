"""Re-process every raw upload with the current engine: refresh each game's derived columns and snapshots.

Action rows never change (they are the log itself, and append-only); a log the current engine
refuses keeps its rows and gets the ruling recorded on its game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from pmemo_replay.store.db import RawJSON, bulk_insert, write_transaction
from pmemo_replay.store.models import GAME, GAME_SEAT, SNAPSHOT, UPLOAD
from pmemo_replay.store.pipeline import Item, batched, prepared
from pmemo_replay.store.prepare import Prepared, Rejected
from pmemo_replay.store.writer import insert_seats

RESULT_COLUMNS = ("winner", "reason", "n_actions", "turns", "ruleset", "irregular")
PAGE = 256


@dataclass
class ReprocessReport:
    """What re-processing found: games whose result changed, refused now, or whose content no longer hashes alike."""

    checked: int = 0
    unchanged: int = 0
    changed: list[int] = field(default_factory=list)
    refused: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    mismatched: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"checked": self.checked, "unchanged": self.unchanged, "changed": self.changed,
                "refused": [{"id": i, "ruling": r} for i, r in self.refused], "mismatched": self.mismatched}


def _stored(engine: Engine) -> Iterator[Any]:
    """Every (upload, game) pair in upload order, read a page at a time."""
    columns = (UPLOAD.c.id.label("upload_id"), UPLOAD.c.source, UPLOAD.c.data, GAME.c.id, GAME.c.content_hash,
               GAME.c.engine_version, GAME.c.ruling, GAME.c.unverified, *(GAME.c[c] for c in RESULT_COLUMNS))
    last = 0
    while True:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(*columns).join(GAME, GAME.c.upload_id == UPLOAD.c.id)
                                .where(UPLOAD.c.id > last).order_by(UPLOAD.c.id).limit(PAGE)).all()
        if not rows:
            return
        yield from rows
        last = rows[-1].upload_id


def _refresh(conn: Connection, game_id: int, p: Prepared) -> None:
    columns = {k: v for k, v in p.game.items() if k != "content_hash"} | {"header": RawJSON(p.game["header"])}
    conn.execute(GAME.update().where(GAME.c.id == game_id).values(**columns, ruling=None))
    conn.execute(SNAPSHOT.delete().where(SNAPSHOT.c.game_id == game_id))
    bulk_insert(conn, "game_snapshot", ("game_id", "seq", "data"), [(game_id, s, d) for s, d in p.snapshots])
    conn.execute(GAME_SEAT.delete().where(GAME_SEAT.c.game_id == game_id))
    insert_seats(conn, [(p, game_id)])


def _apply(conn: Connection, row: Any, result: Prepared | Rejected, report: ReprocessReport, force: bool) -> None:
    report.checked += 1
    if isinstance(result, Rejected):
        conn.execute(GAME.update().where(GAME.c.id == row.id).values(ruling=result.ruling))
        # the snapshots were folded by an engine that accepted the game: seeks fold from the header instead and
        # stop where this engine refuses it, at every step after (not only up to the first snapshot)
        conn.execute(SNAPSHOT.delete().where(SNAPSHOT.c.game_id == row.id))
        report.refused.append((row.id, result.ruling))
    elif result.content_hash != row.content_hash:
        report.mismatched.append(row.id)
    else:
        same = all(result.game[c] == getattr(row, c) for c in RESULT_COLUMNS)
        if not same:
            report.changed.append(row.id)
        else:
            report.unchanged += 1
        if (force or not same or row.ruling is not None or row.engine_version != result.game["engine_version"]
                or row.unverified is None):  # stored before migration 0006: its seats' scores and count are new
            _refresh(conn, row.id, result)


def reprocess_all(engine: Engine, cards: Any, *, workers: int = 0, force: bool = False) -> ReprocessReport:
    """Re-parse and re-fold every stored upload; ``force`` rewrites snapshots even when nothing changed."""
    report = ReprocessReport()
    rows: deque[Any] = deque()  # read, not yet applied (results come back in the same order)

    def items() -> Iterator[Item]:
        for row in _stored(engine):
            rows.append(row)
            yield row.source, bytes(row.data)

    for batch in batched(prepared(items(), cards, workers)):
        with write_transaction(engine) as conn:
            for result in batch:
                _apply(conn, rows.popleft(), result, report, force)
    return report
