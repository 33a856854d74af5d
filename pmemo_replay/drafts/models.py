"""The drafts' tables: a draft (header, hashed token, how far it got), its append-only history, its snapshots.

``draft_event`` is the draft's own history, never changed: ``append`` (the action at ``seq`` and its public
copy), ``undo`` (the action at ``seq`` taken back) and ``finish`` (stored as game ``draft.game_id``). The
current actions are, for each ``seq`` below ``draft.count``, the latest ``append`` there. ``draft_snapshot``
is a cache of folded states (judge and public) after ``seq`` actions; undo drops the ones past the new end. A game
whose deck orders nobody saw (drafts/orders.py) has no public fold: its snapshot's ``public`` holds the orders' state
instead (``{"orders": ...}``), and a rewrite of an order drops the snapshots after the first action it changes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from pmemo_replay.store.models import JSON_DOC


class Draft(SQLModel, table=True):
    """A game being recorded."""

    __tablename__ = "draft"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, description="sha256 hex of the draft's write token")
    header: dict[str, Any] = Field(sa_column=sa.Column(JSON_DOC, nullable=False))
    count: int = Field(default=0, description="actions in the draft now")
    last_event: int = Field(default=0, description="id of the latest draft_event (0: none yet)")
    game_id: int | None = Field(default=None, foreign_key="game.id", description="set once finished")
    finishing: bool = Field(default=False, description="a finish is storing the game: no append or undo meanwhile")
    branch_of: int | None = Field(default=None, index=True, description="a what-if branch of this stored game")
    branch_at: int | None = Field(default=None, description="the game's step the branch starts from")
    branch_view: str | None = Field(default=None, max_length=16, description="judge, a seat or public")
    created_at: datetime
    updated_at: datetime


class DraftEvent(SQLModel, table=True):
    """One entry of a draft's history (append-only)."""

    __tablename__ = "draft_event"
    __table_args__ = (sa.Index("ix_draft_event_draft", "draft_id", "id"), sa.Index("ix_draft_event_seq", "draft_id", "seq"))

    id: int | None = Field(default=None, primary_key=True)
    draft_id: int = Field(foreign_key="draft.id")
    kind: str = Field(description="append, undo or finish")
    seq: int = Field(description="the action's index (append, undo); the count (finish)")
    action: dict[str, Any] | None = Field(default=None, sa_column=sa.Column(JSON_DOC, nullable=True))
    public: dict[str, Any] | None = Field(default=None, sa_column=sa.Column(JSON_DOC, nullable=True),
                                          description="the action as the public view shows it")
    at: datetime


class DraftSnapshot(SQLModel, table=True):
    """Folded states after ``seq`` actions of a draft (the ruleset's ``to_snapshot``), judge and public (hidden
    orders: the orders' state)."""

    __tablename__ = "draft_snapshot"

    draft_id: int = Field(primary_key=True, foreign_key="draft.id")
    seq: int = Field(primary_key=True)
    judge: dict[str, Any] = Field(sa_column=sa.Column(sa.JSON, nullable=False))
    public: dict[str, Any] | None = Field(default=None, sa_column=sa.Column(sa.JSON, nullable=True))


DRAFT: sa.Table = Draft.__table__  # type: ignore[attr-defined]
DRAFT_EVENT: sa.Table = DraftEvent.__table__  # type: ignore[attr-defined]
DRAFT_SNAPSHOT: sa.Table = DraftSnapshot.__table__  # type: ignore[attr-defined]


class DraftPair(SQLModel, table=True):
    """One draft's request to pair with another of the same game (migration 0007): paired when both asked."""

    __tablename__ = "draft_pair"
    __table_args__ = (sa.Index("ix_draft_pair_with", "with_id"),)

    draft_id: int = Field(primary_key=True, foreign_key="draft.id")
    with_id: int = Field(foreign_key="draft.id")
    seat: int = Field(description="the seat this draft was recorded from")
    game_id: int | None = Field(default=None, foreign_key="game.id", description="the merged game, once stored")
    picks: dict[str, Any] | None = Field(default=None, sa_column=sa.Column(sa.JSON, nullable=True),
                                         description="a judge's picks by game action: [\"take\"|\"insert\"|\"drop\", "
                                                     "seat], or a list of them (engine.merge_picks)")
    created_at: datetime


DRAFT_PAIR: sa.Table = DraftPair.__table__  # type: ignore[attr-defined]
