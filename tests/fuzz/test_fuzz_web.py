"""Fuzzing the HTTP API in process: POST /api/games and POST /api/check answer every input, never a 500."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.strategies import FUZZ, hostile_logs
from tests.web.conftest import make_app

EXAMPLES = 400
UPLOAD_STATUSES = {200, 201, 400, 413, 422}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(Path(tmp_path_factory.mktemp("web")))
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def post(client: FlaskClient, path: str, data: bytes, how: str) -> tuple[int, object]:
    if how == "form":
        r = client.post(path, data={"log": (io.BytesIO(data), "log.json")}, content_type="multipart/form-data")
    else:
        r = client.post(path, data=data, content_type=how)
    return r.status_code, r.get_json(silent=True)


HOW = st.sampled_from(("application/json", "text/plain", "form"))


@settings(FUZZ, max_examples=EXAMPLES)
@given(hostile_logs(), HOW)
def test_upload_never_answers_500(client: FlaskClient, data: bytes, how: str) -> None:
    status, body = post(client, "/api/games", data, how)
    assert status in UPLOAD_STATUSES, (status, body)
    assert isinstance(body, dict)
    if status in (400, 422):
        assert body["ruling"]["rule"] and body["ruling"]["message"]
    elif status in (200, 201):
        assert isinstance(body["id"], int)


@settings(FUZZ, max_examples=EXAMPLES)
@given(hostile_logs(), HOW, st.none() | st.integers(-2, 400) | st.sampled_from(("x", "1e3", "9" * 30)))
def test_check_never_answers_500(client: FlaskClient, data: bytes, how: str, at: object) -> None:
    path = "/api/check" if at is None else f"/api/check?at={at}"
    status, body = post(client, path, data, how)
    assert status in (200, 400, 413), (status, body)
    assert isinstance(body, dict)
    if status == 200:
        assert body.keys() >= {"valid", "applied", "ruling", "state", "result"}
