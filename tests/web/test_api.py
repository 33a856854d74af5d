"""The HTTP API with the Flask test client: every route and every error code (interfaces.md, "HTTP API")."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.logio import parse_log
from tests.web.data import as_json, illegal, jsonl, scenario, simulated, with_responses_ruling

# --- POST /api/games -------------------------------------------------------------------------


def test_upload_json_body_201_then_identical_200(client: FlaskClient) -> None:
    doc = simulated(1, 21)[0]
    first = client.post("/api/games", data=as_json(doc), content_type="application/json")
    assert first.status_code == 201
    game_id = first.get_json()["id"]
    assert isinstance(game_id, int)
    assert first.headers["Location"].endswith(f"/api/games/{game_id}")
    again = client.post("/api/games", data=jsonl(doc), content_type="application/json")  # same log, JSON Lines form
    assert again.status_code == 200
    assert again.get_json() == {"id": game_id}


def test_upload_multipart_field_log(client: FlaskClient) -> None:
    data = jsonl(simulated(1, 22)[0])
    r = client.post("/api/games", data={"log": (io.BytesIO(data), "game.jsonl")}, content_type="multipart/form-data")
    assert r.status_code == 201
    assert client.get(f"/api/games/{r.get_json()['id']}").get_json()["source_id"] == "sim-22-00000"


def test_upload_multipart_text_field(client: FlaskClient) -> None:
    r = client.post("/api/games", data={"log": jsonl(simulated(1, 23)[0]).decode()}, content_type="multipart/form-data")
    assert r.status_code == 201


def test_upload_illegal_422_stores_nothing(client: FlaskClient, app: Flask) -> None:
    r = client.post("/api/games", data=illegal(), content_type="application/json")
    assert r.status_code == 422
    ruling = r.get_json()["ruling"]
    assert ruling["rule"] == "approach.summoned" and ruling["index"] == 13 and ruling["ref"] == "Rule Book v2.22 P13"
    assert set(ruling) == {"index", "path", "rule", "ref", "message"}
    assert app.extensions["pmemo_store"].count("game") == 0
    assert app.extensions["pmemo_store"].count("upload") == 0


def test_upload_unknown_card_422(client: FlaskClient) -> None:
    r = client.post("/api/games", data=scenario("unknown_card_in_action"), content_type="application/json")
    assert r.status_code == 422
    assert r.get_json()["ruling"]["rule"] == "log.card"


@pytest.mark.parametrize("body", [b"this is not JSON", b'{"format": "pmemo-log", "version": 2}', b"[]",
                                  scenario("schema_bad_area")])
def test_upload_malformed_400_log_schema(client: FlaskClient, body: bytes) -> None:
    r = client.post("/api/games", data=body, content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["ruling"]["rule"] == "log.schema"


def test_upload_empty_body_and_missing_field_400(client: FlaskClient) -> None:
    assert client.post("/api/games", data=b"", content_type="application/json").get_json()["ruling"]["rule"] == "log.schema"
    r = client.post("/api/games", data={"other": "x"}, content_type="multipart/form-data")
    assert r.status_code == 400
    assert "log" in r.get_json()["ruling"]["message"]


def test_upload_too_large_413_json(tmp_path: Any) -> None:
    from tests.web.conftest import make_app

    app = make_app(tmp_path, PMEMO_MAX_UPLOAD_BYTES=1000)
    client = app.test_client()
    r = client.post("/api/games", data=jsonl(simulated(1, 21)[0]), content_type="application/json")
    assert r.status_code == 413
    assert "1000 bytes" in r.get_json()["error"]
    r = client.post("/api/games", data={"log": (io.BytesIO(b"x" * 5000), "big.json")}, content_type="multipart/form-data")
    assert r.status_code == 413 and "error" in r.get_json()
    r = client.post("/api/check", data=b"x" * 5000, content_type="application/json")
    assert r.status_code == 413
    assert app.extensions["pmemo_store"].count("game") == 0


def test_max_upload_from_environment(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.web.conftest import make_app

    monkeypatch.setenv("PMEMO_MAX_UPLOAD_BYTES", "2048")
    app = make_app(tmp_path)
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    assert app.test_client().post("/api/check", data=b" " * 4096).status_code == 413


# --- GET /api/games ----------------------------------------------------------------------------


def test_list_newest_first_paged(client: FlaskClient, game_ids: list[int]) -> None:
    body = client.get("/api/games").get_json()
    assert body["total"] == 4 and body["page"] == 1 and body["per_page"] == 50
    times = [g["played_at"] for g in body["items"]]
    assert times == sorted(times, reverse=True)
    page2 = client.get("/api/games?per_page=3&page=2").get_json()
    assert page2["total"] == 4 and len(page2["items"]) == 1 and page2["per_page"] == 3
    assert page2["items"][0]["id"] == body["items"][3]["id"]


def test_list_filters(client: FlaskClient, game_ids: list[int]) -> None:
    docs = simulated(4, 5)
    name = docs[0]["game"]["players"][0]["name"]
    by_player = client.get("/api/games", query_string={"player": name}).get_json()
    expected = sum(name in (d["game"]["players"][0]["name"], d["game"]["players"][1]["name"]) for d in docs)
    assert by_player["total"] == expected >= 1
    assert all(name in g["players"] for g in by_player["items"])
    card = docs[1]["game"]["players"][1]["deck"][0]
    assert client.get("/api/games", query_string={"card": card}).get_json()["total"] >= 1
    assert client.get("/api/games", query_string={"card": "MHK 99-999"}).get_json()["total"] == 0
    events = {d["game"].get("event") for d in docs} - {None}
    if events:
        event = sorted(events)[0]
        got = client.get("/api/games", query_string={"event": event}).get_json()
        assert got["total"] == sum(d["game"].get("event") == event for d in docs)
    day = docs[2]["game"]["played_at"][:10]
    got = client.get("/api/games", query_string={"from": day, "to": day}).get_json()
    assert any(g["source_id"] == docs[2]["game"]["id"] for g in got["items"])
    assert all(g["played_at"][:10] == day for g in got["items"])
    assert client.get("/api/games", query_string={"from": "2100-01-01T00:00:00Z"}).get_json()["total"] == 0


def test_list_dates_read_like_the_statistics_filters(client: FlaskClient, game_ids: list[int]) -> None:
    """Compact dates are whole days too; the far ends of the calendar are no overflow."""
    doc = simulated(4, 5)[2]["game"]
    day = doc["played_at"][:10]
    compact = client.get("/api/games", query_string={"from": day.replace("-", ""), "to": day.replace("-", "")}).get_json()
    assert doc["id"] in [g["source_id"] for g in compact["items"]]
    assert client.get("/api/games", query_string={"to": "9999-12-31"}).get_json()["total"] == 4
    assert client.get("/api/games", query_string={"from": "0001-01-01"}).get_json()["total"] == 4


@pytest.mark.parametrize("query", [{"page": "0"}, {"page": "x"}, {"per_page": "0"}, {"per_page": "100000"},
                                   {"from": "yesterday"}, {"to": "2026-13-01"}, {"from": "0001-01-01T00:00+01:00"},
                                   {"to": "2026-W45"}, {"from": "2026-11-05", "to": "2026-11-01"}])
def test_list_bad_query_400(client: FlaskClient, query: dict[str, str]) -> None:
    r = client.get("/api/games", query_string=query)
    assert r.status_code == 400
    assert r.is_json and "error" in r.get_json()


# --- one game --------------------------------------------------------------------------------


def test_game_detail(client: FlaskClient, game_ids: list[int]) -> None:
    doc = simulated(4, 5)[0]
    body = client.get(f"/api/games/{game_ids[0]}").get_json()
    assert body["id"] == game_ids[0]
    assert body["header"]["players"][0]["name"] == doc["game"]["players"][0]["name"]
    assert body["actions"] == len(doc["actions"])
    res = fold(doc["game"], doc["actions"], _cards())
    assert body["result"] == res.result and body["turns"] == res.state.turn


def test_game_actions(client: FlaskClient, game_ids: list[int]) -> None:
    doc = simulated(4, 5)[1]
    body = client.get(f"/api/games/{game_ids[1]}/actions").get_json()
    assert body == {"id": game_ids[1], "actions": doc["actions"]}


def test_game_state_default_end_and_at(client: FlaskClient, game_ids: list[int]) -> None:
    doc = simulated(4, 5)[2]
    log = parse_log(json.dumps(doc))
    full = fold(log.header, log.actions, _cards())
    end = client.get(f"/api/games/{game_ids[2]}/state").get_json()
    assert end["at"] == len(log.actions) and end["state"] == full.state_json()
    assert end["trail"] == full.trails[-1].to_json()
    for n in (0, 1, 7, 65):
        body = client.get(f"/api/games/{game_ids[2]}/state?at={n}").get_json()
        assert body["at"] == n
        assert body["state"] == fold(log.header, log.actions, _cards(), at=n).state_json()
        assert body["trail"] == (full.trails[n - 1].to_json() if n else None)


@pytest.mark.parametrize("at", ["-1", "99999", "x", "1.5", ""])
def test_game_state_bad_at_400(client: FlaskClient, game_ids: list[int], at: str) -> None:
    r = client.get(f"/api/games/{game_ids[0]}/state?at={at}")
    assert r.status_code == 400
    assert "error" in r.get_json()


@pytest.mark.parametrize("path", ["/api/games/999", "/api/games/999/actions", "/api/games/999/state",
                                  "/api/games/999/state?at=0", "/api/games/abc", "/api/nothing-here"])
def test_unknown_404_json(client: FlaskClient, game_ids: list[int], path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.is_json and isinstance(r.get_json()["error"], str)


def test_wrong_method_405_json(client: FlaskClient) -> None:
    r = client.delete("/api/games")
    assert r.status_code == 405
    assert r.is_json and "error" in r.get_json()
    assert "GET" in r.headers["Allow"]
    assert client.get("/api/check").status_code == 405


# --- POST /api/check --------------------------------------------------------------------------


def test_check_legal_illegal_malformed_stores_nothing(client: FlaskClient, app: Flask) -> None:
    legal = client.post("/api/check", data=jsonl(simulated(1, 24)[0])).get_json()
    assert set(legal) == {"valid", "applied", "ruling", "state", "result", "unverified", "irregular",
                         "refused_irregular"}
    assert legal["valid"] is True and legal["ruling"] is None and legal["result"] is not None
    bad = client.post("/api/check", data=illegal(), content_type="application/json")
    assert bad.status_code == 200
    body = bad.get_json()
    assert body["valid"] is False and body["applied"] == 13 and body["ruling"]["rule"] == "approach.summoned"
    assert body["state"]["applied"] == 13
    nested = client.post("/api/check", data=with_responses_ruling()).get_json()
    assert nested["ruling"]["path"] == "18.responses.0.responses.0"
    broken = client.post("/api/check", data=b"{").get_json()
    assert broken["valid"] is False and broken["ruling"]["rule"] == "log.schema" and broken["state"] is None
    assert app.extensions["pmemo_store"].count("game") == 0


def test_check_at_and_multipart(client: FlaskClient) -> None:
    body = client.post("/api/check?at=5", data={"log": (io.BytesIO(illegal()), "x.json")},
                       content_type="multipart/form-data").get_json()
    assert body["valid"] is True and body["applied"] == 5 and body["state"]["applied"] == 5
    assert client.post("/api/check?at=-2", data=illegal()).status_code == 400
    assert client.post("/api/check?at=z", data=illegal()).status_code == 400


def test_check_matches_cli_check_json(client: FlaskClient) -> None:
    from pmemo_replay.checking import check_text

    data = scenario("cost_amount_short")
    assert client.post("/api/check", data=data).get_json() == json.loads(json.dumps(check_text(data, _cards()).to_json()))


# --- judge step (no storing) -------------------------------------------------------------------


def test_judge_step(client: FlaskClient, app: Flask) -> None:
    body = client.post("/api/judge/step?at=13", data=illegal()).get_json()
    assert body["at"] == 13 and body["state"]["applied"] == 13
    assert body["trail"] and all({"rule", "ref", "ok", "message"} <= set(e) for e in body["trail"])
    assert body["legal"] and all("type" in a for a in body["legal"])
    assert client.post("/api/judge/step?at=0", data=illegal()).get_json()["trail"] is None
    assert client.post("/api/judge/step?at=14", data=illegal()).status_code == 400  # past the illegal action
    assert client.post("/api/judge/step?at=15", data=illegal()).status_code == 400  # past the end
    assert client.post("/api/judge/step", data=illegal()).status_code == 400  # at is required
    assert client.post("/api/judge/step?at=1", data=b"nope").status_code == 400
    assert client.post("/api/judge/step?at=1", data=scenario("unknown_card_in_action")).status_code == 400
    assert app.extensions["pmemo_store"].count("game") == 0


def _cards() -> Any:
    from pmemo_replay.cards import bundled_cards

    return bundled_cards()
