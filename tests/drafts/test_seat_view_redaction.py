"""A seat's view of a draft carries exactly what the stored game's view carries (review r21c, finding 1): no
opponent hand card, no opponent pool (``unseen``) from which deck list less pool less visible cards tells the
hand, in any draft answer a seat can read (GET ``?seat=N``, the SSE stream, branches), for every seat."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.web import drafts as drafts_web
from tests.drafts.conftest import append_actions as _append
from tests.drafts.conftest import open_draft as _draft


def _leaks(state: dict[str, Any], seat: int, header: dict[str, Any]) -> list[str]:
    """What ``state`` (a seat's view) shows of the other players' hidden cards: a hand card, a pool, or a deck list
    less its visible cards that is not the whole deck (the hand read by subtraction)."""
    out = []
    for i, p in enumerate(state["players"]):
        if i == seat:
            continue
        if any(c is not None for c in p["hand"]):
            out.append(f"player {i}'s hand {p['hand']}")
        if p.get("unseen") is not None and "deck" not in header["players"][i]:
            out.append(f"player {i}'s pool {p['unseen']}")
        elif p.get("unseen") is not None:
            deck = Counter(header["players"][i]["deck"])
            visible = (Counter(c["card"] for c in p.get("main", []) + p.get("support", []))
                       + Counter(p.get("discard", [])) + Counter(pt["card"] for pt in p["points"] if pt.get("card")))
            out.append(f"player {i}'s pool: deck less pool less visible = {dict(deck - Counter(p['unseen']) - visible)}")
    return out


def _judge_log() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    pm = get_ruleset("pm-2.22")
    cards = bundled_for("pm-2.22")
    doc = next(d for d in simulated_logs(cards, 10, 7) if len(d["actions"]) > 30)
    red = pm.redact(doc["game"], doc["actions"], cards, "judge")
    return red.header, red.actions


def test_a_seat_view_of_a_draft_is_the_stored_games_seat_view(client: FlaskClient) -> None:
    header, actions = _judge_log()
    draft, auth = _draft(client, header)
    _append(client, draft, auth, actions[:14])
    game_id = None
    for at_end in (False, True):
        if at_end:
            for n, action in enumerate(actions[14:], 14):
                assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                                   headers=auth).status_code == 200
            game_id = client.post(f"/api/drafts/{draft}/finish", headers=auth).json["game_id"]
        for seat in (0, 1):
            got = client.get(f"/api/drafts/{draft}?seat={seat}", headers=auth).json
            assert _leaks(got["state"], seat, header) == [], (seat, at_end)
            assert got["state"]["players"][1 - seat]["unseen"] is None
            if game_id is not None:
                stored = client.get(f"/api/games/{game_id}/state?view={seat}").json["state"]
                assert got["state"] == stored
                seen = client.get(f"/api/games/{game_id}/actions?view={seat}").json["actions"]
                assert got["actions"] == seen


def test_no_public_draft_answer_carries_a_hidden_card(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream and the public GET (what a spectator gets) and a branch from a seat's view hold no pool and no
    hand of either player."""
    monkeypatch.setattr(drafts_web, "STREAM_SECONDS", 0.2)
    header, actions = _judge_log()
    draft, auth = _draft(client, header)
    _append(client, draft, auth, actions[:14])
    public = client.get(f"/api/drafts/{draft}").json["state"]
    stream = client.get(f"/api/drafts/{draft}/events?after=0").get_data(as_text=True)
    states = [json.loads(line[6:])["state"] for line in stream.splitlines() if line.startswith("data: ")]
    for state in [public, *states]:
        assert _leaks(state, -1, header) == []
    game_id = client.post(f"/api/drafts/{draft}/finish", headers=auth).json["game_id"]
    for seat in (0, 1):
        r = client.post("/api/drafts/branch", json={"game_id": game_id, "at": 10, "view": seat})
        assert r.status_code == 201, r.json
        branch_auth = {"Authorization": f"Bearer {r.json['token']}"}
        got = client.get(f"/api/drafts/{r.json['id']}", headers=branch_auth).json
        assert _leaks(got["state"], seat, header) == []


def test_a_seats_own_recording_answers_nothing_of_the_other_seat(client: FlaskClient) -> None:
    """A draft recorded from one seat (the other deck unlisted): every answer carrying a state (append, undo,
    GET, legal offers, check) holds no card of the other seat's hand and no pool of it."""
    pm = get_ruleset("pm-2.22")
    cards = bundled_for("pm-2.22")
    doc = next(d for d in simulated_logs(cards, 10, 7)  # two decks without a common card: a hand id tells its hand
               if not set(d["game"]["players"][0]["deck"]) & set(d["game"]["players"][1]["deck"]))
    for seat in (0, 1):
        red = pm.redact(doc["game"], doc["actions"], cards, seat)
        draft, auth = _draft(client, red.header)
        for n, action in enumerate(red.actions[:40]):
            r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n}, headers=auth)
            assert r.status_code == 200 and _leaks(r.json["state"], seat, red.header) == [], n
        told = json.dumps([red.header, red.actions[:40]])
        secret = {c for c in doc["game"]["players"][1 - seat]["deck"] if c not in told}
        assert secret  # cards of the other deck this seat has not seen (some in that hand)
        for path in ("legal", "check"):
            text = (client.get(f"/api/drafts/{draft}/legal", headers=auth) if path == "legal" else client.post(
                f"/api/drafts/{draft}/check", json={"action": red.actions[40], "expected": 40}, headers=auth)).get_data(as_text=True)
            assert not [c for c in secret if c in text], path
        undone = client.post(f"/api/drafts/{draft}/undo", json={"expected": 40}, headers=auth).json
        assert _leaks(undone["state"], seat, red.header) == []
        for asked in (seat, 1 - seat):
            got = client.get(f"/api/drafts/{draft}?seat={asked}", headers=auth).json["state"]
            assert _leaks(got, asked, red.header) == []


def test_a_complete_game_seat_view_of_a_draft_is_the_stored_games(client: FlaskClient) -> None:
    """Mahou Shoujo (its ruleset makes its own views): the draft's seat view is the stored game's, at the end."""
    cards = bundled_for("mahou-shoujo-1")
    doc = next(iter(simulated_logs(cards, 1, 3, ruleset="mahou-shoujo-1")))
    draft, auth = _draft(client, doc["game"])
    _append(client, draft, auth, doc["actions"])
    game_id = client.post(f"/api/drafts/{draft}/finish", headers=auth).json["game_id"]
    for seat in (0, 1):
        got = client.get(f"/api/drafts/{draft}?seat={seat}", headers=auth).json
        stored = client.get(f"/api/games/{game_id}/state?view={seat}").json["state"]
        assert got["state"]["players"] == stored["players"]
        assert got["actions"] == client.get(f"/api/games/{game_id}/actions?view={seat}").json["actions"]
