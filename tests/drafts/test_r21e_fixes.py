"""Review r21e, beyond its own failing tests: what-if branches are no games played (everywhere a game is listed or
counted, on SQLite and PostgreSQL, migration 0011 both ways), need no API token (with their own per-client limit),
start from the judge's seat for a game whose logs are complete; a merged header takes the earlier start time; a
paired seat's game links its merge."""

from __future__ import annotations

import json
import re
from typing import Any

import sqlalchemy as sa
from alembic import command
from flask import Flask
from flask.testing import FlaskClient

from engine.merge import merge
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, write_transaction
from pmemo_replay.store.migrate import alembic_config, current_revision, head_revision
from tests.drafts.conftest import append_actions, make_app, open_draft

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
DOC = next(simulated_logs(CARDS, 1, 8))
LOG = "\n".join(json.dumps(x) for x in ({"format": "pmemo-log", "version": 1, "game": DOC["game"]}, *DOC["actions"]))


def _renamed(doc: dict[str, Any], names: tuple[str, str]) -> str:
    """``doc`` as a pasted log's text with its players renamed (nobody of that name played a stored game)."""
    header = {**doc["game"], "players": [{**p, "name": n} for p, n in zip(doc["game"]["players"], names, strict=True)]}
    return "\n".join(json.dumps(x) for x in ({"format": "pmemo-log", "version": 1, "game": header}, *doc["actions"]))


def _finished_branch(client: FlaskClient, body: dict[str, Any]) -> int:
    r = client.post("/api/drafts/branch", json=body)
    assert r.status_code == 201, r.json
    done = client.post(f"/api/drafts/{r.json['id']}/finish", headers={"Authorization": f"Bearer {r.json['token']}"})
    assert done.status_code == 201, done.json
    return int(done.json["game_id"])


def test_a_branch_of_a_pasted_log_is_in_no_list_search_page_or_statistic(app: Flask, client: FlaskClient) -> None:
    gid = app.extensions["pmemo_store"].ingest_log(DOC, "test").game_id
    card = DOC["actions"][next(i for i, a in enumerate(DOC["actions"]) if a.get("card"))]["card"]
    branch = _finished_branch(client, {"log": _renamed(DOC, ("Zed", "Yan")), "at": len(DOC["actions"])})
    assert branch != gid
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [gid]
    assert client.get("/api/games?player=Zed").json["items"] == []
    assert [g["id"] for g in client.get(f"/api/games?card={card}").json["items"]] == [gid]
    assert client.get("/players/Zed").status_code == 404  # no game of theirs was played
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
    shown = client.get(f"/api/games/{branch}").json  # replayed, and said to be what it is
    assert shown["what_if"] is True and shown["branch"]["of"] is None and shown["branch"]["at"] == len(DOC["actions"])
    assert client.get(f"/api/games/{gid}").json["what_if"] is False
    page = client.get(f"/games/{branch}").get_data(as_text=True)
    assert "A what-if branch" in page and "not listed or counted" in page


def test_a_branch_of_a_stored_game_links_back_and_the_same_game_uploaded_as_played_counts(app: Flask,
                                                                                        client: FlaskClient) -> None:
    store = app.extensions["pmemo_store"]
    gid = store.ingest_log(DOC, "test").game_id
    at = len(DOC["actions"]) // 2
    branch = _finished_branch(client, {"game_id": gid, "at": at, "view": "judge"})
    shown = client.get(f"/api/games/{branch}").json
    assert shown["what_if"] is True and (shown["branch"]["of"], shown["branch"]["at"]) == (gid, at)
    assert f'href="/games/{gid}?step={at}"' in client.get(f"/games/{branch}").get_data(as_text=True)
    # the branch's log uploaded as a game played (somebody played it so): the same stored game, now listed
    again = store.ingest_log({"format": "pmemo-log", "version": 1, "game": shown["header"],
                              "actions": client.get(f"/api/games/{branch}/actions").json["actions"]}, "played")
    assert (again.status, again.game_id) == ("present", branch)
    assert sorted(g["id"] for g in client.get("/api/games").json["items"]) == sorted([gid, branch])
    assert client.get(f"/api/games/{branch}").json["what_if"] is False


def test_0011_goes_down_and_up_with_a_finished_branch(store_url: str) -> None:
    app = make_app(store_url)
    client = app.test_client()
    gid = app.extensions["pmemo_store"].ingest_log(DOC, "test").game_id
    branch = _finished_branch(client, {"game_id": gid, "at": 10, "view": "0"})
    app.extensions["pmemo_store"].close()
    engine = create_db_engine(store_url)
    try:
        with write_transaction(engine) as conn:
            command.downgrade(alembic_config(conn), "0010")
        with engine.connect() as conn:
            assert current_revision(conn) == "0010"
            assert "what_if" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
    finally:
        engine.dispose()
    with Store(store_url) as store:  # opening upgrades to the head: the branch's game is marked again
        assert [g.id for g in store.list_games().items] == [gid]
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()
            marked = conn.execute(sa.text("SELECT id FROM game WHERE what_if")).scalars().all()
        assert marked == [branch]


