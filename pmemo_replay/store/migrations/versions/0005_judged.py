"""Judged logs: every log pasted or uploaded on /judge, kept by its content hash for a permalink; and
``draft.finishing``, set while a finish stores the game (appends and undos wait for it to end).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "judged_log",
        sa.Column("digest", sa.String(64), primary_key=True),  # sha256 of the bytes as received
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("received_at", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("draft") as batch:
        batch.add_column(sa.Column("finishing", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("draft") as batch:
        batch.drop_column("finishing")
    op.drop_table("judged_log")
