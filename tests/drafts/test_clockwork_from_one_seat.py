"""Issue 21: a Clockwork Memorion game recorded from ONE seat (the rival's mulligan cards and draws left unnamed until
seen, each rival card named only when played), and two such recordings of one game paired into the judge's log.

What must equal: each draft's table (everything public, the recorder's own hand) and the game's result; the merged
log, action by action, but for the deck orders (the places nobody drew stay in the placeholder's arrangement) and
the ops both recorders wrote down; and the merged log folded, the game's final state whole (every hand, Drop,
Storage, field and Life)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.games.unnamed import header_unnamed
from pmemo_replay.simulate import ruleset_decks, simulated_logs
from tests.drafts.clockwork_seat import RULESET, from_seat, record_seat, seat_taps
from tests.drafts.conftest import make_app, open_draft, stored_seat_logs

RS = get_ruleset(RULESET)
CARDS = bundled_for(RULESET)


def _random_game(seed: int) -> dict[str, Any]:
    """A self-play game of two random policies (longer, and mulligans are common)."""
    decks = ruleset_decks(RULESET)
    return RS.self_play(CARDS, [list(decks[seed % len(decks)][1]), list(decks[(seed + 1) % len(decks)][1])], seed,
                        policies=("random", "random"))


#: game 10: a mulligan; 21: a card put from the deck's top into the Storage by an ability with an interrupt; 27: a
#: King's Memorion recalled in a Recall Time, which draws 2 and discards a card chosen from the hand (the rival's,
#: from seat 1); the random game: both players mulligan, and the rival's kept cards are named after it
GAME_NAMES = ("random-0", "simulated-10", "simulated-21", "simulated-27")
#: the games are made when a test first asks (not when the module is imported, which every xdist worker does to
#: collect the suite) and once per process: under xdist the module's tests share one worker
pytestmark = pytest.mark.xdist_group("clockwork-from-one-seat")


@cache
def games() -> dict[str, dict[str, Any]]:
    """The games of :data:`GAME_NAMES`: simulated games 10, 21 and 27 of seed 1, and a random game."""
    simulated = list(simulated_logs(CARDS, 28, 1, ruleset=RULESET))
    return {"simulated-10": simulated[10], "simulated-21": simulated[21], "simulated-27": simulated[27],
            "random-0": _random_game(0)}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path / 'clockwork-seat.sqlite3'}")
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _played(doc: dict[str, Any]) -> dict[str, Any]:
    fold = Folder(doc["game"], CARDS, keep_trails=False)
    for action in doc["actions"]:
        fold.push(action)
    return RS.to_json(fold.state)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    """An action without its deck order and ops, nested actions included."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k not in ("order", "ops")}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _pair(client: FlaskClient, drafts: list[tuple[int, dict[str, str]]]) -> dict[str, Any]:
    (d0, a0), (d1, a1) = drafts
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    return client.get(f"/api/drafts/{d0}/merge", headers=a0).json  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_recorded_from_each_seat_pairs_into_the_judges_log(client: FlaskClient, game: str) -> None:
    doc = games()[game]
    real = _played(doc)
    drafts = [record_seat(client, doc, seat) for seat in (0, 1)]
    for seat, (draft, auth) in enumerate(drafts):
        now = client.get(f"/api/drafts/{draft}", headers=auth).json["state"]
        for p, (mine, theirs) in enumerate(zip(now["players"], real["players"], strict=True)):
            assert {k: v for k, v in mine.items() if k not in ("hand", "not_named")} == \
                   {k: v for k, v in theirs.items() if k != "hand"}, (seat, p)
            if p == seat:
                assert sorted(mine["hand"]) == sorted(theirs["hand"]) and "not_named" not in mine
            else:  # the rival's hand: every card not named (a card is named when it leaves the hand)
                assert mine["hand"] == [None] * len(theirs["hand"]) == [None] * mine.get("not_named", 0)
        assert now["result"] == real["result"]
        r = client.post(f"/api/drafts/{draft}/finish", headers=auth)
        assert r.status_code == 201, r.json
        assert set(header_unnamed(client.get(f"/api/games/{r.json['game_id']}").json["header"])) <= {1 - seat}
        shown = client.get(f"/api/games/{r.json['game_id']}/state").json
        assert shown["state"]["players"][1 - seat]["hand"] == now["players"][1 - seat]["hand"]  # hidden as drafted
    merged = _pair(client, drafts)
    assert merged["complete"], json.dumps(merged["disagreement"])[:500]
    assert _plain(merged["actions"]) == _plain(doc["actions"])
    mulligans = [(a, m) for a, m in zip(doc["actions"], merged["actions"], strict=True) if a["type"] == "mulligan"]
    assert all(m["cards"] == a["cards"] for a, m in mulligans)  # each from its own player's recording
    assert _played({"game": merged["game"], "actions": merged["actions"]}) == real
    assert "recorded_from" not in (merged["game"].get("meta") or {})
    done = client.post(f"/api/drafts/{drafts[0][0]}/merge/finish", headers=drafts[0][1])
    assert done.status_code == 201, done.json


