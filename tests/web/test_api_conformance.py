"""Issue 19, finding 9: what schemathesis (all checks) found, each pinned: the application and its OpenAPI description
agree on these requests."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.web.conftest import make_app
from tests.web.data import jsonl, simulated


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    app = make_app(Path(tmp_path_factory.mktemp("conform")))
    for doc in simulated(1, 81):
        app.extensions["pmemo_store"].ingest_text(jsonl(doc), "sim")
    return app


@pytest.mark.parametrize("view", ["01", "00", "001"])
def test_a_seat_with_a_leading_zero_is_a_400_not_a_500(app: Flask, view: str) -> None:
    client = app.test_client()
    for route in ("actions", "state", "legal"):
        r = client.get(f"/api/games/1/{route}", query_string={"view": view})
        assert r.status_code == 400 and r.json["error"].startswith("view: "), (route, r.get_data(as_text=True))
    assert client.get("/api/games/1/actions", query_string={"view": "1"}).status_code == 200


@pytest.mark.parametrize(("query", "field"), [({"first": "true"}, "first"), ({"first": "2"}, "first"),
                                               ({"min_games": "-1"}, "min_games"), ({"min_games": "x"}, "min_games"),
                                               ({"player": "a\x00"}, "player")])
def test_stats_filters_are_read_as_described(app: Flask, query: dict[str, str], field: str) -> None:
    r = app.test_client().get("/api/stats/cards", query_string=query)
    assert r.status_code == 400 and r.json["error"].startswith(f"{field}: "), r.get_data(as_text=True)


def test_stats_filters_the_description_allows_are_taken(app: Flask) -> None:
    assert app.test_client().get("/api/stats/cards", query_string={"first": "1", "min_games": "0"}).status_code == 200


def test_check_without_a_body_is_a_described_ruling(app: Flask) -> None:
    client = app.test_client()
    spec = client.get("/api/openapi.json").json
    assert spec["paths"]["/api/check"]["post"]["requestBody"]["required"] is False
    r = client.post("/api/check")
    assert r.status_code == 200 and r.json["valid"] is False and "body is empty" in r.json["ruling"]["message"]


def test_an_envelope_outside_the_description_is_a_400(app: Flask) -> None:
    client = app.test_client()
    r = client.get("/api/stats/cards", query_string={"envelope": "AAA"})
    assert r.status_code == 400 and r.json["error"].startswith("envelope: ")
    assert isinstance(client.get("/api/stats/cards", query_string={"envelope": "1"}).json, dict)
    assert isinstance(client.get("/api/stats/cards", query_string={"envelope": "0"}).json, list)


def test_check_takes_any_json_body_and_answers_a_ruling(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/api/openapi.json").json["paths"]["/api/check"]["post"]["requestBody"]["content"][
        "application/json"]["schema"] == {}
    r = client.post("/api/check", json=[None, None])
    assert r.status_code == 200 and r.json["ruling"]["rule"] == "log.schema"


def test_empty_date_bounds_are_no_bounds(app: Flask) -> None:
    client = app.test_client()
    every = client.get("/api/games").json["total"]
    r = client.get("/api/games", query_string={"from": "", "to": " "})
    assert r.status_code == 200 and r.json["total"] == every
    assert client.get("/api/games", query_string={"from": "x"}).status_code == 400
