"""PostgreSQL: game headers, actions, rulings and draft events as ``json`` (the text as written), not ``jsonb``.

``jsonb`` keeps numbers as ``numeric`` and objects with sorted keys: ``-0.0`` came back ``0.0``, ``1.5e308`` as a
309-digit integer, and keys in another order, so a stored game no longer matched its own content hash. ``json``
keeps the text the store wrote, which reads back as the values it was written from. Rows stored before this
migration keep what ``jsonb`` made of them (their upload's bytes are intact: ``pmemo-replay reprocess``).
SQLite keeps JSON as text already: nothing to do there.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

COLUMNS = (("game", "header"), ("game", "ruling"), ("game_action", "data"),
           ("draft", "header"), ("draft_event", "action"), ("draft_event", "public"))


def _compression(table: str, column: str) -> str:
    """The column's compression method (``lz4``, ``pglz``), or "" for the server's default."""
    row = op.get_bind().exec_driver_sql(
        "SELECT a.attcompression FROM pg_attribute a WHERE a.attrelid = to_regclass(%(t)s) AND a.attname = %(c)s",
        {"t": table, "c": column}).first()
    return {"l": "lz4", "p": "pglz"}.get(row[0] if row else "", "")


def _retype(kind: str) -> None:
    """Change the columns' type (a table rewrite), keeping the compression migration 0002 set."""
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in COLUMNS:
        method = _compression(table, column)
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} TYPE {kind} USING {column}::{kind}")
        if method:
            op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def upgrade() -> None:
    _retype("json")


def downgrade() -> None:
    _retype("jsonb")
