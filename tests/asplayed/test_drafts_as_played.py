"""A draft whose header says ``"as_played": true`` (docs/as-played.md) takes irregular actions, marks them in the
trail it answers, and finishes into a stored game with its count of irregularities; without the flag it refuses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.asplayed.test_store_as_played import AS_PLAYED, without_flag
from tests.drafts.conftest import make_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    app = make_app(f"sqlite:///{tmp_path / 'drafts.sqlite3'}")
    yield app.test_client()
    app.extensions["pmemo_store"].close()


def start(client: FlaskClient, text: str) -> tuple[int, dict[str, str], list[dict]]:
    head, *lines = text.splitlines()
    r = client.post("/api/drafts", data=head)
    assert r.status_code == 201, r.json
    return r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}, [json.loads(x) for x in lines if x.strip()]


def test_an_as_played_draft_takes_irregular_actions_and_finishes(client: FlaskClient) -> None:
    draft, auth, actions = start(client, AS_PLAYED)
    for n, action in enumerate(actions):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth)
        assert r.status_code == 200, (n, r.json)
        if n == 4:
            assert r.json["trail"][0]["ok"] is False and r.json["trail"][0]["rule"] == "cost.amount"
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201, done.json
    assert client.get(f"/api/games/{done.json['game_id']}").json["irregular"] == 2


def test_a_draft_without_the_flag_refuses_the_same_action(client: FlaskClient) -> None:
    draft, auth, actions = start(client, without_flag(AS_PLAYED))
    for n, action in enumerate(actions[:4]):
        assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth).status_code == 200
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[4], "expected": 4}, headers=auth)
    assert r.status_code == 422 and r.json["ruling"]["rule"] == "cost.amount"
