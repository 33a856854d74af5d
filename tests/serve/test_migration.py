"""Migration 0003 (tokens, moderation events, rate limits) and later ones on a store made at 0002: every game kept,
SQLite and PostgreSQL."""

from __future__ import annotations

from alembic import command

from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision
from pmemo_replay.store.moderation import hidden_game_ids, set_hidden
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)
from tests.web.data import jsonl, simulated


def _revision(url: str) -> str | None:
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            return current_revision(conn)
    finally:
        engine.dispose()


def test_upgrade_from_0002_keeps_every_game(store_url: str) -> None:  # noqa: F811
    with Store(store_url) as store:
        results = [store.ingest_text(jsonl(doc), "sim") for doc in simulated(5, 93)]
        before = [(g.id, g.source_id, g.actions) for g in store.list_games(per_page=None).items]
        counts = {t: store.count(t) for t in ("game", "upload", "game_action_block", "game_snapshot")}
    assert all(r.status == "stored" for r in results) and len(before) == 5
    engine = create_db_engine(store_url)
    with write_transaction(engine) as conn:
        command.downgrade(alembic_config(conn), "0002")
    engine.dispose()
    assert _revision(store_url) == "0002"

    with Store(store_url) as store:  # opening upgrades to the head
        assert _revision(store_url) == head_revision()
        assert [(g.id, g.source_id, g.actions) for g in store.list_games(per_page=None).items] == before
        assert {t: store.count(t) for t in counts} == counts
        assert store.count("api_token") == 0 and hidden_game_ids(store.engine) == set()
        set_hidden(store.engine, before[0][0], True, reason="after the upgrade")
        assert store.list_games(per_page=None).total == 4
