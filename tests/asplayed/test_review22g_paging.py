"""Review r22g of issue 22, finding 4: a page past the last one of a paged list (the games list page, ``GET
/api/games``, a card page's games) answers 404 saying so and linking the last page, instead of "No games yet"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import make_app

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "logs"
SHORT = (ROOT / "fixtures" / "as-played" / "short-payments.jsonl").read_text(encoding="utf-8")  # 4 and 21 paid short
NDJSON = "application/x-ndjson"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip()


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """Three games, two a page on the games list: two regular ones and one stored as played (2 irregular actions)."""
    app = make_app(tmp_path_factory.mktemp("r22g"), PER_PAGE=2)
    c = app.test_client()
    for text in ((LOGS / "mhk-points.jsonl").read_text(encoding="utf-8"),
                 (LOGS / "original-points.jsonl").read_text(encoding="utf-8"), SHORT):
        assert c.post("/api/games", data=text, content_type=NDJSON).status_code == 201
    yield app
    app.extensions["pmemo_store"].close()


# -- finding 4: a page past the last one ----------------------------------------------------------------------------

def test_the_games_list_past_its_last_page_says_so_and_links_the_last(stored: Flask) -> None:
    c = stored.test_client()
    r = c.get("/?page=999")
    html = r.get_data(as_text=True)
    assert r.status_code == 404 and "No games yet" not in html
    assert "No games on page 999: the 3 games fill 2 pages of 2; the last is page 2." in text_of(html)
    assert re.search(r'id="last-page-link" href="/\?page=2">Go to the last page \(page 2\)</a>', html)
    last = c.get("/?page=2")
    assert last.status_code == 200 and 'id="past-end"' not in last.get_data(as_text=True)
    assert "page 2 of 2" in text_of(last.get_data(as_text=True))


def test_a_search_past_its_last_page_keeps_the_search(stored: Flask) -> None:
    c = stored.test_client()
    r = c.get("/?player=Aoi&page=5")
    assert r.status_code == 404
    html = r.get_data(as_text=True)
    assert "No games on page 5: the 3 games that match fill 2 pages of 2; the last is page 2." in text_of(html)
    assert re.search(r'id="last-page-link" href="/\?page=2&amp;player=Aoi"', html)
    nobody = c.get("/?player=Nobody&page=2")
    assert nobody.status_code == 404
    assert "No games on page 2: there are no games that match; page 1 is the only page." in text_of(nobody.get_data(as_text=True))
    assert c.get("/?player=Nobody").status_code == 200  # page 1 of nothing is an empty list, not an error


def test_the_api_answers_a_page_past_the_last_with_404_naming_the_last(stored: Flask) -> None:
    c = stored.test_client()
    r = c.get("/api/games?page=999&per_page=2")
    assert r.status_code == 404
    assert r.get_json() == {"error": "no games on page 999: the 3 games fill 2 pages of 2; the last is page 2"}
    body = c.get("/api/games?page=2&per_page=2").get_json()
    assert (body["page"], body["pages"], len(body["items"]), body["total"]) == (2, 2, 1, 3)
    assert c.get("/api/games?page=2").status_code == 404  # 50 a page: one page
    assert c.get("/api/games?page=1&player=Nobody").get_json() | {"items": []} == {
        "items": [], "total": 0, "page": 1, "per_page": 50, "pages": 1}


def test_an_empty_store_has_a_page_1_and_nothing_past_it(client: FlaskClient) -> None:
    assert client.get("/").status_code == 200 and "No games yet" in client.get("/").get_data(as_text=True)
    assert client.get("/api/games").get_json()["pages"] == 1
    r = client.get("/?page=2")
    assert r.status_code == 404 and "No games on page 2: there are no games yet; page 1 is the only page." in text_of(
        r.get_data(as_text=True))
    assert client.get("/api/games?page=2").status_code == 404


def test_a_card_pages_games_past_their_last_page_say_so(stored: Flask) -> None:
    c = stored.test_client()
    card = f"/cards/{quote('SLA 01-004')}"
    assert c.get(f"{card}?ruleset=pm-2.22").status_code == 200
    r = c.get(f"{card}?ruleset=pm-2.22&page=999")
    html = r.get_data(as_text=True)
    assert r.status_code == 404 and 'id="card-page"' in html  # the card's page, its games list past its end
    said = text_of(re.search(r'id="card-games-past-end".*?</p>', html, re.S).group(0))
    assert re.search(r"No games on page 999: the \d games? where it was played fills? 1 page; the last is page 1\.", said)
    assert re.search(r'id="card-last-page-link" href="/cards/SLA%2001-004\?ruleset=pm-2\.22">', html)
    assert 'id="card-games-pager"' not in html  # no "games 381–380 of 2", no "← Newer" to page 998
