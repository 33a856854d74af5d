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


def test_an_as_played_draft_asked_strictly_refuses_then_takes_it_anyway(client: FlaskClient) -> None:
    """The recorder sends ``"as_played": false`` first: the irregular action is refused (nothing appended); sent
    again without it, it stands as played."""
    draft, auth, actions = start(client, AS_PLAYED)
    for n, action in enumerate(actions[:4]):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n, "as_played": False},
                        headers=auth)
        assert r.status_code == 200, (n, r.json)
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[4], "expected": 4, "as_played": False},
                    headers=auth)
    assert r.status_code == 422 and r.json["ruling"]["rule"] == "cost.amount"
    assert client.get(f"/api/drafts/{draft}", headers=auth).json["count"] == 4
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[4], "expected": 4}, headers=auth)
    assert r.status_code == 200 and r.json["trail"][0]["ok"] is False and r.json["trail"][0]["rule"] == "cost.amount"
    bad = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[5], "expected": 5, "as_played": "no"},
                      headers=auth)
    assert bad.status_code == 400 and "as_played" in bad.json["error"]
