"""Issue 21, two seats, through the API: the merge's stops that name a seat's own log at fault (``refused``: its copy
of an action; ``card``: its ``identify``) and the one before the first game action are answered by a pick: the
take that works is stored, the take that cannot work is 409 saying why (``cannot_take``), and a disagreement before
the first game action is picked with ``"step": "start"`` (merge.js used to send ``step: null``).

A draft's own replay checks each action as it is appended, so a recording its replay refuses is stored here as an
older server, which checked less, stored it (:func:`stored_as`)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.drafts.models import DRAFT, DRAFT_EVENT
from pmemo_replay.store.db import write_transaction
from tests.drafts.test_pairing import CARDS, PM, finished, recorded, simulated_logs

Actions = list[dict[str, Any]]


def stored_as(app: Flask, draft: int, actions: Actions) -> None:
    """Draft ``draft``'s recording made ``actions`` as they are, unchecked (appended again at each index: the
    latest append there is the action)."""
    now = datetime.now(UTC)
    with write_transaction(app.extensions["pmemo_store"].engine) as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(DRAFT_EVENT).where(
            DRAFT_EVENT.c.draft_id == draft, DRAFT_EVENT.c.kind == "order")).scalar_one() == 0
        conn.execute(sa.insert(DRAFT_EVENT), [{"draft_id": draft, "kind": "append", "seq": n, "action": a, "public": a,
                                               "at": now} for n, a in enumerate(actions)])
        conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft).values(count=len(actions)))


def paired(client: FlaskClient, seat0: tuple[Any, Actions], seat1: tuple[Any, Actions]) -> list[tuple[int, dict[str, str]]]:
    """Both drafts recorded, paired and finished: each seat's draft and its Authorization header."""
    drafts = [recorded(client, *seat0), recorded(client, *seat1)]
    for seat, (draft, auth) in enumerate(drafts):
        r = client.post(f"/api/drafts/{draft}/pair", json={"with": drafts[1 - seat][0], "seat": seat}, headers=auth)
        assert r.status_code == 200
    for draft, auth in drafts:
        finished(client, draft, auth)
    return drafts


def game_steps(actions: Actions) -> list[int]:
    return [i for i, a in enumerate(actions) if a["type"] != "identify"]


def pick(client: FlaskClient, draft: int, auth: dict[str, str], body: dict[str, Any]) -> Any:
    return client.post(f"/api/drafts/{draft}/merge/pick", json=body, headers=auth)


