"""Waking draft watchers: on PostgreSQL every draft event is announced with NOTIFY (at commit), so a watcher
served by any worker process, or any app server on the same database, hears it at once; on SQLite the
watchers poll the store.

>>> CHANNEL
'pmemo_drafts'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

CHANNEL = "pmemo_drafts"


def announce(conn: Connection, draft_id: int) -> None:
    """Announce a new event of ``draft_id`` (delivered when the transaction commits; nothing on SQLite)."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_notify(:channel, :draft)"), {"channel": CHANNEL, "draft": str(draft_id)})


class Waiter:
    """Waits until the draft may have a new event: a NOTIFY for it (PostgreSQL), or a poll interval."""

    def __init__(self, listener: Any | None, draft_id: int, poll: float) -> None:
        self.listener = listener
        self.draft = str(draft_id)
        self.poll = poll

    def wait(self, seconds: float) -> None:
        """Return when the draft was announced, or after ``seconds`` (the poll interval without a listener)."""
        if self.listener is None:
            time.sleep(min(seconds, self.poll))
            return
        for note in self.listener.notifies(timeout=seconds):
            if note.payload == self.draft:
                return


@contextmanager
def waiter(engine: Engine, draft_id: int, poll: float) -> Iterator[Waiter]:
    """A :class:`Waiter` for one watcher; on PostgreSQL it holds its own listening connection while it lives."""
    if engine.dialect.name != "postgresql":
        yield Waiter(None, draft_id, poll)
        return
    import psycopg

    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        yield Waiter(listener, draft_id, poll)
