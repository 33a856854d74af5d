"""Access control and moderation: API tokens (stored hashed), game events (append-only), rate-limit counters.

``game_event`` records what moderators did to a game (``hidden``, ``shown``): nothing is ever
deleted, a game's last event says whether lists and statistics leave it out. Its rows are
append-only, as ``game_action``'s are. ``rate_limit`` holds the fixed-window counters of write
requests per client, shared by every server process on the store.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

REFUSED = "game_event rows are append-only"
SQLITE_TRIGGERS = [
    f"CREATE TRIGGER game_event_no_update BEFORE UPDATE ON game_event BEGIN SELECT RAISE(ABORT, '{REFUSED}: UPDATE refused'); END",
    f"CREATE TRIGGER game_event_no_delete BEFORE DELETE ON game_event BEGIN SELECT RAISE(ABORT, '{REFUSED}: DELETE refused'); END",
]
PG_TRIGGERS = [
    f"""CREATE FUNCTION pmemo_refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{REFUSED}: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$""",
    "CREATE TRIGGER game_event_no_update BEFORE UPDATE ON game_event FOR EACH ROW EXECUTE FUNCTION pmemo_refuse_event_change()",
    "CREATE TRIGGER game_event_no_delete BEFORE DELETE ON game_event FOR EACH ROW EXECUTE FUNCTION pmemo_refuse_event_change()",
    "CREATE TRIGGER game_event_no_truncate BEFORE TRUNCATE ON game_event "
    "FOR EACH STATEMENT EXECUTE FUNCTION pmemo_refuse_event_change()",
]


def upgrade() -> None:
    op.create_table(
        "api_token",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("moderator", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("token_hash", name="uq_api_token_hash"),
    )
    op.create_index("ix_api_token_active_name", "api_token", ["name"], unique=True,
                    sqlite_where=sa.text("revoked_at IS NULL"), postgresql_where=sa.text("revoked_at IS NULL"))
    op.create_table(
        "game_event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", name="fk_game_event_game"), nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("reason", sa.String, nullable=True),
        sa.Column("actor", sa.String, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_game_event_game_id", "game_event", ["game_id", "id"])
    op.create_table(
        "rate_limit",
        sa.Column("key", sa.String, primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    for statement in PG_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION pmemo_refuse_event_change() CASCADE")
    for table in ("rate_limit", "game_event", "api_token"):
        op.drop_table(table)
