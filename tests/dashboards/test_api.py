"""``/api/stats/*``, ``/meta``, the card CSV, plotly.js, the OpenAPI description, and uploads keeping the warehouse current."""

from __future__ import annotations

import csv
import html as html_lib
import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
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
from tests.dashboards.league import CARDS, A, game5, league
from tests.web.data import XSS, XSS_IMG

KINDS = {"cards": stats_schemas.CardStatsSchema, "decks": stats_schemas.DeckStatsSchema, "matchups": stats_schemas.MatchupStatsSchema,
         "first": stats_schemas.FirstStatsSchema, "trends": stats_schemas.TrendStatsSchema, "games": stats_schemas.GameStatsSchema}
QUERIES = ["", "from=2026-11-03", "to=2026-11-02", "event=Cup", "ruleset=pm-2.22", "player=Aoi", "archetype=TST%20red-blue-green",
           "first=1", "first=0", "min_games=3", "from=2026-11-01&to=2026-11-30&first=1&event=Cup&min_games=1"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off",
                      "PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}", "PMEMO_CARDS": CARDS, "TESTING": True,
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
    assert client.get("/api/stats/cards?envelope=1").get_json()["covers"] == {"games": 4, "player_games": 8, "known_hands_player_games": 8}


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
    data = html.split('<script type="application/json" id="meta-data"')[1].split(">", 1)[1].split("</script>")[0]
    assert set(json.loads(data)) == {"gih", "iwd", "decks", "matchups", "first", "trends", "pairs"}
    assert "/meta/cards.csv?" in html and 'data-plotly="/static-vendor/plotly.min.js' in html  # loaded when a chart is near
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
    filters = {"from", "to", "event", "ruleset", "player", "archetype", "first", "min_games", "regular_only"}
    for kind in KINDS:
        op = doc["paths"][f"/api/stats/{kind}"]["get"]
        assert {p["name"] for p in op["parameters"]} == (filters | {"envelope"} if kind == "cards" else filters)
        assert set(op["responses"]) == {"200", "400", "414", "431"}  # 414/431: before the application
    row = doc["components"]["schemas"]["CardRow"]["properties"]
    assert {"gp_ci", "oh_wr", "gih_games", "gns_ci", "iwd", "played_wr", "avg_turn_played", "eb_wr"} <= set(row)
    cards = doc["paths"]["/api/stats/cards"]["get"]["responses"]["200"]
    assert set(cards["headers"]) == {"X-Pmemo-Games", "X-Pmemo-Player-Games", "X-Pmemo-Known-Hands"}
    bare = {"type": "array", "items": {"$ref": "#/components/schemas/CardRow"}}
    assert cards["content"]["application/json"]["schema"]["oneOf"] == [bare, {"$ref": "#/components/schemas/CardStats"}]


def conforms(value: Any, schema: dict[str, Any], doc: dict[str, Any], path: str = "$") -> list[str]:
    """Where ``value`` breaks an OpenAPI 3.0 schema (the part apispec writes: $ref, oneOf, type, nullable, items,
    properties, required, enum); keys a described object does not name count as breaks too."""
    if "$ref" in schema:
        return conforms(value, doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]], doc, path)
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not conforms(value, s, doc, path)]
        return [] if len(matching) == 1 else [f"{path}: matches {len(matching)} of the oneOf schemas"]
    if value is None:
        return [] if schema.get("nullable") else [f"{path}: null"]
    kind = schema.get("type")
    types: dict[str, Any] = {"object": dict, "array": list, "string": str, "boolean": bool, "integer": int, "number": (int, float)}
    if kind and (not isinstance(value, types[kind]) or (kind in ("integer", "number") and isinstance(value, bool))):
        return [f"{path}: {type(value).__name__}, not {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: {value!r} not in {schema['enum']}"]
    errors: list[str] = []
    if kind == "array":
        for i, item in enumerate(value):
            errors += conforms(item, schema.get("items", {}), doc, f"{path}[{i}]")
    if kind == "object":
        errors += [f"{path}.{name}: missing" for name in schema.get("required", []) if name not in value]
        props = schema.get("properties")
        for key, item in value.items():
            if props is not None and key not in props:
                errors.append(f"{path}.{key}: not described")
            elif props is not None:
                errors += conforms(item, props[key], doc, f"{path}.{key}")
    return errors


