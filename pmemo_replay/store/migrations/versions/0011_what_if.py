"""What-if branches are no games played: ``game.what_if``.

A what-if branch (a draft that starts from a stored game's actions up to a step, or from a pasted log, and goes on
as it could have gone: drafts/service.py ``branch``) is stored as a game when it is finished, so the viewer replays
it; ``what_if`` marks it, and the games list, the search, the player and card pages and every statistic leave it out
(store.queries.left_out_ids_query), as they leave out a seat's recording superseded by a merge. The draft links it
to the game it branches from (``draft.branch_of``, ``draft.game_id``). The upgrade marks the games of the branches
finished before it (a branch's draft with a ``game_id`` that no other, non-branch draft or upload holds alone).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

#: the games of finished what-if branches (a draft with ``branch_at`` set, from a stored game or a pasted log)
_BRANCH_GAMES = sa.text("SELECT DISTINCT game_id FROM draft WHERE branch_at IS NOT NULL AND game_id IS NOT NULL "
                        "AND game_id NOT IN (SELECT game_id FROM draft WHERE branch_at IS NULL AND game_id IS NOT NULL)")


def upgrade() -> None:
    op.add_column("game", sa.Column("what_if", sa.Boolean, nullable=False, server_default=sa.false()))
    bind = op.get_bind()
    games = [r.game_id for r in bind.execute(_BRANCH_GAMES)]
    if games:
        bind.execute(sa.text("UPDATE game SET what_if = :yes WHERE id = :g"), [{"yes": True, "g": g} for g in games])


def downgrade() -> None:
    op.execute("ALTER TABLE game DROP COLUMN what_if")  # SQLite 3.35+ and PostgreSQL (as 0006 does)