def test_the_rivals_mulligan_is_offered_and_taken_with_its_cards_unseen(client: FlaskClient) -> None:
    """Seat 0 records the rival's mulligan as it saw it: how many cards went back, not which (null each); the draft
    fills them with the rival's latest cards nobody named, which stay unnamed. The recorder's own mulligan is named."""
    doc = games()["random-0"]
    at = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "mulligan" and a["p"] == 1)
    draft, auth = open_draft(client, from_seat(doc["game"], 0))
    taps = list(seat_taps(doc, 0))
    for n, (sent, hand) in enumerate(taps[:at]):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": sent, "expected": n}, headers=auth)
        assert r.status_code == 200, r.json
        unnamed = r.json["state"]["players"][0].get("not_named", 0)
        if unnamed:
            named = {"p": 0, "cards": hand[len(hand) - unnamed:], "expected": n + 1}
            assert client.post(f"/api/drafts/{draft}/name", json=named, headers=auth).status_code == 200
    hand = client.get(f"/api/drafts/{draft}", headers=auth).json["state"]["players"][1]["hand"]
    offered = client.get(f"/api/drafts/{draft}/legal", headers=auth).json["actions"]
    unseen = [a for a in offered if a["type"] == "mulligan" and a["p"] == 1]
    assert unseen == [{"type": "mulligan", "p": 1, "cards": [None] * n} for n in range(1, len(hand) + 1)]
    sent = taps[at][0]
    assert sent == {"type": "mulligan", "p": 1, "cards": [None] * len(doc["actions"][at]["cards"])}
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": sent, "expected": at}, headers=auth)
    assert r.status_code == 200, r.json
    stored = client.get(f"/api/drafts/{draft}", headers=auth).json["actions"][at]
    assert len(stored["cards"]) == len(sent["cards"]) and all(isinstance(c, str) for c in stored["cards"])
    rival = r.json["state"]["players"][1]
    assert rival["hand"] == [None] * len(hand) and rival["mulligan"] == len(sent["cards"])
    again = client.post(f"/api/drafts/{draft}/actions", json={"action": sent, "expected": at}, headers=auth)
    assert again.status_code == 200 and again.json["applied"] == at + 1  # a retry: taken once
    own, own_auth = open_draft(client, from_seat(doc["game"], 1))  # the same mulligan from its own seat: named
    for n, (sent1, _) in enumerate(list(seat_taps(doc, 1))[:at]):
        assert client.post(f"/api/drafts/{own}/actions", json={"action": sent1, "expected": n},
                           headers=own_auth).status_code == 200
    r = client.post(f"/api/drafts/{own}/actions", json={"action": sent, "expected": at}, headers=own_auth)
    assert r.status_code == 400 and "name them" in r.json["error"], r.json


def _recorded_apart(client: FlaskClient, doc: dict[str, Any], where: int,
                    other: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0 records ``doc`` up to action ``where`` as played; seat 1 the same up to ``where - 1``, then the first
    of ``other`` its draft takes at ``where``. Both finished and paired: the merge and seat 1's action."""
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
    return _pair(client, [(d0, a0), (d1, a1)]), taken


def test_a_card_recorded_differently_stops_the_merge_there(client: FlaskClient) -> None:
    """Seat 1 saw its rival summon another Successor than seat 0 (the rival itself) recorded; seat 1's draft takes
    it (the rival's hand is not named), and the merge stops at that action, naming the field and both versions."""
    doc = games()["simulated-10"]
    where = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "summon" and a["p"] == 0)
    real = doc["actions"][where]
    deck = doc["game"]["players"][0]["deck"]
    others = sorted({c for c in deck if CARDS.by_id[c].type == "successor"} - {real["card"]})
    merged, taken = _recorded_apart(client, doc, where, [{**real, "card": c} for c in others])
    assert not merged["complete"]
    wrong = merged["disagreement"]
    assert (wrong["step"], wrong["kind"], wrong["fields"]) == (where, "action", ["card"]), wrong
    assert wrong["versions"] == [real, taken]
    assert len(merged["actions"]) == where  # everything before it merged


def test_an_action_one_seat_missed_stops_the_merge_there(client: FlaskClient) -> None:
    doc = games()["simulated-21"]
    where = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "attack")
    d0, a0 = record_seat(client, {**doc, "actions": doc["actions"][:where]}, 0)
    d1, a1 = record_seat(client, {**doc, "actions": doc["actions"][:where + 1]}, 1)
    for draft, auth in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    merged = _pair(client, [(d0, a0), (d1, a1)])
    assert not merged["complete"] and merged["disagreement"]["kind"] == "missing"
    assert merged["disagreement"]["step"] == where and merged["disagreement"]["versions"][0] is None


def test_pmemo_replay_merge_takes_two_stored_clockwork_seat_recordings(client: FlaskClient, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Offline: the two seats' stored games (``meta.recorded_from``, ``meta.unnamed``) merge into the judge's log."""
    from pmemo_replay.cli import main

    doc = games()["simulated-27"]
    paths = stored_seat_logs(client, doc, record_seat, tmp_path)
    out = tmp_path / "judge.json"
    assert main(["merge", *paths, "--out", str(out)]) == 0
    assert "merged from two seats" in capsys.readouterr().err
    merged = json.loads(out.read_text())
    assert _plain(merged["actions"]) == _plain(doc["actions"])
    assert _played({"game": merged["game"], "actions": merged["actions"]}) == _played(doc)


def test_a_game_without_seat_recordings_is_still_refused(tmp_path: Path) -> None:
    """Toy Race has hidden orders but no ``seat_recordings``: a header recorded from one seat is refused (400)."""
    from tests.drafts.test_any_game import simulated
    from tests.generic.toygame.install import installed

    with installed(tmp_path / "site"):
        app = make_app(f"sqlite:///{tmp_path / 'toy.sqlite3'}")
        try:
            header = from_seat(simulated("toy-race-1", 1)["game"], 0)
            r = app.test_client().post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1,
                                                                        "game": header}))
            assert r.status_code == 400 and "recorded_from" in r.json["error"], r.json
        finally:
            app.extensions["pmemo_store"].close()
