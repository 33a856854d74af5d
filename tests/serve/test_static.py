"""Static files: URLs carry a content fingerprint (cached for a year), bodies go out gzip or brotli compressed."""

from __future__ import annotations

import gzip
import hashlib
import re

import brotli
from flask import Flask

from pmemo_replay.web.meta import PLOTLY_JS


def test_page_links_carry_fingerprints_and_are_immutable(app: Flask) -> None:
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/css/app\.css\?v=([0-9a-f]{16}))"', page)
    assert css, "the stylesheet link names its fingerprint"
    r = client.get(css.group(1))
    assert r.status_code == 200 and r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    stale = client.get("/static/css/app.css?v=0000000000000000")
    assert stale.headers["Cache-Control"] == "no-cache" and stale.headers["ETag"]
    assert client.get("/static/css/app.css", headers={"If-None-Match": stale.headers["ETag"]}).status_code == 304
    assert client.get("/static/../app.py").status_code == 404 and client.get("/static/nothing.css").status_code == 404


def test_plotly_goes_out_compressed(app: Flask) -> None:
    client = app.test_client()
    raw = PLOTLY_JS.read_bytes()
    fingerprint = hashlib.sha256(raw).hexdigest()[:16]
    with app.test_request_context():
        from flask import url_for

        assert url_for("meta.plotly_js") == f"/static-vendor/plotly.min.js?v={fingerprint}"
    r = client.get(f"/static-vendor/plotly.min.js?v={fingerprint}", headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"
    assert int(r.headers["Content-Length"]) < len(raw) / 3 and gzip.decompress(r.data) == raw
    assert r.headers["Cache-Control"].endswith("immutable") and r.mimetype == "text/javascript"
    br = client.get("/static-vendor/plotly.min.js", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br" and brotli.decompress(br.data) == raw
    plain = client.get("/static-vendor/plotly.min.js")
    assert "Content-Encoding" not in plain.headers and plain.data == raw


def test_small_files_are_not_compressed(app: Flask) -> None:
    r = app.test_client().get("/static/favicon.svg", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.mimetype == "image/svg+xml" and "Content-Encoding" not in r.headers
