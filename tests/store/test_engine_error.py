"""An engine failure (a bug, not a rule of the game) rejects the log as ``engine.error`` and stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.pm.ruleset import PreciousMemories
from engine.rulings import RULES, Ruling
from pmemo_replay.logio import parse_log
from pmemo_replay.store import Store
from pmemo_replay.store.pipeline import prepare_item
from tests.store.data import LOGS, table_counts

EMPTY = {"upload": 0, "game": 0, "actions": 0, "game_snapshot": 0, "game_card": 0}


@pytest.fixture
def broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: Any, state: Any, action: Any, trail: Any) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(PreciousMemories, "apply", boom)


def test_engine_error_is_in_the_catalogue() -> None:
    assert RULES["engine.error"][0] is None  # no rule-book page
    assert Ruling("engine.error", "x").to_json()["ref"] is None


def test_ingest_text_rejects_engine_failure(store: Store, broken_engine: None) -> None:
    data = (LOGS / "mhk-points.json").read_bytes()
    r = store.ingest_text(data, "mhk-points.json")
    assert r.status == "rejected" and r.game_id is None
    assert r.ruling == {"index": 0, "path": "0", "rule": "engine.error", "ref": None,  # the action it failed on
                        "message": "the engine failed on this log at action 0: ZeroDivisionError: division by zero"}
    assert r.ruling == prepare_item(("mhk-points.json", data), store.cards).ruling  # as the import pipeline rules
    assert table_counts(store.engine) == EMPTY


def test_ingest_log_rejects_engine_failure(store: Store, broken_engine: None) -> None:
    log = parse_log((LOGS / "mhk-points.json").read_bytes())
    r = store.ingest_log(log, "parsed")
    assert r.status == "rejected" and r.ruling is not None and r.ruling["rule"] == "engine.error"
    assert table_counts(store.engine) == EMPTY


def test_engine_failure_is_logged(store: Store, broken_engine: None, caplog: pytest.LogCaptureFixture) -> None:
    store.ingest_text((LOGS / "mhk-points.json").read_bytes(), "logged.json")
    assert "logged.json" in caplog.text and "ZeroDivisionError" in caplog.text
