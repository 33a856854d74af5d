"""Statistics over table logs (table-logs.md): unlisted decks count in no card statistic; hands not fully identified
count for games, GP WR and played, not for the opening-hand and seen facts; every answer says how many
player-games had fully known hands."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards.filters import Filters
from dashboards.queries import statistics
from dashboards.warehouse import update_warehouse
from engine.pm.redact import redact
from pmemo_replay.cards import bundled_cards
from pmemo_replay.store import Store


def _stats(tmp_path: Path, name: str, docs: list[dict[str, Any]]) -> dict[str, Any]:
    with Store(f"sqlite:///{tmp_path / name}.sqlite3") as store:
        for doc in docs:
            assert store.ingest_log(doc, source=doc["game"]["id"]).status == "stored"
        folder = tmp_path / f"{name}-warehouse"
        update_warehouse(store, folder)
    return statistics(folder, "cards", Filters())


def _redacted(docs: list[dict[str, Any]], view: Any, **kw: Any) -> list[dict[str, Any]]:
    cards = bundled_cards()
    out = []
    for doc in docs:
        red = redact(doc["game"], doc["actions"], cards, view, **kw)
        out.append({"format": "pmemo-log", "version": 1, "game": red.header, "actions": red.actions})
    return out


@pytest.fixture(scope="module")
def games(sim_logs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sim_logs[:8]


@pytest.fixture
def complete(tmp_path: Path, games: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    yield _stats(tmp_path, "complete", games)


def test_seat_view_counts_only_the_seat_with_its_own_hand(tmp_path: Path, games: list[dict[str, Any]],
                                                          complete: dict[str, Any]) -> None:
    mine = _stats(tmp_path, "seat0", _redacted(games, 0))
    assert mine["covers"]["player_games"] == 16 and mine["covers"]["known_hands_player_games"] >= 8
    # only seat 0's deck is listed, and its hand is fully known: its rows are the complete logs' seat-0 figures
    for row in mine["rows"]:
        assert row["unknown_seen_games"] == 0
        assert row["gih_games"] + row["gns_games"] == row["games"]
    assert sum(r["games"] for r in mine["rows"]) == sum(len(_base(d["game"]["players"][0]["deck"])) for d in games)


def _base(ids: list[str]) -> set[str]:
    from engine.pm.cards import base_id

    return {base_id(c) for c in ids}


def test_public_view_with_open_lists_has_unknown_seen_facts(tmp_path: Path, games: list[dict[str, Any]],
                                                            complete: dict[str, Any]) -> None:
    public = _stats(tmp_path, "public", _redacted(games, "public", keep_lists=True))
    known = public["covers"]["known_hands_player_games"]
    assert public["covers"]["player_games"] == 16 and known < 8  # a hand all played out is fully known: rare
    full = {r["card"]: r for r in complete["rows"]}
    for row in public["rows"]:
        want = full[row["card"]]
        assert (row["games"], row["gp_wr"], row["played_games"]) == (want["games"], want["gp_wr"], want["played_games"])
        assert row["gih_games"] + row["gns_games"] + row["unknown_seen_games"] == row["games"]
    assert sum(r["unknown_seen_games"] for r in public["rows"]) > sum(r["gih_games"] + r["gns_games"] for r in public["rows"])


def test_unlisted_decks_count_in_no_card_statistic(tmp_path: Path, games: list[dict[str, Any]]) -> None:
    public = _stats(tmp_path, "unlisted", _redacted(games, "public"))
    assert public["rows"] == [] and public["covers"]["player_games"] == 16


def test_judge_recorded_table_logs_keep_every_fact(tmp_path: Path, games: list[dict[str, Any]],
                                                   complete: dict[str, Any]) -> None:
    """A table log whose every hand card is identified (as a judge records it) gives the complete log's figures."""
    judged = _stats(tmp_path, "judged", _redacted(games, "judge"))
    assert judged["covers"]["known_hands_player_games"] == 16
    strip = ("eb_wr", "eb_rank")
    assert [{k: v for k, v in r.items() if k not in strip} for r in judged["rows"]] == \
        [{k: v for k, v in r.items() if k not in strip} for r in complete["rows"]]