def test_a_branch_needs_no_api_token_and_counts_per_client(store_url: str) -> None:
    """Uploads closed (the default): a new draft needs an API token, a what-if branch does not; without one a client
    opens at most PMEMO_DRAFT_RATE of them (429 with Retry-After), with one as many as it likes."""
    app = make_app(store_url, PMEMO_OPEN_UPLOADS=False, PMEMO_DRAFT_RATE="2/minute")
    try:
        client = app.test_client()
        gid = app.extensions["pmemo_store"].ingest_log(DOC, "test").game_id
        assert client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1,
                                                           "game": DOC["game"]})).status_code == 401
        body = {"game_id": gid, "at": 12, "view": "1"}
        assert [client.post("/api/drafts/branch", json=body).status_code for _ in range(2)] == [201, 201]
        refused = client.post("/api/drafts/branch", json=body)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "without an API token" in refused.json["error"]
        from pmemo_replay.store.tokens import add_token

        _, token = add_token(app.extensions["pmemo_store"].engine, "club")
        assert client.post("/api/drafts/branch", json=body, headers={"Authorization": f"Bearer {token}"}).status_code == 201
    finally:
        app.extensions["pmemo_store"].close()


def test_a_complete_log_game_branches_in_a_seats_view(app: Flask, client: FlaskClient) -> None:
    """A branch from seat 0's view of a Mahou Shoujo game, with the action tried there (review r21e, 7: the viewer's
    buttons answered 422 there): it goes on as seat 0's recording (review of issue 21, 4: it went on from the
    judge's seat, the view dropped; tests/drafts/test_branch_seat_views.py)."""
    cards = bundled_for("mahou-shoujo-1")
    doc = next(simulated_logs(cards, 1, 4, ruleset="mahou-shoujo-1"))
    gid = app.extensions["pmemo_store"].ingest_log(doc, "test").game_id
    at = 20
    tried = client.get(f"/api/games/{gid}/legal?at={at}").json["legal"][0]
    r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "0", "then": tried})
    assert r.status_code == 201, r.json
    assert r.json["view"] == "0" and r.json["count"] == at + 1
    draft = client.get(f"/api/drafts/{r.json['id']}", headers={"Authorization": f"Bearer {r.json['token']}"}).json
    assert draft["actions"] == [*doc["actions"][:at], tried] and draft["branch"]["view"] == "0"
    assert draft["game"]["meta"]["recorded_from"] == 0


def test_a_bad_pasted_header_is_named(client: FlaskClient) -> None:
    log = json.dumps({"format": "pmemo-log", "version": 1, "game": {"ruleset": "chess-1", "first": 0, "players": []}})
    r = client.post("/api/drafts/branch", json={"log": log, "at": 0})
    assert r.status_code == 400 and "'chess-1' is not supported" in r.json["ruling"]["message"]
    mahou = {"ruleset": "mahou-shoujo-1", "first": 0,
             "players": [{"name": "A", "deck": ["XXX 999"] * 40}, {"name": "B", "deck": ["XXX 999"] * 40}]}
    r = client.post("/api/drafts/branch", json={"log": json.dumps({"format": "pmemo-log", "version": 1, "game": mahou}),
                                               "at": 0})
    assert r.status_code == 422 and r.json["ruling"]["rule"] == "log.card" and "XXX 999" in r.json["ruling"]["message"]


def test_the_merged_header_takes_the_earlier_start() -> None:
    seat0, seat1, judge = (PM.redact(DOC["game"], DOC["actions"], CARDS, v) for v in (0, 1, "judge"))
    for first, second in (("2026-11-27T19:04:09+01:00", "2026-11-27T18:04:05Z"),
                          ("2026-11-27T18:04:05Z", "2026-11-27T19:04:09+01:00")):
        out = merge(PM, CARDS, [({**seat0.header, "played_at": first}, seat0.actions),
                                ({**seat1.header, "played_at": second}, seat1.actions)])
        assert out.complete and out.actions == judge.actions
        assert out.header["played_at"] == "2026-11-27T18:04:05Z"  # 19:04:09+01:00 is 18:04:09 UTC: later
    other = merge(PM, CARDS, [({**seat0.header, "event": "A"}, seat0.actions), ({**seat1.header, "event": "B"},
                                                                                 seat1.actions)])
    assert other.disagreement is not None and other.disagreement.fields == ["event"]  # the rest still disagrees


def test_a_paired_seat_recordings_game_links_its_merge(client: FlaskClient) -> None:
    drafts = []
    for seat in (0, 1):
        red = PM.redact(DOC["game"], DOC["actions"], CARDS, seat)
        draft, auth = open_draft(client, red.header)
        append_actions(client, draft, auth, red.actions)
        drafts.append((draft, auth))
    (d0, a0), (d1, a1) = drafts
    game0 = client.post(f"/api/drafts/{d0}/finish", headers=a0).json["game_id"]
    assert client.get(f"/api/games/{game0}").json["paired"] is None
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).json["paired"] is False
    assert client.get(f"/api/games/{game0}").json["paired"] == {"draft": d0, "seat": 0, "with": d1}
    assert f'href="/games/draft/{d0}/merge"' in client.get(f"/games/{game0}").get_data(as_text=True)
    live = client.get(f"/games/draft/{d0}").get_data(as_text=True)
    data = json.loads(re.search(r'<script type="application/json" id="draft-data">(.*?)</script>', live, re.S)[1])
    assert data["pair"] == {"game_id": None, "paired": False, "seat": 0, "with": d1}
    client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1)
    assert client.post(f"/api/drafts/{d1}/finish", headers=a1).status_code == 201
    merged = client.post(f"/api/drafts/{d1}/merge/finish", headers=a1).json["game_id"]
    live = client.get(f"/games/draft/{d1}").get_data(as_text=True)
    data = json.loads(re.search(r'<script type="application/json" id="draft-data">(.*?)</script>', live, re.S)[1])
    assert data["pair"] == {"game_id": merged, "paired": True, "seat": 1, "with": d0}
    page = client.get(f"/games/{merged}").get_data(as_text=True)
    assert f'href="/games/draft/{d0}/merge"' in page and f'href="/games/draft/{d1}/merge"' in page
