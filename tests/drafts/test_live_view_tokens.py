"""The live page of a draft (/games/draft/<id>) lets a viewer type a token in: the paired draft's (the other seat's
phone: its own seat's view while the game goes on, every view once both recordings are finished) or a judge's (the
server's moderator token: every view). The server decides what leaves it (review of issue 21)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.store.tokens import add_token
from tests.drafts.test_merge_access import bearer
from tests.drafts.test_pairing import CARDS, PM, finished, recorded
from tests.drafts.test_pairing import simulated_logs as games


def _hand_cards(state: dict[str, Any], p: int) -> list[Any]:
    """The card ids a state shows in player ``p``'s hand (whatever hides them: null, or a count)."""
    hand = state["players"][p].get("hand")
    return [c for c in hand if isinstance(c, str)] if isinstance(hand, list) else []


def _paired_mid_game(client: FlaskClient, seed: int) -> tuple[list[int], list[dict[str, str]], list[Any]]:
    """Two seats' drafts of a simulated game, paired, each with its first 40 actions recorded (not finished)."""
    doc = next(d for d in games(CARDS, 30, seed) if len(d["actions"]) < 160)
    views = [PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1)]
    d0, a0 = recorded(client, views[0].header, views[0].actions[:40])
    d1, a1 = recorded(client, views[1].header, views[1].actions[:40])
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    return [d0, d1], [a0, a1], views


def test_a_typed_token_shows_what_the_server_allows(app: Flask, client: FlaskClient) -> None:
    (d0, d1), (a0, a1), _ = _paired_mid_game(client, 2)
    engine = app.extensions["pmemo_store"].engine
    _, moderator = add_token(engine, "judge", moderator=True)
    _, uploader = add_token(engine, "uploader")
    own = client.get(f"/api/drafts/{d0}", headers=a0).json
    assert own["views"] == ["public", "0", "1", "judge"]
    assert _hand_cards(own["state"], 0), "seat 0's recording names its own hand"

    # the other seat's phone: seat 1's view of seat 0's recording, the same as seat 0's token gets for it
    other = client.get(f"/api/drafts/{d0}", headers=a1)
    assert other.status_code == 200 and other.json["views"] == ["public", "1"]
    assert other.json["state"] == client.get(f"/api/drafts/{d0}").json["state"]  # without a seat: the public view
    seat1 = client.get(f"/api/drafts/{d0}?seat=1", headers=a1)
    assert seat1.status_code == 200
    assert seat1.json["state"] == client.get(f"/api/drafts/{d0}?seat=1", headers=a0).json["state"]
    assert _hand_cards(seat1.json["state"], 0) == [], "seat 0's hand never reaches seat 1's phone mid-game"
    assert seat1.json["game"] == client.get(f"/api/drafts/{d0}?seat=1", headers=a0).json["game"]
    assert seat1.json["actions"] == client.get(f"/api/drafts/{d0}?seat=1", headers=a0).json["actions"]
    assert own["actions"] != seat1.json["actions"], "seat 0's own knowledge is redacted from seat 1's view"
    r = client.get(f"/api/drafts/{d0}?seat=0", headers=a1)  # seat 0's view (its hand): not for seat 1's phone
    assert r.status_code == 403 and "seat" in r.json["error"]
    assert client.get(f"/api/drafts/{d0}/legal", headers=a1).status_code == 403  # nor writing, nor the offers

    # a judge: every view, as the draft's own token
    judge = client.get(f"/api/drafts/{d0}", headers=bearer(moderator))
    assert judge.status_code == 200 and judge.json["views"] == own["views"] and judge.json["state"] == own["state"]
    assert client.get(f"/api/drafts/{d0}?seat=0", headers=bearer(moderator)).json["state"] == \
        client.get(f"/api/drafts/{d0}?seat=0", headers=a0).json["state"]

    # anyone else: refused (an API token that is not a moderator's, an unknown one)
    for nobody in (bearer(uploader), bearer("not a token")):
        assert client.get(f"/api/drafts/{d0}", headers=nobody).status_code == 403
        assert client.get(f"/api/drafts/{d0}?seat=1", headers=nobody).status_code == 403

    # once both recordings are finished (the game is over), the other seat's phone sees every view
    finished(client, d0, a0)
    finished(client, d1, a1)
    after = client.get(f"/api/drafts/{d0}", headers=a1)
    assert after.status_code == 200 and after.json["views"] == ["public", "0", "1", "judge"]
    assert after.json["state"] == client.get(f"/api/drafts/{d0}", headers=a0).json["state"]


def test_an_unpaired_drafts_token_is_no_key_to_another(client: FlaskClient) -> None:
    (d0, _), _, _ = _paired_mid_game(client, 2)
    (_, _), (elsewhere, _), _ = _paired_mid_game(client, 3)
    assert client.get(f"/api/drafts/{d0}", headers=elsewhere).status_code == 403
    assert client.get(f"/api/drafts/{d0}?seat=1", headers=elsewhere).status_code == 403
