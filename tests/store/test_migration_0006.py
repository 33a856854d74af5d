"""Migration 0006 (per-seat rows, the unverified count) on stores holding games from before it: every game keeps
its players, decks and result, on SQLite and PostgreSQL; re-processing fills what 0006 could not know."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from pmemo_replay.cli import main
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision


def _docs() -> list[dict[str, Any]]:
    library = CardLibrary()
    return [*simulated_logs(library, 3, 61), *simulated_logs(library, 3, 61, ruleset="mahou-shoujo-1")]


def _listing(store: Store) -> list[dict[str, Any]]:
    return [g.to_json() for g in store.list_games(per_page=None).items]


def _at(url: str, revision: str) -> None:
    engine = create_db_engine(url)
    try:
        with write_transaction(engine) as conn:
            command.downgrade(alembic_config(conn), revision)
            assert current_revision(conn) == revision
    finally:
        engine.dispose()


def test_games_stored_before_0006_keep_their_players(store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    docs = _docs()
    with Store(store_url) as store:
        ids = [store.ingest_text(dump_jsonl(load_log(doc)), "old").game_id for doc in docs]
        before = _listing(store)
        counts = {t: store.count(t) for t in ("game", "upload", "game_action_block", "game_snapshot", "game_seat")}
    assert None not in ids and counts["game_seat"] == 2 * len(docs)
    _at(store_url, "0005")  # the schema as it was: the players in game.player0/1, deck0/1
    engine = create_db_engine(store_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT id, player0, player1, deck0, deck1 FROM game ORDER BY id")).all()
            tables = sa.inspect(conn).get_table_names()
    finally:
        engine.dispose()
    assert "game_seat" not in tables
    by_id = {g["id"]: g for g in before}
    assert [(r.player0, r.player1) for r in rows] == [tuple(by_id[r.id]["players"]) for r in rows]
    assert [[r.deck0, r.deck1] for r in rows] == [by_id[r.id]["decks"] for r in rows]

    with Store(store_url) as store:  # opening upgrades to the head again
        engine = store.engine
        with engine.connect() as conn:
            assert current_revision(conn) == head_revision()
        after = _listing(store)
        assert {t: store.count(t) for t in counts} == counts
        for old, new in zip(before, after, strict=True):
            assert new["unverified"] is None and all(s["score"] is None for s in new["seats"])
            assert [(s["player"], s["deck_name"], s["placement"]) for s in new["seats"]] == [
                (s["player"], s["deck_name"], s["placement"]) for s in old["seats"]]
            assert {k: v for k, v in new.items() if k not in ("seats", "unverified")} == {
                k: v for k, v in old.items() if k not in ("seats", "unverified")}
        assert store.list_games(player=before[0]["players"][1], per_page=None).total >= 1
    assert main(["reprocess", "--db", store_url, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["checked"] == len(docs) and not report["refused"] and not report["mismatched"]
    with Store(store_url) as store:
        assert _listing(store) == before  # scores and counts filled as a fresh ingest gives them
        mahou = next(g for g in before if g["ruleset"] == "mahou-shoujo-1")
        assert store.state_at(mahou["id"])[0]["result"] == mahou["result"]
