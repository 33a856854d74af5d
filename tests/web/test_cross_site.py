"""Cross-site posts to the JSON API are refused (403 JSON); curl, scripts and the site's own pages keep working."""

from __future__ import annotations

import io

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.data import as_json, illegal, jsonl, simulated

EVIL = "https://evil.example"


def _form_upload(client: FlaskClient, seed: int, **headers: str):  # type: ignore[no-untyped-def]
    data = {"log": (io.BytesIO(jsonl(simulated(1, seed)[0])), "game.jsonl")}
    return client.post("/api/games", data=data, content_type="multipart/form-data", headers=headers)


@pytest.mark.parametrize("headers", [{"Origin": EVIL}, {"Origin": "null"}, {"Origin": "http://localhost:8080"},
                                     {"Sec-Fetch-Site": "cross-site"}, {"Origin": EVIL, "Sec-Fetch-Site": "same-origin"}])
def test_cross_site_upload_refused_403_json_nothing_stored(client: FlaskClient, app: Flask, headers: dict[str, str]) -> None:
    r = _form_upload(client, 61, **headers)
    assert r.status_code == 403 and r.is_json
    body = r.get_json()
    assert set(body) == {"error"} and "cross-site" in body["error"]
    text = {"log": jsonl(simulated(1, 62)[0]).decode()}
    r = client.post("/api/games", data=text, content_type="application/x-www-form-urlencoded", headers=headers)
    assert r.status_code == 403 and "cross-site" in r.get_json()["error"]
    assert app.extensions["pmemo_store"].count("upload") == 0


def test_cross_site_posts_to_check_and_judge_step_refused(client: FlaskClient) -> None:
    for path in ("/api/check", "/api/judge/step?at=3"):
        r = client.post(path, data={"log": illegal().decode()}, content_type="application/x-www-form-urlencoded",
                        headers={"Origin": EVIL})
        assert r.status_code == 403 and "error" in r.get_json(), path


def test_requests_without_origin_headers_still_work(client: FlaskClient) -> None:
    """curl -F log=@file and JSON bodies (interfaces.md) send neither Origin nor Sec-Fetch-Site."""
    assert _form_upload(client, 63).status_code == 201
    assert client.post("/api/games", data=as_json(simulated(1, 64)[0]), content_type="application/json").status_code == 201
    assert client.post("/api/check", data=illegal()).get_json()["valid"] is False


@pytest.mark.parametrize("headers", [{"Origin": "http://localhost"}, {"Origin": "HTTP://LOCALHOST:80"},
                                     {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
                                     {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"}])
def test_same_site_posts_work(client: FlaskClient, headers: dict[str, str]) -> None:
    assert _form_upload(client, 65, **headers).status_code == 201
    r = client.post("/api/judge/step?at=3", data=illegal(), content_type="application/json", headers=headers)
    assert r.status_code == 200 and r.get_json()["at"] == 3


def test_origin_compared_with_the_host_the_request_names(client: FlaskClient) -> None:
    headers = {"Host": "games.example.org:8000", "Origin": "http://games.example.org:8000"}
    assert _form_upload(client, 66, **headers).status_code == 201
    assert _form_upload(client, 67, Host="games.example.org:8000", Origin="http://games.example.org").status_code == 403


def test_reads_are_not_refused(client: FlaskClient) -> None:
    assert client.get("/api/games", headers={"Origin": EVIL, "Sec-Fetch-Site": "cross-site"}).status_code == 200
