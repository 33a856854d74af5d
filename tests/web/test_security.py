"""Every user string escaped (<script> payloads in player names, deck names, events, notes), no stack traces, headers."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from tests.web.data import XSS, XSS_IMG, jsonl, simulated, xss_log
from tests.web.test_pages import embedded, token

RAW = ("<script>alert", "<img src=x", '"><img')


def esc(text: str) -> str:
    """As Jinja's autoescape writes it."""
    return str(escape(text))


def assert_no_raw_payload(page: str) -> None:
    for raw in RAW:
        assert raw not in page, raw


@pytest.fixture
def xss_id(app: Flask) -> int:
    r = app.extensions["pmemo_store"].ingest_text(jsonl(xss_log(simulated(1, 41)[0])), "xss")
    assert r.status == "stored", r.ruling
    assert r.game_id is not None
    return r.game_id


def test_index_escapes_names_decks_events(client: FlaskClient, xss_id: int) -> None:
    page = client.get("/").get_data(as_text=True)
    assert_no_raw_payload(page)
    assert esc(f"Eve{XSS}") in page and esc(f"Deck {XSS_IMG}") in page and esc(f"Cup {XSS}") in page
    searched = client.get("/", query_string={"player": f"Eve{XSS}", "event": XSS_IMG}).get_data(as_text=True)
    assert_no_raw_payload(searched)


def test_viewer_escapes_title_and_embedded_json(client: FlaskClient, xss_id: int) -> None:
    page = client.get(f"/games/{xss_id}").get_data(as_text=True)
    assert_no_raw_payload(page)
    data = embedded(page)  # |tojson escapes <, >, & and ': the JSON still decodes to the exact strings
    assert data["players"][0]["name"] == f"Eve{XSS}" and data["players"][1]["deck_name"] == f"Deck {XSS_IMG}"
    start = page.index('id="viewer-data">') + len('id="viewer-data">')
    assert "<" not in page[start:page.index("</script>", start)]  # nothing can close the data block early


def test_api_returns_payload_as_json_data(client: FlaskClient, xss_id: int) -> None:
    r = client.get(f"/api/games/{xss_id}/actions")
    assert r.mimetype == "application/json"
    notes = [a for a in r.get_json()["actions"] if a["type"] == "note"]
    assert notes[0]["text"] == f"judge says {XSS}"


def test_rejected_upload_explanation_is_escaped(client: FlaskClient) -> None:
    doc = xss_log(simulated(1, 42)[0], "bad")
    doc["actions"].append({"type": "summon", "p": 0, "card": "MHK ST-020", "area": "main", "pay": [], "meta": {"x": XSS}})
    form = {"csrf_token": token(client), "log": (io.BytesIO(jsonl(doc)), f"name{XSS}.jsonl")}
    r = client.post("/", data=form, content_type="multipart/form-data")
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert_no_raw_payload(page)
    assert esc(f"name{XSS}.jsonl") in page  # the file name, escaped
    assert esc(XSS) in page  # the action's JSON (its meta), escaped


def test_judge_escapes_everything(client: FlaskClient) -> None:
    doc = xss_log(simulated(1, 43)[0], "judge")
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": json.dumps(doc)}).get_data(as_text=True)
    assert_no_raw_payload(page)
    assert embedded(page)["players"][0]["name"] == f"Eve{XSS}"
    broken = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": f'{{"format": "{XSS}"}}'}).get_data(as_text=True)
    assert_no_raw_payload(broken)


def test_security_headers(client: FlaskClient) -> None:
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get("/api/games").headers["X-Frame-Options"] == "DENY"


def test_no_inline_scripts_or_styles(client: FlaskClient, xss_id: int) -> None:
    for path in ("/", f"/games/{xss_id}", "/judge"):
        page = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script[^>]*>", page):
            assert 'src="/static/' in tag or 'type="application/json"' in tag, tag
        assert " style=" not in page and "<style" not in page
        assert "cdn" not in page.lower() and "https://" not in page


@pytest.fixture
def failing_app(app: Flask) -> Flask:
    def boom() -> Any:
        raise RuntimeError("secret internals: /srv/app.py line 42")

    app.add_url_rule("/api/boom", "api_boom", boom)
    app.add_url_rule("/boom", "boom", boom)
    return app


def test_500_is_generic_json_on_api(failing_app: Flask) -> None:
    r = failing_app.test_client().get("/api/boom")
    assert r.status_code == 500
    assert r.get_json() == {"error": "internal server error: the problem was logged"}
    assert "secret" not in r.get_data(as_text=True) and "Traceback" not in r.get_data(as_text=True)


def test_500_is_generic_html_on_pages(failing_app: Flask) -> None:
    r = failing_app.test_client().get("/boom")
    assert r.status_code == 500
    text = r.get_data(as_text=True)
    assert "internal server error" in text and "secret" not in text and "Traceback" not in text


def test_serve_app_is_not_testing_or_debug(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmemo_replay.cli.serve import build_app

    monkeypatch.chdir(tmp_path)  # its instance folder (secret key) is the test's

    app = build_app(f"sqlite:///{tmp_path / 's.sqlite3'}")
    assert app.testing is False and app.debug is False
    r = app.test_client().get("/api/games/1")
    assert r.status_code == 404 and r.is_json


def test_huge_numbers_are_client_errors_not_overflows(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pmemo_replay.web.app import create_app

    monkeypatch.chdir(tmp_path)  # its instance folder (secret key) is the test's

    app = create_app({"TESTING": True, "PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite3'}",
                      "PMEMO_WAREHOUSE": str(tmp_path / "wh")})
    client = app.test_client()
    huge = "1" + "0" * 22
    assert client.get(f"/api/games?page={huge}").status_code == 400
    assert client.get(f"/?page={huge}").status_code in (200, 400)
    assert client.get(f"/api/games/{huge}").status_code == 404
    assert client.get(f"/games/{huge}").status_code == 404
    assert client.get(f"/api/games/1/state?at={huge}").status_code in (400, 404)
