"""Clockwork Memorion through the service, by the ruleset interface alone: check (CLI and /api/check), simulate,
the store on SQLite and PostgreSQL (seats, seeks), the API and its player views, statistics and /meta, redact."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from pmemo_replay.checking import check_log
from pmemo_replay.cli import main
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.web import create_app, schemas
from tests.clockwork.kit import example_log
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)

CWM = "clockwork-memorion-1"
LIBRARY = CardLibrary()


@cache
def docs(n: int = 4, seed: int = 5) -> tuple[dict[str, Any], ...]:
    return tuple(simulated_logs(LIBRARY, n, seed, ruleset=CWM))


def jsonl(doc: dict[str, Any]) -> bytes:
    return dump_jsonl(load_log(doc)).encode("utf-8")


def test_check_cli_gives_the_example_state_and_rulings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = example_log()
    path = tmp_path / "ex.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path), "--json", "--at", "18"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["state"]["players"][1]["life"] == 1400
    doc["actions"][8] = {"type": "summon", "p": 0, "card": "CWX 016", "at": "zone:1"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 1
    ruling = json.loads(capsys.readouterr().out)["ruling"]
    assert (ruling["rule"], ruling["ref"], ruling["index"]) == ("summon.level", "Clockwork Memorion HR 7", 8)
    doc["actions"][8] = {"type": "summon", "p": 0, "card": "CWX 999", "at": "zone:1"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["ruling"]["rule"] == "log.card"
    doc["actions"][8] = {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:7"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["ruling"]["rule"] == "log.schema"


def test_simulate_writes_legal_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", CWM, "--games", "2", "--seed", "3", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert len(logs) == 2
    for log in logs:
        assert main(["check", str(log), "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["valid"] and report["result"] is not None


def test_redact_writes_a_seats_view_of_a_complete_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Through the ruleset's ``redact`` (review of issue 21, 6; it refused before): seat 0's view, as its recording."""
    path = tmp_path / "ex.json"
    path.write_text(json.dumps(example_log()), encoding="utf-8")
    assert main(["redact", str(path), "--view", "0"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["game"]["meta"]["recorded_from"] == 0 and len(view["actions"]) == len(example_log()["actions"])


@pytest.fixture
def filled(store_url: str) -> Iterator[tuple[Store, list[int]]]:  # noqa: F811
    with Store(store_url) as store:
        ids = [store.ingest_text(jsonl(doc), "cwm").game_id for doc in docs()]
        assert None not in ids
        yield store, ids  # type: ignore[misc]


def test_stored_games_have_seats_and_seek_like_the_fold(filled: tuple[Store, list[int]]) -> None:
    store, ids = filled
    page = store.list_games(ruleset=CWM, per_page=None)
    assert sorted(g.id for g in page.items) == sorted(ids)
    for game_id, doc in zip(ids, docs(), strict=True):
        report = check_log(load_log(doc), LIBRARY)
        assert report.valid and report.state is not None
        summary = next(g for g in page.items if g.id == game_id).to_json()
        assert [s["score"] for s in summary["seats"]] == [p["life"] for p in report.state["players"]]
        assert summary["result"] == report.result and summary["ruleset"] == CWM
        for n in (0, len(doc["actions"]) // 3, len(doc["actions"])):
            state, _ = store.state_at(game_id, n)
            assert state == check_log(load_log(doc), LIBRARY, at=n).state
    assert store.reprocess_all().unchanged == len(ids)


@pytest.fixture
def client(filled: tuple[Store, list[int]], store_url: str) -> FlaskClient:  # noqa: F811
    app = create_app({"PMEMO_DATABASE_URL": store_url, "TESTING": True, "SECRET_KEY": "test", "PMEMO_OPEN_UPLOADS": True,
                      "PMEMO_WRITE_RATE": "off", "PMEMO_ALLOWED_HOSTS": "localhost"})
    return app.test_client()


def _ok(client: FlaskClient, url: str, schema: Any) -> Any:
    r = client.get(url)
    assert r.status_code == 200, (url, r.get_json())
    assert schema().validate(r.get_json()) == {}, (url, schema().validate(r.get_json()))
    return r.get_json()


def test_api_games_views_and_legal_actions(client: FlaskClient, filled: tuple[Store, list[int]]) -> None:
    _, ids = filled
    listing = _ok(client, f"/api/games?ruleset={CWM}&per_page=200", schemas.GamePageSchema)
    assert sorted(g["id"] for g in listing["items"]) == sorted(ids)
    doc, game_id = docs()[0], ids[0]
    actions = doc["actions"]
    r = client.post("/api/games", json={**doc, "actions": [*actions[:3], {"type": "fly", "p": 0}]})
    assert r.status_code == 400 and r.get_json()["ruling"]["rule"] == "log.schema"
    bad = json.loads(json.dumps(doc))
    i = next(i for i, a in enumerate(bad["actions"]) if a["type"] == "end_phase")
    bad["actions"][i]["p"] = 1 - bad["actions"][i]["p"]
    r = client.post("/api/games", json=bad)
    assert r.status_code == 422 and r.get_json()["ruling"]["rule"] == "turn.priority"
    one = next(i for i, a in enumerate(actions) if a["type"] == "setup") + 1
    owner = actions[one - 1]["p"]
    rival = _ok(client, f"/api/games/{game_id}/state?at={one}&view={1 - owner}", schemas.StateResponse)["state"]
    assert set(rival["players"][owner]["ruler"].values()) == {None}  # hidden until both are placed
    middle = len(actions) // 2
    full = _ok(client, f"/api/games/{game_id}/state?at={middle}", schemas.StateResponse)["state"]
    every = _ok(client, f"/api/games/{game_id}/legal?at={middle}", schemas.LegalResponse)["legal"]
    for view in ("0", "1", "public"):
        seen = _ok(client, f"/api/games/{game_id}/state?at={middle}&view={view}", schemas.StateResponse)["state"]
        for seat in (0, 1):
            shown = seen["players"][seat]
            assert shown["hand"] == (full["players"][seat]["hand"] if view == str(seat) else [None] * len(shown["hand"]))
            assert shown["zones"] == full["players"][seat]["zones"]
        legal = _ok(client, f"/api/games/{game_id}/legal?at={middle}&view={view}", schemas.LegalResponse)["legal"]
        assert legal == ([] if view == "public" else [a for a in every if a["p"] == int(view)])
        logged = _ok(client, f"/api/games/{game_id}/actions?view={view}", schemas.ActionsSchema)["actions"]
        assert [a["type"] for a in logged] == [a["type"] for a in actions]
        assert all(set(a.get("order", ())) <= {None} for a in logged)
    assert client.get(f"/api/games/{game_id}/state?view=2").status_code == 400
    body = client.post("/api/check?at=9", json=doc).get_json()
    assert body["valid"] and body["applied"] == 9 and body["state"]["ruleset"] == CWM


def test_statistics_and_meta_count_its_facts(client: FlaskClient, filled: tuple[Store, list[int]]) -> None:
    cards = client.get(f"/api/stats/cards?ruleset={CWM}").get_json()
    rows = cards if isinstance(cards, list) else cards["rows"]
    in_decks = {c for doc in docs() for p in doc["game"]["players"] for c in p["deck"]}
    assert rows and {r["card"] for r in rows} == in_decks
    decks = client.get(f"/api/stats/decks?ruleset={CWM}").get_json()["rows"]
    assert decks and all(re.fullmatch(r".+ / .+", r["archetype"]) for r in decks)
    games = client.get(f"/api/stats/games?ruleset={CWM}").get_json()
    assert games["games"] == len(docs())
    page = client.get(f"/meta?ruleset={CWM}")
    sections = re.findall(r"<h2[^>]*>([^<]*)", page.get_data(as_text=True))
    assert page.status_code == 200 and "Cards" in sections and "Archetypes" in sections
