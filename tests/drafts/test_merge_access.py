"""Who may open, pick and store a merge, and how a pair is changed (review of issue 21, points 7 and 8).

7. A judge on their own device: the merge takes the token of either paired draft (one phone opens the other's merge
   page) or the server's moderator API token (``pmemo-replay tokens add NAME --moderator``); nobody else, and a pick
   still needs one of them.
8. A pair both asked for is never dropped quietly: asking to pair either draft with a third is refused (409 naming
   the pair) until that phone unpairs its draft (``DELETE /api/drafts/<id>/pair``)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.store.tokens import add_token
from tests.drafts.test_pairing import CARDS, PM, finished, recorded
from tests.drafts.test_pairing import simulated_logs as games


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _paired(client: FlaskClient, seed: int, *, played: bool = True,
            renamed: bool = False) -> tuple[list[int], list[dict[str, str]], Any]:
    """Two seats' drafts of a simulated game, paired (``played``: every action recorded and both finished; else just
    started; ``renamed``: seat 1's phone typed the other player's name differently, a header to pick): the drafts,
    their Authorization headers and the judge's table log."""
    doc = next(d for d in games(CARDS, 30, seed) if len(d["actions"]) < 160)
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    h1 = {**seat1.header, "players": [dict(p) for p in seat1.header["players"]]}
    if renamed:
        h1["players"][0]["name"] += "x"
    d0, a0 = recorded(client, seat0.header, seat0.actions if played else [])
    d1, a1 = recorded(client, h1, seat1.actions if played else [])
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    if played:
        finished(client, d0, a0)
        finished(client, d1, a1)
    return [d0, d1], [a0, a1], judge


def test_either_seats_token_or_a_judges_opens_the_merge(app: Flask, client: FlaskClient) -> None:
    (d0, d1), (a0, a1), judge = _paired(client, 2)
    engine = app.extensions["pmemo_store"].engine
    _, moderator = add_token(engine, "judge", moderator=True)
    _, uploader = add_token(engine, "uploader")
    (_, _), (elsewhere, _), _ = _paired(client, 3, played=False)  # another game's pair: its token is no key here
    for who in (a0, a1, bearer(moderator)):  # seat 0's merge page, opened with seat 1's phone or by a judge
        r = client.get(f"/api/drafts/{d0}/merge", headers=who)
        assert r.status_code == 200 and r.json["complete"] and r.json["actions"] == judge.actions
    for nobody in ({}, bearer(uploader), bearer("not a token"), elsewhere):  # an API token, not a moderator's: no
        r = client.get(f"/api/drafts/{d0}/merge", headers=nobody)
        assert r.status_code == 403 and "moderator" in r.json["error"]
        pick = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": 3, "how": "take", "seat": 0}, headers=nobody)
        assert pick.status_code == 403
        assert client.post(f"/api/drafts/{d0}/merge/finish", headers=nobody).status_code == 403
    # the two recordings agree: a pick answers no disagreement (409, nothing stored)
    picked = client.post(f"/api/drafts/{d1}/merge/pick", json={"step": 3, "how": "take", "seat": 1},
                         headers=bearer(moderator))
    assert picked.status_code == 409 and "agree to the end" in picked.json["error"]
    assert client.get(f"/api/drafts/{d0}/merge", headers=a0).json["picks"] == {}
    # where two headers differ, a judge picks on their own device; the other seat's phone clears it
    (_, e1), (b0, _), _ = _paired(client, 4, renamed=True)  # another game (the same one twice is one stored)
    picked = client.post(f"/api/drafts/{e1}/merge/pick", json={"step": "header", "how": "take", "seat": 1},
                         headers=bearer(moderator))
    assert picked.status_code == 200 and picked.json["picks"] == {"header": ["take", 1]} and picked.json["complete"]
    cleared = client.post(f"/api/drafts/{e1}/merge/pick", json={"step": "header", "how": "clear", "seat": 1}, headers=b0)
    assert cleared.status_code == 200 and cleared.json["picks"] == {}
    # the judge stores the merge
    stored = client.post(f"/api/drafts/{d0}/merge/finish", headers=bearer(moderator))
    assert stored.status_code == 201
    assert app.extensions["pmemo_store"].actions(stored.json["game_id"]) == judge.actions
    r = client.delete(f"/api/drafts/{d1}/pair", headers=a1)  # once stored, the link stays
    assert r.status_code == 409 and "the link stays" in r.json["error"]


def test_a_pair_is_not_dropped_quietly(client: FlaskClient) -> None:
    (d0, d1), (a0, a1), _ = _paired(client, 2, played=False)
    doc = next(games(CARDS, 31, 1))
    third, a3 = recorded(client, PM.redact(doc["game"], doc["actions"], CARDS, 0).header, [])
    # B's phone asks to pair B with C: refused, naming the pair (before: A was quietly unpaired)
    r = client.post(f"/api/drafts/{d1}/pair", json={"with": third, "seat": 1}, headers=a1)
    assert r.status_code == 409 and r.json["paired_with"] == d0 and f"paired with draft {d0}" in r.json["error"]
    # C's phone asks for B: B is taken
    r = client.post(f"/api/drafts/{third}/pair", json={"with": d1, "seat": 0}, headers=a3)
    assert r.status_code == 409 and r.json["paired_with"] == d0
    # asking again for the same pair changes nothing
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    # unpaired explicitly (its own token), B may pair with C; A is no longer paired
    assert client.delete(f"/api/drafts/{d1}/pair", headers=a0).status_code == 403
    assert client.delete(f"/api/drafts/{d1}/pair", headers=a1).json == {"unpaired": d0}
    assert client.get(f"/api/drafts/{d0}/merge", headers=a0).status_code == 409
    r = client.post(f"/api/drafts/{d1}/pair", json={"with": third, "seat": 1}, headers=a1)
    assert r.status_code == 200 and r.json == {"paired": False, "seats": None}
    assert client.post(f"/api/drafts/{third}/pair", json={"with": d1, "seat": 0}, headers=a3).json["paired"]
    # A's request, unanswered now, may be taken back (or changed)
    assert client.delete(f"/api/drafts/{d0}/pair", headers=a0).json == {"unpaired": d1}
    assert client.delete(f"/api/drafts/{d0}/pair", headers=a0).json == {"unpaired": None}
