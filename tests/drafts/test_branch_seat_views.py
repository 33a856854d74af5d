"""What-if branches in a seat's view of a game whose logs are complete (review of issue 21, 4): Mahou Shoujo and
Clockwork Memorion are recorded from one seat too (``seat_recordings``), so a branch from seat N's view is seat N's
recording (``meta.recorded_from``): the rival's hand cards stay unnamed, the seat's own are its own, and it goes on
with the offers; the public's view, which no recording is made from, is refused with the reason, as is a pasted
log's view the game cannot go on from; a pasted log's seat view is honoured."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.drafts.models import DRAFT
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.db import read_connection


def stored(app: Flask, doc: dict[str, Any]) -> int:
    result = app.extensions["pmemo_store"].ingest_log(doc, "test")
    assert result.game_id is not None, result.ruling
    return result.game_id


def auth(body: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {body['token']}"}


def _text(doc: dict[str, Any]) -> str:
    return "\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}), *map(json.dumps, doc["actions"])])


@pytest.mark.parametrize(("ruleset", "seed"), [("mahou-shoujo-1", 3), ("clockwork-memorion-1", 2)])
def test_a_branch_in_a_seats_view_is_that_seats_recording(app: Flask, client: FlaskClient, ruleset: str,
                                                         seed: int) -> None:
    doc = next(simulated_logs(bundled_for(ruleset), 1, seed, ruleset=ruleset))
    gid = stored(app, doc)

    def hands(n: int) -> list[list[Any]]:
        return [p["hand"] for p in client.get(f"/api/games/{gid}/state?at={n}&view=judge").json["state"]["players"]]
    at = next(n for n in range(20, len(doc["actions"])) if all(hands(n)))  # both hold cards there
    for seat in (0, 1):
        r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": str(seat)})
        assert r.status_code == 201, r.json
        assert r.json["view"] == str(seat)
        draft = client.get(f"/api/drafts/{r.json['id']}", headers=auth(r.json)).json
        assert draft["game"]["meta"]["recorded_from"] == seat and draft["branch"]["view"] == str(seat)
        assert draft["actions"] == doc["actions"][:at]  # the game as played: it is public once stored
        judge = client.get(f"/api/games/{gid}/state?at={at}&view=judge").json["state"]
        rival = 1 - seat
        assert draft["state"]["players"][seat]["hand"] == judge["players"][seat]["hand"]  # its own, named
        hand = draft["state"]["players"][rival]["hand"]
        assert len(hand) == len(judge["players"][rival]["hand"]) > 0 and set(hand) == {None}  # never seen
        offers = client.get(f"/api/drafts/{r.json['id']}/legal", headers=auth(r.json)).json["actions"]
        r2 = client.post(f"/api/drafts/{r.json['id']}/actions", json={"action": offers[0], "expected": at},
                         headers=auth(r.json))
        assert r2.status_code == 200, r2.json  # it goes on with the offers
    listed = client.get(f"/api/drafts/branches?game_id={gid}").json["branches"]
    assert [b["view"] for b in listed] == ["0", "1"]
    public = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "public"})
    assert public.status_code == 422 and "never from the public's" in public.json["error"]


def _seat0_holds_cards(ruleset: str, doc: dict[str, Any]) -> tuple[int, int]:
    """The first step from 20 on where seat 0 holds cards (Precious Memories: 20), and how many."""
    if ruleset == "pm-2.22":
        return 20, -1
    rs, folder = get_ruleset(ruleset), Folder(doc["game"], bundled_for(ruleset))
    for n, action in enumerate(doc["actions"]):
        if n >= 20 and rs.hand(folder.state, 0):
            return n, len(rs.hand(folder.state, 0))
        folder.push(action)
    raise AssertionError("seat 0 never holds a card after step 20")


@pytest.mark.parametrize("ruleset", ["mahou-shoujo-1", "clockwork-memorion-1", "pm-2.22"])
def test_a_pasted_logs_seat_view_is_honoured(app: Flask, client: FlaskClient, ruleset: str) -> None:
    """The judge page's pasted log with ``view`` "1": seat 1's branch (it was dropped: the judge's, silently)."""
    doc = next(simulated_logs(bundled_for(ruleset), 1, 4, ruleset=ruleset))
    at, held = _seat0_holds_cards(ruleset, doc)
    r = client.post("/api/drafts/branch", json={"log": _text(doc), "at": at, "view": "1"})
    assert r.status_code == 201 and r.json["view"] == "1", r.json
    draft = client.get(f"/api/drafts/{r.json['id']}", headers=auth(r.json)).json
    with read_connection(app.extensions["pmemo_store"].engine) as conn:
        row = conn.execute(sa.select(DRAFT).where(DRAFT.c.id == r.json["id"])).one()
    assert (row.branch_of, row.branch_at, row.branch_view) == (None, at, "1")
    if ruleset == "pm-2.22":  # a table log: seat 1's redaction, seat 0's deck list unknown to it
        assert "deck" not in draft["game"]["players"][0]
    else:  # seat 1's recording: seat 0's hand cards never seen
        assert draft["game"]["meta"]["recorded_from"] == 1
        assert draft["state"]["players"][0]["hand"] == [None] * held


def test_a_seat_recordings_branch_in_the_other_seats_view_is_refused(app: Flask, client: FlaskClient) -> None:
    """A stored recording from seat 0 holds placeholders where seat 1's hidden cards were: no branch from seat 1's
    view (422 naming why); from its own seat's, yes."""
    doc = next(simulated_logs(bundled_for("mahou-shoujo-1"), 1, 3, ruleset="mahou-shoujo-1"))
    mine = {**doc, "game": {**doc["game"], "meta": {"recorded_from": 0}}}
    gid = stored(app, mine)
    refused = client.post("/api/drafts/branch", json={"game_id": gid, "at": 20, "view": "1"})
    assert refused.status_code == 422 and "was recorded from seat 0" in refused.json["error"]
    assert client.post("/api/drafts/branch", json={"game_id": gid, "at": 20, "view": "0"}).json["view"] == "0"
