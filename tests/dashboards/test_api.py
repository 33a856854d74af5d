"""``/api/stats/*``, ``/meta``, the card CSV, plotly.js, the OpenAPI description, and uploads keeping the warehouse current."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dashboards.filters import Filters
from dashboards.queries import statistics
from dashboards.warehouse import read_state
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.web import create_app, stats_schemas
from tests.dashboards.conftest import store_league
from tests.dashboards.league import CARDS, game5, league
from tests.web.data import XSS, XSS_IMG

KINDS = {"cards": stats_schemas.CardStatsSchema, "decks": stats_schemas.DeckStatsSchema, "matchups": stats_schemas.MatchupStatsSchema,
         "first": stats_schemas.FirstStatsSchema, "trends": stats_schemas.TrendStatsSchema}
QUERIES = ["", "from=2026-11-03", "to=2026-11-02", "event=Cup", "ruleset=pm-2.22", "player=Aoi", "archetype=TST%20red-blue-green",
           "first=1", "first=0", "min_games=3", "from=2026-11-01&to=2026-11-30&first=1&event=Cup&min_games=1"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}", "PMEMO_CARDS": CARDS, "TESTING": True,
                      "SECRET_KEY": "test", "PMEMO_WAREHOUSE": str(tmp_path / "wh")})
    store_league(app.extensions["pmemo_store"], league()[:4])
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def query_filters(query: str) -> Filters:
    from urllib.parse import parse_qsl

    return Filters.parse(dict(parse_qsl(query)))


@pytest.mark.parametrize("query", QUERIES)
def test_routes_answer_the_statistics_with_every_filter(client: FlaskClient, tmp_path: Path, query: str) -> None:
    for kind, schema in KINDS.items():
        response = client.get(f"/api/stats/{kind}?{query}&envelope=1")
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert schema().validate(body) == {}
        assert body == json.loads(json.dumps(statistics(tmp_path / "wh", kind, query_filters(query))))


def test_bad_filters_are_400(client: FlaskClient) -> None:
    for query in ("first=2", "min_games=-1", "from=soon", "to=2026-02-30"):
        response = client.get(f"/api/stats/cards?{query}")
        assert response.status_code == 400 and "error" in response.get_json()
    assert client.get("/api/stats/nothing").status_code == 404


def test_uploads_keep_the_warehouse_current(client: FlaskClient, tmp_path: Path) -> None:
    assert client.get("/api/stats/cards?envelope=1").get_json()["covers"]["games"] == 3  # the first request projects the stored games
    assert read_state(tmp_path / "wh").watermark == 4
    body = dump_jsonl(load_log(game5())).encode("utf-8")
    assert client.post("/api/games", data=body).status_code == 201
    state = read_state(tmp_path / "wh")
    assert (state.watermark, state.projected) == (5, 4)  # projected by the upload itself
    assert client.post("/api/games", data=body).status_code == 200  # already stored: nothing new
    assert read_state(tmp_path / "wh").projected == 4
    assert client.get("/api/stats/cards?envelope=1").get_json()["covers"] == {"games": 4, "player_games": 8}


def test_meta_page(client: FlaskClient) -> None:
    response = client.get("/meta?min_games=3&event=Cup")
    assert response.status_code == 200
    assert "'unsafe-inline'" in response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in response.headers["Content-Security-Policy"]
    html = response.get_data(as_text=True)
    assert '<a href="/meta" aria-current="page">Meta</a>' in html
    for view in ("cards", "gih", "iwd", "decks", "first", "matchups", "trends"):
        assert f'id="view-{view}"' in html
    assert html.count('class="covers"') == 7 and "2 games · 4 player-games" in html
    assert 'class="under-min"' in html  # cards under the minimum stay, greyed
    data = html.split('<script type="application/json" id="meta-data">')[1].split("</script>")[0]
    assert set(json.loads(data)) == {"gih", "iwd", "decks", "matchups", "first", "trends"}
    assert "/meta/cards.csv?" in html and "/static-vendor/plotly.min.js" in html
    bad = client.get("/meta?first=maybe")
    assert bad.status_code == 400 and "Filters ignored" in bad.get_data(as_text=True)


def test_meta_escapes_names(client: FlaskClient, app: Flask) -> None:
    doc = game5()
    doc["game"]["event"] = f"Cup {XSS}"
    doc["game"]["players"][0]["name"] = f"Eve{XSS_IMG}"
    doc["game"]["played_at"] = "2026-11-12T10:00:00Z"
    assert app.extensions["pmemo_store"].ingest_log(doc).status == "stored"
    html = client.get("/meta").get_data(as_text=True)
    assert XSS not in html and XSS_IMG not in html
    assert "Cup &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html  # the event filter's option, escaped
    player = client.get("/api/stats/decks", query_string={"player": f"Eve{XSS_IMG}"}).get_json()
    assert player["covers"]["player_games"] == 1


def test_card_csv(client: FlaskClient) -> None:
    response = client.get("/meta/cards.csv?min_games=3")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    api = client.get("/api/stats/cards?min_games=3").get_json()
    assert [r["card"] for r in rows] == [r["card"] for r in api]
    first = rows[0]
    assert float(first["gp_ci_low"]) == pytest.approx(api[0]["gp_ci"][0]) and first["gns_wr"] in ("", first["gns_wr"])
    assert {"gp_wr", "gih_ci_high", "iwd", "eb_wr", "eb_rank"} <= set(first)


def test_plotly_is_served_from_the_installed_package(client: FlaskClient) -> None:
    import plotly

    response = client.get("/static-vendor/plotly.min.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    shipped = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_bytes()
    assert response.get_data() == shipped
    response.close()


def test_openapi_describes_the_stats_routes(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    for kind in KINDS:
        op = doc["paths"][f"/api/stats/{kind}"]["get"]
        assert {p["name"] for p in op["parameters"]} == {"from", "to", "event", "ruleset", "player", "archetype", "first", "min_games"}
        assert set(op["responses"]) == {"200", "400"}
    row = doc["components"]["schemas"]["CardRow"]["properties"]
    assert {"gp_ci", "oh_wr", "gih_games", "gns_ci", "iwd", "played_wr", "avg_turn_played", "eb_wr"} <= set(row)


def test_form_uploads_show_up_on_the_next_statistics_request(client: FlaskClient) -> None:
    """The upload form (pages.upload) does not update the warehouse itself; the next /meta or /api/stats request does."""
    client.get("/api/stats/cards")
    store = client.application.extensions["pmemo_store"]
    assert store.ingest_log(game5()).status == "stored"
    assert client.get("/api/stats/cards?envelope=1").get_json()["covers"]["games"] == 4


def test_stats_and_upload_survive_a_broken_warehouse(tmp_path: Path) -> None:
    (tmp_path / "wh").write_text("not a folder")
    app = create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite3'}", "PMEMO_CARDS": CARDS, "TESTING": True,
                      "SECRET_KEY": "t", "PMEMO_WAREHOUSE": str(tmp_path / "wh")})
    client = app.test_client()
    body: Any = dump_jsonl(load_log(game5())).encode("utf-8")
    assert client.post("/api/games", data=body).status_code == 201  # stored; the warehouse failure is only logged
    app.extensions["pmemo_store"].close()


def test_card_rows_are_a_json_array_with_coverage_headers(client: FlaskClient) -> None:
    response = client.get("/api/stats/cards")
    rows = response.get_json()
    assert isinstance(rows, list) and rows and {"card", "name", "games", "gih_wr", "gih_wr_ci", "iwd"} <= set(rows[0])
    envelope = client.get("/api/stats/cards?envelope=1").get_json()
    assert rows == envelope["rows"]
    assert response.headers["X-Pmemo-Games"] == str(envelope["covers"]["games"])
