"""Web fixtures: an application on a temporary SQLite store, its test client, stored games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.web import create_app
from tests.web.data import jsonl, simulated

#: The web tests upload through the test client without tokens (open mode, as the demo), write as often as they
#: like, and name a Host of their own (test_cross_site); tests/web/test_access.py checks the closed defaults.
OPEN = {"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off",
        "PMEMO_ALLOWED_HOSTS": "localhost,127.0.0.1,games.example.org"}


@pytest.fixture(scope="package", autouse=True)
def open_uploads_by_default() -> Iterator[None]:
    """Apps the web tests build elsewhere (browser.serve_simulated) take uploads without tokens too."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PMEMO_OPEN_UPLOADS", "1")
        yield


def make_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}", "TESTING": True,
                       "SECRET_KEY": "test", **OPEN, **config})


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path)
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game_ids(app: Flask) -> list[int]:
    """Four simulated games stored (seed 5); their ids in simulation order."""
    store = app.extensions["pmemo_store"]
    ids = []
    for doc in simulated(4, 5):
        r = store.ingest_text(jsonl(doc), "sim")
        assert r.game_id is not None
        ids.append(r.game_id)
    return ids
