"""Fixtures: the crafted league in a temporary store (kit cards) and its warehouse."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards.filters import Filters
from dashboards.queries import statistics
from dashboards.warehouse import update_warehouse
from pmemo_replay.store import Store
from tests.dashboards.league import CARDS, league
from tests.store.conftest import pg_database, store_url

__all__ = ["pg_database", "store_url"]  # the store tests' SQLite/PostgreSQL fixtures, reused here


def store_league(store: Store, docs: list[dict[str, Any]]) -> list[int]:
    ids = []
    for doc in docs:
        r = store.ingest_log(doc, source=doc["game"]["id"])
        assert r.status == "stored", r
        ids.append(r.game_id)
    return ids


@pytest.fixture
def league_store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'league.sqlite3'}", cards=CARDS)
    store_league(store, league())
    yield store
    store.close()


@pytest.fixture
def warehouse(league_store: Store, tmp_path: Path) -> Path:
    folder = tmp_path / "warehouse"
    update_warehouse(league_store, folder)
    return folder


@pytest.fixture
def stats(warehouse: Path) -> Any:
    """``stats(kind, **filters)``: a statistic of the league warehouse."""
    def run(kind: str, **filters: Any) -> dict[str, Any]:
        return statistics(warehouse, kind, Filters.parse({k.rstrip("_"): v for k, v in filters.items()}))
    return run


def by_card(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["card"]: r for r in body["rows"]}
