"""A game's actions in blocks of 64 (``game_action_block``), not a row each; PostgreSQL's snapshots as ``text``.

``game_action`` held one row per action (``game_id, seq, type, player, data``): about 250 rows per game, each with
its heap tuple, WAL record and primary-key entry, which made up about half of the PostgreSQL server's work in an
import (benchmarks/README.md, "Event store: ingest and seek"). A ``game_action_block`` row holds the canonical JSON
texts of the actions ``seq`` to ``stop`` - 1, one per line (a JSON text has no raw newline), in blocks of 64 (so a
seek from a snapshot, taken every 64 actions, starts at a block's first line). Nothing read ``type`` or ``player``:
they were the action's own ``type`` and ``p``, and the downgrade derives them again from the text. The blocks stay
append-only (the same triggers). The snapshots' ``json`` type made PostgreSQL check every 28 KB snapshot's syntax
on the way in; the store only ever reads them as text (``seek``), so they are ``text`` now (SQLite stores JSON as
text already).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

BLOCK = 64
REFUSED = "game_action rows are append-only"
NO_PLAYER = 255


def _triggers(table: str, postgresql: bool) -> list[str]:
    """The append-only triggers of ``table`` (migration 0001's, whose PostgreSQL function stays)."""
    if not postgresql:
        return [f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} BEGIN SELECT RAISE(ABORT, '{REFUSED}: "
                "UPDATE refused'); END",
                f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} BEGIN SELECT RAISE(ABORT, '{REFUSED}: "
                "DELETE refused'); END"]
    return [f"CREATE TRIGGER {table}_no_{what} BEFORE {what.upper()} ON {table} FOR EACH {each} "
            "EXECUTE FUNCTION pmemo_refuse_action_change()"
            for what, each in (("update", "ROW"), ("delete", "ROW"), ("truncate", "STATEMENT"))]


def _lz4(table: str, column: str) -> None:
    """PostgreSQL: lz4 for the column's large values where the server has it (as migration 0002)."""
    row = op.get_bind().exec_driver_sql(
        "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'").first()
    if row and row[0]:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION lz4")


#: PostgreSQL: the rows of ``game_action`` as blocks (``data`` is ``json``: its text is the text written)
PG_TO_BLOCKS = (f"INSERT INTO game_action_block (game_id, seq, stop, data) "
                f"SELECT game_id, seq / {BLOCK} * {BLOCK}, max(seq) + 1, string_agg(data::text, E'\\n' ORDER BY seq) "
                f"FROM game_action GROUP BY game_id, seq / {BLOCK}")
#: PostgreSQL: the blocks as ``game_action`` rows, ``type`` and ``player`` read from each action (``player``: its
#: ``p`` when a whole number 0-254, as the writer set it)
PG_TO_ROWS = ("INSERT INTO game_action (game_id, seq, type, player, data) "
              "SELECT b.game_id, b.seq + a.n - 1, a.line::json ->> 'type', "
              "CASE WHEN json_typeof(a.line::json -> 'p') = 'number' AND (a.line::json ->> 'p') ~ '^[0-9]{1,3}$' "
              "THEN CASE WHEN (a.line::json ->> 'p')::int < 255 THEN (a.line::json ->> 'p')::int END END, a.line::json "
              "FROM game_action_block b, unnest(string_to_array(b.data, E'\\n')) WITH ORDINALITY AS a(line, n)")


def _sqlite_blocks(conn: sa.Connection) -> Iterator[dict[str, Any]]:
    """SQLite: ``game_action``'s rows grouped into blocks (its ``group_concat`` has no order of its own)."""
    game, start, lines = None, 0, []
    for game_id, seq, data in conn.exec_driver_sql("SELECT game_id, seq, data FROM game_action ORDER BY game_id, seq"):
        if lines and (game_id != game or seq // BLOCK != start // BLOCK):
            yield {"g": game, "s": start, "e": start + len(lines), "d": "\n".join(lines)}
            lines = []
        if not lines:
            game, start = game_id, seq
        lines.append(data)
    if lines:
        yield {"g": game, "s": start, "e": start + len(lines), "d": "\n".join(lines)}


def _player(action: dict[str, Any]) -> int | None:
    p = action.get("p")
    return p if type(p) is int and 0 <= p < NO_PLAYER else None


def upgrade() -> None:
    conn = op.get_bind()
    postgresql = conn.dialect.name == "postgresql"
    op.create_table(
        "game_action_block",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("stop", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_action_block"),
        sqlite_with_rowid=False,
    )
    if postgresql:
        _lz4("game_action_block", "data")
        op.execute(PG_TO_BLOCKS)
        op.execute("ALTER TABLE game_snapshot ALTER COLUMN data TYPE text USING data::text")
        _lz4("game_snapshot", "data")  # a new type drops the column's compression
    else:
        insert = sa.text("INSERT INTO game_action_block (game_id, seq, stop, data) VALUES (:g, :s, :e, :d)")
        batch: list[dict[str, Any]] = []
        for block in _sqlite_blocks(conn):
            batch.append(block)
            if len(batch) >= 1000:
                conn.execute(insert, batch)
                batch = []
        if batch:
            conn.execute(insert, batch)
    op.drop_table("game_action")  # its triggers go with it
    for statement in _triggers("game_action_block", postgresql):
        op.execute(statement)


def downgrade() -> None:
    conn = op.get_bind()
    postgresql = conn.dialect.name == "postgresql"
    op.create_table(
        "game_action",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String, nullable=False),
        sa.Column("player", sa.Integer, nullable=True),
        sa.Column("data", sa.JSON, nullable=False),  # PostgreSQL: json (migration 0008)
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_action"),
        sqlite_with_rowid=False,
    )
    if postgresql:
        op.execute(PG_TO_ROWS)
        op.execute("ALTER TABLE game_snapshot ALTER COLUMN data TYPE json USING data::json")
        _lz4("game_snapshot", "data")
    else:
        insert = sa.text("INSERT INTO game_action (game_id, seq, type, player, data) VALUES (:g, :s, :t, :p, :d)")
        for game_id, seq, data in conn.exec_driver_sql("SELECT game_id, seq, data FROM game_action_block "
                                                       "ORDER BY game_id, seq").all():
            rows = []
            for i, line in enumerate(data.split("\n")):
                action = orjson.loads(line)
                rows.append({"g": game_id, "s": seq + i, "t": action["type"], "p": _player(action), "d": line})
            conn.execute(insert, rows)
    op.drop_table("game_action_block")
    for statement in _triggers("game_action", postgresql):
        op.execute(statement)
