"""Issue 19, finding 5: a NUL byte in any route's path parameter is a 404 or a 400, never a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.web.conftest import make_app

#: a value each converter accepts, to put a NUL before, inside and after
SAMPLE = {"filename": "js/viewer.js", "key": "abc", "kind": "cards", "game_id": "1", "draft_id": "1",
          "card_id": "MHK 01-001", "name": "Aoi"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return make_app(Path(tmp_path_factory.mktemp("nul")))


def test_the_reported_static_path(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/static/js/viewer.js%00.css").status_code == 404
    assert client.get("/static/js/viewer.js").status_code == 200


def test_every_path_parameter_with_a_nul(app: Flask) -> None:
    client = app.test_client()
    swept = 0
    for rule in app.url_map.iter_rules():
        for name in rule.arguments:
            value = SAMPLE[name]
            for spoiled in (f"%00{value}", f"{value[:1]}%00{value[1:]}", f"{value}%00", "%00"):
                url = rule.rule
                for other in rule.arguments:
                    url = url.replace(f"<{other}>", spoiled if other == name else SAMPLE[other])
                url = url.replace(f"<path:{name}>", spoiled).replace(f"<int:{name}>", spoiled)
                url = url.split("<any(")[0] + spoiled if "<any(" in url else url
                for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                    r = client.open(url, method=method)
                    assert r.status_code in (400, 404, 405), (method, url, r.status_code)
                    swept += 1
    assert swept >= 40
