"""The drafts API on SQLite and PostgreSQL (table-logs.md, "Recording drafts")."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import pmemo_replay.web.drafts as drafts_web
from pmemo_replay.drafts.models import DRAFT_EVENT
from pmemo_replay.store.db import read_connection
from tests.drafts.conftest import make_app, table_log

HEAD, ACTIONS = table_log()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start(client: FlaskClient) -> tuple[int, dict[str, str]]:
    r = client.post("/api/drafts", data=HEAD)
    assert r.status_code == 201, r.json
    return r.json["id"], bearer(r.json["token"])


def append(client: FlaskClient, draft: int, auth: dict[str, str], n: int, action: dict[str, Any] | None = None) -> Any:
    return client.post(f"/api/drafts/{draft}/actions", json={"action": action or ACTIONS[n], "expected": n}, headers=auth)


def history(app: Flask, draft: int) -> list[tuple[str, int]]:
    with read_connection(app.extensions["pmemo_store"].engine) as conn:
        rows = conn.execute(DRAFT_EVENT.select().where(DRAFT_EVENT.c.draft_id == draft).order_by(DRAFT_EVENT.c.id)).all()
    return [(r.kind, r.seq) for r in rows]


def test_create_refuses_malformed_and_illegal_headers(client: FlaskClient) -> None:
    assert client.post("/api/drafts", data="{not json").status_code == 400
    assert client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1})).status_code == 400
    with_action = HEAD + "\n" + json.dumps(ACTIONS[0])
    assert client.post("/api/drafts", data=with_action).status_code == 400
    header = json.loads(HEAD)
    header["game"]["players"][0]["deck"][0] = "MHK 99-999"
    r = client.post("/api/drafts", data=json.dumps(header))
    assert r.status_code == 422 and r.json["ruling"]["rule"] == "log.card"
    header = json.loads(HEAD)
    header["game"]["players"][0]["deck"] = header["game"]["players"][0]["deck"][:59]
    r = client.post("/api/drafts", data=json.dumps(header))
    assert r.status_code == 422 and r.json["ruling"]["rule"].startswith("deck"), r.json


def test_append_undo_finish(app: Flask, client: FlaskClient) -> None:
    draft, auth = start(client)
    assert append(client, draft, {}, 0).status_code == 403
    assert append(client, draft, bearer("nope"), 0).status_code == 403
    first = append(client, draft, auth, 0)
    assert first.status_code == 200 and first.json["applied"] == 1 and first.json["trail"]
    again = append(client, draft, auth, 0)  # the answer was lost: the same request again
    assert again.status_code == 200 and again.json == first.json
    assert append(client, draft, auth, 0, ACTIONS[1]).status_code == 409  # not a retry: another action
    assert append(client, draft, auth, 5).status_code == 409
    illegal = append(client, draft, auth, 1, ACTIONS[2])  # identify before the hands are drawn
    assert illegal.status_code == 422 and illegal.json["ruling"]["index"] == 1
    assert client.get(f"/api/drafts/{draft}", headers=auth).json["count"] == 1
    assert client.post(f"/api/drafts/{draft}/undo").status_code == 403
    undone = client.post(f"/api/drafts/{draft}/undo", headers=auth, json={"expected": 1})
    assert undone.status_code == 200 and undone.json["applied"] == 0
    assert client.post(f"/api/drafts/{draft}/undo", headers=auth, json={"expected": 1}).status_code == 200  # a retry
    assert client.post(f"/api/drafts/{draft}/undo", headers=auth).status_code == 409  # nothing left
    for n in range(len(ACTIONS)):
        assert append(client, draft, auth, n).status_code == 200
    assert history(app, draft)[:3] == [("append", 0), ("undo", 0), ("append", 0)]
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201
    assert client.post(f"/api/drafts/{draft}/finish", headers=auth).json == done.json
    assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 200
    game = done.json["game_id"]
    assert client.get(f"/api/games/{game}/actions").json["actions"] == ACTIONS
    assert client.get(f"/api/games/{game}/state").json["state"]["result"] == {"winner": 0, "reason": "concede"}
    assert append(client, draft, auth, len(ACTIONS), {"type": "note", "text": "late"}).status_code == 409
    assert client.get(f"/api/drafts/{draft}").json["game_id"] == game
    assert app.extensions["pmemo_store"].count() == 1


def test_public_view_hides_the_recorders_hand(client: FlaskClient) -> None:
    draft, auth = start(client)
    for n in range(5):  # shuffles, the opening hand named, both keep
        append(client, draft, auth, n)
    hand = set(ACTIONS[2]["cards"])
    public = client.get(f"/api/drafts/{draft}")
    text = public.get_data(as_text=True)
    assert set(public.json["state"]["players"][0]["hand"]) == {None}
    assert not any(card in text for card in hand), [c for c in hand if c in text]
    judge = client.get(f"/api/drafts/{draft}", headers=auth).json
    assert [c for c in judge["state"]["players"][0]["hand"] if c] == ACTIONS[2]["cards"]
    assert client.get(f"/api/drafts/{draft}", headers=bearer("wrong")).status_code == 403
    assert client.get("/api/drafts/999").status_code == 404


def test_legal_offers_and_cards_from_unknown_hands(client: FlaskClient) -> None:
    draft, auth = start(client)
    assert client.get(f"/api/drafts/{draft}/legal").status_code == 403
    offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
    assert offers["actions"] == [{"type": "shuffle", "p": 0}, {"type": "shuffle", "p": 1}]
    for n in range(11):
        append(client, draft, auth, n)
    offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
    assert offers["hand_play"] == 1 and offers["unknown"][1] > 0
    options = client.get(f"/api/drafts/{draft}/legal?p=1&card=MHK 01-077", headers=auth).json["options"]
    assert {"action": ACTIONS[11], "cost": 0, "legal": True} in options


def test_legal_refuses_a_player_not_in_the_game(client: FlaskClient) -> None:
    """``p`` is checked whether or not a card is given: a 400 naming p and the seats (review r21h, 5d)."""
    draft, auth = start(client)
    for query in ("p=99", "p=2", "p=99&card=MHK 01-077", "p=-1", "p=x"):
        r = client.get(f"/api/drafts/{draft}/legal?{query}", headers=auth)
        assert r.status_code == 400, (query, r.json)
        assert "'p'" in r.json["error"], r.json
    assert "seats are 0 to 1" in client.get(f"/api/drafts/{draft}/legal?p=99", headers=auth).json["error"]
    assert client.get(f"/api/drafts/{draft}/legal?p=1", headers=auth).status_code == 200  # a seat alone: the offers
    assert client.get(f"/api/drafts/{draft}/legal?card=MHK 01-077", headers=auth).status_code == 400


def test_events_stream_each_write(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drafts_web, "STREAM_SECONDS", 0.3)
    draft, auth = start(client)
    for n in range(3):
        append(client, draft, auth, n)
    client.post(f"/api/drafts/{draft}/undo", headers=auth)
    r = client.get(f"/api/drafts/{draft}/events")
    assert r.mimetype == "text/event-stream"
    messages = [json.loads(line[6:]) for line in r.get_data(as_text=True).splitlines() if line.startswith("data: ")]
    assert [(m["kind"], m["seq"]) for m in messages] == [("append", 0), ("append", 1), ("append", 2), ("undo", 2)]
    assert messages[2]["action"] == {"type": "identify", "p": 0, "zone": "hand", "cards": []}  # not shown to the public
    assert all(m["count"] == 2 for m in messages)
    later = client.get(f"/api/drafts/{draft}/events", headers={"Last-Event-ID": str(messages[-2]["id"])})
    assert [line for line in later.get_data(as_text=True).splitlines() if line.startswith("event:")] == ["event: undo"]


def test_four_writers_one_token(store_url: str) -> None:
    """Four writers (each an application of its own: its own cache, as in another server process) record the same
    game on one draft with one token, each sending the next action it believes is due: every action once."""
    apps = [make_app(store_url) for _ in range(4)]
    draft, auth = start(apps[0].test_client())
    failures: list[str] = []

    def writer(app: Flask) -> None:
        client = app.test_client()
        n = 0
        while n < len(ACTIONS):
            r = append(client, draft, auth, n)
            if r.status_code == 200:
                n = r.json["applied"]
            elif r.status_code == 409:
                n = r.json["count"]
            else:
                failures.append(f"{r.status_code} {r.json}")
                return

    threads = [threading.Thread(target=writer, args=(app,)) for app in apps]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not failures
    got = apps[1].test_client().get(f"/api/drafts/{draft}", headers=auth).json
    assert got["actions"] == ACTIONS and got["count"] == len(ACTIONS)
    assert history(apps[2], draft) == [("append", n) for n in range(len(ACTIONS))]
    assert got["state"]["result"] == {"winner": 0, "reason": "concede"}
    for app in apps:
        app.extensions["pmemo_store"].close()
