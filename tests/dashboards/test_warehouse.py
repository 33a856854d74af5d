"""The warehouse projection: incremental and never twice, rebuild equals incremental, recovery, location."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import duckdb
import pytest

from dashboards.filters import Filters
from dashboards.location import ENV_WAREHOUSE, warehouse_folder
from dashboards.queries import STATS, connect, statistics
from dashboards.warehouse import STATE_FILE, part_files, read_state, rebuild_warehouse, update_warehouse
from pmemo_replay.store import Store
from tests.dashboards.conftest import store_league
from tests.dashboards.league import CARDS, league
from tests.web.data import jsonl, simulated


def rows(folder: Path, dataset: str) -> list[tuple[Any, ...]]:
    with connect(folder) as con:
        return sorted(con.execute(f"SELECT * FROM {dataset}").fetchall(), key=repr)


def every_statistic(folder: Path) -> dict[str, Any]:
    return {kind: statistics(folder, kind, Filters()) for kind in STATS}


def test_incremental_appends_and_never_projects_twice(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.sqlite3'}", cards=CARDS)
    folder = tmp_path / "wh"
    docs = league()
    store_league(store, docs[:2])
    first = update_warehouse(store, folder)
    assert (first.projected, first.left_out, first.state.watermark) == (2, 0, 2)
    old = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in part_files(folder)}
    assert len({p.name for p in old}) == 1  # one run: one set of part files
    store_league(store, docs[2:])
    second = update_warehouse(store, folder)
    assert (second.projected, second.left_out, second.state.watermark, second.state.projected) == (2, 1, 5, 4)
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in old} == old  # old part files untouched
    assert len({p.name for p in part_files(folder)}) == 2
    again = update_warehouse(store, folder)
    assert (again.projected, again.rebuilt) == (0, False)
    ids = [r[0] for r in rows(folder, "games")]
    assert sorted(ids) == [1, 2, 3, 5]  # game 4 is unfinished
    with connect(folder) as con:
        assert con.execute("SELECT count(*), count(DISTINCT (game_id, seat)) FROM player_games").fetchone() == (8, 8)
        assert con.execute("SELECT count(*) = count(DISTINCT (game_id, seat, card)) FROM card_games").fetchone() == (True,)
        months = {m for (m,) in con.execute("SELECT DISTINCT month FROM player_games").fetchall()}
    assert months == {"2026-11", "unknown"}
    assert (folder / "player_games" / "month=2026-11").is_dir()
    store.close()


def test_rebuild_equals_incremental(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.sqlite3'}", cards=CARDS)
    incremental = tmp_path / "inc"
    for doc in league():
        store_league(store, [doc])
        update_warehouse(store, incremental)
    scratch = tmp_path / "scratch"
    shutil.copytree(incremental, scratch)
    report = rebuild_warehouse(store, scratch)
    assert report.rebuilt and report.projected == 4
    assert len({p.name for p in part_files(scratch)}) == 1 < len({p.name for p in part_files(incremental)})
    for dataset in ("games", "player_games", "card_games"):
        assert rows(scratch, dataset) == rows(incremental, dataset)
    assert every_statistic(scratch) == every_statistic(incremental)
    store.close()


def test_crash_leftovers_are_removed(warehouse: Path, league_store: Store) -> None:
    before = every_statistic(warehouse)
    part = next(warehouse.glob("card_games/month=2026-11/part-*.parquet"))
    shutil.copy(part, part.with_name("part-000000000006-000000000009.parquet"))  # a run that wrote parts, then died
    state = json.loads((warehouse / STATE_FILE).read_text())
    (warehouse / STATE_FILE).write_text(json.dumps({**state, "pending": "part-000000000006-000000000009"}))
    assert every_statistic(warehouse) != before
    update_warehouse(league_store, warehouse)
    assert every_statistic(warehouse) == before


def test_a_lost_state_or_another_schema_rebuilds(warehouse: Path, league_store: Store) -> None:
    before = rows(warehouse, "card_games")
    (warehouse / STATE_FILE).unlink()
    report = update_warehouse(league_store, warehouse)
    assert report.rebuilt and rows(warehouse, "card_games") == before  # projected again, not twice
    state = json.loads((warehouse / STATE_FILE).read_text())
    (warehouse / STATE_FILE).write_text(json.dumps({**state, "schema": 0}))
    report = update_warehouse(league_store, warehouse)
    assert report.rebuilt and report.projected == 4 and rows(warehouse, "card_games") == before


def test_a_late_lower_id_is_projected_by_the_next_update(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A concurrent writer may commit a lower id after a higher one was projected: the next update finds it by the
    count below the highest id taken in, and projects it alone (no rebuild, nothing twice)."""
    import dashboards.warehouse as wh

    real = wh.missing_ids
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}", cards=CARDS) as store:
        store_league(store, league()[:3])
        monkeypatch.setattr(wh, "missing_ids", lambda conn, state: [i for i in (real(conn, state) or []) if i != 2])
        assert update_warehouse(store, tmp_path / "wh").projected == 2  # game 2 not yet visible
        monkeypatch.setattr(wh, "missing_ids", real)
        assert read_state(tmp_path / "wh").ids == [[1, 1], [3, 3]]
        report = update_warehouse(store, tmp_path / "wh")
        assert (report.projected, report.rebuilt, report.state.ids) == (1, False, [[1, 3]])
        assert update_warehouse(store, tmp_path / "wh").projected == 0
    assert sorted(r[0] for r in rows(tmp_path / "wh", "games")) == [1, 2, 3]


