"""Drafts: games being recorded at the table (table-logs.md, "Recording drafts").

``draft`` holds the header, the sha256 of the write token and how far the draft got; ``draft_event``
its append-only history (append, undo, finish: database triggers refuse UPDATE and DELETE, as on
``game_event``); ``draft_snapshot`` folded states to go on from (a cache: undo deletes those past the end).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
REFUSED = "draft_event rows are append-only"
SQLITE_TRIGGERS = [
    f"CREATE TRIGGER draft_event_no_update BEFORE UPDATE ON draft_event BEGIN SELECT RAISE(ABORT, '{REFUSED}: UPDATE refused'); END",
    f"CREATE TRIGGER draft_event_no_delete BEFORE DELETE ON draft_event BEGIN SELECT RAISE(ABORT, '{REFUSED}: DELETE refused'); END",
]
PG_TRIGGERS = [
    f"""CREATE FUNCTION pmemo_refuse_draft_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{REFUSED}: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$""",
    "CREATE TRIGGER draft_event_no_update BEFORE UPDATE ON draft_event FOR EACH ROW "
    "EXECUTE FUNCTION pmemo_refuse_draft_event_change()",
    "CREATE TRIGGER draft_event_no_delete BEFORE DELETE ON draft_event FOR EACH ROW "
    "EXECUTE FUNCTION pmemo_refuse_draft_event_change()",
    "CREATE TRIGGER draft_event_no_truncate BEFORE TRUNCATE ON draft_event "
    "FOR EACH STATEMENT EXECUTE FUNCTION pmemo_refuse_draft_event_change()",
]


def upgrade() -> None:
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("header", JSON_DOC, nullable=False),
        sa.Column("count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_event", sa.Integer, nullable=False, server_default="0"),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", name="fk_draft_game"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "draft_event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("draft_id", sa.Integer, sa.ForeignKey("draft.id", name="fk_draft_event_draft"), nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("action", JSON_DOC, nullable=True),
        sa.Column("public", JSON_DOC, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_draft_event_draft", "draft_event", ["draft_id", "id"])
    op.create_index("ix_draft_event_seq", "draft_event", ["draft_id", "seq"])
    op.create_table(
        "draft_snapshot",
        sa.Column("draft_id", sa.Integer, sa.ForeignKey("draft.id", name="fk_draft_snapshot_draft"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("judge", sa.JSON, nullable=False),
        sa.Column("public", sa.JSON, nullable=True),
    )
    for statement in PG_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION pmemo_refuse_draft_event_change() CASCADE")
    for table in ("draft_snapshot", "draft_event", "draft"):
        op.drop_table(table)
