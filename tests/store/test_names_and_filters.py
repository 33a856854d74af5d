"""Issue 19, finding 6: long header names and NUL in search filters are clear 400s on SQLite and PostgreSQL.

A name over 255 characters is refused at the log boundary (the store indexes names, and a PostgreSQL index entry
is bounded); one of 255 three-byte characters is stored and found. A NUL in a filter is a 400 naming the filter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from pmemo_replay.logio.boundary import MAX_NAME_CHARS
from pmemo_replay.web import create_app
from tests.store.data import LOGS
from tests.web.conftest import OPEN

SAMPLE = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    app = create_app({"PMEMO_DATABASE_URL": store_url, "TESTING": True, "SECRET_KEY": "test", **OPEN})
    yield app
    app.extensions["pmemo_store"].close()


def _log(**game: Any) -> bytes:
    doc = json.loads(json.dumps(SAMPLE))
    players = game.pop("players", None)
    doc["game"].update(game)
    for seat, fields in (players or {}).items():
        doc["game"]["players"][seat].update(fields)
    return json.dumps(doc).encode("utf-8")


LONG = "x" * 1_000_000


@pytest.mark.parametrize(("log", "path"), [
    (_log(event=LONG), "game.event"),
    (_log(id=LONG), "game.id"),
    (_log(players={0: {"name": LONG}}), "game.players.0.name"),
    (_log(players={1: {"deck_name": "d" * (MAX_NAME_CHARS + 1)}}), "game.players.1.deck_name"),
])
def test_a_long_name_is_refused_naming_the_field(app: Flask, log: bytes, path: str) -> None:
    client = app.test_client()
    r = client.post("/api/games", data=log, content_type="application/json")
    assert r.status_code == 400, r.get_data(as_text=True)[:300]
    assert r.json["ruling"]["path"] == path and f"at most {MAX_NAME_CHARS}" in r.json["ruling"]["message"]
    assert client.post("/api/check", data=log, content_type="application/json").json["ruling"]["path"] == path
    assert client.get("/api/games").json["total"] == 0


def test_the_longest_names_are_stored_and_found(app: Flask) -> None:
    client = app.test_client()
    name, event = "語" * MAX_NAME_CHARS, "大" * MAX_NAME_CHARS  # three UTF-8 bytes each
    r = client.post("/api/games", data=_log(event=event, id="i" * MAX_NAME_CHARS, players={0: {"name": name}}),
                    content_type="application/json")
    assert r.status_code == 201, r.get_data(as_text=True)[:300]
    assert client.get("/api/games", query_string={"player": name}).json["total"] == 1
    assert client.get("/api/games", query_string={"event": event}).json["total"] == 1


@pytest.mark.parametrize("name", ["player", "event", "card", "ruleset"])
def test_a_nul_in_a_filter_is_a_400_naming_it(app: Flask, name: str) -> None:
    client = app.test_client()
    assert client.post("/api/games", data=_log(), content_type="application/json").status_code == 201
    for value in ("\x00", "a\x00b"):
        r = client.get("/api/games", query_string={name: value})
        assert r.status_code == 400 and r.json["error"].startswith(f"{name}: must not hold a NUL"), r.get_data(as_text=True)
        page = client.get("/", query_string={name: value})
        assert page.status_code == 200 and "must not hold a NUL" in page.get_data(as_text=True)


def test_a_nul_in_a_player_page_name_or_an_upload_file_name_is_no_500(app: Flask, tmp_path: Any) -> None:
    """Found by the issue-19 review on PostgreSQL: ``/players/a%00b`` and a multipart file name with a NUL were 500s."""
    client = app.test_client()
    for path in ("/players/%00", "/players/a%00b"):
        assert client.get(path).status_code == 404
    import io

    r = client.post("/api/games", data={"log": (io.BytesIO(json.dumps(SAMPLE).encode("utf-8")), "a\x00b.json")},
                    content_type="multipart/form-data")
    assert r.status_code in (200, 201), r.get_data(as_text=True)
