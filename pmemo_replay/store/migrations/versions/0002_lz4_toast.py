"""PostgreSQL: compress the large values (raw uploads, snapshots, headers) with lz4 instead of pglz.

lz4 compresses several times faster than PostgreSQL's default pglz at a similar size; the ingest
benchmark's server CPU drops accordingly (benchmarks/README.md). Servers built without lz4 keep
pglz. SQLite has no such setting: nothing to do there.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

COLUMNS = (("upload", "data"), ("game_snapshot", "data"), ("game", "header"))


def _lz4_available() -> bool:
    row = op.get_bind().exec_driver_sql(
        "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'").first()
    return bool(row and row[0])


def _set(method: str) -> None:
    if op.get_bind().dialect.name != "postgresql" or not _lz4_available():
        return
    for table, column in COLUMNS:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def upgrade() -> None:
    _set("lz4")


def downgrade() -> None:
    _set("pglz")
