"""What-if branches of a merged game, one in each seat's view, pair (review r21h, 1): a seat's branch of a judge's
table log keeps the other seat's ``identify`` actions emptied, which name no hand."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def test_branches_of_a_merged_game_in_each_seats_view_pair(app: Flask, client: FlaskClient) -> None:
    """A merged game stored (a judge's table log); a what-if branch in view 0 and one in view 1 pair."""
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
    stored = app.extensions["pmemo_store"].ingest_log({"format": "pmemo-log", "version": 1, "game": judge.header,
                                                     "actions": judge.actions}, "test")
    gid = stored.game_id
    assert gid is not None, stored.ruling
    branches = []
    for view in ("0", "1"):
        r = client.post("/api/drafts/branch", json={"game_id": gid, "at": 40, "view": view})
        assert r.status_code == 201, r.json
        branches.append((r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}))
    (d0, auth0), (d1, auth1) = branches
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=auth0).status_code == 200
    r = client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=auth1)
    assert r.status_code == 200 and r.json == {"paired": True, "seats": [d0, d1]}, r.json


def test_the_merge_of_two_paired_branches_is_a_what_if_too(app: Flask, client: FlaskClient) -> None:
    """Two what-if branches, one per seat, where player 0 concedes instead of playing on, merged: the merged game is
    a what-if as they are (``game.what_if``), never listed or counted as a game played."""
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
    store = app.extensions["pmemo_store"]
    gid = store.ingest_log({"format": "pmemo-log", "version": 1, "game": judge.header, "actions": judge.actions},
                           "test").game_id
    assert gid is not None
    at = 40
    drafts = []
    for seat in (0, 1):
        r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": str(seat)})
        assert r.status_code == 201, r.json
        draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "concede", "p": 0}, "expected": at},
                        headers=auth)
        assert r.status_code == 200, r.json
        drafts.append((draft, auth))
    (d0, a0), (d1, a1) = drafts
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    for draft, auth in drafts:
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    r = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert r.status_code == 201, r.json
    merged = client.get(f"/api/games/{r.json['game_id']}").json
    assert merged["what_if"] is True
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [gid]  # the game played, listed alone
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
