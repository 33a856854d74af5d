"""A seat's recording superseded by the merged game of both seats: ``game.merged_into``.

Two phones record one game (drafts/pairing.py): each seat's finished draft is stored as a game, and so is their
merge. ``merged_into`` names the merged game on each seat's game; lists and statistics leave such games out, and
moderation (``hidden``/``shown`` events) cannot bring them back. Before this revision the merge hid the seat games
with a moderation ``hidden`` event (actor ``merge``). ``game_event`` is append-only, so the upgrade sets
``merged_into`` (read from ``draft_pair``) and appends a ``shown`` event (actor ``merge``) to each seat game the merge
had hidden: moderation then holds only what moderators did. The downgrade appends the ``hidden`` events again.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

MERGE_ACTOR = "merge"  #: the actor of the moderation events revision 0007's merges hid seat games with

#: each seat game's merged game: the stored game of a draft whose pair was merged and stored
_SEAT_GAMES = sa.text("SELECT d.game_id AS seat_game, p.game_id AS merged FROM draft_pair p JOIN draft d "
                      "ON d.id = p.draft_id WHERE p.game_id IS NOT NULL AND d.game_id IS NOT NULL "
                      "AND d.game_id <> p.game_id")
#: each game's last moderation event
_LAST_EVENTS = sa.text("SELECT game_id, kind, actor FROM game_event WHERE id IN "
                       "(SELECT max(id) FROM game_event GROUP BY game_id)")
_EVENT = sa.table("game_event", sa.column("game_id", sa.Integer), sa.column("kind", sa.String),
                  sa.column("reason", sa.String), sa.column("actor", sa.String),
                  sa.column("at", sa.DateTime(timezone=True)))


def _append(kind: str, games: dict[int, int], reason: str) -> None:
    """Append a ``kind`` event (actor ``merge``) to each of ``games`` (seat game -> merged game)."""
    if games:
        now = datetime.now(UTC)
        op.get_bind().execute(_EVENT.insert(), [
            {"game_id": g, "kind": kind, "actor": MERGE_ACTOR, "at": now, "reason": reason.format(merged=m)}
            for g, m in sorted(games.items())])


def upgrade() -> None:
    op.add_column("game", sa.Column("merged_into", sa.Integer, nullable=True))
    op.create_index("ix_game_merged_into", "game", ["merged_into"])
    bind = op.get_bind()
    seat_games = {r.seat_game: r.merged for r in bind.execute(_SEAT_GAMES)}
    for game, merged in seat_games.items():
        bind.execute(sa.text("UPDATE game SET merged_into = :m WHERE id = :g"), {"m": merged, "g": game})
    hid = {r.game_id for r in bind.execute(_LAST_EVENTS) if r.kind == "hidden" and r.actor == MERGE_ACTOR}
    _append("shown", {g: m for g, m in seat_games.items() if g in hid},
            "superseded by game {merged} (game.merged_into, migration 0010), no longer hidden by moderation")


def downgrade() -> None:
    bind = op.get_bind()
    hidden = {r.game_id for r in bind.execute(_LAST_EVENTS) if r.kind == "hidden"}
    superseded = dict(bind.execute(sa.text("SELECT id, merged_into FROM game WHERE merged_into IS NOT NULL")).all())
    _append("hidden", {g: m for g, m in superseded.items() if g not in hidden},
            "a seat's recording, merged into game {merged}")
    op.drop_index("ix_game_merged_into", "game")
    op.execute("ALTER TABLE game DROP COLUMN merged_into")  # SQLite 3.35+ and PostgreSQL (as 0006 does)
