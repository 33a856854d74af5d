"""The warehouse projected by several processes holds the same bytes as one process's (SQLite and PostgreSQL); its
rows made Arrow tables as ``from_pylist`` makes them.

Small chunks and runs (``warehouse.CHUNK``, ``warehouse.BATCH``) put a few dozen games of the three games through
several chunks of several runs each, so that runs of both workers meet cards new to the warehouse in every chunk.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pytest

from dashboards import parallel, warehouse
from dashboards.schema import DATASETS
from dashboards.tables import CONVERSION_ERRORS, table_of
from dashboards.warehouse import part_files, update_warehouse, verify_warehouse
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store

RULESETS = ("pm-2.22", "mahou-shoujo-1", "clockwork-memorion-1")
TOKEN = re.compile(r"-[0-9a-f]{8}\.parquet$")


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store(store_url) as s:
        yield s


def logs(count: int, seed: int, month: int) -> list[dict]:
    """``count`` simulated logs of each game, played in November or December 2026."""
    now = datetime(2026, month, 20, 12, 0, tzinfo=UTC)
    return [doc for name in RULESETS for doc in simulated_logs(CardLibrary(), count, seed, now=now, ruleset=name)]


def store_all(store: Store, docs: list[dict]) -> None:
    for doc in docs:
        assert store.ingest_log(doc, source=doc["game"]["id"]).status == "stored"


def contents(folder: Path) -> dict[str, bytes]:
    """Every part file's bytes by its path less the run's random token, and the state less its time."""
    out = {TOKEN.sub(".parquet", str(p.relative_to(folder))): p.read_bytes() for p in part_files(folder)}
    state = json.loads((folder / "state.json").read_text("utf-8"))
    state.pop("updated_at")
    out["state.json"] = json.dumps(state, sort_keys=True).encode()
    return out


@pytest.fixture
def small_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(warehouse, "CHUNK", 12)
    monkeypatch.setattr(warehouse, "BATCH", 3)
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)


@pytest.mark.usefixtures("small_runs")
def test_two_processes_write_what_one_writes(store: Store, tmp_path: Path) -> None:
    store_all(store, logs(6, 3, 11))
    one, two = tmp_path / "one", tmp_path / "two"
    assert update_warehouse(store, one).projected == update_warehouse(store, two, jobs=2).projected == 18
    assert len(list(part_files(two))) > 4  # several chunks, each its own run of part files
    assert contents(two) == contents(one)
    # an update: the new games (another month, cards new and known) projected after the first ones
    store_all(store, logs(5, 4, 12))
    assert update_warehouse(store, one).projected == update_warehouse(store, two, jobs=2).projected == 15
    assert contents(two) == contents(one)
    assert verify_warehouse(store, two).ok


def test_few_games_stay_in_this_process(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object) -> None:
        raise AssertionError("a pool was started")

    monkeypatch.setattr(parallel, "_context", no_pool)
    store_all(store, logs(1, 5, 11))
    assert update_warehouse(store, tmp_path / "wh", jobs=2).projected == 3


def test_table_of_is_from_pylist() -> None:
    schema = DATASETS["player_games"]
    full = {name: None for name in schema.names} | {"game_id": 7, "seat": 1, "player": "Aoi", "month": "2026-11"}
    lacking = {"game_id": 8, "seat": 0, "player": "Ren"}  # a row without most columns: null there
    for rows in ([], [full], [full, full | {"seat": 0}], [full, lacking]):
        assert table_of(rows, schema).equals(pa.Table.from_pylist(rows, schema=schema))
    with pytest.raises(CONVERSION_ERRORS):
        table_of([full | {"seat": 300}], schema)  # seat is an int8
