"""Issue 21: a Mahou Shoujo game recorded from ONE seat (the rival's search and draws left unnamed until seen, each
rival card named only when played), and two such recordings of one game paired into the judge's complete log.

What must equal (the merged log against the simulated game): every action field by field, except the deck orders
of ``shuffle`` and ``redraw``, where only the places the game drew from must equal (the cards nobody ever drew stay
in the deck in the placeholder's arrangement: nobody at the table saw them; the same cards, another order)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.games.unnamed import header_unnamed
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import make_app, open_draft, stored_seat_logs
from tests.drafts.mahou_seat import RULESET, from_seat, record_seat

#: four games, and two where a player runs out of Heroes (seat 0 in game 9, seat 1 in game 12): each recorded from
#: both seats, so each seat records its rival's out_of_heroes once (the draws into the hand unseen)
GAMES = [d for n, d in enumerate(simulated_logs(bundled_for(RULESET), 13, 1, ruleset=RULESET)) if n in (0, 1, 2, 3, 9, 12)]


@pytest.fixture
def client(tmp_path: Any) -> Iterator[FlaskClient]:
    app: Flask = make_app(f"sqlite:///{tmp_path / 'seat.sqlite3'}")
    yield app.test_client()
    app.extensions["pmemo_store"].close()


def drawn_places(doc: dict[str, Any]) -> dict[int, int]:
    """For each shuffle or redraw (by index), how many of its places (top first) the game drew."""
    rs = get_ruleset(RULESET)
    fold = Folder(doc["game"], bundled_for(RULESET), keep_trails=False)
    out: dict[int, int] = {}
    current: dict[int, int] = {}  # player -> the index of the order their deck comes from
    for n, action in enumerate(doc["actions"]):
        if action["type"] in rs.hidden_orders:
            current[action["p"]] = n
            out[n] = 0
        before = [len(rs.pile(fold.state, p)) for p in (0, 1)]
        fold.push(action)
        for p in (0, 1):
            if p in current:
                start = len(doc["actions"][current[p]]["order"]) if current[p] == n else before[p]
                out[current[p]] += max(0, start - len(rs.pile(fold.state, p)))
    return out


def assert_same_game(merged: list[dict[str, Any]], doc: dict[str, Any]) -> None:
    assert len(merged) == len(doc["actions"])
    places = drawn_places(doc)
    for n, (mine, real) in enumerate(zip(merged, doc["actions"], strict=True)):
        if "order" in real:
            k = places[n]
            assert mine["order"][:k] == real["order"][:k], n
            assert Counter(mine["order"]) == Counter(real["order"]), n
            assert {**mine, "order": None} == {**real, "order": None}, n
        else:
            assert mine == real, n


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_a_game_recorded_from_each_seat_pairs_into_the_judges_log(client: FlaskClient, game: int) -> None:
    doc = GAMES[game]
    rs = get_ruleset(RULESET)
    drafts = [record_seat(client, doc, seat) for seat in (0, 1)]
    fold = Folder(doc["game"], bundled_for(RULESET), keep_trails=False)
    for action in doc["actions"]:
        fold.push(action)
    real = rs.to_json(fold.state)
    for seat, (draft, auth) in enumerate(drafts):
        now = client.get(f"/api/drafts/{draft}", headers=auth).json
        for p, (mine, theirs) in enumerate(zip(now["state"]["players"], real["players"], strict=True)):
            for key in ("active", "squad", "dreamscape", "gems", "hand_count", "deck_count"):
                assert mine[key] == theirs[key], (seat, p, key)
            if p == seat:
                assert mine["hand"] == theirs["hand"]
        assert now["state"]["result"] == real["result"]
        r = client.post(f"/api/drafts/{draft}/finish", headers=auth)
        assert r.status_code == 201, r.json
        unnamed = header_unnamed(client.get(f"/api/games/{r.json['game_id']}").json["header"])
        assert set(unnamed) <= {1 - seat}  # only the rival's cards may be never named
        # the stored game's viewer hides what the draft hid: the rival's cards never named (searched Heroes too)
        shown = client.get(f"/api/games/{r.json['game_id']}/state").json
        shown = shown.get("state", shown)
        assert shown["players"][1 - seat]["hand"] == now["state"]["players"][1 - seat]["hand"]
    (d0, a0), (d1, a1) = drafts
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    merged = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
    assert merged["complete"], json.dumps(merged["disagreement"])[:500]
    assert_same_game(merged["actions"], doc)
    done = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert done.status_code in (200, 201), done.json


def test_a_public_action_recorded_differently_stops_the_merge(client: FlaskClient) -> None:
    """An injected disagreement: seat 1 recorded the rival's first Squad Hero as another card of the same turn; the
    merge stops there (kind ``action``) with both versions."""
    doc = GAMES[0]
    where = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "attack")
    other = {**doc, "actions": doc["actions"][:where]}
    d0, a0 = record_seat(client, other, 0)
    d1, a1 = record_seat(client, {**doc, "actions": doc["actions"][:where + 1]}, 1)
    for draft, auth in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1)
    merged = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
    assert not merged["complete"] and merged["disagreement"]["kind"] == "missing"
    assert merged["disagreement"]["step"] == where


def _recorded_apart(client: FlaskClient, doc: dict[str, Any], where: int,
                    other: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0 records ``doc`` up to action ``where`` as played; seat 1 records the same up to ``where - 1``, then
    the first of ``other`` its draft accepts at ``where``. Both finished and paired: the merge and seat 1's action."""
    d0, a0 = record_seat(client, {**doc, "actions": doc["actions"][:where + 1]}, 0)
    d1, a1 = record_seat(client, {**doc, "actions": doc["actions"][:where]}, 1)
    taken = None
    for action in other:
        r = client.post(f"/api/drafts/{d1}/actions", json={"action": action, "expected": where}, headers=a1)
        if r.status_code == 200:
            taken = action
            break
    assert taken is not None, "seat 1's draft took none of the other versions"
    for draft, auth in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    return client.get(f"/api/drafts/{d0}/merge", headers=a0).json, taken