def short_game(seat: int) -> tuple[Any, Any, Any, int]:
    """A simulated game (its seat 0, seat 1 and judge redactions, up to a few game actions after) in which seat
    ``seat``'s own summon replaced a Chara: that summon's game action number."""
    for doc in simulated_logs(CARDS, 60, 2):
        views = [PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge")]
        steps = game_steps(views[seat].actions)
        k = next((k for k, i in enumerate(steps) if views[seat].actions[i]["type"] == "summon"
                  and views[seat].actions[i]["p"] == seat and views[seat].actions[i].get("replace")), None)
        if k is not None and k + 3 < len(steps) and k < 150:
            for view in views:  # each up to game action k + 3
                cut = [i for i, a in enumerate(view.actions) if a["type"] != "identify"][k + 3]
                del view.actions[cut:]
            return (*views, k)
    raise AssertionError("no short game with a summon replacing a Chara")


def test_a_seats_own_log_refusing_its_copy_is_answered_by_the_other_seats_take(app: Flask, client: FlaskClient) -> None:
    seat = 1
    seat0, seat1, judge, k = short_game(seat)
    (d0, a0), (d1, a1) = paired(client, (seat0.header, seat0.actions), (seat1.header, seat1.actions))
    bad = copy.deepcopy((seat0, seat1)[seat].actions)
    bad[game_steps(bad)[k]]["replace"] = None  # seat 1's phone left out the Chara its own summon replaced
    stored_as(app, (d0, d1)[seat], bad)
    d = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    assert d["kind"] == "refused" and d["step"] == k and "seat 1's" in d["message"], d
    assert "summon.main_full" in d["message"] and "as merged" not in d["message"]
    assert list(d["cannot_take"]) == ["1"]
    r = pick(client, d0, a0, {"step": k, "how": "take", "seat": seat})
    assert r.status_code == 409 and "seat 1's version cannot be taken at game action" in r.json["error"], r.json
    assert "take seat 0's" in r.json["error"] and r.json["picks"] == {}
    assert pick(client, d0, a0, {"step": k, "how": "insert", "seat": 0}).status_code == 409
    r = pick(client, d1, a1, {"step": k, "how": "take", "seat": 1 - seat})
    assert r.status_code == 200 and r.json["complete"], r.json["disagreement"]
    assert r.json["actions"] == judge.actions


def test_a_refused_identify_stops_before_its_game_action_and_is_picked(app: Flask, client: FlaskClient) -> None:
    seat0, seat1, judge, _ = short_game(1)
    (d0, a0), _ = paired(client, (seat0.header, seat0.actions), (seat1.header, seat1.actions))
    bad = copy.deepcopy(seat0.actions)
    i = next(i for i, a in enumerate(bad) if a["type"] == "identify" and a["p"] == 0 and i > 0
             and bad[i - 1]["type"] != "identify")
    bad[i]["cards"].append(bad[i]["cards"][0])  # one card more than seat 0's hand holds unknown
    k = sum(1 for s in game_steps(bad) if s < i) - 1
    stored_as(app, d0, bad)
    now = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
    d = now["disagreement"]
    assert d["kind"] == "card" and d["step"] == k and "seat 0's" in d["message"] and "identify.zone" in d["message"]
    assert now["actions"] == judge.actions[:judge.steps[k]] and now["steps"] == judge.steps[:k + 1]  # game action k not merged
    assert list(d["cannot_take"]) == ["0"]
    assert pick(client, d0, a0, {"step": k, "how": "take", "seat": 0}).status_code == 409
    r = pick(client, d0, a0, {"step": k, "how": "take", "seat": 1})
    assert r.status_code == 200 and r.json["picks"] == {str(k): ["take", 1]}
    assert r.json["disagreement"] is None or r.json["disagreement"]["step"] > k, r.json["disagreement"]


def test_a_disagreement_before_the_first_game_action_is_picked_at_the_start(app: Flask, client: FlaskClient) -> None:
    seat0, seat1, judge, _ = short_game(1)
    (d0, a0), (d1, a1) = paired(client, (seat0.header, seat0.actions), (seat1.header, seat1.actions))
    card = seat1.header["players"][1]["deck"][0]
    stored_as(app, d1, [{"type": "identify", "p": 1, "zone": "hand", "cards": [card]}, *seat1.actions])
    first = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
    d = first["disagreement"]
    assert d["step"] is None and d["kind"] == "card" and "before the first game action" in d["message"], d
    assert first["actions"] == [] and list(d["cannot_take"]) == ["1"]
    r = pick(client, d0, a0, {"step": None, "how": "take", "seat": 0})
    assert r.status_code == 400 and "\"start\"" in r.json["error"]  # what the page used to send
    assert pick(client, d0, a0, {"step": "start", "how": "insert", "seat": 0}).status_code == 400
    r = pick(client, d0, a0, {"step": 0, "how": "take", "seat": 0})
    assert r.status_code == 409 and "the first disagreement is at the start (before the first game action)" in r.json["error"]
    r = pick(client, d0, a0, {"step": "start", "how": "take", "seat": 1})
    assert r.status_code == 409 and "seat 1's version cannot be taken" in r.json["error"]
    r = pick(client, d1, a1, {"step": "start", "how": "take", "seat": 0})
    assert r.status_code == 200 and r.json["complete"] and r.json["picks"] == {"start": ["take", 0]}
    assert r.json["actions"] == judge.actions
    r = pick(client, d0, a0, {"step": "start", "how": "clear", "seat": 0})
    assert r.status_code == 200 and r.json["picks"] == {} and r.json["disagreement"] == d
    pick(client, d0, a0, {"step": "start", "how": "take", "seat": 0})
    done = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert done.status_code == 201 and app.extensions["pmemo_store"].actions(done.json["game_id"]) == judge.actions
