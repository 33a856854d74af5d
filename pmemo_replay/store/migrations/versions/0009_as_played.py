"""Games as played (docs/as-played.md): ``game.irregular``, how many irregularities stood in the game (0 for a game
whose every action was legal, and for every game stored before).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game", sa.Column("irregular", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    op.execute("ALTER TABLE game DROP COLUMN irregular")  # SQLite 3.35+ and PostgreSQL (as 0006 does)
