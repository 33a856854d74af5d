"""Naming drawn cards in a game whose deck orders nobody saw (review r21c, findings 2 and 3): a retried naming (the
recorder's outbox resends it when the answer is lost) names the cards once; a naming that no longer fits answers
409 with why; the names belong to the action that drew the cards, so undoing a later note keeps them and undoing
the draw drops them."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

MAHOU = "mahou-shoujo-1"


def _start(client: FlaskClient) -> tuple[int, dict[str, str], dict[str, Any]]:
    """A Mahou Shoujo draft holding the first search, and the simulated game it records."""
    doc = next(iter(simulated_logs(bundled_for(MAHOU), 1, 3, ruleset=MAHOU)))
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": doc["game"]}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    assert doc["actions"][0]["type"] == "search" and doc["actions"][1]["type"] == "shuffle"
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": doc["actions"][0], "expected": 0},
                       headers=auth).status_code == 200
    return draft, auth, doc


def _post(client: FlaskClient, draft: int, auth: dict[str, str], path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/drafts/{draft}/{path}", json=body, headers=auth)


def _unnamed(client: FlaskClient, draft: int, auth: dict[str, str], p: int) -> int:
    draws = client.get(f"/api/drafts/{draft}/legal", headers=auth).json["draws"]
    return next(d["unnamed"] for d in draws if d["p"] == p)


def _bare_shuffle(client: FlaskClient, draft: int, auth: dict[str, str], doc: dict[str, Any]) -> tuple[int, list[str]]:
    """The shuffle recorded without its order; its player and the cards really drawn, in drawing order."""
    shuffle = doc["actions"][1]
    p = shuffle["p"]
    r = _post(client, draft, auth, "actions", {"action": {"type": "shuffle", "p": p}, "expected": 1})
    assert r.status_code == 200, r.json
    drawn = _unnamed(client, draft, auth, p)
    return p, list(reversed(shuffle["order"]))[:drawn]


def test_a_retried_naming_names_the_cards_once(client: FlaskClient) -> None:
    draft, auth, doc = _start(client)
    p, drawn = _bare_shuffle(client, draft, auth, doc)
    assert _unnamed(client, draft, auth, p) == len(drawn) >= 3
    body = {"p": p, "cards": drawn[:1], "expected": 2, "request_id": "n-1"}
    first = _post(client, draft, auth, "name", body)
    assert first.status_code == 200, first.json
    assert _unnamed(client, draft, auth, p) == len(drawn) - 1
    events = client.get(f"/api/drafts/{draft}").json["last_event"]
    again = _post(client, draft, auth, "name", body)  # the exact retry the outbox sends
    assert again.status_code == 200 and again.json == first.json
    assert _unnamed(client, draft, auth, p) == len(drawn) - 1  # named once
    assert client.get(f"/api/drafts/{draft}").json["last_event"] == events  # nothing written
    # an older client's retry (no id) is the same naming too
    bare = {k: v for k, v in body.items() if k != "request_id"}
    assert _post(client, draft, auth, "name", bare).json == first.json
    assert _unnamed(client, draft, auth, p) == len(drawn) - 1
    # a second naming of the same card on purpose carries its own id: it names the next drawn card
    second = _post(client, draft, auth, "name", {**body, "cards": drawn[1:2], "request_id": "n-2"})
    assert second.status_code == 200 and _unnamed(client, draft, auth, p) == len(drawn) - 2
    # names that no longer fit: more cards than are left unnamed
    late = _post(client, draft, auth, "name", {"p": p, "cards": drawn * 2, "expected": 2, "request_id": "n-3"})
    assert late.status_code == 409 and "not named yet" in late.json["error"], late.json
    assert _unnamed(client, draft, auth, p) == len(drawn) - 2


def test_undoing_a_later_note_keeps_the_names_and_undoing_the_draw_drops_them(client: FlaskClient) -> None:
    draft, auth, doc = _start(client)
    p, drawn = _bare_shuffle(client, draft, auth, doc)
    assert _post(client, draft, auth, "actions", {"action": {"type": "note", "text": "thinking"},
                                                  "expected": 2}).status_code == 200
    named = _post(client, draft, auth, "name", {"p": p, "cards": drawn, "expected": 3})
    searched = doc["actions"][0]["cards"]
    assert named.status_code == 200 and named.json["state"]["players"][p]["hand"] == searched + drawn
    assert _unnamed(client, draft, auth, p) == 0
    undone = _post(client, draft, auth, "undo", {"expected": 3})
    assert undone.status_code == 200
    assert undone.json["state"]["players"][p]["hand"] == searched + drawn  # the note went,
    # the names stay
    assert _unnamed(client, draft, auth, p) == 0
    assert client.get(f"/api/drafts/{draft}", headers=auth).json["state"]["players"][p]["hand"] == searched + drawn
    # undoing the draw itself drops its names: the shuffle recorded again draws cards nobody named
    assert _post(client, draft, auth, "undo", {"expected": 2}).status_code == 200
    _bare_shuffle(client, draft, auth, doc)
    assert _unnamed(client, draft, auth, p) == len(drawn)
