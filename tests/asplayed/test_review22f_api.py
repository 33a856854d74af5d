"""Review r22f, finding 12: a refused upload says it would stand as played only when the as-played fold reaches the
end, and its 422 lists the irregular actions that stood before the fold stopped; a draft recorded as played tells
the recorder whether a refused action would stand (it offers "Record it anyway" only then)."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.asplayed.test_drafts_as_played import client as drafts_client
from tests.asplayed.test_drafts_as_played import start
from tests.asplayed.test_store_as_played import AS_PLAYED

LOG = Path(__file__).resolve().parents[2] / "fixtures" / "as-played" / "short-payments.jsonl"
#: a summon by player 0 of a card of player 1's deck: never in player 0's hand (``zone``: it cannot be carried out)
IMPOSSIBLE = {"type": "summon", "p": 0, "card": "HTD 01-001", "area": "main", "pay": []}
__all__ = ["drafts_client"]


def _stopping_later(as_played: bool) -> str:
    """The fixture's first 30 actions (irregular at 4 and 21) and then an action that cannot be carried out."""
    head, *lines = LOG.read_text(encoding="utf-8").splitlines()
    header = json.loads(head)
    if not as_played:
        del header["game"]["as_played"]
    return "\n".join([json.dumps(header), *lines[:30], json.dumps(IMPOSSIBLE)])


def test_an_upload_stopped_later_as_played_does_not_stand(app: Flask, client: FlaskClient) -> None:
    r = client.post("/api/games", data=_stopping_later(False), content_type="application/x-ndjson")
    assert r.status_code == 422 and r.json["ruling"]["index"] == 4
    assert r.json["stands_as_played"] is False and "hint" not in r.json  # it would stop at action 30 all the same
    assert [x["index"] for x in r.json["irregular"]] == [4, 21]
    r = client.post("/api/games?as_played=1", data=_stopping_later(False), content_type="application/x-ndjson")
    assert r.status_code == 422 and (r.json["ruling"]["index"], r.json["ruling"]["rule"]) == (30, "zone")
    assert r.json["stands_as_played"] is False and [x["index"] for x in r.json["irregular"]] == [4, 21]
    assert app.extensions["pmemo_store"].count("game") == 0


def test_an_upload_that_stands_as_played_says_so(client: FlaskClient) -> None:
    head, *lines = LOG.read_text(encoding="utf-8").splitlines()
    header = json.loads(head)
    del header["game"]["as_played"]
    r = client.post("/api/games", data="\n".join([json.dumps(header), *lines]), content_type="application/x-ndjson")
    assert r.status_code == 422 and r.json["stands_as_played"] is True and r.json["hint"]
    assert [x["index"] for x in r.json["irregular"]] == [4, 21]


def test_a_draft_says_whether_a_refused_action_would_stand(drafts_client: FlaskClient) -> None:
    draft, auth, actions = start(drafts_client, AS_PLAYED)
    for n, action in enumerate(actions[:4]):
        r = drafts_client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n, "as_played": False},
                               headers=auth)
        assert r.status_code == 200, (n, r.json)
    short = drafts_client.post(f"/api/drafts/{draft}/actions",
                               json={"action": actions[4], "expected": 4, "as_played": False}, headers=auth)
    assert short.status_code == 422 and short.json["stands_as_played"] is True  # a short payment: it may stand
    gone = drafts_client.post(f"/api/drafts/{draft}/actions",
                              json={"action": IMPOSSIBLE, "expected": 4, "as_played": False}, headers=auth)
    assert gone.status_code == 422 and gone.json["ruling"]["rule"] == "zone" and gone.json["stands_as_played"] is False
    assert drafts_client.get(f"/api/drafts/{draft}", headers=auth).json["count"] == 4  # nothing appended, nothing changed


def test_check_reads_one_line_per_irregular_action_and_one_per_further_rule() -> None:
    """``check``'s readable form counts actions; the other rules an action broke follow it as ``also:`` lines."""
    from pmemo_replay.checking import check_log
    from pmemo_replay.cli.check import render
    from pmemo_replay.logio import load_log
    from tests.engine.kit import Game

    g = Game(["TST 01-003", "TST 90-001", "TST 90-002"])  # a Combo (Aki, Ben), cost 3, paid 1 with no Aki nor Ben
    g.add("summon", 0, card="TST 01-003", area="main", pay=[{"hand": "TST 90-001"}])
    g.header["as_played"] = True
    log = load_log({"format": "pmemo-log", "version": 1, "game": g.header, "actions": g.actions})
    report = check_log(log, g.db)
    assert report.ruling is None and len(report.irregular) == 1 and report.irregular[0]["also"]
    lines = render(report).splitlines()
    assert lines[0].startswith("log: as played, 1 irregular action(s) stood")
    assert [line.split()[0] for line in lines[1:3]] == ["irregular:", "also:"]
