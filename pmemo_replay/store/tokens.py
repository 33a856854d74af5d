"""API tokens: made at random, shown once, kept only as their sha256; revoked, never deleted.

>>> secret = new_secret()
>>> secret.startswith(PREFIX) and len(secret) == len(PREFIX) + 43
True
>>> hash_token("abc") == hashlib.sha256(b"abc").hexdigest()
True
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from pmemo_replay.store.db import read_connection, write_transaction
from pmemo_replay.store.models import API_TOKEN
from pmemo_replay.store.queries import iso_utc

PREFIX = "pmr_"
TOKEN_BYTES = 32
MAX_NAME = 100


class TokenError(ValueError):
    """A name that is empty, too long, or already held by a token not revoked."""


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """A token as listed: never its secret."""

    id: int
    name: str
    moderator: bool
    created_at: datetime
    revoked_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "moderator": self.moderator, "created_at": iso_utc(self.created_at),
                "revoked_at": iso_utc(self.revoked_at)}


def new_secret() -> str:
    """A new token: ``pmr_`` and 32 random bytes, URL-safe."""
    return PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(secret: str) -> str:
    """What the store keeps of a token: its sha256, hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _info(row: Any) -> TokenInfo:
    return TokenInfo(row.id, row.name, bool(row.moderator), row.created_at, row.revoked_at)


_COLUMNS = (API_TOKEN.c.id, API_TOKEN.c.name, API_TOKEN.c.moderator, API_TOKEN.c.created_at, API_TOKEN.c.revoked_at)


def add_token(engine: Engine, name: str, *, moderator: bool = False) -> tuple[TokenInfo, str]:
    """Make a token named ``name``; returns it and its secret (the only time the secret is known)."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise TokenError(f"a token name is 1 to {MAX_NAME} characters")
    secret = new_secret()
    with write_transaction(engine) as conn:
        taken = conn.execute(sa.select(API_TOKEN.c.id).where(API_TOKEN.c.name == name, API_TOKEN.c.revoked_at.is_(None))).first()
        if taken is not None:
            raise TokenError(f"a token named {name!r} exists: revoke it first, or choose another name")
        row = conn.execute(API_TOKEN.insert().values(name=name, token_hash=hash_token(secret), moderator=moderator,
                                                     created_at=datetime.now(UTC)).returning(*_COLUMNS)).one()
    return _info(row), secret


def list_tokens(engine: Engine) -> list[TokenInfo]:
    """Every token, revoked ones too, oldest first."""
    with read_connection(engine) as conn:
        return [_info(r) for r in conn.execute(sa.select(*_COLUMNS).order_by(API_TOKEN.c.id))]


def revoke_token(engine: Engine, name_or_id: str) -> list[TokenInfo]:
    """Revoke the active token with that name (or that id, when it is a number); the tokens revoked."""
    match = API_TOKEN.c.name == name_or_id
    if name_or_id.isdigit():
        match = sa.or_(match, API_TOKEN.c.id == int(name_or_id))
    with write_transaction(engine) as conn:
        rows = conn.execute(API_TOKEN.update().where(match, API_TOKEN.c.revoked_at.is_(None))
                            .values(revoked_at=datetime.now(UTC)).returning(*_COLUMNS)).all()
    return [_info(r) for r in rows]


def find_token(engine: Engine, secret: str) -> TokenInfo | None:
    """The active token whose secret this is, else None."""
    if not secret.startswith(PREFIX):
        return None
    with read_connection(engine) as conn:
        row = conn.execute(sa.select(*_COLUMNS).where(API_TOKEN.c.token_hash == hash_token(secret),
                                                      API_TOKEN.c.revoked_at.is_(None))).first()
    return None if row is None else _info(row)