@pytest.mark.parametrize("query", ["", "envelope=1", "event=Cup&envelope=true", "player=Aoi&first=0"])
def test_the_stats_answers_match_the_openapi_document(client: FlaskClient, query: str) -> None:
    """Each /api/stats answer, the default bare array of card rows included, is what /api/openapi.json says it is."""
    doc = client.get("/api/openapi.json").get_json()
    for kind in KINDS:
        response = client.get(f"/api/stats/{kind}?{query}")
        op = doc["paths"][f"/api/stats/{kind}"]["get"]
        ok = op["responses"]["200"]
        assert conforms(response.get_json(), ok["content"]["application/json"]["schema"], doc) == []
        for header, spec in ok.get("headers", {}).items():
            assert spec["schema"] == {"type": "integer"} and response.headers[header].isdigit()
        bad = client.get(f"/api/stats/{kind}?{query}&from=2026-11-30&to=2026-11-01")
        assert bad.status_code == 400
        assert conforms(bad.get_json(), op["responses"]["400"]["content"]["application/json"]["schema"], doc) == []
    rows = client.get(f"/api/stats/cards?{query}").get_json()
    envelope = "envelope" in query
    assert isinstance(rows, dict) == envelope
    assert conforms(rows, {"type": "array", "items": {"$ref": "#/components/schemas/CardRow"}}, doc) == ([] if not envelope else
                                                                                                            ["$: dict, not array"])


def _csrf(client: FlaskClient) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    assert m
    return m.group(1)


def test_form_uploads_keep_the_warehouse_current(client: FlaskClient, tmp_path: Path) -> None:
    """The upload form (POST /) projects the new game at once, as POST /api/games does."""
    client.get("/api/stats/cards")
    assert read_state(tmp_path / "wh").watermark == 4
    form = {"csrf_token": _csrf(client), "log": (io.BytesIO(dump_jsonl(load_log(game5())).encode("utf-8")), "g5.jsonl")}
    assert client.post("/", data=form, content_type="multipart/form-data").status_code == 303
    state = read_state(tmp_path / "wh")
    assert (state.watermark, state.projected) == (5, 4)  # before any statistics request
    form = {"csrf_token": _csrf(client), "log": (io.BytesIO(dump_jsonl(load_log(game5())).encode("utf-8")), "g5.jsonl")}
    assert client.post("/", data=form, content_type="multipart/form-data").status_code == 303  # already stored
    assert read_state(tmp_path / "wh") == state


def test_games_stored_another_way_show_up_on_the_next_statistics_request(client: FlaskClient) -> None:
    """A game stored straight into the store (another process, a script) is projected by the next /meta or /api/stats request."""
    client.get("/api/stats/cards")
    store = client.application.extensions["pmemo_store"]
    assert store.ingest_log(game5()).status == "stored"
    assert client.get("/api/stats/cards?envelope=1").get_json()["covers"]["games"] == 4


BAD_DATES = {
    "to=9999-12-31": "out of range",
    "from=0001-01-01T00:00%2B01:00": "out of range",
    "to=9999-12-31T23:00-01:00": "out of range",
    "from=2026-11-05&to=2026-11-01": "from '2026-11-05' is after to '2026-11-01'",
    "from=2026-11-02T10:00&to=2026-11-02T09:00": "is after to",
    "to=2026-W45": "a week needs a day",
}


@pytest.mark.parametrize("query", BAD_DATES)
def test_dates_out_of_range_or_reversed_are_400(client: FlaskClient, query: str) -> None:
    for kind in KINDS:
        response = client.get(f"/api/stats/{kind}?{query}")
        assert response.status_code == 400, (kind, response.status_code)
        assert BAD_DATES[query] in response.get_json()["error"]
    csv_ = client.get(f"/meta/cards.csv?{query}")
    assert csv_.status_code == 400 and BAD_DATES[query] in html_lib.unescape(csv_.get_data(as_text=True))
    page = client.get(f"/meta?{query}")
    text = html_lib.unescape(page.get_data(as_text=True))
    assert page.status_code == 400 and "Filters ignored" in text and BAD_DATES[query] in text


