"""Mahou Shoujo games through the store and the HTTP API, on SQLite and on PostgreSQL: ingest (per-seat rows,
unverified count), list filters, seek from snapshots, player views, legal actions, actions views, /api/check."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmemo_replay.checking import check_log
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.web import create_app, schemas
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)

MAHOU = "mahou-shoujo-1"
LIBRARY = CardLibrary()


@cache
def mahou_docs(n: int = 4, seed: int = 21) -> tuple[dict[str, Any], ...]:
    return tuple(simulated_logs(LIBRARY, n, seed, ruleset=MAHOU))


@cache
def pm_docs(n: int = 2, seed: int = 21) -> tuple[dict[str, Any], ...]:
    return tuple(simulated_logs(LIBRARY, n, seed))


def jsonl(doc: dict[str, Any]) -> bytes:
    return dump_jsonl(load_log(doc)).encode("utf-8")


@pytest.fixture
def filled(store_url: str) -> Iterator[tuple[Store, list[int], list[int]]]:  # noqa: F811
    with Store(store_url) as store:
        mahou = [store.ingest_text(jsonl(doc), "ms").game_id for doc in mahou_docs()]
        pm = [store.ingest_text(jsonl(doc), "pm").game_id for doc in pm_docs()]
        assert None not in mahou and None not in pm
        yield store, mahou, pm  # type: ignore[misc]


def test_stored_mahou_games_have_their_seats_and_counts(filled: tuple[Store, list[int], list[int]]) -> None:
    store, mahou, pm = filled
    page = store.list_games(ruleset=MAHOU, per_page=None)
    assert sorted(g.id for g in page.items) == sorted(mahou) and page.total == len(mahou)
    assert store.list_games(per_page=None).total == len(mahou) + len(pm)
    for game_id, doc in zip(mahou, mahou_docs(), strict=True):
        report = check_log(load_log(doc), LIBRARY)
        assert report.valid and report.state is not None
        summary = next(g for g in page.items if g.id == game_id).to_json()
        header = doc["game"]
        assert summary["players"] == [p["name"] for p in header["players"]]
        assert summary["decks"] == [p["deck_name"] for p in header["players"]]
        assert [s["score"] for s in summary["seats"]] == [p["gems"] for p in report.state["players"]]
        winner = report.result["winner"] if report.result else None
        assert [s["placement"] for s in summary["seats"]] == [1 if winner in (None, s) else 2 for s in (0, 1)]
        assert summary["unverified"] == len({u["index"] for u in report.unverified})
        assert summary["result"] == report.result and summary["turns"] == report.state["turn"]
        assert summary["actions"] == len(doc["actions"]) and summary["ruleset"] == MAHOU
        assert store.state_at(game_id)[0] == report.state
    name = mahou_docs()[0]["game"]["players"][1]["name"]
    found = store.list_games(player=name, ruleset=MAHOU, per_page=None).items
    assert found and all(name in g.players for g in found)
    card = mahou_docs()[0]["game"]["players"][0]["deck"][0]
    assert mahou[0] in [g.id for g in store.list_games(card=card, per_page=None).items]
    assert store.reprocess_all().unchanged == len(mahou) + len(pm)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_seek_equals_the_fold(filled: tuple[Store, list[int], list[int]], data: st.DataObject) -> None:
    """The state after any N actions, sought from the nearest snapshot, is the fold's, with the same trail."""
    store, mahou, _ = filled
    k = data.draw(st.integers(0, len(mahou) - 1))
    doc = mahou_docs()[k]
    n = data.draw(st.integers(0, len(doc["actions"])))
    report = check_log(load_log(doc), LIBRARY, at=n)
    state, trail = store.state_at(mahou[k], n)
    assert state == report.state
    expected = None if n == 0 else report.folded.trails[n - 1].to_json()  # type: ignore[union-attr]
    assert trail == expected


@pytest.fixture
def client(filled: tuple[Store, list[int], list[int]], store_url: str) -> FlaskClient:  # noqa: F811
    app = create_app({"PMEMO_DATABASE_URL": store_url, "TESTING": True, "SECRET_KEY": "test", "PMEMO_OPEN_UPLOADS": True,
                      "PMEMO_WRITE_RATE": "off", "PMEMO_ALLOWED_HOSTS": "localhost"})
    return app.test_client()


def _ok(client: FlaskClient, url: str, schema: Any) -> Any:
    r = client.get(url)
    assert r.status_code == 200, (url, r.get_json())
    assert schema().validate(r.get_json()) == {}, (url, schema().validate(r.get_json()))
    return r.get_json()


