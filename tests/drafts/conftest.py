"""Drafts fixtures: the table log recorded from seat 0 against an unlisted deck, stores on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.web import create_app
from tests.store import conftest as store_fixtures
from tests.web.browser import LiveServer, serve_app
from tests.web.conftest import OPEN

pg_database = store_fixtures.pg_database  # the store tests' SQLite and PostgreSQL stores
store_url = store_fixtures.store_url
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "logs" / "table-seat0-unlisted.jsonl"


def table_log() -> tuple[str, list[dict[str, Any]]]:
    """The fixture's header line and its actions."""
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    return lines[0], [json.loads(line) for line in lines[1:] if line.strip()]


def make_app(url: str, **config: Any) -> Flask:
    return create_app({"PMEMO_DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "test", **OPEN, **config})


def serve_drafts(factory: pytest.TempPathFactory, name: str,
                 fill: Callable[[Any], None] = lambda store: None, **config: Any) -> Iterator[LiveServer]:
    """The application (open for drafts; ``config`` besides) on a SQLite store in a new folder ``name``, filled by
    ``fill(store)``, served live (browser tests)."""
    folder = factory.mktemp(name)
    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / f'{name}.sqlite3'}", "TESTING": True, **OPEN,
                          **config}, fill)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The application on an empty store of the module's own, served live."""
    yield from serve_drafts(tmp_path_factory, "drafts")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'drafts.sqlite3'}"


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    """The application on an empty store, SQLite and PostgreSQL."""
    app = make_app(store_url)
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def open_draft(client: FlaskClient, header: dict[str, Any]) -> tuple[int, dict[str, str]]:
    """A new draft of the game ``header``: its id and the Authorization header its token gives."""
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
    assert r.status_code == 201, r.json
    return r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}


def append_actions(client: FlaskClient, draft: int, auth: dict[str, str], actions: list[dict[str, Any]]) -> None:
    """Append ``actions`` to a new draft one by one, each accepted."""
    for n, action in enumerate(actions):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth)
        assert r.status_code == 200, (n, action, r.json)


def stored_seat_logs(client: FlaskClient, doc: dict[str, Any], record_seat: Callable[..., tuple[int, dict[str, str]]],
                     folder: Path) -> list[str]:
    """Each seat's recording of ``doc`` (``record_seat(client, doc, seat)``), finished and written to ``folder`` as a
    log of its stored header (which says ``meta.recorded_from``) and the draft's actions: the paths, seat 0's first."""
    paths = []
    for seat in (0, 1):
        draft, auth = record_seat(client, doc, seat)
        game_id = client.post(f"/api/drafts/{draft}/finish", headers=auth).json["game_id"]
        header = client.get(f"/api/games/{game_id}").json["header"]
        assert header["meta"]["recorded_from"] == seat
        actions = client.get(f"/api/drafts/{draft}", headers=auth).json["actions"]
        path = folder / f"seat{seat}.json"
        path.write_text(json.dumps({"format": "pmemo-log", "version": 1, "game": header, "actions": actions}))
        paths.append(str(path))
    return paths