def test_the_edges_of_the_date_range_still_work(client: FlaskClient) -> None:
    for query in ("to=9999-12-30", "to=9999-12-31T23:59:59", "from=0001-01-01", "from=0999-01-01", "from=0001-01-01T01:00%2B01:00",
                  "from=2026-11-02&to=2026-11-02", "from=2026-11-02T10:00&to=2026-11-02T10:00"):
        response = client.get(f"/api/stats/cards?{query}&envelope=1")
        assert response.status_code == 200, (query, response.get_json())
        assert response.get_json()["covers"]["games"] == (1 if "11-02" in query else 3), query


def test_compact_dates_are_whole_days(client: FlaskClient) -> None:
    for to in ("20261102", "2026-W45-1", "2026W451"):  # all 2026-11-02, the day of game 1 (10:00 UTC)
        body = client.get(f"/api/stats/cards?to={to}&envelope=1").get_json()
        assert body["covers"]["games"] == 1 and body["filters"]["to"] == "2026-11-02", to


class _Table(HTMLParser):
    """The card table's body rows: (row class, {data-col: cell class}, card id)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, dict[str, str], str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table":
            self.inside = a.get("id") == "card-table"
        elif self.inside and tag == "tr":
            self.rows.append((a.get("class") or "", {}, ""))
        elif self.inside and tag == "td" and self.rows:
            cls, cells, card = self.rows[-1]
            if a.get("data-col"):
                cells[a["data-col"] or ""] = a.get("class") or ""
            elif not card:
                self.rows[-1] = (cls, cells, a.get("data-v") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False


def card_table(html: str) -> dict[str, tuple[str, dict[str, str]]]:
    parser = _Table()
    parser.feed(html)
    return {card: (cls, cells) for cls, cells, card in parser.rows if card}


def test_the_card_table_greys_each_rate_by_its_own_bucket(client: FlaskClient) -> None:
    """Card A in games 1-3: in 3 decks, in the opening hand (and seen) twice, not seen once, played once."""
    table = card_table(client.get("/meta?min_games=3").get_data(as_text=True))
    row_class, cells = table[A]
    grey = {col for col, cls in cells.items() if "under-min" in cls.split()}
    assert "under-min" not in row_class  # 3 games: the deck bucket is not under the minimum
    assert grey == {"oh_games", "oh_wr", "gih_games", "gih_wr", "gns_games", "gns_wr", "iwd", "played_games", "played_wr",
                    "avg_turn_played"}
    api = {r["card"]: r for r in client.get("/api/stats/cards").get_json()}
    n_of = {"games": "games", "share": "games", "gp_wr": "games", "eb_wr": "games", "eb_rank": "games", "oh_wr": "oh_games",
            "gih_wr": "gih_games", "gns_wr": "gns_games", "played_wr": "played_games", "avg_turn_played": "played_games"}
    for card, (row_class, cells) in table.items():
        r = api[card]
        assert ("under-min" in row_class) == (r["games"] < 3)
        for col, cls in cells.items():
            n = min(r["gih_games"], r["gns_games"]) if col == "iwd" else r[n_of.get(col, col)]
            assert ("under-min" in cls) == (n < 3), (card, col)
    everything = card_table(client.get("/meta?min_games=0").get_data(as_text=True))
    assert not any("under-min" in c for _, cells in everything.values() for c in cells.values())


def test_the_csv_link_downloads_the_rows_of_the_table(client: FlaskClient) -> None:
    html = client.get("/meta?min_games=3&event=Cup").get_data(as_text=True)
    link = re.search(r'<a class="button" id="card-csv" href="([^"]+)"[^>]*title="([^"]+)">([^<]+)</a>', html)
    assert link is not None
    href = html_lib.unescape(link.group(1))
    assert "min_games" not in href and "event=Cup" in href
    table = card_table(html)
    assert any("under-min" in cls for cls, _ in table.values())  # some rows are greyed ...
    rows = list(csv.DictReader(io.StringIO(client.get(href).get_data(as_text=True))))
    assert [r["card"] for r in rows] == list(table)  # ... and the download holds them all, in the table's order
    assert f"{len(table)} rows" in link.group(3) and "greyed" in link.group(2)


def test_stats_and_upload_survive_a_broken_warehouse(tmp_path: Path) -> None:
    (tmp_path / "wh").write_text("not a folder")
    app = create_app({"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off",
                      "PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite3'}", "PMEMO_CARDS": CARDS, "TESTING": True,
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
