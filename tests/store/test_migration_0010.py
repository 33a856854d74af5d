"""Migration 0010 (``game.merged_into``) down to 0009 and up again on a store holding a merged game of two seats'
recordings, on SQLite and PostgreSQL: down, the seat games are hidden by ``merge`` moderation events (as 0009's
code hid them); up, ``merged_into`` is set again and ``shown`` events (the events are append-only) leave moderation
to moderators; the lists leave the seat games out."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import command

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision
from pmemo_replay.store.moderation import hidden_game_ids
from pmemo_replay.web import create_app

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
OPEN = {"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off"}


def _merged_pair(url: str) -> tuple[int, list[int]]:
    """Two seats' drafts of one simulated game, finished, paired and merged: (merged game, seat games)."""
    app = create_app({"PMEMO_DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "t", **OPEN})
    client = app.test_client()
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 110)
    drafts = []
    for seat in (0, 1):
        red = PM.redact(doc["game"], doc["actions"], CARDS, seat)
        r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": red.header}))
        draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
        for n, action in enumerate(red.actions):
            assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200
        drafts.append((draft, auth))
    for seat, (draft, auth) in enumerate(drafts):
        client.post(f"/api/drafts/{draft}/pair", json={"with": drafts[1 - seat][0], "seat": seat}, headers=auth)
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    merged = client.post(f"/api/drafts/{drafts[0][0]}/merge/finish", headers=drafts[0][1]).json["game_id"]
    seat_games = [r["game_id"] for r in client.get(f"/api/games/{merged}").json["recordings"]]
    app.extensions["pmemo_store"].close()
    return merged, seat_games


def _state(url: str) -> dict[str, Any]:
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            columns = {c["name"] for c in sa.inspect(conn).get_columns("game")}
            events = [tuple(r) for r in conn.execute(sa.text("SELECT game_id, kind, actor FROM game_event ORDER BY id"))]
            into = dict(conn.execute(sa.text("SELECT id, merged_into FROM game WHERE merged_into IS NOT NULL")).all()) \
                if "merged_into" in columns else None
            return {"revision": current_revision(conn), "events": events, "merged_into": into,
                    "games": conn.execute(sa.text("SELECT count(*) FROM game")).scalar()}
    finally:
        engine.dispose()


def test_0010_goes_down_and_up_with_a_merged_game(store_url: str) -> None:
    merged, seat_games = _merged_pair(store_url)
    before = _state(store_url)
    assert before["revision"] == head_revision() and before["events"] == [] and before["games"] == 3
    assert before["merged_into"] == dict.fromkeys(seat_games, merged)
    engine = create_db_engine(store_url)
    try:
        with write_transaction(engine) as conn:
            command.downgrade(alembic_config(conn), "0009")
    finally:
        engine.dispose()
    down = _state(store_url)
    assert down["revision"] == "0009" and down["merged_into"] is None and down["games"] == 3
    assert down["events"] == [(g, "hidden", "merge") for g in seat_games]
    with Store(store_url) as store:  # opening upgrades to the head again
        assert [g.id for g in store.list_games().items] == [merged]
        assert hidden_game_ids(store.engine) == set()
    up = _state(store_url)
    assert up["revision"] == head_revision() and up["merged_into"] == before["merged_into"]
    assert up["events"] == down["events"] + [(g, "shown", "merge") for g in seat_games]
