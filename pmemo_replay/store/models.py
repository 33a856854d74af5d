"""The store's tables (SQLModel): raw uploads, games, their seats, append-only actions (in blocks), snapshots, deck cards,
API tokens, moderation events and rate-limit counters.

The schema itself is created by the Alembic migrations in ``migrations/``; these models
mirror it for queries. JSON columns are JSON: text on SQLite, ``json`` on PostgreSQL (the text as written, so
numbers and key order read back as stored; ``jsonb`` changed them: migration 0008).
"""

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, Relationship, SQLModel

#: a JSON document column: kept as the text written (PostgreSQL ``json``, not ``jsonb``: migration 0008)
JSON_DOC = sa.JSON()


class Upload(SQLModel, table=True):
    """A log exactly as received (bytes), so its game can be re-processed after an engine fix."""

    __tablename__ = "upload"

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(description="file name, or where the log came from")
    received_at: datetime
    content_hash: str = Field(max_length=64, index=True, description="sha256 of the bytes as received")
    size: int
    data: bytes = Field(sa_column=sa.Column(sa.LargeBinary, nullable=False))


class Game(SQLModel, table=True):
    """One stored game: the header and what the engine's fold found."""

    __tablename__ = "game"
    __table_args__ = (sa.Index("ix_game_played_at_id", "played_at", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    upload_id: int = Field(foreign_key="upload.id", unique=True)
    content_hash: str = Field(max_length=64, unique=True, description="sha256 of the canonical header+actions")
    source_id: str | None = Field(default=None, index=True, description="the header's id")
    header: dict[str, Any] = Field(sa_column=sa.Column(JSON_DOC, nullable=False))
    first: int
    winner: int | None = None
    reason: str | None = None
    n_actions: int
    turns: int
    ruleset: str
    unverified: int | None = Field(default=None, description="actions applied as recorded without being verified "
                                   "(null: stored before migration 0006 and not re-processed since)")
    irregular: int = Field(default=0, sa_column_kwargs={"server_default": "0"},
                           description="irregular actions that stood in a game stored as played (docs/as-played.md)")
    merged_into: int | None = Field(default=None, index=True, description="on a seat's recording of a game two "
                                    "phones recorded: the merged game that supersedes it (migration 0010)")
    what_if: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()},
                          description="a finished what-if branch: a game that could have been, never listed or "
                                      "counted (migration 0011)")
    engine_version: str
    played_at: datetime | None = Field(default=None, description="UTC; from the header")
    event: str | None = Field(default=None, index=True)
    round: int | None = None
    stored_at: datetime
    ruling: dict[str, Any] | None = Field(
        default=None, sa_column=sa.Column(JSON_DOC, nullable=True),
        description="set when a re-check by a later engine refused the log",
    )
    # (no ``from __future__ import annotations`` in this module: SQLModel reads this annotation at run time)
    seats: list["GameSeat"] = Relationship(sa_relationship_kwargs={"lazy": "selectin", "order_by": "GameSeat.seat"})

    @property
    def players(self) -> list[str]:
        """The players' names by seat."""
        return [s.player for s in self.seats]

    @property
    def decks(self) -> list[str | None]:
        """The deck names by seat."""
        return [s.deck_name for s in self.seats]

    # the two-seat names older pages use
    player0 = property(lambda self: self.players[0])
    player1 = property(lambda self: self.players[1])
    deck0 = property(lambda self: self.decks[0])
    deck1 = property(lambda self: self.decks[1])


class GameSeat(SQLModel, table=True):
    """One seat of a game: who sat there, with which deck, and how it ended for them."""

    __tablename__ = "game_seat"

    game_id: int = Field(primary_key=True, foreign_key="game.id")
    seat: int = Field(primary_key=True)
    player: str = Field(index=True)
    deck_name: str | None = None
    score: float | None = Field(default=None, description="the game's score (Gems, points); null before 0006")
    placement: int | None = Field(default=None, description="1 the winner (every seat in a draw); null unfinished")


class ActionBlock(SQLModel, table=True):
    """The actions ``seq`` to ``stop`` - 1 of a game: their canonical JSON texts, one per line (migration 0012: a row
    per block of 64 rather than per action); append-only (database triggers refuse UPDATE and DELETE)."""

    __tablename__ = "game_action_block"

    game_id: int = Field(primary_key=True, description="game.id (no FK constraint: see migration 0001)")
    seq: int = Field(primary_key=True, description="the block's first action")
    stop: int = Field(description="one past the block's last action")
    data: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


class Snapshot(SQLModel, table=True):
    """The full folded state after ``seq`` actions (the ruleset's snapshot JSON, as text: migration 0012)."""

    __tablename__ = "game_snapshot"

    game_id: int = Field(primary_key=True)
    seq: int = Field(primary_key=True)
    data: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


class GameCard(SQLModel, table=True):
    """A card id in a player's deck or EX deck (one row per distinct id), for the ``card`` filter."""

    __tablename__ = "game_card"

    game_id: int = Field(primary_key=True)
    player: int = Field(primary_key=True)
    card: str = Field(primary_key=True, index=True)


class ApiToken(SQLModel, table=True):
    """An API token: only the sha256 of the secret is kept; revoked tokens stay listed."""

    __tablename__ = "api_token"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(description="unique among tokens not revoked")
    token_hash: str = Field(max_length=64, unique=True, description="sha256 hex of the token")
    moderator: bool = False
    created_at: datetime
    revoked_at: datetime | None = None


class GameEvent(SQLModel, table=True):
    """Something a moderator did to a game (``hidden``, ``shown``); append-only, the last one counts."""

    __tablename__ = "game_event"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    kind: str
    reason: str | None = None
    actor: str | None = Field(default=None, description="the token's name, or who used the command line")
    at: datetime


class RateLimit(SQLModel, table=True):
    """A fixed-window counter of write requests (``limits`` storage shared by every server process)."""

    __tablename__ = "rate_limit"

    key: str = Field(primary_key=True)
    count: int
    expires_at: float = Field(description="time.time() when the window ends")


#: The tables, for SQLAlchemy Core statements.
UPLOAD: sa.Table = Upload.__table__  # type: ignore[attr-defined]
GAME: sa.Table = Game.__table__  # type: ignore[attr-defined]
GAME_SEAT: sa.Table = GameSeat.__table__  # type: ignore[attr-defined]
ACTION_BLOCK: sa.Table = ActionBlock.__table__  # type: ignore[attr-defined]
SNAPSHOT: sa.Table = Snapshot.__table__  # type: ignore[attr-defined]
GAME_CARD: sa.Table = GameCard.__table__  # type: ignore[attr-defined]
API_TOKEN: sa.Table = ApiToken.__table__  # type: ignore[attr-defined]
GAME_EVENT: sa.Table = GameEvent.__table__  # type: ignore[attr-defined]
RATE_LIMIT: sa.Table = RateLimit.__table__  # type: ignore[attr-defined]
