"""Review r21e of issue 21: regression tests for its findings, each written to fail before its fix and passing
since: a finished what-if branch is not a played game, two phones started seconds apart merge without a pick, a
look-and-discard effect has seat views whose merge is the judge's, a pasted log's bad header is refused (400)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def _stored(app: Flask, doc: dict[str, Any]) -> int:
    result = app.extensions["pmemo_store"].ingest_log(doc, "test")
    assert result.game_id is not None, result.ruling
    return result.game_id


def _auth(body: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {body['token']}"}


def test_a_finished_what_if_branch_is_not_counted_as_a_played_game(app: Flask, client: FlaskClient) -> None:
    """A branch is a hypothetical continuation: finishing it must not add a game to the games list and statistics
    (here a seat's view of the very same game, finished unchanged, is counted a second time)."""
    doc = next(simulated_logs(CARDS, 1, 8))
    gid = _stored(app, doc)
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
    at = len(doc["actions"])
    r = client.post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "0"})
    assert r.status_code == 201, r.json
    done = client.post(f"/api/drafts/{r.json['id']}/finish", headers=_auth(r.json))
    assert done.status_code in (200, 201), done.json
    listed = [g["id"] for g in client.get("/api/games").json["items"]]
    assert listed == [gid], f"the branch's game {done.json['game_id']} is listed as a game played: {listed}"
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1


def test_two_phones_started_seconds_apart_merge_without_a_header_pick() -> None:
    """Each phone's /record form writes its own clock into ``played_at`` (record/when.js localIso): two phones never
    start in the same second, so the merge of a real pair stops at a "header" disagreement about the start time."""
    from engine.merge import merge

    doc = next(simulated_logs(CARDS, 1, 3))
    seat0, seat1 = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1))
    h0 = {**seat0.header, "played_at": "2026-11-27T19:04:05+01:00"}
    h1 = {**seat1.header, "played_at": "2026-11-27T19:04:09+01:00"}  # the other phone, four seconds later
    out = merge(PM, CARDS, [(h0, seat0.actions), (h1, seat1.actions)])
    assert out.disagreement is None, out.disagreement.message


def _card_set_game(name: str, games: int, index: int) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """Game ``index`` of ``pmemo-replay simulate --games N --seed 3 --cards ../shared/data/precious-data/data/<name>``
    (the same self-play, read at run time), with its card database."""
    from pathlib import Path

    import pytest

    from pmemo_replay.cards import load_cards

    folder = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "precious-data" / "data" / name
    if not folder.is_dir():
        pytest.skip(f"no {folder}")
    from engine.pm.simulate_cards import play_one

    cards = load_cards([folder])
    assert index < games
    doc = play_one(cards, index, 3)  # the run's game ``index``, played alone (each game has a generator of its own)
    return cards, doc["game"], doc["actions"]


def test_a_legal_game_with_a_look_and_discard_effect_has_seat_views() -> None:
    """SAGA 01-105 (look at 5, one to the hand, the rest to the Discard): the log is legal, but its redaction for
    every view is refused ("a card moved from deck to discard is seen by both players; the op must name it"), so
    the stored game has no seat or public view, no seat branch, and no two-seat merge can be checked on it."""
    from engine.fold import Folder

    cards, header, actions = _card_set_game("SAGA", 12, 0)
    fold = Folder(header, cards)
    for action in actions:
        fold.push(action)  # legal throughout
    for view in (0, 1, "public", "judge"):
        PM.redact(header, actions, cards, view)


def test_the_merge_of_the_seat_redactions_is_the_judge_redaction_with_a_look_at_the_deck() -> None:
    """SSSS 01-099 (look at the top card, may put it on the bottom): seat 0 saw the card and its redaction names it;
    the judge redaction leaves it null, so merge(seat 0, seat 1) != redact --view judge (issue 21, point 2)."""
    from engine.merge import merge

    cards, header, actions = _card_set_game("SSSS", 12, 2)
    seat0, seat1, judge = (PM.redact(header, actions, cards, v) for v in (0, 1, "judge"))
    out = merge(PM, cards, [(seat0.header, seat0.actions), (seat1.header, seat1.actions)])
    assert out.disagreement is None
    differ = [(n, a, b) for n, (a, b) in enumerate(zip(out.actions, judge.actions, strict=True)) if a != b]
    assert differ == []


def test_a_branch_of_a_pasted_log_with_a_bad_header_is_refused_not_a_500(client: FlaskClient) -> None:
    """POST /api/drafts/branch {"log"}: the pasted header's deck rules and card ids are not checked before the
    draft's fold starts (create() does check them): IllegalAction escapes as 500."""
    import json

    headers = [{"first": 0, "players": [{"name": "A", "deck": ["MHK ST-001"] * 3}, {"name": "B"}]},  # deck.size
               {"ruleset": "mahou-shoujo-1", "first": 0,
                "players": [{"name": "A", "deck": ["XXX 999"] * 40}, {"name": "B", "deck": ["XXX 999"] * 40}]}]
    for header in headers:
        log = json.dumps({"format": "pmemo-log", "version": 1, "game": header})
        r = client.post("/api/drafts/branch", json={"log": log, "at": 0})
        assert r.status_code in (400, 422), (header["players"][0]["deck"][0], r.status_code, r.json)
