"""Fuzzing the HTTP API in process: POST /api/games and POST /api/check answer every input, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import properties
from tests.fuzz.strategies import FUZZ, examples, hostile_logs
from tests.web.conftest import make_app

EXAMPLES = examples(200)  # longer runs: benchmarks/fuzz_long.py --targets upload,check_api


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(Path(tmp_path_factory.mktemp("web")))
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


HOW = st.sampled_from(("application/json", "text/plain", "form"))


@settings(FUZZ, max_examples=EXAMPLES)
@given(hostile_logs(), HOW)
def test_upload_never_answers_500(client: FlaskClient, data: bytes, how: str) -> None:
    properties.upload(client, data, how)


@settings(FUZZ, max_examples=EXAMPLES)
@given(hostile_logs(), HOW, st.none() | st.integers(-2, 400) | st.sampled_from(("x", "1e3", "9" * 30)))
def test_check_never_answers_500(client: FlaskClient, data: bytes, how: str, at: object) -> None:
    properties.check_api(client, data, how, at)
