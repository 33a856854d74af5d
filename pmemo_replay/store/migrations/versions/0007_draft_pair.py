"""Two seats, one game (``draft_pair``), and what-if branches (``draft.branch_*``).

``draft_pair`` rows link two drafts of the same game, each recorded from its own seat.

A row is one draft's request to pair with another (``draft_id`` recorded from ``seat``, ``with_id`` the other
draft); two drafts are paired when each asked for the other from the other seat. ``game_id`` is the merged judge's
game once stored (both drafts, the two recordings, stay as they are); ``picks`` (on seat 0's row) a judge's choices
where they disagreed: ``{"<game action>": ["take" | "insert", seat]}``. A draft that is a what-if branch of a stored
game names it: ``branch_of`` (the game), ``branch_at`` (the step it starts from), ``branch_view`` (judge, a seat or
public: the view its actions were taken in); the game itself never changes.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "draft_pair",
        sa.Column("draft_id", sa.Integer, sa.ForeignKey("draft.id", name="fk_draft_pair_draft"), primary_key=True),
        sa.Column("with_id", sa.Integer, sa.ForeignKey("draft.id", name="fk_draft_pair_with"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", name="fk_draft_pair_game"), nullable=True),
        sa.Column("picks", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_draft_pair_with", "draft_pair", ["with_id"])
    op.add_column("draft", sa.Column("branch_of", sa.Integer, nullable=True))
    op.add_column("draft", sa.Column("branch_at", sa.Integer, nullable=True))
    op.add_column("draft", sa.Column("branch_view", sa.String(16), nullable=True))
    op.create_index("ix_draft_branch_of", "draft", ["branch_of"])


def downgrade() -> None:
    op.drop_table("draft_pair")
    op.drop_index("ix_draft_branch_of", "draft")
    columns = ("branch_view", "branch_at", "branch_of")
    if op.get_bind().dialect.name == "sqlite":
        # a batch would rebuild draft (copy, DROP TABLE draft, rename) while draft_event rows point to it, which the
        # foreign keys refuse; PRAGMA foreign_keys cannot be switched off inside the migration's transaction. SQLite
        # 3.35 and later drop a column (not indexed, not a key) in place instead.
        for column in columns:
            op.execute(f"ALTER TABLE draft DROP COLUMN {column}")
    else:
        for column in columns:
            op.drop_column("draft", column)
