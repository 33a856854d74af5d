"""Fixtures of the serving tests: an application with the production defaults (closed uploads, write rate),
tokens in its store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from pmemo_replay.web import create_app


def closed_app(tmp_path: Path, **config: Any) -> Flask:
    """The app as ``serve`` makes it (no open uploads, 60 writes a minute), on a fresh SQLite store."""
    return create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'access.sqlite3'}", "TESTING": True, "SECRET_KEY": "t",
                       "PMEMO_OPEN_UPLOADS": False, "PMEMO_WRITE_RATE": "60/minute", "PMEMO_ALLOWED_HOSTS": None, **config})


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = closed_app(tmp_path)
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def tokens(app: Flask) -> dict[str, str]:
    """Secrets of an upload token and a moderator token."""
    from pmemo_replay.store.tokens import add_token

    engine = app.extensions["pmemo_store"].engine
    return {"upload": add_token(engine, "uploader")[1], "moderator": add_token(engine, "mod", moderator=True)[1]}


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}