def test_mahou_games_through_the_api(client: FlaskClient, filled: tuple[Store, list[int], list[int]]) -> None:
    store, mahou, _ = filled
    listing = _ok(client, f"/api/games?ruleset={MAHOU}&per_page=200", schemas.GamePageSchema)
    assert sorted(g["id"] for g in listing["items"]) == sorted(mahou)
    assert all(len(g["seats"]) == 2 and g["unverified"] is not None for g in listing["items"])
    game = _ok(client, f"/api/games/{mahou[0]}", schemas.GameSchema)
    assert game["header"] == mahou_docs()[0]["game"] and game["seats"][0]["player"] == game["players"][0]
    doc = mahou_docs()[0]
    assert client.post("/api/games", json=doc).status_code == 200  # already stored
    assert client.post("/api/games", data=jsonl(doc), content_type="application/x-ndjson").get_json() == {"id": mahou[0]}
    fresh = json.loads(json.dumps(mahou_docs(5, 21)[4]))
    r = client.post("/api/games", json=fresh)
    assert r.status_code == 201 and store.get_game(r.get_json()["id"]).ruleset == MAHOU  # type: ignore[union-attr]
    bad = json.loads(json.dumps(doc))
    i = next(i for i, a in enumerate(bad["actions"]) if a["type"] == "end_turn")
    bad["actions"][i]["p"] = 1 - bad["actions"][i]["p"]  # the other player ends the turn
    r = client.post("/api/games", json=bad)
    assert r.status_code == 422 and r.get_json()["ruling"]["rule"] == "turn.priority"
    assert r.get_json()["ruling"]["ref"] == "Mahou Shoujo SR Start 4–5" and r.get_json()["ruling"]["index"] == i
    r = client.post("/api/games", json={**doc, "actions": [*doc["actions"][:3], {"type": "fly", "p": 0}]})
    assert r.status_code == 400 and r.get_json()["ruling"] == {
        "index": 3, "path": "3", "rule": "log.schema", "ref": None, "message": "action 3: unknown action type 'fly'"}


def test_mahou_views_hide_what_a_seat_does_not_see(client: FlaskClient, filled: tuple[Store, list[int], list[int]]) -> None:
    _, mahou, _ = filled
    doc, game_id = mahou_docs()[0], mahou[0]
    actions = doc["actions"]
    placed = next(i for i, a in enumerate(actions) if a["type"] == "place_active") + 1
    owner = actions[placed - 1]["p"]
    judge = _ok(client, f"/api/games/{game_id}/state?at={placed}", schemas.StateResponse)["state"]
    assert judge["players"][owner]["active"]["hero"] == actions[placed - 1]["hero"]
    rival = _ok(client, f"/api/games/{game_id}/state?at={placed}&view={1 - owner}", schemas.StateResponse)
    assert set(rival["state"]["players"][owner]["active"].values()) == {None}  # face down until both are placed
    assert rival["state"]["players"][owner]["hand"] == [None] * len(judge["players"][owner]["hand"])
    assert all("KRM" not in entry["message"] or "reveals" in entry["message"] for entry in rival["trail"])
    mine = _ok(client, f"/api/games/{game_id}/state?at={placed}&view={owner}", schemas.StateResponse)
    assert mine["state"]["players"][owner] == judge["players"][owner]
    middle = len(actions) // 2
    for view in ("0", "1", "public"):
        seen = _ok(client, f"/api/games/{game_id}/state?at={middle}&view={view}", schemas.StateResponse)["state"]
        full = _ok(client, f"/api/games/{game_id}/state?at={middle}", schemas.StateResponse)["state"]
        for seat in (0, 1):
            shown = seen["players"][seat]
            assert shown["hand_count"] == full["players"][seat]["hand_count"] == len(shown["hand"])
            assert shown["hand"] == (full["players"][seat]["hand"] if view == str(seat) else [None] * len(shown["hand"]))
            assert shown["active"] == full["players"][seat]["active"]
        legal = _ok(client, f"/api/games/{game_id}/legal?at={middle}&view={view}", schemas.LegalResponse)["legal"]
        every = _ok(client, f"/api/games/{game_id}/legal?at={middle}", schemas.LegalResponse)["legal"]
        own = [] if view == "public" else [a for a in every if a["p"] == int(view)]
        assert all(a in own or None in [*(a.get("targets") or ()), *(a.get("order") or ())] for a in legal)
        assert len(legal) <= len(own) and {a["type"] for a in legal} == {a["type"] for a in own}
        logged = _ok(client, f"/api/games/{game_id}/actions?view={view}", schemas.ActionsSchema)["actions"]
        assert len(logged) == len(actions) and [a["type"] for a in logged] == [a["type"] for a in actions]
        assert all(set(a.get("order", ())) <= {None} for a in logged)
    assert client.get(f"/api/games/{game_id}/state?view=2").status_code == 400
    assert client.get(f"/api/games/{game_id}/state?at={len(actions) + 1}&view=0").status_code == 400
    assert client.get("/api/games/999999/legal?view=1").status_code == 404


def test_check_a_mahou_log_without_storing(client: FlaskClient) -> None:
    doc = mahou_docs()[1]
    r = client.post("/api/check?at=9", json=doc)
    body = r.get_json()
    assert r.status_code == 200 and schemas.CheckSchema().validate(body) == {}
    assert body["valid"] and body["applied"] == 9 and body["state"]["ruleset"] == MAHOU
    assert body == check_log(load_log(doc), LIBRARY, at=9).to_json()