def test_a_card_recorded_differently_stops_the_merge_there(client: FlaskClient) -> None:
    """Seat 1 saw the rival put another Hero into the Squad than seat 0 (the Hero's own player) recorded: the merge
    stops at that action, naming the field and both versions."""
    doc = GAMES[0]
    cards = bundled_for(RULESET)
    where = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "place_hero" and a["p"] == 0 and n > 4)
    real = doc["actions"][where]
    heroes = sorted({c for c in doc["game"]["players"][0]["deck"] if cards.by_id[c].type == "hero"} - {real["card"]})
    merged, taken = _recorded_apart(client, doc, where, [{**real, "card": c} for c in heroes])
    assert not merged["complete"]
    wrong = merged["disagreement"]
    assert (wrong["step"], wrong["kind"], wrong["fields"]) == (where, "action", ["card"]), wrong
    assert wrong["versions"] == [real, taken]
    assert real["card"] in wrong["message"] and taken["card"] in wrong["message"]
    assert len(merged["actions"]) == where  # everything before it merged


def test_another_action_at_the_same_step_stops_the_merge_there(client: FlaskClient) -> None:
    """Seat 1 recorded another legal action where seat 0 recorded the first attack: the merge stops there with both
    actions (no missing action: what follows does not line up shifted by one)."""
    doc = GAMES[0]
    where = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "attack")
    real = doc["actions"][where]
    d, auth = record_seat(client, {**doc, "actions": doc["actions"][:where]}, 1)
    offered = client.get(f"/api/drafts/{d}/legal", headers=auth).json["actions"]
    other = [a for a in offered if a["type"] not in (real["type"], "note", "concede") and a.get("p") == real["p"]]
    merged, taken = _recorded_apart(client, doc, where, other)
    assert not merged["complete"]
    wrong = merged["disagreement"]
    assert (wrong["step"], wrong["kind"]) == (where, "action"), wrong
    assert wrong["versions"] == [real, taken] and "type" in wrong["fields"]
    assert len(merged["actions"]) == where


def test_a_seat_the_game_has_not_is_refused(client: FlaskClient) -> None:
    """(A game without seat recordings: tests/drafts/test_clockwork_from_one_seat.py, Toy Race.)"""
    doc = GAMES[0]
    for header in (from_seat(doc["game"], 2), from_seat(doc["game"], True)):
        r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
        assert r.status_code == 400 and "recorded_from" in r.json["error"], r.json
    d, auth = record_seat(client, {**doc, "actions": []}, 0)
    own = {k: v for k, v in doc["actions"][0].items() if k != "cards"}
    assert own == {"type": "search", "p": 0}
    r = client.post(f"/api/drafts/{d}/actions", json={"action": own, "expected": 0}, headers=auth)
    assert r.status_code == 400 and "name them" in r.json["error"], r.json  # the recorder's own search is named
    judge, jauth = open_draft(client, doc["game"])  # a judge's-seat draft: nothing to pair
    r = client.post(f"/api/drafts/{judge}/pair", json={"with": d, "seat": 0}, headers=jauth)
    assert r.status_code == 422 and "judge's seat" in r.json["error"], r.json


def test_pmemo_replay_merge_takes_two_stored_seat_recordings(client: FlaskClient, tmp_path: Any,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Offline: the two seats' stored games (their headers keep ``meta.recorded_from`` and ``meta.unnamed``) merge
    into the judge's log, seat 0's first (swapped: exit 2); the merged header drops ``recorded_from``."""
    from pmemo_replay.cli import main

    doc = GAMES[4]  # seat 0 runs out of Heroes
    paths = stored_seat_logs(client, doc, record_seat, tmp_path)
    out = tmp_path / "judge.json"
    assert main(["merge", *paths, "--out", str(out)]) == 0
    assert "merged from two seats" in capsys.readouterr().err
    merged = json.loads(out.read_text())
    assert_same_game(merged["actions"], doc)
    assert "recorded_from" not in (merged["game"].get("meta") or {})
    assert main(["merge", *paths[::-1], "--out", str(tmp_path / "swapped.json")]) == 2
    assert "are the seats swapped?" in capsys.readouterr().err
