"""Uploads and moderation need API tokens (hashed in the store), writes are rate-limited, the Host is checked,
cookies are SameSite (Secure over HTTPS), the Origin must match scheme, host and port."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.store.models import API_TOKEN
from tests.serve.conftest import bearer, closed_app
from tests.web.data import as_json, jsonl, simulated
from tests.web.test_pages import token as csrf_token


def upload(client: FlaskClient, seed: int, **headers: str):  # type: ignore[no-untyped-def]
    return client.post("/api/games", data=as_json(simulated(1, seed)[0]), content_type="application/json", headers=headers)


def test_upload_without_token_401_with_token_201(app: Flask, tokens: dict[str, str]) -> None:
    client = app.test_client()
    r = upload(client, 71)
    assert r.status_code == 401 and "Authorization: Bearer" in r.get_json()["error"]
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    assert upload(client, 71, Authorization="Bearer pmr_not-a-token").status_code == 401
    assert upload(client, 71, **bearer(tokens["upload"])).status_code == 201
    assert app.extensions["pmemo_store"].count("upload") == 1


def test_revoked_token_refused(app: Flask, tokens: dict[str, str]) -> None:
    from pmemo_replay.store.tokens import revoke_token

    revoke_token(app.extensions["pmemo_store"].engine, "uploader")
    assert upload(app.test_client(), 72, **bearer(tokens["upload"])).status_code == 401


def test_tokens_stored_hashed(app: Flask, tokens: dict[str, str]) -> None:
    with app.extensions["pmemo_store"].engine.connect() as conn:
        rows = conn.execute(sa.select(API_TOKEN)).mappings().all()
    stored = {r["token_hash"] for r in rows}
    assert stored == {hashlib.sha256(s.encode()).hexdigest() for s in tokens.values()}
    assert not any(secret in str(dict(r)) for r in rows for secret in tokens.values())


def test_open_mode_needs_no_token(tmp_path: Path) -> None:
    app = closed_app(tmp_path, PMEMO_OPEN_UPLOADS=True)
    assert upload(app.test_client(), 73).status_code == 201


def test_form_upload_closed_explains_then_takes_the_token(app: Flask, tokens: dict[str, str]) -> None:
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    assert 'name="api_token"' in page and "need an API token" in page
    form = {"csrf_token": csrf_token(client), "log": (io.BytesIO(jsonl(simulated(1, 74)[0])), "g.jsonl")}
    r = client.post("/", data=form, content_type="multipart/form-data")
    assert r.status_code == 401 and "Not stored" in r.get_data(as_text=True)
    form = {"csrf_token": csrf_token(client), "log": (io.BytesIO(jsonl(simulated(1, 74)[0])), "g.jsonl"),
            "api_token": tokens["upload"]}
    assert client.post("/", data=form, content_type="multipart/form-data").status_code == 303


def test_open_mode_page_has_no_token_field(tmp_path: Path) -> None:
    page = closed_app(tmp_path, PMEMO_OPEN_UPLOADS=True).test_client().get("/").get_data(as_text=True)
    assert 'name="api_token"' not in page


def test_writes_rate_limited_429_with_retry_after(tmp_path: Path) -> None:
    app = closed_app(tmp_path, PMEMO_WRITE_RATE="3/minute")
    client = app.test_client()
    codes = [client.post("/api/check", data=b"{}").status_code for _ in range(4)]
    assert codes[:3] == [200, 200, 200] and codes[3] == 429
    r = client.post("/api/games", data=b"{}")
    assert r.status_code == 429 and r.is_json and "too many writes" in r.get_json()["error"]
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert client.get("/api/games").status_code == 200  # reads are not limited
    other = closed_app(tmp_path, PMEMO_WRITE_RATE="3/minute")  # another process on the same store counts along
    assert other.test_client().post("/api/check", data=b"{}").status_code == 429


def test_session_cookie_samesite_lax_secure_over_https(app: Flask) -> None:
    client = app.test_client()
    plain = client.get("/").headers["Set-Cookie"]
    assert "SameSite=Lax" in plain and "Secure" not in plain
    secure = app.test_client().get("/", base_url="https://localhost").headers["Set-Cookie"]
    assert "SameSite=Lax" in secure and "Secure" in secure


def test_secure_cookies_forced(tmp_path: Path) -> None:
    app = closed_app(tmp_path, PMEMO_SECURE_COOKIES=True)
    assert "Secure" in app.test_client().get("/").headers["Set-Cookie"]


def test_bad_host_400(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "rebind.attacker.test:5000"}).status_code == 400
    assert client.get("/api/games", headers={"Host": "127.0.0.1:5000"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "localhost"}).status_code == 200


def test_allowed_hosts_setting(tmp_path: Path) -> None:
    client = closed_app(tmp_path, PMEMO_ALLOWED_HOSTS="games.example.org,.example.net").test_client()
    assert client.get("/api/games", headers={"Host": "games.example.org"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "a.example.net:8000"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "localhost"}).status_code == 400


def test_origin_scheme_mismatch_403(app: Flask, tokens: dict[str, str]) -> None:
    client = app.test_client()
    for origin in ("https://localhost", "http://localhost:8080", "https://localhost:80"):
        r = upload(client, 75, Origin=origin, **bearer(tokens["upload"]))
        assert r.status_code == 403 and "cross-site" in r.get_json()["error"], origin
    assert upload(client, 75, Origin="http://localhost:80", **bearer(tokens["upload"])).status_code == 201
    r = client.post("/api/games", data=as_json(simulated(1, 76)[0]), content_type="application/json",
                    base_url="https://localhost", headers={"Origin": "https://localhost", **bearer(tokens["upload"])})
    assert r.status_code == 201


def test_proxy_setting_trusts_forwarded_scheme(tmp_path: Path) -> None:
    app = closed_app(tmp_path, PMEMO_PROXIES=1)
    r = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in r.headers["Set-Cookie"]
