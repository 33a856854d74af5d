"""The event store: uploads, games, append-only actions (enforced by triggers), snapshots, deck cards.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
# game_action, game_snapshot and game_card carry no foreign key to game on purpose: their rows are
# written only with their game, in its transaction, and PostgreSQL's per-row FK triggers were 2/3
# of the cost of inserting them (benchmarks/README.md). Snapshots are opaque to SQL: json, not jsonb.
REFUSED = "game_action rows are append-only"

SQLITE_TRIGGERS = [
    f"CREATE TRIGGER game_action_no_update BEFORE UPDATE ON game_action BEGIN SELECT RAISE(ABORT, '{REFUSED}: UPDATE refused'); END",
    f"CREATE TRIGGER game_action_no_delete BEFORE DELETE ON game_action BEGIN SELECT RAISE(ABORT, '{REFUSED}: DELETE refused'); END",
]
PG_TRIGGERS = [
    f"""CREATE FUNCTION pmemo_refuse_action_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{REFUSED}: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$""",
    "CREATE TRIGGER game_action_no_update BEFORE UPDATE ON game_action FOR EACH ROW EXECUTE FUNCTION pmemo_refuse_action_change()",
    "CREATE TRIGGER game_action_no_delete BEFORE DELETE ON game_action FOR EACH ROW EXECUTE FUNCTION pmemo_refuse_action_change()",
    "CREATE TRIGGER game_action_no_truncate BEFORE TRUNCATE ON game_action "
    "FOR EACH STATEMENT EXECUTE FUNCTION pmemo_refuse_action_change()",
]


def upgrade() -> None:
    op.create_table(
        "upload",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source", sa.String, nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    op.create_index("ix_upload_content_hash", "upload", ["content_hash"])
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("upload_id", sa.Integer, sa.ForeignKey("upload.id", name="fk_game_upload"), nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("source_id", sa.String, nullable=True),
        sa.Column("header", JSON_DOC, nullable=False),
        sa.Column("player0", sa.String, nullable=False),
        sa.Column("player1", sa.String, nullable=False),
        sa.Column("deck0", sa.String, nullable=True),
        sa.Column("deck1", sa.String, nullable=True),
        sa.Column("first", sa.Integer, nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("reason", sa.String, nullable=True),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("ruleset", sa.String, nullable=False),
        sa.Column("engine_version", sa.String, nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("event", sa.String, nullable=True),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ruling", JSON_DOC, nullable=True),
        sa.UniqueConstraint("content_hash", name="uq_game_content_hash"),
        sa.UniqueConstraint("upload_id", name="uq_game_upload_id"),
    )
    op.create_index("ix_game_played_at_id", "game", ["played_at", "id"])
    op.create_index("ix_game_source_id", "game", ["source_id"])
    op.create_index("ix_game_player0", "game", ["player0"])
    op.create_index("ix_game_player1", "game", ["player1"])
    op.create_index("ix_game_event", "game", ["event"])
    op.create_table(
        "game_action",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String, nullable=False),
        sa.Column("player", sa.Integer, nullable=True),
        sa.Column("data", JSON_DOC, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_action"),
        sqlite_with_rowid=False,  # small rows kept in the primary key's b-tree: one b-tree per insert, not two
    )
    op.create_table(
        "game_snapshot",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_snapshot"),
    )
    op.create_table(
        "game_card",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("card", sa.String, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "player", "card", name="pk_game_card"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_game_card_card", "game_card", ["card"])
    for statement in PG_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION pmemo_refuse_action_change() CASCADE")
    for table in ("game_card", "game_snapshot", "game_action", "game", "upload"):
        op.drop_table(table)
