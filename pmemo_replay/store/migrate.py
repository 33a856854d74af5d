"""Alembic migrations run in code at store open (``upgrade head``); no alembic.ini on disk."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

from pmemo_replay.store.db import is_postgresql, write_transaction

MIGRATIONS = Path(__file__).resolve().with_name("migrations")
_PG_LOCK = 0x706D656D6F  # "pmemo": serializes concurrent upgrades on PostgreSQL


def alembic_config(conn: Connection | None = None) -> Config:
    """An Alembic config for the bundled migrations, bound to ``conn`` when given."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if conn is not None:
        cfg.attributes["connection"] = conn
    return cfg


@cache
def head_revision() -> str | None:
    """The newest bundled migration (read once per process: Alembic imports every migration script to find it)."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the schema to the head revision, in one transaction that concurrent openers wait for."""
    head = head_revision()
    with engine.connect() as conn:
        if current_revision(conn) == head:
            return
    with write_transaction(engine) as conn:
        if is_postgresql(conn):
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK})")
        if current_revision(conn) != head:
            command.upgrade(alembic_config(conn), "head")
