"""Drafts under the cases a hostile review found: hostile bodies are 400/413 (never a 500), the events cursor takes
ASCII digits only, and a finish leaves no room for an append (one game, exactly the draft)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.drafts.test_api import ACTIONS, append, start


def test_hostile_bodies_are_refused(client: FlaskClient) -> None:
    draft, auth = start(client)
    url = f"/api/drafts/{draft}/actions"
    for text in ('{"action": {"type": "note", "text": "x\\ud800"}, "expected": 0}',
                 '{"action": {"type": "note", "text": "a\\u0000b"}, "expected": 0}', "[" * 20_000):
        r = client.post(url, data=text, headers={**auth, "Content-Type": "application/json"})
        assert r.status_code == 400, (text[:40], r.status_code)
    huge = {"action": {"type": "note", "text": "x" * 100_000}, "expected": 0}
    assert client.post(url, json=huge, headers=auth).status_code == 413
    for after in ("%C2%B2", "99999999999999999999", "-3"):
        assert client.get(f"/api/drafts/{draft}/events?after={after}").status_code == 200
    assert client.get(f"/api/drafts/{draft}/events", headers={"Last-Event-ID": "²"}).status_code == 200


def test_an_append_during_a_finish_waits_for_it(app: Flask, client: FlaskClient, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    draft, auth = start(client)
    for n in range(len(ACTIONS)):
        assert append(client, draft, auth, n).status_code == 200
    seen: list[int] = []
    ingest = app.extensions["pmemo_store"].ingest_log

    def ingest_while_appending(doc, source, **how):  # type: ignore[no-untyped-def]  # how: what_if (a branch)
        seen.append(append(client, draft, auth, len(ACTIONS), {"type": "note", "text": "late"}).status_code)
        return ingest(doc, source, **how)

    monkeypatch.setattr(app.extensions["pmemo_store"], "ingest_log", ingest_while_appending)
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201 and seen == [409]  # the late append is refused while the game is stored
    games = client.get("/api/games").get_json()
    assert games["total"] == 1 and games["items"][0]["actions"] == len(ACTIONS)


def test_a_watcher_hears_each_append_at_once(client: FlaskClient, app: Flask, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """On PostgreSQL a NOTIFY wakes the stream (any worker, any server on the database); on SQLite it polls."""
    import threading
    import time

    import pmemo_replay.web.drafts as drafts_web

    monkeypatch.setattr(drafts_web, "STREAM_SECONDS", 6.0)
    monkeypatch.setattr(drafts_web, "POLL_SECONDS", 0.2 if app.extensions["pmemo_store"].engine.dialect.name == "sqlite" else 30.0)
    draft, auth = start(client)
    stream = client.get(f"/api/drafts/{draft}/events", buffered=False)
    sent: list[float] = []

    def write() -> None:
        time.sleep(1.0)
        sent.append(time.monotonic())
        assert append(client, draft, auth, 0).status_code == 200

    threading.Thread(target=write, daemon=True).start()
    for chunk in stream.response:
        if b"event: append" in chunk:
            heard = time.monotonic()
            break
    else:
        raise AssertionError("the append never arrived")
    stream.close()
    assert heard - sent[0] < 1.0  # not the 30 s poll: the notification woke it
