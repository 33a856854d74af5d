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
