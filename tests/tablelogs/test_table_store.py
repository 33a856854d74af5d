"""Table logs in the store (SQLite and PostgreSQL): upload, list, seek from snapshots holding unknown cards."""

from __future__ import annotations

from typing import Any

from engine.fold import fold
from engine.pm.redact import redact
from pmemo_replay.cards import bundled_cards
from pmemo_replay.store import SNAPSHOT_EVERY, Store
from tests.store.conftest import pg_database, store_url

__all__ = ["pg_database", "store_url"]


def _longest_public(sim_logs: list[dict[str, Any]]) -> dict[str, Any]:
    doc = max(sim_logs, key=lambda d: len(d["actions"]))
    red = redact(doc["game"], doc["actions"], bundled_cards(), "public")
    return {"format": "pmemo-log", "version": 1, "game": red.header, "actions": red.actions}


def test_table_logs_store_and_seek(store_url: str, sim_logs: list[dict[str, Any]]) -> None:
    doc = _longest_public(sim_logs)
    assert len(doc["actions"]) > 4 * SNAPSHOT_EVERY  # the stored snapshots hold unknown cards
    cards = bundled_cards()
    with Store(store_url) as store:
        first = store.ingest_log(doc, source="table")
        assert first.status == "stored"
        assert store.ingest_log(doc, source="again").status == "present"
        listed = store.list_games().to_json()["items"]
        assert [g["id"] for g in listed] == [first.game_id]
        unknown_hands = 0
        steps = (0, 1, 100, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, 200, 2 * SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 1,
                 len(doc["actions"]))
        for n in steps:
            state, _ = store.state_at(first.game_id, n)
            want = fold(doc["game"], doc["actions"], cards, at=n).state_json()
            assert state == want, n
            unknown_hands += any(c is None for p in state["players"] for c in p["hand"])
        assert unknown_hands >= len(steps) // 2  # the public view keeps most hands unknown
