"""A judge's pick (``POST /api/drafts/<id>/merge/pick``) answers the merge's first disagreement as it stands, or takes
back a pick made: anything else is 409 naming why and stores nothing (review of issue 21: on two agreeing
recordings ``{"step": 5, "how": "insert", "seat": 1}`` answered 200 and made up a disagreement; ``{"step": 999}``
answered 200 and stayed stored)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from pmemo_replay.drafts.pairing import pick_problem
from tests.drafts.test_pairing import CARDS, PM, finished, recorded, simulated_logs


def _pair(client: FlaskClient, seat0: tuple[Any, list[Any]], seat1: tuple[Any, list[Any]]) -> tuple[int, dict[str, str]]:
    """Both drafts recorded, paired and finished: seat 0's draft and its Authorization header."""
    (d0, a0), (d1, a1) = recorded(client, *seat0), recorded(client, *seat1)
    client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    finished(client, d0, a0)
    finished(client, d1, a1)
    return d0, a0


def _views() -> tuple[Any, Any]:
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 140)
    return PM.redact(doc["game"], doc["actions"], CARDS, 0), PM.redact(doc["game"], doc["actions"], CARDS, 1)


def _refused(client: FlaskClient, draft: int, auth: dict[str, str], pick: dict[str, Any], says: str) -> None:
    before = client.get(f"/api/drafts/{draft}/merge", headers=auth).json
    r = client.post(f"/api/drafts/{draft}/merge/pick", json=pick, headers=auth)
    assert r.status_code == 409 and says in r.json["error"], (pick, r.status_code, r.json)
    after = client.get(f"/api/drafts/{draft}/merge", headers=auth).json
    assert after["picks"] == before["picks"] and after["disagreement"] == before["disagreement"]  # nothing stored


def test_nothing_to_pick_where_two_recordings_agree(client: FlaskClient) -> None:
    seat0, seat1 = _views()
    d0, a0 = _pair(client, (seat0.header, seat0.actions), (seat1.header, seat1.actions))
    assert client.get(f"/api/drafts/{d0}/merge", headers=a0).json["complete"]
    agree = "the two recordings agree to the end: there is no disagreement to pick at game action"
    _refused(client, d0, a0, {"step": 5, "how": "insert", "seat": 1}, agree + " 5")
    _refused(client, d0, a0, {"step": 999, "how": "take", "seat": 0}, agree + " 999")
    _refused(client, d0, a0, {"step": "header", "how": "take", "seat": 0}, "no disagreement to pick at the header")
    _refused(client, d0, a0, {"step": 5, "how": "clear", "seat": 1}, "there is no pick at game action 5 to take back")
    now = client.get(f"/api/drafts/{d0}/merge", headers=a0).json
    assert now["complete"] and now["picks"] == {}
    assert client.post(f"/api/drafts/{d0}/merge/pick", json={"step": -1, "how": "take", "seat": 0},
                       headers=a0).status_code == 400  # malformed stays 400


def test_a_pick_answers_the_first_disagreement_only(client: FlaskClient) -> None:
    seat0, seat1 = _views()
    at = next(i for i, a in enumerate(seat1.actions) if a["type"] == "no_interfere" and a["p"] == 0 and "card" in a)
    named = seat1.actions[at]["card"]
    other = next(c for c in seat1.header["players"][1].get("deck") or seat0.header["players"][0]["deck"]
                 if c != named and not CARDS.get(c).ex)
    wrong = [dict(a) for a in seat1.actions[:at + 1]]
    wrong[at] = {**wrong[at], "card": other}
    d0, a0 = _pair(client, (seat0.header, seat0.actions), (seat1.header, wrong))
    first = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    step = first["step"]
    assert first["kind"] == "action"
    for pick in ({"step": step + 1, "how": "take", "seat": 0}, {"step": step - 1, "how": "insert", "seat": 1},
                 {"step": "header", "how": "take", "seat": 1}):
        _refused(client, d0, a0, pick, f"the first disagreement is at game action {step}, not at ")
    r = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": step, "how": "take", "seat": 0}, headers=a0)
    assert r.status_code == 200 and r.json["picks"] == {str(step): ["take", 0]}
    after = r.json["disagreement"]  # seat 1 stopped after it: the next one is its missing action
    assert after is not None and after["kind"] == "missing" and after["step"] == step + 1
    assert after["versions"][1] is None
    _refused(client, d0, a0, {"step": step, "how": "take", "seat": 1}, f"the first disagreement is at game action {step + 1}")
    _refused(client, d0, a0, {"step": step + 1, "how": "take", "seat": 0},
             f"seat 1 recorded nothing at game action {step + 1}: insert seat 0's action there")
    _refused(client, d0, a0, {"step": step + 1, "how": "insert", "seat": 1},
             f"seat 1 recorded nothing at game action {step + 1}: pick seat 0's version or action")
    r = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": step + 1, "how": "insert", "seat": 0}, headers=a0)
    assert r.status_code == 200 and r.json["picks"] == {str(step): ["take", 0], str(step + 1): ["insert", 0]}
    r = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": step, "how": "clear", "seat": 0}, headers=a0)
    assert r.status_code == 200 and r.json["picks"] == {str(step + 1): ["insert", 0]}
    assert r.json["disagreement"] == first  # taken back: the first disagreement again


