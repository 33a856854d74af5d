"""A moderator hides a game by appending an event: out of the lists, nothing deleted; ``hide``/``unhide`` and the API."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.exc import DBAPIError

from pmemo_replay.cli import main
from pmemo_replay.store import Store
from pmemo_replay.store.moderation import game_events, hidden_game_ids
from tests.serve.conftest import bearer
from tests.web.data import jsonl, simulated


@pytest.fixture
def ids(app: Flask) -> list[int]:
    store = app.extensions["pmemo_store"]
    return [store.ingest_text(jsonl(doc), "sim").game_id for doc in simulated(3, 91)]


def test_moderator_hides_a_game_from_the_lists(app: Flask, tokens: dict[str, str], ids: list[int]) -> None:
    client, store = app.test_client(), app.extensions["pmemo_store"]
    r = client.post(f"/api/games/{ids[1]}/hidden", json={"reason": "duplicate"}, headers=bearer(tokens["moderator"]))
    assert r.status_code == 200 and r.get_json() | {"at": None} == {
        "id": ids[1], "hidden": True, "changed": True, "reason": "duplicate", "actor": "mod", "at": None}
    listed = {g["id"] for g in client.get("/api/games").get_json()["items"]}
    assert listed == {ids[0], ids[2]} and client.get("/api/games").get_json()["total"] == 2
    assert f'href="/games/{ids[1]}"' not in client.get("/").get_data(as_text=True)
    assert hidden_game_ids(store.engine) == {ids[1]}
    assert store.count("game") == 3 and store.count("upload") == 3  # nothing deleted
    assert client.get(f"/api/games/{ids[1]}").status_code == 200  # still reachable by id
    again = client.post(f"/api/games/{ids[1]}/hidden", json={}, headers=bearer(tokens["moderator"])).get_json()
    assert again["changed"] is False
    shown = client.post(f"/api/games/{ids[1]}/hidden", json={"hidden": False}, headers=bearer(tokens["moderator"]))
    assert shown.get_json()["hidden"] is False and client.get("/api/games").get_json()["total"] == 3
    assert [e["kind"] for e in game_events(store.engine, ids[1])] == ["hidden", "shown"]


def test_hiding_needs_a_moderator_token(app: Flask, tokens: dict[str, str], ids: list[int]) -> None:
    client = app.test_client()
    assert client.post(f"/api/games/{ids[0]}/hidden", json={}).status_code == 401
    r = client.post(f"/api/games/{ids[0]}/hidden", json={}, headers=bearer(tokens["upload"]))
    assert r.status_code == 403 and "moderator" in r.get_json()["error"]
    assert client.post("/api/games/999/hidden", json={}, headers=bearer(tokens["moderator"])).status_code == 404
    assert client.post(f"/api/games/{ids[0]}/hidden", json={"hidden": "maybe"}, headers=bearer(tokens["moderator"])).status_code == 400


def test_moderator_rule_holds_in_open_mode(tmp_path: Path) -> None:
    from tests.serve.conftest import closed_app

    app = closed_app(tmp_path, PMEMO_OPEN_UPLOADS=True)
    assert app.test_client().post("/api/games/1/hidden", json={}).status_code == 401


def test_events_are_append_only(app: Flask, ids: list[int]) -> None:
    from pmemo_replay.store.moderation import set_hidden

    engine = app.extensions["pmemo_store"].engine
    set_hidden(engine, ids[0], True, reason="spam")
    for statement in ("UPDATE game_event SET kind = 'shown'", "DELETE FROM game_event"):
        with pytest.raises(DBAPIError, match="append-only"), engine.begin() as conn:
            conn.execute(sa.text(statement))


def test_hide_and_unhide_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    with Store(url) as store:
        gid = store.ingest_text(jsonl(simulated(1, 92)[0]), "sim").game_id
    assert main(["hide", str(gid), "--reason", "test game", "--db", url]) == 0
    assert f"game {gid} hidden" in capsys.readouterr().out
    assert main(["list", "--json", "--db", url]) == 0
    assert str(gid) not in capsys.readouterr().out.replace("[]", "")
    assert main(["hide", str(gid), "--db", url]) == 0 and "already hidden" in capsys.readouterr().out
    assert main(["unhide", str(gid), "--db", url]) == 0 and f"game {gid} shown" in capsys.readouterr().out
    with Store(url) as store:
        assert store.list_games().total == 1 and game_events(store.engine, gid)[0]["reason"] == "test game"
    assert main(["hide", "12345", "--db", url]) == 1
