"""What-if branches: a draft from a stored game's actions up to a step in a chosen view (or a pasted log's), going
on with the offers; branches are listed with the game, which never changes."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def stored(app: Flask, doc: dict[str, Any]) -> int:
    result = app.extensions["pmemo_store"].ingest_log(doc, "test")
    assert result.game_id is not None, result.ruling
    return result.game_id


def auth(body: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {body['token']}"}


def test_a_branch_from_a_stored_game_goes_on_without_changing_it(app: Flask, client: FlaskClient) -> None:
    doc = next(simulated_logs(CARDS, 1, 8))
    gid = stored(app, doc)
    at = next(n for n in range(20, len(doc["actions"]))  # a step where something else could have been done
              if len(client.get(f"/api/games/{gid}/legal?at={n}").json["legal"]) > 1)
    r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "judge"})
    assert r.status_code == 201, r.json
    draft = client.get(f"/api/drafts/{r.json['id']}", headers=auth(r.json)).json
    assert draft["actions"] == doc["actions"][:at] and draft["branch"] == {"of": gid, "at": at, "view": "judge"}
    state, _ = app.extensions["pmemo_store"].state_at(gid, at)
    assert draft["state"]["players"] == state["players"]  # the game's state at that step
    legal = client.get(f"/api/games/{gid}/legal?at={at}").json["legal"]
    other = next(a for a in legal if a != doc["actions"][at])  # what could have been done instead
    r2 = client.post(f"/api/drafts/{r.json['id']}/actions", json={"action": other, "expected": at}, headers=auth(r.json))
    assert r2.status_code == 200
    tried = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "then": other})
    assert tried.status_code == 201 and tried.json["count"] == at + 1
    listed = client.get(f"/api/drafts/branches?game_id={gid}").json["branches"]
    assert [(b["id"], b["at"], b["view"]) for b in listed] == [(r.json["id"], at, "judge"), (tried.json["id"], at, "judge")]
    assert app.extensions["pmemo_store"].actions(gid) == doc["actions"]  # the game never changes


def test_a_branch_in_a_seats_view_holds_what_that_seat_saw(app: Flask, client: FlaskClient) -> None:
    doc = next(simulated_logs(CARDS, 1, 9))
    gid = stored(app, doc)
    at = 30
    red = PM.redact(doc["game"], doc["actions"], CARDS, 0)
    r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "0"})
    assert r.status_code == 201, r.json
    draft = client.get(f"/api/drafts/{r.json['id']}", headers=auth(r.json)).json
    assert draft["actions"] == red.actions[:red.steps[at]] and draft["branch"]["view"] == "0"
    assert "deck" not in draft["game"]["players"][1]  # the other seat's list: unknown to seat 0
    assert all(c is None for c in draft["state"]["players"][1]["hand"])


def test_branches_of_a_pasted_log_and_refusals(app: Flask, client: FlaskClient) -> None:
    doc = next(simulated_logs(CARDS, 1, 10))
    text = "\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}), *map(json.dumps, doc["actions"])])
    r = client.post("/api/drafts/branch", json={"log": text, "at": 12})
    assert r.status_code == 201 and r.json["count"] == 12
    gid = stored(app, doc)
    assert client.post("/api/drafts/branch", json={"game_id": gid, "at": 10**6}).status_code == 400
    assert client.post("/api/drafts/branch", json={"game_id": 10**6, "at": 1}).status_code == 404
    assert client.post("/api/drafts/branch", json={"game_id": gid, "at": 1, "view": "7"}).status_code == 400
    then = {"type": "summon", "p": 0, "card": doc["game"]["players"][0]["deck"][0], "area": "main", "pay": []}
    illegal = client.post("/api/drafts/branch", json={"game_id": gid, "at": 1, "then": then})  # in the middle of setup
    assert illegal.status_code == 422 and illegal.json["ruling"]["index"] == 1
    mahou = get_ruleset("mahou-shoujo-1")
    mdoc = mahou.self_play(bundled_for("mahou-shoujo-1"), [list(d) for _, d in __import__(
        "pmemo_replay.simulate", fromlist=["ruleset_decks"]).ruleset_decks("mahou-shoujo-1")[:2]], 3)
    mid = stored(app, mdoc)
    assert client.post("/api/drafts/branch", json={"game_id": mid, "at": 9, "view": "judge"}).status_code == 201
    # (review r21e, 7: this answered 422, so the viewer's buttons in a seat's view never worked) a game whose logs
    # are complete goes on in a seat's view as that seat's recording (tests/drafts/test_branch_seat_views.py)
    seat = client.post("/api/drafts/branch", json={"game_id": mid, "at": 9, "view": "1"})
    assert seat.status_code == 201 and seat.json["view"] == "1"
