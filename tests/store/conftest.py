"""Store fixtures: every store test runs on SQLite (a temp file) and on the real PostgreSQL.

PostgreSQL: one fresh database per test session, so per xdist worker (``pmemo_test_<worker>_<random>``, dropped
at the end)
and one schema per test. When the server does not answer, the PostgreSQL params fail under
``CI=true`` and are skipped otherwise. ``PMEMO_TEST_PG`` overrides the server URL.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.store.data import SERVER

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """The session's PostgreSQL database URL (SQLAlchemy form)."""
    server = os.environ.get("PMEMO_TEST_PG", SERVER)
    admin = server.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    try:
        conn = psycopg.connect(admin, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        message = f"PostgreSQL is not reachable at {server}: {err}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # each xdist worker is a session of its own
    name = f"pmemo_test_{worker}_{secrets.token_hex(4)}"
    with conn:
        conn.execute(f"CREATE DATABASE {name}")
        # a commit need not wait for the disk in a database dropped at the end (a kill -9 of a client loses nothing
        # either way; only a crash of the server could): the store tests' time is otherwise mostly WAL flushes
        conn.execute(f"ALTER DATABASE {name} SET synchronous_commit = off")
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL to an empty store: a SQLite file, or a fresh schema in the session's PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.sqlite3'}"
        return
    database = request.getfixturevalue("pg_database")
    schema = f"t_{secrets.token_hex(6)}"
    plain = database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{database}?options=-csearch_path%3D{schema}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def store(store_url: str) -> Iterator[object]:
    from pmemo_replay.store import Store

    with Store(store_url) as s:
        yield s


@pytest.fixture(scope="session")
def sim_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 simulated logs (seed 11) as JSON Lines files."""
    from tests.store.data import write_simulated

    return write_simulated(tmp_path_factory.mktemp("sim"), 24, seed=11)