def test_pick_problem_reads_the_kind_of_disagreement() -> None:
    card = {"picks": {}, "disagreement": {"step": 4, "kind": "card", "message": "m", "versions": [[{}], [{}]]}}
    assert pick_problem(card, 4, "take", 1) is None
    assert pick_problem(card, 4, "insert", 1) == ("the seats name different cards after game action 4: take one "
                                                  "seat's version (\"how\": \"take\")")
    header = {"picks": {"header": ["take", 0]}, "disagreement": None}
    assert pick_problem(header, "header", "clear", 1) is None
    assert pick_problem({**header, "disagreement": {"step": None, "kind": "header", "message": "m",
                                                    "versions": [{}, {}]}}, 0, "take", 0) == \
        "the first disagreement is at the headers, not at game action 0: a pick answers it (m)"


def test_a_take_settles_two_seats_naming_a_point_differently() -> None:
    """Both seats leave a no_interfere's face-up card out and name it afterwards, differently: the merge stops there
    ("card"); taking either seat's version keeps that seat's naming and goes on (review 21b: a take changed nothing)."""
    from engine.merge import merge

    seat0, seat1 = _views()
    a0, a1 = [dict(a) for a in seat0.actions], [dict(a) for a in seat1.actions]
    i0 = next(n for n, a in enumerate(a0) if a["type"] == "no_interfere" and "card" in a)
    k = seat0.steps.index(i0)
    i1 = seat1.steps[k]
    assert a1[i1]["type"] == "no_interfere" and a1[i1].get("card") == a0[i0]["card"]
    card, p = a0[i0]["card"], a0[i0]["p"]
    deck = seat0.header["players"][p]["deck"]
    other = next(c for c in deck if c != card and not CARDS.get(c).ex)
    for actions, at, named in ((a0, i0, card), (a1, i1, other)):
        actions[at] = {key: v for key, v in actions[at].items() if key != "card"}
        actions.insert(at + 1, {"type": "identify", "p": p, "zone": "point", "cards": [named]})
    logs = [(seat0.header, a0), (seat1.header, a1)]
    stopped = merge(PM, CARDS, logs).disagreement
    assert stopped is not None and stopped.kind == "card" and stopped.step == k
    for seat, named in ((0, card), (1, other)):
        out = merge(PM, CARDS, logs, {k: ("take", seat)})
        assert out.disagreement is None or out.disagreement.step > k, out.disagreement
        said = [a for a in out.actions if a.get("type") == "identify" and a.get("zone") == "point"]
        assert [named] in [a["cards"] for a in said] and ([other] if seat == 0 else [card]) not in [a["cards"] for a in said]


def test_a_take_settles_a_card_named_in_the_action_by_one_seat_and_by_identify_by_the_other(client: FlaskClient) -> None:
    """Seat 0 leaves a no_interfere's face-up card out and names it afterwards; seat 1 names another card in the
    action itself: the merge stops there ("card", both versions; it used to keep seat 1's naming and drop seat 0's
    silently); a judge's take of either seat keeps that seat's naming and goes on."""
    seat0, seat1 = _views()
    a0 = [dict(a) for a in seat0.actions]
    i0 = next(n for n, a in enumerate(a0) if a["type"] == "no_interfere" and a["p"] == 0 and "card" in a)
    k = sum(a["type"] != "identify" for a in a0[:i0])  # its game action number
    card = a0[i0]["card"]
    other = next(c for c in seat0.header["players"][0]["deck"] if c != card and not CARDS.get(c).ex)
    a0[i0] = {"type": "no_interfere", "p": 0}
    identify = {"type": "identify", "p": 0, "zone": "point", "cards": [other]}
    a0.insert(i0 + 1, identify)
    # both recordings end before the next game action (seat 0's own draft would refuse a later payment of the card)
    ends = [[n for n, a in enumerate(actions) if a["type"] != "identify"][k + 1] for actions in (a0, seat1.actions)]
    a0, a1 = a0[:ends[0]], [dict(a) for a in seat1.actions[:ends[1]]]
    d0, auth = _pair(client, (seat0.header, a0), (seat1.header, a1))
    first = client.get(f"/api/drafts/{d0}/merge", headers=auth).json["disagreement"]
    assert first["kind"] == "card" and first["step"] == k, first
    assert first["versions"] == [[a0[i0], identify], [{"type": "no_interfere", "p": 0, "card": card}]]
    r = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": k, "how": "take", "seat": 1}, headers=auth)
    assert r.status_code == 200 and r.json["complete"], r.json["disagreement"]
    assert identify not in r.json["actions"] and {"type": "no_interfere", "p": 0, "card": card} in r.json["actions"]
    client.post(f"/api/drafts/{d0}/merge/pick", json={"step": k, "how": "clear", "seat": 1}, headers=auth)
    r = client.post(f"/api/drafts/{d0}/merge/pick", json={"step": k, "how": "take", "seat": 0}, headers=auth)
    assert r.status_code == 200 and r.json["picks"] == {str(k): ["take", 0]}
    assert r.json["disagreement"] is None or r.json["disagreement"]["step"] > k, r.json["disagreement"]
    assert identify in r.json["actions"] and {"type": "no_interfere", "p": 0, "card": card} not in r.json["actions"]
