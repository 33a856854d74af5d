"""Who may start and write drafts when uploads are closed, and the per-draft write rate."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from pmemo_replay.store.tokens import add_token
from pmemo_replay.web.drafts import draft_rate
from tests.drafts.conftest import make_app, table_log

HEAD, ACTIONS = table_log()


def test_closed_uploads_need_an_api_token_to_start_not_to_write(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'closed.sqlite3'}", PMEMO_OPEN_UPLOADS=False)
    client = app.test_client()
    assert client.post("/api/drafts", data=HEAD).status_code == 401
    _, secret = add_token(app.extensions["pmemo_store"].engine, "club")
    created = client.post("/api/drafts", data=HEAD, headers={"Authorization": f"Bearer {secret}"})
    assert created.status_code == 201
    draft, token = created.json["id"], created.json["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": ACTIONS[0], "expected": 0}, headers=auth).status_code == 200
    api = {"Authorization": f"Bearer {secret}"}  # an API token is not the draft's token
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": ACTIONS[1], "expected": 1}, headers=api).status_code == 403
    app.extensions["pmemo_store"].close()


def test_draft_writes_count_per_draft(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'rate.sqlite3'}", PMEMO_WRITE_RATE="1000/minute", PMEMO_DRAFT_RATE="3/minute")
    client = app.test_client()
    created = [client.post("/api/drafts", data=HEAD).json for _ in range(2)]
    codes = []
    for n in range(4):
        r = client.post(f"/api/drafts/{created[0]['id']}/actions", json={"action": ACTIONS[n], "expected": n},
                        headers={"Authorization": f"Bearer {created[0]['token']}"})
        codes.append(r.status_code)
    assert codes == [200, 200, 200, 429] and r.headers["Retry-After"]
    other = client.post(f"/api/drafts/{created[1]['id']}/actions", json={"action": ACTIONS[0], "expected": 0},
                        headers={"Authorization": f"Bearer {created[1]['token']}"})
    assert other.status_code == 200  # another draft has its own count
    app.extensions["pmemo_store"].close()


def _three_appends(app: Flask) -> list[int]:
    """The statuses of three appends to a new draft (the app is closed after)."""
    client = app.test_client()
    created = client.post("/api/drafts", data=HEAD).json
    auth = {"Authorization": f"Bearer {created['token']}"}
    codes = [client.post(f"/api/drafts/{created['id']}/actions", json={"action": ACTIONS[n], "expected": n},
                         headers=auth).status_code for n in range(3)]
    app.extensions["pmemo_store"].close()
    return codes


def test_the_draft_rate_is_read_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``PMEMO_DRAFT_RATE`` in the environment (not only in the app's config) sets the per-draft limit."""
    monkeypatch.setenv("PMEMO_DRAFT_RATE", "2/minute")
    app = make_app(f"sqlite:///{tmp_path / 'env-rate.sqlite3'}", PMEMO_WRITE_RATE="1000/minute")
    assert app.config["PMEMO_DRAFT_RATE"] == "2/minute"
    assert _three_appends(app) == [200, 200, 429]


def test_the_draft_rate_defaults_when_the_environment_is_silent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not set: 120 a minute while writes are limited, none when ``PMEMO_WRITE_RATE`` is off."""
    monkeypatch.delenv("PMEMO_DRAFT_RATE", raising=False)
    for write_rate, expected in (("60/minute", "120 per 1 minute"), ("off", "None")):
        app = make_app(f"sqlite:///{tmp_path / 'default-rate.sqlite3'}", PMEMO_WRITE_RATE=write_rate)
        assert app.config["PMEMO_DRAFT_RATE"] is None
        assert str(draft_rate(app.config)) == expected
        app.extensions["pmemo_store"].close()


def test_the_draft_rate_holds_when_the_write_rate_is_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """r19: ``PMEMO_DRAFT_RATE`` set is honoured on its own; it was ignored when ``PMEMO_WRITE_RATE`` was off."""
    monkeypatch.setenv("PMEMO_DRAFT_RATE", "2/minute")
    monkeypatch.setenv("PMEMO_WRITE_RATE", "off")
    app = make_app(f"sqlite:///{tmp_path / 'off-rate.sqlite3'}")
    assert _three_appends(app) == [200, 200, 429]
