"""A game a moderator hides leaves every statistic (and comes back when shown again); nothing is deleted."""

from __future__ import annotations

from pathlib import Path

from dashboards.filters import Filters
from dashboards.queries import statistics
from dashboards.warehouse import update_warehouse, verify_warehouse
from pmemo_replay.store import Store
from pmemo_replay.store.moderation import set_hidden
from tests.web.data import jsonl, simulated


def _covers(store: Store, folder: Path) -> dict[str, int]:
    update_warehouse(store, folder)  # as every statistics request does
    return statistics(folder, "cards", Filters())["covers"]


def test_hidden_games_leave_the_statistics(tmp_path: Path) -> None:
    folder = tmp_path / "wh"
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        ids = [store.ingest_text(jsonl(doc), "sim").game_id for doc in simulated(4, 17)]
        assert _covers(store, folder)["games"] == 4
        set_hidden(store.engine, ids[1], True, reason="test")
        assert _covers(store, folder) == {"games": 3, "player_games": 6, "known_hands_player_games": 6}
        decks = statistics(folder, "decks", Filters())
        assert sum(r["games"] for r in decks["rows"]) == 6
        assert verify_warehouse(store, folder).ok  # the rows stay; the views leave them out
        set_hidden(store.engine, ids[1], False)
        assert _covers(store, folder)["games"] == 4