def test_a_replaced_store_is_rebuilt(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    folder = tmp_path / "wh"
    with Store(url, cards=CARDS) as store:
        store_league(store, league())
        update_warehouse(store, folder)
    for name in os.listdir(tmp_path):
        if name.startswith("s.sqlite3"):
            os.remove(tmp_path / name)
    with Store(url, cards=CARDS) as store:
        store_league(store, league()[2:])  # ids 1..3 now hold other games
        report = update_warehouse(store, folder)
    assert report.rebuilt and report.state.watermark == 3
    assert sorted(r[0] for r in rows(folder, "games")) == [1, 3]


def test_concurrent_updates_project_once(tmp_path: Path, league_store: Store) -> None:
    folder = tmp_path / "wh"
    reports: list[Any] = []
    threads = [threading.Thread(target=lambda: reports.append(update_warehouse(league_store, folder))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.projected for r in reports) == [0, 0, 0, 4]
    assert len(rows(folder, "player_games")) == 8


def test_state_file_and_empty_warehouse(tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    assert read_state(empty).watermark == 0
    body = statistics(empty, "cards", Filters())
    assert body["covers"] == {"games": 0, "player_games": 0, "known_hands_player_games": 0} and body["rows"] == [] and body["prior"] is None
    for kind in STATS:
        assert statistics(empty, kind, Filters())["covers"]["games"] == 0
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}", cards=CARDS) as store:
        store_league(store, [league()[3]])  # only the unfinished game
        report = update_warehouse(store, tmp_path / "wh")
    assert (report.projected, report.left_out, report.state.watermark) == (0, 1, 1)
    assert (tmp_path / "wh" / STATE_FILE).exists() and not list(part_files(tmp_path / "wh"))


def test_the_datasets_read_as_hive_partitioned_parquet(warehouse: Path) -> None:
    glob = str(warehouse / "card_games" / "*" / "*.parquet")
    [(n,)] = duckdb.sql(f"SELECT count(*) FROM read_parquet('{glob}', hive_partitioning=true) WHERE month = '2026-11'").fetchall()
    assert n > 0


def test_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_WAREHOUSE, raising=False)
    monkeypatch.delenv("PMEMO_DATABASE_URL", raising=False)
    monkeypatch.delenv("PMEMO_HOME", raising=False)
    (tmp_path / "instance").mkdir()  # a project's folder (elsewhere the default store is per user)
    assert warehouse_folder(None, None) == tmp_path / "instance" / "warehouse"
    assert warehouse_folder(None, "sqlite:///data/games.sqlite3") == tmp_path / "data" / "games.warehouse"
    monkeypatch.setenv(ENV_WAREHOUSE, str(tmp_path / "elsewhere"))
    assert warehouse_folder(None, None) == tmp_path / "elsewhere"
    assert warehouse_folder(str(tmp_path / "option"), None) == tmp_path / "option"


def test_on_both_store_backends(store_url: str, tmp_path: Path) -> None:
    """The projection reads the store through SQLAlchemy: the same warehouse from SQLite and PostgreSQL."""
    folder = tmp_path / "wh"
    with Store(store_url, cards=CARDS) as store:
        store_league(store, league()[:3])
        assert update_warehouse(store, folder).projected == 3
        store_league(store, league()[3:])
        report = update_warehouse(store, folder)
        assert (report.projected, report.left_out, report.state.projected) == (1, 1, 4)
        assert update_warehouse(store, folder).projected == 0
    body = statistics(folder, "cards", Filters())
    assert body["covers"] == {"games": 4, "player_games": 8, "known_hands_player_games": 8}
    a = next(r for r in body["rows"] if r["card"] == "TST 01-001")
    assert (a["games"], a["gih_games"], a["played_games"]) == (4, 2, 1)


def test_server_store_locations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_WAREHOUSE, raising=False)
    base = "postgresql+psycopg://u:secret@db:5432/pmemo"
    one = warehouse_folder(None, base, cwd=tmp_path)
    assert one == tmp_path / "instance" / "warehouse-db-5432-pmemo" and "secret" not in str(one)
    other = warehouse_folder(None, base + "?options=-csearch_path%3Dt_1", cwd=tmp_path)
    assert other != one and other.name.startswith("warehouse-db-5432-pmemo-")


def test_old_or_broken_snapshots_fold_from_the_start(tmp_path: Path) -> None:
    """Snapshots of another version, or without the statistics facts, are not used; the projection is the same."""
    import sqlalchemy as sa

    from pmemo_replay.store.models import SNAPSHOT

    docs = simulated(3, 23)
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        for doc in docs:
            store.ingest_text(jsonl(doc), "sim")
        update_warehouse(store, tmp_path / "good")
        with store.engine.begin() as conn:  # snapshots are rewritable (only actions are append-only)
            for seq, game, text in conn.execute(sa.select(SNAPSHOT.c.seq, SNAPSHOT.c.game_id, SNAPSHOT.c.data)).fetchall():
                data = json.loads(text)  # the snapshot's JSON text (migration 0012)
                worse = {**data, "v": 0} if game == 1 else {**data, "players": [{k: v for k, v in p.items() if k != "seen"}
                                                                                 for p in data["players"]]}
                conn.execute(sa.update(SNAPSHOT).where(SNAPSHOT.c.game_id == game, SNAPSHOT.c.seq == seq).values(data=json.dumps(worse)))
        update_warehouse(store, tmp_path / "old")
    for dataset in ("player_games", "card_games"):
        assert rows(tmp_path / "old", dataset) == rows(tmp_path / "good", dataset)
