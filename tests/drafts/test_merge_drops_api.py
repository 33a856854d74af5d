"""Issue 21, two seats, through the API (review rv21): an action one phone recorded twice (a double tap of the
rival's play, which that phone's draft takes: the rival's hand is not named there) is dropped
(``{"how": "drop"}``; a take of the seat that recorded nothing means the same), the stored recordings kept as they
were; an insert of it is an ``illegal`` stop naming that pick, whose picks that meet the refusal again are 409;
Mahou Shoujo's merge is folded, so it is never "complete" with an action the rules refuse (storing it used to fail
422 "not in player 0's hand"); several picks at one game action are kept in the order made."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import open_draft
from tests.drafts.mahou_seat import RULESET, record_seat, seat_taps
from tests.drafts.test_mahou_from_one_seat import assert_same_game
from tests.drafts.test_merge_stops_api import paired, pick
from tests.drafts.test_pairing import CARDS, PM
from tests.generic.double_tap import double_tapped
from tests.generic.test_merge_taps import repeated, seed_2_game_9


def _get(client: FlaskClient, draft: int, auth: dict[str, str]) -> dict[str, Any]:
    r = client.get(f"/api/drafts/{draft}", headers=auth)
    assert r.status_code == 200
    return r.json  # type: ignore[no-any-return]


def test_a_double_tap_is_dropped_through_the_api(app: Flask, client: FlaskClient) -> None:
    doc = [d for d in simulated_logs(CARDS, 30, 2)][7]  # seat 1 can double-tap its rival's event (106 actions)
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    at, tapped = double_tapped(PM, CARDS, seat1.header, seat1.actions, 0)
    (d0, a0), (d1, a1) = paired(client, (seat0.header, seat0.actions), (seat1.header, tapped))
    first = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    k = first["step"]
    assert first["kind"] == "action" and first["drops"]["1"] == tapped[at], first
    assert "drop it" in first["message"]
    r = pick(client, d0, a0, {"step": k, "how": "insert", "seat": 1})  # "only seat 1 recorded it": refused later
    assert r.status_code == 200 and not r.json["complete"]
    d = r.json["disagreement"]
    assert (d["kind"], d["step"]) == ("illegal", k) and "(zone)" in d["message"] and "not in player 0's hand" in d["message"]
    assert d["caused_by"] == {"step": k, "how": "insert", "seat": 1} and list(d["drops"]) == ["1"]
    for body, says in (
        ({"how": "insert", "seat": 1}, "seat 1's action cannot be inserted at game action"),
        ({"how": "take", "seat": 1}, "seat 1's version cannot be taken at game action"),
        ({"how": "drop", "seat": 0}, f"seat 0 recorded no action at game action {k} to drop"),
    ):
        refused = pick(client, d0, a0, {"step": k, **body})
        assert refused.status_code == 409 and says in refused.json["error"], refused.json
        assert refused.json["picks"] == {str(k): ["insert", 1]}
    r = pick(client, d1, a1, {"step": k, "how": "clear", "seat": 1})  # undone: the first disagreement again
    assert r.status_code == 200 and r.json["picks"] == {} and r.json["disagreement"] == first
    r = pick(client, d1, a1, {"step": k, "how": "drop", "seat": 1})
    assert r.status_code == 200 and r.json["complete"] and r.json["picks"] == {str(k): ["drop", 1]}
    assert r.json["actions"] == judge.actions
    done = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert done.status_code == 201 and app.extensions["pmemo_store"].actions(done.json["game_id"]) == judge.actions
    assert _get(client, d1, a1)["actions"] == tapped and _get(client, d0, a0)["actions"] == seat0.actions
    assert [r["draft"] for r in client.get(f"/api/games/{done.json['game_id']}").json["recordings"]] == [d0, d1]


def _mahou_tapped(client: FlaskClient, doc: dict[str, Any], copies: int) -> tuple[int, tuple[int, dict[str, str]]]:
    """Seat 1's Mahou draft of ``doc`` (up to a few actions after it) with the first of its rival's event plays its
    draft takes ``copies`` more times: that action's index in ``doc`` and the draft."""
    taps = seat_taps(doc, 1)
    for where, action in enumerate(doc["actions"]):
        if action["p"] != 0 or action["type"] != "play_event" or where < 7:
            continue
        draft, auth = open_draft(client, {**doc["game"], "meta": {"recorded_from": 1}})
        sent = [(a, mine, p) for a, mine, p in taps[: where + 1]] + [(action, None, 0)] * copies + taps[where + 1 : where + 4]
        for n, (act, mine, p) in enumerate(sent):
            body: dict[str, Any] = {"action": act, "expected": n, **({"named": {"p": p, "cards": mine}} if mine else {})}
            if client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth).status_code != 200:
                break
        else:
            return where, (draft, auth)
    raise AssertionError("no event play seat 1's draft takes again")


