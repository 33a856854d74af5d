"""An engine failure on a posted log is a ruling (``engine.error``), never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.pm.ruleset import PreciousMemories
from tests.web.data import jsonl, simulated
from tests.web.test_pages import token

#: the engine fails on the first action it applies: the ruling names it (review r22g, finding 7)
MESSAGE = "the engine failed on this log at action 0: ZeroDivisionError: division by zero"


@pytest.fixture
def broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: Any, state: Any, action: Any, trail: Any) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(PreciousMemories, "apply", boom)


def test_upload_engine_failure_422_ruling_nothing_stored(client: FlaskClient, app: Flask, broken_engine: None) -> None:
    r = client.post("/api/games", data=jsonl(simulated(1, 71)[0]), content_type="application/json")
    assert r.status_code == 422
    assert r.get_json() == {"ruling": {"index": 0, "path": "0", "rule": "engine.error", "ref": None, "message": MESSAGE},
                              "stands_as_played": False, "irregular": []}
    assert app.extensions["pmemo_store"].count("upload") == 0
    assert app.extensions["pmemo_store"].count("game") == 0


def test_check_engine_failure_is_a_ruling(client: FlaskClient, broken_engine: None) -> None:
    r = client.post("/api/check", data=jsonl(simulated(1, 72)[0]))
    assert r.status_code == 200
    body = r.get_json()
    assert body["valid"] is False and body["state"] is None and body["result"] is None
    assert body["ruling"]["rule"] == "engine.error" and body["ruling"]["message"] == MESSAGE



def test_judge_engine_failure_is_a_clear_422(client: FlaskClient, broken_engine: None) -> None:
    r = client.post("/api/judge/step?at=3", data=jsonl(simulated(1, 73)[0]))
    assert r.status_code == 422 and r.get_json() == {"error": MESSAGE}
    form = {"csrf_token": token(client, "/judge"), "log": jsonl(simulated(1, 73)[0]).decode()}
    page = client.post("/judge", data=form)
    assert page.status_code == 422 and MESSAGE in page.get_data(as_text=True)
