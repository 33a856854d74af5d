"""Every posted log is bounded by the upload limit (413 JSON), the judge step's included, declared length or chunked."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import EnvironBuilder

from tests.web.conftest import make_app
from tests.web.data import illegal

LIMIT = 1000


@pytest.fixture
def small(tmp_path: Path) -> Flask:
    app = make_app(tmp_path, PMEMO_MAX_UPLOAD_BYTES=LIMIT)
    assert len(illegal()) > LIMIT
    return app


def chunked(client: FlaskClient, path: str, body: bytes, content_type: str):  # type: ignore[no-untyped-def]
    """A post without Content-Length, as a server hands on a ``Transfer-Encoding: chunked`` body."""
    return client.post(path, input_stream=io.BytesIO(body), content_type=content_type,
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


def encoded(data: dict[str, object]) -> tuple[bytes, str]:
    """A form as the browser would send it: body and content type."""
    environ = EnvironBuilder(method="POST", data=data).get_environ()
    return environ["wsgi.input"].read(), environ["CONTENT_TYPE"]


def assert_413(r) -> None:  # type: ignore[no-untyped-def]
    assert r.status_code == 413 and r.is_json
    assert f"{LIMIT} bytes" in r.get_json()["error"]


def test_judge_step_over_limit_413_json(small: Flask) -> None:
    client = small.test_client()
    big = illegal()
    assert_413(client.post("/api/judge/step?at=3", data=big, content_type="application/json"))
    assert_413(client.post("/api/judge/step?at=3", data={"log": big.decode()}, content_type="application/x-www-form-urlencoded"))
    assert_413(client.post("/api/judge/step?at=3", data=b"x" * 5000, content_type="text/plain"))
    assert client.post("/api/judge/step?at=3", data=b"{}", content_type="application/json").status_code == 400


@pytest.mark.parametrize("path", ["/api/judge/step?at=3", "/api/games", "/api/check"])
def test_chunked_body_over_limit_413_not_cut(small: Flask, path: str) -> None:
    """Werkzeug cuts a chunked body at the limit without a word; the log would then be "not valid JSON"."""
    client = small.test_client()
    big = illegal()
    assert_413(chunked(client, path, big, "application/json"))
    assert_413(chunked(client, path, *encoded({"log": big.decode()})))
    assert_413(chunked(client, path, *encoded({"log": (io.BytesIO(big), "game.json")})))
    assert small.extensions["pmemo_store"].count("upload") == 0


def test_chunked_body_within_limit_is_read(small: Flask) -> None:
    client = small.test_client()
    for body in (b"{}", b" " * (LIMIT - 2) + b"{}"):  # the second is exactly the limit
        r = chunked(client, "/api/games", body, "application/json")
        assert r.status_code == 400 and r.get_json()["ruling"]["rule"] == "log.schema"
