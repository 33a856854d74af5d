"""A draft paired as one seat's recording holds only what that seat could see: a judge's-seat draft of Precious
Memories (every shuffle with its order, as a complete log has it) paired as seat 0 with a real seat 1 draft merged
"complete", every deck order kept (review of issue 21). Now pairing it is refused (422 naming why), and a draft that
gets such an action only after it was paired has its merge, picks and storing refused the same way, never a 500."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.drafts.models import DRAFT_PAIR
from pmemo_replay.drafts.pairing import Pairs
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.db import read_connection
from pmemo_replay.web.drafts import KEY
from tests.drafts.conftest import append_actions, open_draft

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
SECRET = ("is not seat 0's own recording: a seat's recording shows only what that seat saw, but this one holds what "
          "seat 0 could not have seen at the table: at action 0 (shuffle), the order of a shuffled deck, which no seat "
          "sees. It looks like a judge's or a complete log: record or upload seat 0's own view")


def _game() -> dict[str, Any]:
    return next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 120)


def test_a_judges_draft_is_not_paired_as_a_seats(client: FlaskClient) -> None:
    doc = _game()
    seat1 = PM.redact(doc["game"], doc["actions"], CARDS, 1)
    d0, a0 = open_draft(client, doc["game"])  # the judge's seat: both lists, every order
    append_actions(client, d0, a0, doc["actions"][:6])
    d1, a1 = open_draft(client, seat1.header)
    append_actions(client, d1, a1, seat1.actions)
    r = client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    assert r.status_code == 422 and f"draft {d0}, sent as seat 0's, {SECRET}" in r.json["error"], r.json
    assert r.json["error"].endswith("and pair that draft instead") and "pair again" not in r.json["error"]
    assert Pairs(client.application.extensions[KEY]).link(d0) is None  # nothing asked, nothing stored


def test_a_judges_table_log_is_not_paired_as_a_seats(client: FlaskClient) -> None:
    """A judge's table log (both hands named, no deck order) uploaded as seat 0's draft: 422 saying what is wrong
    (it names seat 1's hand, so it looks like a judge's or a complete log) and what to do (each seat's own view),
    not "pair again with the seat each draft was recorded from"."""
    doc = _game()
    judge, seat1 = PM.redact(doc["game"], doc["actions"], CARDS, "judge"), PM.redact(doc["game"], doc["actions"], CARDS, 1)
    d0, a0 = open_draft(client, judge.header)
    append_actions(client, d0, a0, judge.actions)
    d1, _ = open_draft(client, seat1.header)
    r = client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    assert r.status_code == 422 and set(r.json) == {"error"}, r.json
    said = r.json["error"]
    at = next(n for n, a in enumerate(judge.actions) if a["type"] == "identify" and a["p"] == 1 and a["cards"])
    assert said.startswith(f"draft {d0}, sent as seat 0's, names the hands of seats [0, 1] (at action {at}, "), said
    assert all(c in said for c in judge.actions[at]["cards"])  # the other seat's hidden cards, named
    assert ("named): it is not one seat's recording (a seat's shows only what that seat saw, its own hand), it looks "
            "like a judge's or a complete log: record or upload seat 0's own view") in said, said
    assert "pair again" not in said


def test_a_secret_recorded_after_pairing_stops_the_merge(client: FlaskClient) -> None:
    doc = _game()
    seat1 = PM.redact(doc["game"], doc["actions"], CARDS, 1)
    d0, a0 = open_draft(client, doc["game"])
    d1, a1 = open_draft(client, seat1.header)
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    append_actions(client, d0, a0, doc["actions"])
    append_actions(client, d1, a1, seat1.actions)
    for draft, auth in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    for r in (client.get(f"/api/drafts/{d1}/merge", headers=a1),
              client.post(f"/api/drafts/{d1}/merge/pick", json={"step": 0, "how": "take", "seat": 1}, headers=a1),
              client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)):
        assert r.status_code == 422, (r.status_code, r.json)
        assert f"the draft paired as seat 0's {SECRET}" in r.json["error"] and "actions" not in r.json
        assert r.json["error"].endswith("and pair that draft instead; unpair first (DELETE /api/drafts/<id>/pair, "
                                        "each phone its own draft)") and "seat each draft was recorded from" not in r.json["error"]
    pairs = Pairs(client.application.extensions[KEY])
    assert pairs.link(d0) == {"seat": 0, "with": d1, "paired": True, "game_id": None}  # no merged game stored
    with read_connection(pairs.engine) as conn:  # nor the pick
        assert conn.execute(sa.select(DRAFT_PAIR.c.picks).where(DRAFT_PAIR.c.draft_id == d0)).scalar() is None
