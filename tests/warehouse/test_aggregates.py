"""Pre-aggregated counts answer the card statistics exactly as the row-level query, and step aside when they cannot."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from benchmarks.synth import synthesize
from dashboards.aggregates import DECK_AGG, aggregates_current, answers_exactly, build_aggregates
from dashboards.filters import Filters
from dashboards.hidden import write_hidden
from dashboards.queries import _aggregated, card_stats, connect, run_stat
from pmemo_replay.cli import main
from pmemo_replay.store import Store
from tests.web.data import jsonl, simulated

EXACT = ({}, {"from": "2026-03-01", "to": "2026-05-31", "first": "1"}, {"event": "Weekly ranked", "first": "0"},
         {"from": "2026-07-04", "ruleset": "pm-2.22", "min_games": "50"}, {"to": "2026-01-31"})
ROWS_ONLY = ({"player": "player0042"}, {"archetype": "MHK blue"}, {"from": "2026-03-01T12:00:00"}, {"to": "2026-05-31T08:00:00"})


def _stats(folder: Path, query: dict[str, str]) -> tuple[dict, bool]:  # type: ignore[type-arg]
    f = Filters.parse(query)
    with connect(folder) as con:
        return card_stats(con, f), _aggregated(con, f)


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:  # type: ignore[type-arg]
    folder = tmp_path_factory.mktemp("agg") / "w"
    synthesize(folder, 8_000, seed=21, chunk=2_000, block=1_000)
    rows = {}
    for query in (*EXACT, *ROWS_ONLY):
        rows[repr(query)], used = _stats(folder, query)
        assert not used
    assert build_aggregates(folder) > 0 and aggregates_current(folder)
    return folder, rows


@pytest.mark.parametrize("query", EXACT)
def test_aggregates_equal_the_row_level_query(warehouse: tuple[Path, dict], query: dict[str, str]) -> None:  # type: ignore[type-arg]
    folder, rows = warehouse
    body, used = _stats(folder, query)
    assert used and body == rows[repr(query)]


@pytest.mark.parametrize("query", EXACT)
def test_deck_statistics_from_the_aggregates_equal_the_row_level_queries(warehouse: tuple[Path, dict],  # type: ignore[type-arg]
                                                                           query: dict[str, str], tmp_path: Path) -> None:
    folder, _ = warehouse
    plain = tmp_path / "rows"
    plain.mkdir()
    for dataset in ("player_games", "card_games", "cards"):
        (plain / dataset).symlink_to(folder / dataset)
    f = Filters.parse(query)
    for kind in ("decks", "matchups", "first", "trends"):
        with connect(folder) as con:
            assert _aggregated(con, f, DECK_AGG)
            body = run_stat(con, kind, f)
        with connect(plain) as con:
            assert body == run_stat(con, kind, f), kind


@pytest.mark.parametrize("query", ROWS_ONLY)
def test_filters_the_aggregates_cannot_answer_scan_the_rows(warehouse: tuple[Path, dict], query: dict[str, str]) -> None:  # type: ignore[type-arg]
    folder, rows = warehouse
    assert not answers_exactly(Filters.parse(query))
    body, used = _stats(folder, query)
    assert not used and body == rows[repr(query)]


def test_new_part_files_or_hidden_games_leave_the_aggregates_aside(warehouse: tuple[Path, dict], tmp_path: Path) -> None:  # type: ignore[type-arg]
    folder, _ = warehouse
    stale = tmp_path / "stale"
    shutil.copytree(folder, stale)
    extra = tmp_path / "extra"
    synthesize(extra, 500, seed=5)
    month = next((extra / "card_games").iterdir())
    shutil.copy(next(month.iterdir()), stale / "card_games" / month.name / "part-999999999990-999999999999.parquet")
    assert not aggregates_current(stale)
    body, used = _stats(stale, {})
    assert not used and body["rows"] != _stats(folder, {})[0]["rows"]  # the new rows count
    hidden = tmp_path / "hidden"
    shutil.copytree(folder, hidden)
    write_hidden(hidden, (1, 2, 3))
    body, used = _stats(hidden, {})
    assert not used and body["covers"]["games"] == 8_000 - 3


def test_the_cli_aggregates_a_warehouse_built_from_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, folder = f"sqlite:///{tmp_path / 's.sqlite3'}", tmp_path / "warehouse"
    with Store(url) as store:
        for doc in simulated(12, 31):
            store.ingest_text(jsonl(doc), "sim")
    assert main(["warehouse", "update", "--db", url, "--warehouse", str(folder)]) == 0
    queries = [q for q in ({}, {"first": "1"}, {"from": "2026-01-01"}) if answers_exactly(Filters.parse(q))]
    expected = [_stats(folder, q) for q in queries]
    assert not any(used for _, used in expected)
    capsys.readouterr()
    assert main(["warehouse", "aggregate", "--db", url, "--warehouse", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["aggregate_rows"] > 0 and aggregates_current(folder)
    for q, (body, _) in zip(queries, expected, strict=True):
        assert _stats(folder, q) == (body, True)
