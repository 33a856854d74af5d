"""``warehouse verify`` and a bad row: a game whose values do not fit the warehouse is left out, not a stop."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa

from dashboards.warehouse import part_files, read_state, update_warehouse, verify_warehouse
from pmemo_replay.cli import main
from pmemo_replay.store import Store
from pmemo_replay.store.models import GAME
from tests.store.data import simulated


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A SQLite store with 6 simulated games."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    with Store(url) as store:
        for data in simulated(6, 41):
            assert store.ingest_text(data).status == "stored"
    return url


def verify(capsys: pytest.CaptureFixture[str], url: str, folder: Path) -> tuple[int, dict]:
    code = main(["warehouse", "verify", "--db", url, "--warehouse", str(folder), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_verify_matches_then_finds_missing_and_doubled(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "wh"
    code, body = verify(capsys, url, folder)
    assert code == 1 and body["warehouse_games"] == 0 and len(body["missing"]) == body["store_games"] > 0
    assert main(["warehouse", "update", "--db", url, "--warehouse", str(folder)]) == 0
    capsys.readouterr()
    code, body = verify(capsys, url, folder)
    assert code == 0 and body["ok"] and body["store_games"] == body["warehouse_games"] and body["missing"] == []
    part = next((folder / "games").rglob("part-*.parquet"))
    shutil.copy(part, part.with_name("part-copy.parquet"))
    code, body = verify(capsys, url, folder)
    assert code == 1 and body["doubled"] and body["warehouse_games"] > body["store_games"]
    assert main(["warehouse", "verify", "--db", url, "--warehouse", str(folder)]) == 1
    assert "more than once in the warehouse" in capsys.readouterr().out


def test_a_game_that_does_not_fit_is_left_out_and_named(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A round past 32 bits (refused at ingest today, but stored by an older version) cannot stop the projection."""
    with Store(url) as store:
        with store.engine.begin() as conn:
            conn.execute(sa.update(GAME).where(GAME.c.id == 2).values(round=2**40, reason="points"))
        report = update_warehouse(store, tmp_path / "wh")
        found = verify_warehouse(store, tmp_path / "wh")
    assert report.state.refused == [2] and found.missing == found.refused == [2] and not found.ok
    assert found.warehouse_games == found.store_games - 1 and any(part_files(tmp_path / "wh"))
    assert read_state(tmp_path / "wh").covered == 6
    assert main(["warehouse", "verify", "--db", url, "--warehouse", str(tmp_path / "wh")]) == 1
    assert "left out by the projection (refused; see the log): 2" in capsys.readouterr().out
