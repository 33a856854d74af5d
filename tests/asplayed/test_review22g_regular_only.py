"""Review r22g of issue 22, finding 5: ``GET /api/games`` (and the games list page) read ``regular_only`` as the
statistics and the player and deck pages do, and refuse a value that is no flag with a 400 naming the parameter and
the values it takes, in the same words as every flag."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.flags import FLAG_WORDS
from tests.asplayed.test_review22g_paging import stored, text_of

ROOT = Path(__file__).resolve().parents[2]
SHORT = (ROOT / "fixtures" / "as-played" / "short-payments.jsonl").read_text(encoding="utf-8")  # 4 and 21 paid short
NDJSON = "application/x-ndjson"

__all__ = ["stored"]


# -- finding 5: GET /api/games reads regular_only -------------------------------------------------------------------

@pytest.mark.parametrize(("value", "total"), [("1", 2), ("yes", 2), ("on", 2), ("true", 2), ("0", 3), ("no", 3),
                                              ("false", 3), ("off", 3)])
def test_the_games_api_reads_regular_only_as_every_flag(stored: Flask, value: str, total: int) -> None:
    c = stored.test_client()
    body = c.get(f"/api/games?regular_only={value}").get_json()
    assert body["total"] == total and all(g["irregular"] == 0 for g in body["items"]) == (total == 2)
    assert stored.extensions["pmemo_store"].list_games(regular_only=total == 2).total == total


@pytest.mark.parametrize("value", ["2", "maybe", "TRUE", "yes "])
def test_a_regular_only_that_is_no_flag_is_a_400_naming_it_and_its_values(stored: Flask, value: str) -> None:
    c = stored.test_client()
    r = c.get("/api/games", query_string={"regular_only": value})
    assert r.status_code == 400
    assert r.get_json() == {"error": f"regular_only: {FLAG_WORDS}, not {value!r}"}
    stats = c.get("/api/stats/games", query_string={"regular_only": value, "ruleset": "pm-2.22"})
    assert stats.status_code == 400 and stats.get_json() == r.get_json()  # one reading, one message
    check = c.post("/api/check", query_string={"as_played": value}, data=SHORT, content_type=NDJSON)
    assert check.status_code == 400 and check.get_json() == {"error": f"as_played: {FLAG_WORDS}, not {value!r}"}


def test_the_games_list_page_reads_regular_only_too(stored: Flask) -> None:
    c = stored.test_client()
    html = c.get("/?regular_only=1").get_data(as_text=True)
    assert "2 games match" in text_of(html) and "irregular</span>" not in html
    assert re.search(r'id="regular-only" name="regular_only" value="1" checked>', html)
    assert "3 games" in text_of(c.get("/?regular_only=0").get_data(as_text=True))
    bad = c.get("/?regular_only=maybe").get_data(as_text=True)
    assert f"Search ignored: regular_only: {FLAG_WORDS}, not &#39;maybe&#39;" in bad


def test_the_openapi_document_describes_regular_only_and_the_404(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    get = spec["paths"]["/api/games"]["get"]
    flag = next(p for p in get["parameters"] if p["name"] == "regular_only")
    assert set(flag["schema"]["enum"]) == {"1", "true", "yes", "on", "0", "false", "no", "off"}
    assert "404" in get["responses"] and "pages" in spec["components"]["schemas"]["GamePage"]["properties"]
