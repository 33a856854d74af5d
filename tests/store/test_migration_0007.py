"""Migration 0007 (draft pairs, what-if branch columns) down to 0006 and up again on a store whose drafts hold
actions, paired and branched, on SQLite and PostgreSQL: the drafts and their histories are kept."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import command

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision
from pmemo_replay.web import create_app

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
OPEN = {"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off"}


def _populate(url: str) -> None:
    """Two seats' drafts holding actions, paired; one what-if branch of a stored game."""
    app = create_app({"PMEMO_DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "t", **OPEN})
    client = app.test_client()
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 140)
    ids = []
    for seat in (0, 1):
        red = PM.redact(doc["game"], doc["actions"], CARDS, seat)
        r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": red.header}))
        draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
        for n, action in enumerate(red.actions[:12]):
            assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200
        ids.append((draft, auth))
    for seat, (draft, auth) in enumerate(ids):
        client.post(f"/api/drafts/{draft}/pair", json={"with": ids[1 - seat][0], "seat": seat}, headers=auth)
    game_id = app.extensions["pmemo_store"].ingest_log(doc, "whole").game_id
    assert client.post("/api/drafts/branch", json={"game_id": game_id, "at": 5, "view": "judge"}).status_code == 201
    app.extensions["pmemo_store"].close()


def _counts(url: str) -> dict[str, object]:
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            tables = sa.inspect(conn).get_table_names()
            out: dict[str, object] = {t: conn.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar()
                                      for t in ("draft", "draft_event", "draft_pair") if t in tables}
            out["columns"] = {c["name"] for c in sa.inspect(conn).get_columns("draft")}
            out["revision"] = current_revision(conn)
    finally:
        engine.dispose()
    return out


def test_0007_goes_down_and_up_with_drafts_holding_actions(store_url: str) -> None:
    _populate(store_url)
    before = _counts(store_url)
    assert before["draft_pair"] == 2 and before["draft"] == 3 and before["revision"] == head_revision()
    engine = create_db_engine(store_url)
    try:
        with write_transaction(engine) as conn:
            command.downgrade(alembic_config(conn), "0006")
    finally:
        engine.dispose()
    down = _counts(store_url)
    assert down["revision"] == "0006" and "draft_pair" not in down
    assert (down["draft"], down["draft_event"]) == (before["draft"], before["draft_event"])
    assert not {"branch_of", "branch_at", "branch_view"} & set(down["columns"])  # type: ignore[arg-type]
    with Store(store_url):  # opening upgrades to the head again
        pass
    up = _counts(store_url)
    assert up["revision"] == head_revision() and up["draft_pair"] == 0
    assert (up["draft"], up["draft_event"], up["columns"]) == (before["draft"], before["draft_event"], before["columns"])
