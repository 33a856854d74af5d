"""Moderation: a game is hidden from lists and statistics by appending a ``hidden`` event (``shown`` undoes it).

Nothing is deleted: the game, its actions and its raw upload stay; a game's last event decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from pmemo_replay.store.db import read_connection, write_transaction
from pmemo_replay.store.models import GAME, GAME_EVENT
from pmemo_replay.store.queries import HIDDEN, hidden_ids_query, iso_utc

SHOWN = "shown"


class UnknownGameId(LookupError):
    """No game has this id."""


@dataclass(frozen=True, slots=True)
class Moderation:
    """The outcome of :func:`set_hidden`: the game's state now and whether an event was appended."""

    game_id: int
    hidden: bool
    changed: bool
    reason: str | None
    actor: str | None
    at: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.game_id, "hidden": self.hidden, "changed": self.changed, "reason": self.reason,
                "actor": self.actor, "at": iso_utc(self.at)}


def hidden_game_ids(engine: Engine | Connection) -> set[int]:
    """The ids of the hidden games."""
    if isinstance(engine, Connection):
        return set(engine.execute(hidden_ids_query()).scalars())
    with read_connection(engine) as conn:
        return set(conn.execute(hidden_ids_query()).scalars())


def _last(conn: Connection, game_id: int) -> Any:
    return conn.execute(sa.select(GAME_EVENT).where(GAME_EVENT.c.game_id == game_id).order_by(GAME_EVENT.c.id.desc()).limit(1)).first()


def set_hidden(engine: Engine, game_id: int, hidden: bool, *, reason: str | None = None, actor: str | None = None) -> Moderation:
    """Append ``hidden`` (or ``shown``) to a game's events unless it already is so; raises :class:`UnknownGameId`."""
    kind = HIDDEN if hidden else SHOWN
    with write_transaction(engine) as conn:
        if conn.execute(sa.select(GAME.c.id).where(GAME.c.id == game_id)).first() is None:
            raise UnknownGameId(game_id)
        last = _last(conn, game_id)
        if (last.kind if last is not None else SHOWN) == kind:
            return Moderation(game_id, hidden, False, getattr(last, "reason", None), getattr(last, "actor", None),
                              getattr(last, "at", None))
        at = datetime.now(UTC)
        conn.execute(GAME_EVENT.insert().values(game_id=game_id, kind=kind, reason=reason, actor=actor, at=at))
    return Moderation(game_id, hidden, True, reason, actor, at)


def game_events(engine: Engine, game_id: int) -> list[dict[str, Any]]:
    """A game's moderation events, oldest first."""
    with read_connection(engine) as conn:
        rows = conn.execute(sa.select(GAME_EVENT).where(GAME_EVENT.c.game_id == game_id).order_by(GAME_EVENT.c.id))
        return [{"kind": r.kind, "reason": r.reason, "actor": r.actor, "at": iso_utc(r.at)} for r in rows]
