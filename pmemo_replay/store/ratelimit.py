"""A ``limits`` storage in the store's ``rate_limit`` table: fixed-window counters that every server process
(and every server on one PostgreSQL) shares, where a memory storage would count per process.

Each hit is one upsert (``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``) on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import random
import time
from typing import Any

import sqlalchemy as sa
from limits.storage import Storage
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from pmemo_replay.store.db import is_postgresql, read_connection, write_transaction
from pmemo_replay.store.models import RATE_LIMIT

PURGE_CHANCE = 0.01  # share of hits that also drop counters whose window ended an hour ago


class StoreStorage(Storage):
    """Fixed-window counters in the store at ``engine`` (``limits.FixedWindowRateLimiter(StoreStorage(engine))``)."""

    STORAGE_SCHEME = None  # made with an engine, never from a URI

    def __init__(self, engine: Engine, **options: Any) -> None:
        super().__init__(None, **options)
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def _upsert(self) -> Any:
        return (postgresql.insert if is_postgresql(self.engine) else sqlite.insert)(RATE_LIMIT)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        insert = self._upsert().values(key=key, count=amount, expires_at=now + expiry)
        ended = RATE_LIMIT.c.expires_at <= now
        statement = insert.on_conflict_do_update(index_elements=[RATE_LIMIT.c.key], set_={
            "count": sa.case((ended, amount), else_=RATE_LIMIT.c.count + amount),
            "expires_at": sa.case((ended, now + expiry), else_=RATE_LIMIT.c.expires_at),
        }).returning(RATE_LIMIT.c.count)
        with write_transaction(self.engine) as conn:
            count = conn.execute(statement).scalar_one()
            if random.random() < PURGE_CHANCE:
                conn.execute(RATE_LIMIT.delete().where(RATE_LIMIT.c.expires_at < now - 3600))
        return int(count)

    def _row(self, key: str) -> Any:
        with read_connection(self.engine) as conn:
            return conn.execute(sa.select(RATE_LIMIT.c.count, RATE_LIMIT.c.expires_at).where(RATE_LIMIT.c.key == key)).first()

    def get(self, key: str) -> int:
        row = self._row(key)
        return 0 if row is None or row.expires_at <= time.time() else int(row.count)

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return time.time() if row is None else float(row.expires_at)

    def check(self) -> bool:
        try:
            with read_connection(self.engine) as conn:
                conn.execute(sa.select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with write_transaction(self.engine) as conn:
            return conn.execute(RATE_LIMIT.delete()).rowcount

    def clear(self, key: str) -> None:
        with write_transaction(self.engine) as conn:
            conn.execute(RATE_LIMIT.delete().where(RATE_LIMIT.c.key == key))
