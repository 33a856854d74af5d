"""Fuzzing ingest: every mutated log is stored whole, found present, or rejected with a ruling; nothing partial.

On SQLite and on the real PostgreSQL (which refuses more than SQLite: NUL in text, integers past 32 bits).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
import pytest
from hypothesis import given, settings

from pmemo_replay.store import Store
from tests.fuzz import properties
from tests.fuzz.strategies import FUZZ, examples, hostile_logs
from tests.store.conftest import pg_database

__all__ = ["pg_database"]
EXAMPLES = {"sqlite": examples(250), "postgresql": examples(150)}  # longer runs: benchmarks/fuzz_long.py --targets ingest


@pytest.fixture(scope="module", params=tuple(EXAMPLES))
def store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """One store per backend for the module (a SQLite file, or a schema in the session's PostgreSQL database)."""
    if request.param == "sqlite":
        with Store(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'store.sqlite3'}") as s:
            yield s
        return
    database = request.getfixturevalue("pg_database")
    schema, plain = f"fuzz_{secrets.token_hex(6)}", database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    with Store(f"{database}?options=-csearch_path%3D{schema}") as s:
        yield s


def test_ingest_stores_whole_games_or_rules(store: Store) -> None:
    backend = store.engine.dialect.name

    @settings(FUZZ, max_examples=EXAMPLES["postgresql" if backend == "postgresql" else "sqlite"])
    @given(hostile_logs())
    def ingest(data: bytes) -> None:
        properties.ingest(store, data)

    ingest()
