"""As played on the web (docs/as-played.md): uploads through the API and the form, the judge page's list of every
irregularity, the viewer's data marking them, the game JSON's count."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.asplayed.test_store_as_played import AS_PLAYED, without_flag
from tests.web.conftest import make_app
from tests.web.test_pages import token

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    app = make_app(tmp_path)
    yield app.test_client()
    app.extensions["pmemo_store"].close()


def viewer_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found.group(1))


def test_api_upload_stores_an_as_played_game_and_refuses_it_without_the_flag(client: FlaskClient) -> None:
    r = client.post("/api/games", data=without_flag(AS_PLAYED), content_type="application/x-ndjson")
    assert r.status_code == 422 and r.get_json()["ruling"]["rule"] == "cost.amount"
    r = client.post("/api/games", data=AS_PLAYED, content_type="application/x-ndjson")
    assert r.status_code == 201
    game = client.get(f"/api/games/{r.get_json()['id']}").get_json()
    assert game["irregular"] == 2 and game["header"]["as_played"] is True
    listed = client.get("/api/games").get_json()["items"]
    assert [g["irregular"] for g in listed] == [2]


def test_api_query_parameter_says_played_as_logged(client: FlaskClient) -> None:
    r = client.post("/api/games?as_played=1", data=without_flag(AS_PLAYED), content_type="application/x-ndjson")
    assert r.status_code == 201
    assert client.get(f"/api/games/{r.get_json()['id']}").get_json()["irregular"] == 2


def test_upload_form_box_stores_the_game_and_the_viewer_marks_the_irregular_steps(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'name="as_played"' in page
    data = {"csrf_token": token(client), "as_played": "1", "log": (io.BytesIO(without_flag(AS_PLAYED).encode()), "game.jsonl")}
    r = client.post("/", data=data, content_type="multipart/form-data")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    marks = viewer_data(html)["irregular"]
    assert sorted(marks) == ["21", "4"] and marks["4"][0]["rule"] == "cost.amount"


def test_judge_lists_every_irregularity(client: FlaskClient) -> None:
    r = client.post("/judge", data={"csrf_token": token(client), "log": AS_PLAYED})
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "Played as logged." in html and "2 irregular actions stood" in html
    items = re.findall(r'<li data-index="(\d+)">', html)
    assert items == ["4", "21"]
    assert viewer_data(html)["total"] == 259  # the replay goes to the end


def test_check_api_carries_the_irregular_list(client: FlaskClient) -> None:
    r = client.post("/api/check", data=AS_PLAYED, content_type="application/x-ndjson")
    doc = r.get_json()
    assert r.status_code == 200 and doc["ruling"] is None and [i["index"] for i in doc["irregular"]] == [4, 21]


def test_player_views_of_an_as_played_game_replay_to_the_end(client: FlaskClient) -> None:
    gid = client.post("/api/games", data=AS_PLAYED, content_type="application/x-ndjson").get_json()["id"]
    judge = client.get(f"/api/games/{gid}/state?view=judge&at=259").get_json()["state"]
    for view in ("0", "1", "public"):
        r = client.get(f"/api/games/{gid}/state?view={view}&at=259")
        assert r.status_code == 200 and r.get_json()["state"]["result"] == judge["result"] == {"winner": 1, "reason": "points"}
        page = client.get(f"/games/{gid}?view={view}&step=5").get_data(as_text=True)
        marks = viewer_data(page)["irregular"]
        assert sorted(marks) == ["21", "4"] and all("message" not in r for rs in marks.values() for r in rs)


def test_judge_lists_the_irregularities_that_stood_before_a_later_ruling(client: FlaskClient) -> None:
    """An as-played log that still stops later (here: an action after the game is over) shows both the final
    ruling and every irregularity that stood before it."""
    log = AS_PLAYED.rstrip("\n") + "\n" + json.dumps({"type": "pass", "p": 0}) + "\n"
    html = client.post("/judge", data={"csrf_token": token(client), "log": log}).get_data(as_text=True)
    assert "Illegal." in html and "Action 259 breaks" in html and "game.over" in html
    assert "before it, 2 irregular actions stood as played" in html
    assert re.findall(r'<li data-index="(\d+)">', html) == ["4", "21"]
