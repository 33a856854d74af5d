"""Logs judged on /judge (nothing is stored as a game): kept by content hash so each has a permalink.

>>> digest_of(b"{}")[:12]
'44136fa355b3'
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pmemo_replay.store.db import read_connection

JUDGED = sa.table("judged_log", sa.column("digest", sa.String), sa.column("data", sa.LargeBinary),
                  sa.column("received_at", sa.DateTime))


def digest_of(data: bytes) -> str:
    """The permalink key of a judged log: the sha256 of its bytes."""
    return hashlib.sha256(data).hexdigest()


def keep(engine: Engine, data: bytes) -> str:
    """Keep a judged log (once per content) and return its key."""
    digest = digest_of(data)
    try:
        with engine.begin() as conn:
            if conn.execute(sa.select(JUDGED.c.digest).where(JUDGED.c.digest == digest)).first() is None:
                conn.execute(sa.insert(JUDGED).values(digest=digest, data=data,
                                                      received_at=datetime.now(UTC).replace(tzinfo=None)))
    except IntegrityError:  # the same log kept by a concurrent request
        pass
    return digest


def fetch(engine: Engine, digest: str) -> bytes | None:
    """The judged log with this key, or None."""
    with read_connection(engine) as conn:
        row = conn.execute(sa.select(JUDGED.c.data).where(JUDGED.c.digest == digest)).first()
    return None if row is None else bytes(row[0])
