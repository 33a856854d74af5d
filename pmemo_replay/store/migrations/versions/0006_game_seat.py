"""Players per seat (any number of seats, any game) and the count of unverified steps.

``game_seat`` (game_id, seat, player, deck_name, score, placement) replaces the fixed ``game.player0``,
``player1``, ``deck0``, ``deck1`` columns; every stored game keeps its players and deck names. ``score`` is left
null for games stored before (``pmemo-replay reprocess`` fills it), ``placement`` comes from the stored result.
``game.unverified``: how many actions the engine applied as recorded without checking their effect (null for games
stored before this migration until they are re-processed).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_PLACEMENT = ("CASE WHEN reason IS NULL THEN NULL WHEN winner IS NULL OR winner = {seat} THEN 1 ELSE 2 END")


def upgrade() -> None:
    op.create_table(
        "game_seat",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", name="fk_game_seat_game"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player", sa.String, nullable=False),
        sa.Column("deck_name", sa.String, nullable=True),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("placement", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_game_seat"),
    )
    op.create_index("ix_game_seat_player", "game_seat", ["player"])
    for seat in (0, 1):
        op.execute(f"INSERT INTO game_seat (game_id, seat, player, deck_name, score, placement) "
                   f"SELECT id, {seat}, player{seat}, deck{seat}, NULL, {_PLACEMENT.format(seat=seat)} FROM game")
    op.add_column("game", sa.Column("unverified", sa.Integer, nullable=True))
    op.drop_index("ix_game_player0", "game")
    op.drop_index("ix_game_player1", "game")
    for column in ("player0", "player1", "deck0", "deck1"):  # ALTER TABLE DROP COLUMN: SQLite 3.35+ and PostgreSQL
        op.execute(f"ALTER TABLE game DROP COLUMN {column}")


def downgrade() -> None:
    for column in ("player0", "player1", "deck0", "deck1"):
        op.add_column("game", sa.Column(column, sa.String, nullable=True))
    for seat in (0, 1):
        op.execute(f"UPDATE game SET player{seat} = (SELECT player FROM game_seat s WHERE s.game_id = game.id "
                   f"AND s.seat = {seat}), deck{seat} = (SELECT deck_name FROM game_seat s WHERE s.game_id = game.id "
                   f"AND s.seat = {seat})")
    op.execute("UPDATE game SET player0 = '' WHERE player0 IS NULL")
    op.execute("UPDATE game SET player1 = '' WHERE player1 IS NULL")
    op.create_index("ix_game_player0", "game", ["player0"])
    op.create_index("ix_game_player1", "game", ["player1"])
    op.execute("ALTER TABLE game DROP COLUMN unverified")
    op.drop_index("ix_game_seat_player", "game_seat")
    op.drop_table("game_seat")
