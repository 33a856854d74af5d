"""HTML pages with the Flask test client: games list, search, paging, the upload form (CSRF), viewer, judge."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.data import illegal, jsonl, scenario, simulated, with_responses_ruling

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def token(client: FlaskClient, path: str = "/") -> str:
    m = TOKEN.search(client.get(path).get_data(as_text=True))
    assert m, "the form has a CSRF token"
    return m.group(1)


def upload(client: FlaskClient, data: bytes, name: str = "game.json", **extra: Any) -> Any:
    form = {"csrf_token": token(client), "log": (io.BytesIO(data), name), **extra}
    return client.post("/", data=form, content_type="multipart/form-data")


def embedded(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))  # type: ignore[no-any-return]


# --- games list ---------------------------------------------------------------------------------


def test_index_empty(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "No games yet" in page and 'enctype="multipart/form-data"' in page
    assert "up to 5 MB" in page


def test_index_lists_and_searches(client: FlaskClient, game_ids: list[int]) -> None:
    docs = simulated(4, 5)
    page = client.get("/").get_data(as_text=True)
    assert "4 games" in page
    for gid in game_ids:
        assert f'href="/games/{gid}"' in page
    name = docs[0]["game"]["players"][0]["name"]
    found = client.get("/", query_string={"player": name}).get_data(as_text=True)
    assert f'value="{name}"' in found  # the form keeps the search
    assert all(html.escape(d["game"]["players"][0]["name"]) in page for d in docs)
    none = client.get("/", query_string={"card": "MHK 99-999"}).get_data(as_text=True)
    assert "0 games match" in none and "No games match this search" in none


def test_index_paging(tmp_path: Any) -> None:
    from tests.web.conftest import make_app

    app = make_app(tmp_path, PER_PAGE=3)
    store = app.extensions["pmemo_store"]
    for doc in simulated(4, 5):
        store.ingest_text(jsonl(doc), "sim")
    client = app.test_client()
    first = client.get("/").get_data(as_text=True)
    assert "page 1 of 2" in first and 'rel="next"' in first and 'rel="prev"' not in first
    second = client.get("/?page=2").get_data(as_text=True)
    assert "page 2 of 2" in second and 'rel="prev"' in second
    assert second.count('class="players"') == 1


def test_index_bad_search_is_explained(client: FlaskClient, game_ids: list[int]) -> None:
    page = client.get("/?from=someday").get_data(as_text=True)
    assert "Search ignored" in page and "4 games" in page


# --- upload form ----------------------------------------------------------------------------------


def test_upload_form_needs_csrf(client: FlaskClient, app: Flask) -> None:
    r = client.post("/", data={"log": (io.BytesIO(jsonl(simulated(1, 31)[0])), "g.jsonl")}, content_type="multipart/form-data")
    assert r.status_code == 400
    assert "not sent from this site" in r.get_data(as_text=True)
    assert app.extensions["pmemo_store"].count("game") == 0


def test_upload_form_stores_and_redirects(client: FlaskClient) -> None:
    data = jsonl(simulated(1, 31)[0])
    r = upload(client, data)
    assert r.status_code == 303
    assert re.fullmatch(r"/games/\d+", r.headers["Location"])
    viewer = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Stored as a new game." in viewer
    again = upload(client, data)
    assert again.headers["Location"] == r.headers["Location"]
    assert "already stored" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_upload_form_explains_an_illegal_log(client: FlaskClient, app: Flask) -> None:
    r = upload(client, illegal(), "mine.json")
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    box = page[page.index('id="ruling-box"'):]
    assert "approach.summoned" in box and "Rule Book v2.22 P13" in box
    assert "action index <strong>13</strong>" in box and "<code>13</code>" in box
    assert "mine.json" in box
    assert '"type": "approach"' in html.unescape(box) and '"card": "MHK 01-022"' in html.unescape(box)  # the action's JSON
    assert app.extensions["pmemo_store"].count("game") == 0


def test_upload_form_points_into_responses(client: FlaskClient) -> None:
    page = upload(client, with_responses_ruling()).get_data(as_text=True)
    assert "18.responses.0.responses.0" in page and "decline.timing" in page
    box = page[page.index("The action it points at"):]
    assert "MHK ST-029" in box and "play_event" in box


@pytest.mark.parametrize("name,status,rule", [("schema_bad_area", 400, "log.schema"), ("unknown_card_in_action", 422, "log.card")])
def test_upload_form_malformed_and_unknown_card(client: FlaskClient, name: str, status: int, rule: str) -> None:
    r = upload(client, scenario(name))
    assert r.status_code == status
    page = r.get_data(as_text=True)
    assert rule in page and "path <code>4." in page
    assert '"type": "' in html.unescape(page[page.index("The action it points at"):])


def test_upload_form_without_file(client: FlaskClient) -> None:
    r = client.post("/", data={"csrf_token": token(client)}, content_type="multipart/form-data")
    assert r.status_code == 400 and "no log in the form" in r.get_data(as_text=True)


def test_upload_form_too_large(tmp_path: Any) -> None:
    from tests.web.conftest import make_app

    app = make_app(tmp_path, PMEMO_MAX_UPLOAD_BYTES=2000)
    client = app.test_client()
    r = client.post("/", data={"csrf_token": token(client), "log": (io.BytesIO(b"x" * 10_000), "big.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 413
    assert "larger than the limit" in r.get_data(as_text=True) and not r.is_json


# --- viewer ---------------------------------------------------------------------------------------


def test_viewer_page(client: FlaskClient, game_ids: list[int]) -> None:
    doc = simulated(4, 5)[0]
    r = client.get(f"/games/{game_ids[0]}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    data = embedded(page)
    assert data["mode"] == "game" and data["id"] == game_ids[0] and data["total"] == len(doc["actions"])
    assert data["api"] == {"actions": f"/api/games/{game_ids[0]}/actions", "state": f"/api/games/{game_ids[0]}/state",
                           "legal": f"/api/games/{game_ids[0]}/legal"}
    assert [p["name"] for p in data["players"]] == [p["name"] for p in doc["game"]["players"]]
    assert data["turns"][0][0] == 1 and all(a[1] < b[1] for a, b in zip(data["turns"], data["turns"][1:], strict=False))
    deck_card = doc["game"]["players"][0]["deck"][0]
    facts = data["cards"][deck_card]
    assert {"name", "series", "color", "cost", "source", "ap", "dp", "keywords"} <= set(facts)
    assert "text" not in facts
    assert "/static/js/viewer.js" in page and "/static/css/app.css" in page
    assert 'data-view="1"' in page and 'id="seek"' in page


def test_viewer_404(client: FlaskClient) -> None:
    r = client.get("/games/12345")
    assert r.status_code == 404 and not r.is_json and "There is no game 12345" in r.get_data(as_text=True)


def test_static_assets_served(client: FlaskClient) -> None:
    scripts = ("viewer", "cards", "panel", "source", "dom", "boards/load", "boards/generic", "boards/pm-2.22",
               "boards/pm/sheet", "boards/pm/narrate", "boards/mahou-shoujo-1")
    for name in (*(f"js/{n}.js" for n in scripts), "css/app.css", "css/boards/mahou-shoujo-1.css", "favicon.svg"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200, name
        r.close()
    js = "".join((client.get(f"/static/js/{n}.js").get_data(as_text=True)) for n in scripts if n != "dom")
    assert "innerHTML" not in js and "http://" not in js and "https://" not in js


# --- judge ----------------------------------------------------------------------------------------


def test_judge_form(client: FlaskClient) -> None:
    page = client.get("/judge").get_data(as_text=True)
    assert 'name="csrf_token"' in page and "<textarea" in page and 'type="file"' in page


def test_judge_illegal_paste(client: FlaskClient, app: Flask) -> None:
    form = {"csrf_token": token(client, "/judge"), "log": illegal().decode()}
    r = client.post("/judge", data=form)
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "Illegal." in page and "approach.summoned" in page and "Rule Book v2.22 P13" in page
    data = embedded(page)
    assert data["mode"] == "judge" and data["total"] == 13 and data["ruling"]["index"] == 13
    assert len(data["actions"]) == 14 and json.loads(data["log"]) == json.loads(illegal())
    assert app.extensions["pmemo_store"].count("game") == 0 and app.extensions["pmemo_store"].count("upload") == 0


def test_judge_legal_file(client: FlaskClient) -> None:
    form = {"csrf_token": token(client, "/judge"), "log": (io.BytesIO(jsonl(simulated(1, 32)[0])), "g.jsonl")}
    page = client.post("/judge", data=form, content_type="multipart/form-data").get_data(as_text=True)
    assert "Legal." in page and embedded(page)["ruling"] is None


def judge_text(client: FlaskClient, text: str) -> str:
    return client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text}).get_data(as_text=True)


def test_judge_header_ruling_and_malformed(client: FlaskClient) -> None:
    page = judge_text(client, scenario("deck_size_59").decode())
    assert "deck.size" in page and "The header breaks" in page
    assert embedded(page)["actions"] == []
    page = judge_text(client, scenario("schema_bad_area").decode())
    assert "Malformed." in page and "log.schema" in page  # the legal replay before the malformed action still shows
    assert embedded(page)["ruling"]["rule"] == "log.schema" and "action-json" in page
    page = judge_text(client, scenario("unknown_card_in_action").decode())
    assert "Unknown card." in page and "log.card" in page


def test_judge_needs_a_log_and_csrf(client: FlaskClient) -> None:
    assert client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": "  "}).status_code == 400
    assert client.post("/judge", data={"log": illegal().decode()}).status_code == 400


def test_html_404_and_405(client: FlaskClient) -> None:
    r = client.get("/no/such/page")
    assert r.status_code == 404 and not r.is_json and "404" in r.get_data(as_text=True)
    assert client.put("/judge").status_code == 405
