"""Stored as played (docs/as-played.md): the store keeps such games with their count of irregularities, on SQLite and
PostgreSQL; migration 0009 adds and removes the column; without the flag the game is refused as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from pmemo_replay.cli import main
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
AS_PLAYED_LOG = LOGS.parent / "as-played" / "short-payments.jsonl"
AS_PLAYED = AS_PLAYED_LOG.read_text(encoding="utf-8")


def without_flag(text: str) -> str:
    lines = text.splitlines()
    head = json.loads(lines[0])
    del head["game"]["as_played"]
    return "\n".join([json.dumps(head), *lines[1:]]) + "\n"


def test_as_played_games_are_stored_and_marked(store_url: str) -> None:  # noqa: F811
    with Store(store_url) as store:
        refused = store.ingest_text(without_flag(AS_PLAYED), "plain.jsonl")
        assert refused.game_id is None and refused.ruling["rule"] == "cost.amount" and refused.ruling["index"] == 4
        stored = store.ingest_text(AS_PLAYED, "as-played.jsonl")
        assert stored.game_id is not None
        regular = store.ingest_text((LOGS / "original-points.jsonl").read_text(encoding="utf-8"), "regular.jsonl")
        by_id = {g.id: g.to_json() for g in store.list_games(per_page=None).items}
        assert by_id[stored.game_id]["irregular"] == 2 and by_id[regular.game_id]["irregular"] == 0
        assert by_id[stored.game_id]["result"] == {"winner": 1, "reason": "points"}
        state, *_ = store.state_at(stored.game_id)  # the stored game replays past its irregular actions
        assert state["phase"] == "over"


def test_migration_0009_down_and_up_keeps_games(store_url: str) -> None:  # noqa: F811
    with Store(store_url) as store:
        game_id = store.ingest_text(AS_PLAYED, "as-played.jsonl").game_id
    engine = create_db_engine(store_url)
    try:
        with write_transaction(engine) as conn:
            command.downgrade(alembic_config(conn), "0008")
            assert current_revision(conn) == "0008"
        with engine.connect() as conn:
            assert "irregular" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
    finally:
        engine.dispose()
    with Store(store_url) as store:  # opening upgrades to the head again: the count starts at 0
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()
        listed = {g.id: g for g in store.list_games(per_page=None).items}
        assert listed[game_id].irregular == 0


def test_statistics_count_as_played_games_unless_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, wh = f"sqlite:///{tmp_path / 'store.sqlite3'}", str(tmp_path / "wh")
    with Store(url) as store:
        assert store.ingest_text(AS_PLAYED, "as-played.jsonl").game_id is not None
        assert store.ingest_text((LOGS / "mhk-points.jsonl").read_text(encoding="utf-8"), "mhk.jsonl").game_id is not None

    def games(*extra: str) -> int:
        assert main(["stats", "decks", "--json", "--db", url, "--warehouse", wh, "--ruleset", "pm-2.22", *extra]) == 0
        body = json.loads(capsys.readouterr().out)
        return int(body["covers"]["games"])

    assert games() == 2
    assert games("--regular-only") == 1


def test_statistics_api_filter(tmp_path: Path) -> None:
    from tests.web.conftest import make_app

    app = make_app(tmp_path)
    try:
        client = app.test_client()
        for text in (AS_PLAYED, (LOGS / "mhk-points.jsonl").read_text(encoding="utf-8")):
            assert client.post("/api/games", data=text, content_type="application/x-ndjson").status_code == 201
        every = client.get("/api/stats/decks?ruleset=pm-2.22").get_json()
        regular = client.get("/api/stats/decks?ruleset=pm-2.22&regular_only=1").get_json()
        assert every["covers"]["games"] == 2 and regular["covers"]["games"] == 1
        assert regular["filters"]["regular_only"] == 1
        bad = client.get("/api/stats/decks?regular_only=maybe")
        assert bad.status_code == 400
    finally:
        app.extensions["pmemo_store"].close()


def test_stats_without_ruleset_says_which_it_chose(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding: ``stats`` without ``--ruleset`` silently meant Precious Memories. It still picks the only ruleset
    stored (or Precious Memories among several), and says so on stderr, naming the others."""
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs

    url, wh = f"sqlite:///{tmp_path / 'store.sqlite3'}", str(tmp_path / "wh")
    with Store(url) as store:
        for doc in simulated_logs(CardLibrary(), 2, 7, ruleset="mahou-shoujo-1"):
            store.ingest_text(dump_jsonl(load_log(doc)), "mahou")
    assert main(["stats", "decks", "--json", "--db", url, "--warehouse", wh]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["ruleset"] == "mahou-shoujo-1"
    assert "ruleset mahou-shoujo-1 (the only one stored" in err
    with Store(url) as store:
        store.ingest_text(AS_PLAYED, "pm")
    assert main(["stats", "decks", "--db", url, "--warehouse", wh]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "ruleset: pm-2.22"
    assert "also stored: mahou-shoujo-1" in err and "--ruleset" in err
    assert main(["stats", "decks", "--db", url, "--warehouse", wh, "--ruleset", "mahou-shoujo-1"]) == 0
    assert capsys.readouterr().err == ""  # asked for: nothing to explain


def test_import_stores_an_as_played_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    plain = tmp_path / "plain.jsonl"
    plain.write_text(without_flag(AS_PLAYED), encoding="utf-8")
    assert main(["import", str(plain), "--db", url, "--warehouse", str(tmp_path / "wh")]) == 1  # refused as before
    assert main(["import", str(AS_PLAYED_LOG), "--db", url, "--warehouse", str(tmp_path / "wh")]) == 0
    capsys.readouterr()
    with Store(url) as store:
        assert [g.irregular for g in store.list_games(per_page=None).items] == [2]
