"""Drafts of every registered ruleset through the same API: Mahou Shoujo and Toy Race recorded from the offers of
the ruleset interface (``offers``), shown to the public through ``seat_state``, finished as the same game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import ruleset_decks
from tests.drafts.conftest import make_app
from tests.generic.toygame.install import installed


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    with installed(tmp_path / "site"):
        app = make_app(f"sqlite:///{tmp_path / 'any.sqlite3'}")
        yield app
        app.extensions["pmemo_store"].close()


def simulated(name: str, seed: int, seats: int = 2) -> dict[str, Any]:
    ruleset = get_ruleset(name)
    decks = ruleset_decks(name)
    chosen = [list(decks[(seed + k) % len(decks)][1]) for k in range(seats)]
    return ruleset.self_play(bundled_for(name), chosen, seed, names=[f"P{k}" for k in range(seats)])


@pytest.mark.parametrize(("name", "seats"), [("mahou-shoujo-1", 2), ("toy-race-1", 3)])
def test_a_whole_game_recorded_from_the_offers(app: Flask, name: str, seats: int) -> None:
    client = app.test_client()
    doc = simulated(name, 3, seats)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    assert r.status_code == 201, r.json
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    ruleset = get_ruleset(name)
    for n, action in enumerate(doc["actions"]):
        offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
        assert offers["count"] == n and offers["hand_play"] is None
        listed = action in offers["actions"] or action["type"] in ("shuffle", "redraw", "search")
        assert listed, (n, action)  # the self-play picks among the offers (setup orders: any permutation)
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth)
        assert r.status_code == 200, (n, r.json)
    public = client.get(f"/api/drafts/{draft}").json
    judge = client.get(f"/api/drafts/{draft}", headers=auth).json
    assert judge["actions"] == doc["actions"]
    for seat in range(seats):  # the public sees no hand and no deck order
        assert public["state"] == ruleset.seat_state(judge["state"], "public")
        assert all(c is None for c in public["state"]["players"][seat]["hand"])
    assert all(c is None for a in public["actions"] if a["type"] == "shuffle" for c in a["order"])
    bad = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "fly", "p": 0}, "expected": len(doc["actions"])},
                      headers=auth)
    assert bad.status_code == 400 and bad.json["ruling"]["rule"] == "log.schema"
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201
    store = app.extensions["pmemo_store"]
    assert store.actions(done.json["game_id"]) == doc["actions"]


def test_a_mahou_header_is_taken_and_an_unknown_ruleset_is_not(app: Flask) -> None:
    client = app.test_client()
    doc = simulated("mahou-shoujo-1", 1)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    assert r.status_code == 201, r.json  # no longer "unknown card 'KRM 002'"
    bad = {**doc["game"], "ruleset": "chess-1"}
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": bad}))
    assert r.status_code == 400 and "chess-1" in json.dumps(r.json)


@pytest.mark.parametrize("name", ["pm-2.22", "mahou-shoujo-1", "toy-race-1"])
def test_record_page_offers_every_game(app: Flask, name: str) -> None:
    page = app.test_client().get(f"/record?game={name}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert all(f'value="{g}"' in text for g in ("pm-2.22", "mahou-shoujo-1", "toy-race-1"))
    assert app.test_client().get("/record?game=nope-1").status_code == 404


def test_games_being_recorded_are_listed_on_the_home_page(app: Flask) -> None:
    client = app.test_client()
    doc = simulated("mahou-shoujo-1", 2)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    assert f"/games/draft/{draft}" not in client.get("/").get_data(as_text=True)  # nothing recorded yet
    client.post(f"/api/drafts/{draft}/actions", json={"action": doc["actions"][0], "expected": 0}, headers=auth)
    home = client.get("/").get_data(as_text=True)
    assert f"/games/draft/{draft}" in home and "P0 vs P1" in home
    client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert f"/games/draft/{draft}" not in client.get("/").get_data(as_text=True)  # finished: in the games list


def test_a_seats_view_of_a_draft_needs_its_token(app: Flask) -> None:
    client = app.test_client()
    doc = simulated("mahou-shoujo-1", 4)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    for n, action in enumerate(doc["actions"][:12]):
        client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth)
    assert client.get(f"/api/drafts/{draft}?seat=0").status_code == 403
    assert client.get(f"/api/drafts/{draft}?seat=5", headers=auth).status_code == 400
    judge = client.get(f"/api/drafts/{draft}", headers=auth).json["state"]
    seat0 = client.get(f"/api/drafts/{draft}?seat=0", headers=auth).json
    assert seat0["state"]["players"][0]["hand"] == judge["players"][0]["hand"]
    assert all(c is None for c in seat0["state"]["players"][1]["hand"])
    secret = set(judge["players"][1]["hand"]) - set(json.dumps(seat0["state"]).split('"'))
    assert not [c for c in secret if c in json.dumps(seat0["trail"])]  # the trail as the seat saw it


def test_a_game_over_but_not_finished_is_not_listed_as_live(app: Flask) -> None:
    """The home page's "Being recorded now": a draft whose game has ended, not finished, shows as "over, not
    finished" after the games going on, not as live (review r21h, 5a)."""
    client = app.test_client()
    doc = simulated("toy-race-1", 4, 2)
    drafts = []
    for actions in (doc["actions"], doc["actions"][:3]):  # one over, one going on (recorded after: the latest)
        r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
        draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
        for n, action in enumerate(actions):
            assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200
        drafts.append(draft)
    over, going = drafts
    page = client.get("/").get_data(as_text=True)
    section = page[page.index('id="live-drafts"'):page.index("</section>", page.index('id="live-drafts"'))]
    items = section.split("<li>")[1:]
    assert len(items) == 2 and f"/games/draft/{going}" in items[0] and f"/games/draft/{over}" in items[1]
    assert "badge live" in items[0] and "over, not finished" not in items[0]
    assert "over, not finished" in items[1] and "badge live" not in items[1]
