"""Bounded memory: DuckDB spills under the project's memory limit, and synthesis writes a run of part files per chunk."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from benchmarks.synth import synthesize
from dashboards.duckconf import DEFAULT_MEMORY_LIMIT, MEMORY_ENV, TEMP_ENV, THREADS_ENV, BadSetting, DuckSettings
from dashboards.filters import Filters
from dashboards.queries import connect, statistics

#: a sort over every card row with a row number: needs far more than 20 MB unless it spills
SORT = ("SELECT count(*), sum(r % 1000003) FROM "
        "(SELECT row_number() OVER (ORDER BY key, game_id, seat) * key AS r FROM card_games)")


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    synthesize(folder, 20_000, seed=7, chunk=5_000, block=2_500)
    return folder


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (MEMORY_ENV, TEMP_ENV, THREADS_ENV):
        monkeypatch.delenv(name, raising=False)
    assert DuckSettings.from_env().memory_limit == DEFAULT_MEMORY_LIMIT
    monkeypatch.setenv(MEMORY_ENV, "300MB")
    monkeypatch.setenv(TEMP_ENV, str(tmp_path / "spill"))
    monkeypatch.setenv(THREADS_ENV, "1")
    assert DuckSettings.from_env() == DuckSettings("300MB", tmp_path / "spill", 1)
    with connect(tmp_path / "empty") as con:
        limit, temp, threads = con.execute("SELECT current_setting('memory_limit'), current_setting('temp_directory'), "
                                           "current_setting('threads')").fetchone()  # type: ignore[misc]
    assert limit.startswith("286") and temp == str(tmp_path / "spill") and threads == 1  # 300 MB = 286 MiB
    monkeypatch.setenv(MEMORY_ENV, "lots")
    with pytest.raises(BadSetting, match=MEMORY_ENV):
        DuckSettings.from_env()


def test_a_query_over_the_limit_spills_and_answers(big: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(THREADS_ENV, "1")
    with connect(big) as con:
        expected = con.execute(SORT).fetchone()
    cards = statistics(big, "cards", Filters())
    small = tmp_path / "small"  # a copy: a database of its own (connections are cached per folder)
    shutil.copytree(big, small)
    spill = tmp_path / "spill"
    monkeypatch.setenv(MEMORY_ENV, "20MB")
    monkeypatch.setenv(TEMP_ENV, str(spill))
    with connect(small) as con:
        assert con.execute("SELECT current_setting('memory_limit')").fetchone() == ("19.0 MiB",)
        assert con.execute(SORT).fetchone() == expected
    assert statistics(small, "cards", Filters()) == cards
    assert spill.is_dir()
    con = duckdb.connect()
    DuckSettings("20MB", spill, 1).apply(con)
    con.execute("SET temp_directory = ''")  # no spill folder: the same query does not fit in 20 MB
    with pytest.raises(duckdb.OutOfMemoryException):
        con.execute(SORT.replace("FROM card_games", f"FROM read_parquet('{small}/card_games/*/*.parquet')")).fetchone()


def test_synthesis_writes_chunks_with_the_same_data(tmp_path: Path) -> None:
    one, many = tmp_path / "one", tmp_path / "many"
    assert synthesize(one, 4_000, seed=3, chunk=4_000, block=500) == synthesize(many, 4_000, seed=3, chunk=1_000, block=500)
    runs = {p.stem for p in (many / "card_games").rglob("part-*.parquet")}
    assert len(runs) == 4 and len({p.stem for p in (one / "card_games").rglob("part-*.parquet")}) == 1
    for kind in ("cards", "decks", "matchups", "trends"):
        for f in (Filters(), Filters.parse({"from": "2026-03-01", "to": "2026-05-31", "first": "1"})):
            assert statistics(one, kind, f) == statistics(many, kind, f)