def _paired_mahou(client: FlaskClient, doc: dict[str, Any], copies: int) -> tuple[Any, Any, dict[str, Any]]:
    where, (d1, a1) = _mahou_tapped(client, doc, copies)
    played = {**doc, "actions": doc["actions"][: where + 4]}
    d0, a0 = record_seat(client, played, 0)
    for draft, auth, other, seat in ((d0, a0, d1, 0), (d1, a1, d0, 1)):
        assert client.post(f"/api/drafts/{draft}/pair", json={"with": other, "seat": seat}, headers=auth).status_code == 200
    for draft, auth in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    return (d0, a0), (d1, a1), played


def test_mahou_a_double_tap_taken_wrongly_is_illegal_and_seat_0s_take_drops_it(app: Flask, client: FlaskClient) -> None:
    doc = next(simulated_logs(bundled_for(RULESET), 1, 1, ruleset=RULESET))
    (d0, a0), (d1, a1), played = _paired_mahou(client, doc, 1)
    recorded = _get(client, d1, a1)["actions"]
    d = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    k = d["step"]
    assert d["kind"] == "missing" and d["versions"][0] is None and list(d["drops"]) == ["1"], d
    r = pick(client, d0, a0, {"step": k, "how": "insert", "seat": 1})  # the merge is folded: no longer "complete"
    assert r.status_code == 200 and not r.json["complete"]
    bad = r.json["disagreement"]
    assert (bad["kind"], bad["step"]) == ("illegal", k) and "is not in player 0's hand" in bad["message"]
    assert "(zone)" in bad["message"] and d["versions"][1]["card"] in bad["message"]
    assert bad["caused_by"] == {"step": k, "how": "insert", "seat": 1}
    finish = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert finish.status_code == 422 and finish.json["disagreement"] == bad  # the stop, not the store's refusal
    r = pick(client, d0, a0, {"step": k, "how": "take", "seat": 0})  # "seat 0 is right": nothing happened there
    assert r.status_code == 200 and r.json["complete"] and r.json["picks"] == {str(k): ["drop", 1]}, r.json
    assert_same_game(r.json["actions"], played)
    done = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)
    assert done.status_code == 201
    assert _get(client, d1, a1)["actions"] == recorded  # the recording stays as stored


def test_mahou_a_triple_tap_takes_two_drops_at_one_game_action(app: Flask, client: FlaskClient) -> None:
    doc = next(simulated_logs(bundled_for(RULESET), 1, 1, ruleset=RULESET))
    (d0, a0), _, played = _paired_mahou(client, doc, 2)
    d = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    k = d["step"]
    r = pick(client, d0, a0, {"step": k, "how": "drop", "seat": 1})
    assert r.status_code == 200 and r.json["picks"] == {str(k): ["drop", 1]}
    again = r.json["disagreement"]  # the third copy: at the same game action
    assert again["step"] == k and "1" in again["drops"] and again != d
    r = pick(client, d0, a0, {"step": k, "how": "drop", "seat": 1})
    assert r.status_code == 200 and r.json["complete"] and r.json["picks"] == {str(k): [["drop", 1], ["drop", 1]]}
    assert_same_game(r.json["actions"], played)
    r = pick(client, d0, a0, {"step": k, "how": "clear", "seat": 1})  # the latest pick there taken back
    assert r.status_code == 200 and r.json["picks"] == {str(k): ["drop", 1]} and r.json["disagreement"] == again


def test_a_triple_tap_is_dropped_copy_by_copy_and_a_later_naming_kept(app: Flask, client: FlaskClient) -> None:
    """Review rv21b: seat 0's phone recorded its rival's event play three times (its draft takes each): every stop
    the API answers offers seat 0's drop (not in ``cannot_drop``), and two drops store the judge's log. Seat 1's own
    event recorded twice, then the two cards it drew named: the drop keeps that naming in the stored game."""
    seat0, seat1, judge = seed_2_game_9()
    at, doubled = double_tapped(PM, CARDS, seat0.header, seat0.actions, 1)
    own = seat1.actions
    mine = next(n for n in range(10, len(own) - 1) if own[n]["p"] == 1 and own[n]["type"] == "play_event"
                and own[n + 1]["type"] == "identify"
                and fold(seat1.header, repeated(own, n, 2), CARDS, keep_trails=False).ruling is None)
    for seat, logs in ((0, ((seat0.header, repeated(doubled, at, 2)), (seat1.header, own))),
                       (1, ((seat0.header, seat0.actions), (seat1.header, repeated(own, mine, 2))))):
        (d0, a0), _ = paired(client, *logs)
        answer = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
        drops = 0
        while not answer["complete"]:
            d = answer["disagreement"]
            assert str(seat) in d["drops"] and str(seat) not in d["cannot_drop"], d
            r = pick(client, d0, a0, {"step": d["step"], "how": "drop", "seat": seat})
            assert r.status_code == 200, r.json
            answer, drops = r.json, drops + 1
        assert drops == (2 if seat == 0 else 1) and answer["actions"] == judge.actions
        done = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0)  # the second: the same game, stored before
        assert done.status_code == (201 if seat == 0 else 200)
        assert app.extensions["pmemo_store"].actions(done.json["game_id"]) == judge.actions
