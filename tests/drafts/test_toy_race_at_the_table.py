"""Toy Race recorded as a table sees it (review r21h, 2): the game implements engine.ruleset.HiddenOrders, so the
recorder taps each shuffle without an order and names the cards as they are drawn; the stored log holds the
cards really drawn, in the order they were drawn, and the positions nobody saw in the placeholder's order."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.fold import Folder
from engine.ruleset import hides_orders
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import ruleset_decks
from tests.drafts.conftest import make_app
from tests.generic.toygame.install import installed

NAME = "toy-race-1"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    with installed(tmp_path / "site"):
        app = make_app(f"sqlite:///{tmp_path / 'toy.sqlite3'}")
        yield app
        app.extensions["pmemo_store"].close()


def played(seed: int, seats: int) -> dict[str, Any]:
    toy = get_ruleset(NAME)
    decks = ruleset_decks(NAME)
    chosen = [list(decks[(seed + k) % len(decks)][1]) for k in range(seats)]
    return toy.self_play(bundled_for(NAME), chosen, seed, names=[f"P{k}" for k in range(seats)])


def drawn_by(doc: dict[str, Any]) -> list[list[str]]:
    """Per action, the cards its player drew (the game as it was played: shuffles draw 2, a play draws 1)."""
    decks: dict[int, list[str]] = {}
    out = []
    for a in doc["actions"]:
        p = a["p"]
        if a["type"] == "shuffle":
            decks[p] = list(a["order"])
            n = 2
        else:
            n = 1 if a["type"] == "play" else 0
        got, decks[p] = decks[p][:n], decks[p][n:]
        out.append(got)
    return out


@pytest.mark.parametrize(("seed", "seats"), [(3, 3), (5, 2)])
def test_a_toy_race_recorded_with_draws_named_as_drawn(app: Flask, seed: int, seats: int) -> None:
    assert hides_orders(get_ruleset(NAME))
    client = app.test_client()
    doc = played(seed, seats)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    assert r.status_code == 201, r.json
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    draws = drawn_by(doc)
    for n, action in enumerate(doc["actions"]):
        offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
        if action["type"] == "shuffle":
            assert offers["actions"] == [{"type": "shuffle", "p": action["p"]}]  # no made-up order offered
            assert offers["hidden_orders"] == ["shuffle"]
            body: dict[str, Any] = {"action": {"type": "shuffle", "p": action["p"]}, "expected": n,
                                    "named": {"p": action["p"], "cards": draws[n]}}
        else:
            assert action in offers["actions"], (n, action, offers["actions"])  # the hand's cards, named
            body = {"action": action, "expected": n}
        r = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        assert r.status_code == 200, (n, r.json)
        if action["type"] == "play" and draws[n]:  # the card drawn after the play, named as it is drawn
            r = client.post(f"/api/drafts/{draft}/name", json={"p": action["p"], "cards": draws[n], "expected": n + 1},
                            headers=auth)
            assert r.status_code == 200, (n, r.json)
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201, done.json
    store = app.extensions["pmemo_store"]
    stored = store.actions(done.json["game_id"])
    assert [a for a in stored if a["type"] != "shuffle"] == [a for a in doc["actions"] if a["type"] != "shuffle"]
    assert drawn_by({"actions": stored}) == draws  # every card drawn is the one the table saw
    for got, real in zip(stored, doc["actions"], strict=True):
        if real["type"] == "shuffle":
            assert sorted(got["order"]) == sorted(real["order"])
    real = Folder(doc["game"], bundled_for(NAME), keep_trails=False)
    for action in doc["actions"]:
        real.push(action)
    final = client.get(f"/api/games/{done.json['game_id']}/state").json
    assert final["state"]["result"] == real.ruleset.result(real.state)  # the same race, the same scores


def test_a_toy_race_card_drawn_unnamed_is_named_when_played(app: Flask) -> None:
    """A draw nobody named: the play names it (the hand's card not named yet, from the pool)."""
    client = app.test_client()
    doc = played(3, 2)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    for n in range(2):  # both shuffles, nothing named
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "shuffle", "p": n}, "expected": n},
                        headers=auth)
        assert r.status_code == 200, r.json
    offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
    first = doc["game"]["first"]
    assert offers["unknown"] == [2, 2] and offers["hand_play"] == first and offers["actions"] == []
    real = next(a for a in doc["actions"] if a["type"] == "play")
    options = client.get(f"/api/drafts/{draft}/legal?p={first}&card={real['card']}", headers=auth).json["options"]
    assert {"action": real, "cost": 0, "legal": True} in options
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": real, "expected": 2}, headers=auth)
    assert r.status_code == 200, r.json
    judge = client.get(f"/api/drafts/{draft}", headers=auth).json
    assert judge["actions"][2] == real and judge["state"]["players"][first]["played"] == [real["card"]]
