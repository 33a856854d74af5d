"""Two phones, one game (review 21, finding 2): the merged game is stored once; each seat's own finished recording
is superseded by it (out of the games list and the statistics), and the merged game links back to both recordings
(API and game page)."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.moderation import game_events, set_hidden
from tests.drafts.conftest import append_actions as _append
from tests.drafts.conftest import make_app
from tests.drafts.conftest import open_draft as _draft
from tests.drafts.test_any_game import simulated
from tests.generic.toygame.install import installed


def test_two_phones_one_game_is_stored_once(client: FlaskClient) -> None:
    """Pairing needs both drafts finished (each finish stores the seat's table log as a game), then the merge is
    stored too: the one game played is listed, and counted by the statistics, once; the seat games are superseded
    (``merged_into``), not hidden, so a moderator showing them again does not count them twice."""
    pm = get_ruleset("pm-2.22")
    cards = bundled_for("pm-2.22")
    doc = next(d for d in simulated_logs(cards, 30, 2) if len(d["actions"]) < 110)
    seats = [pm.redact(doc["game"], doc["actions"], cards, v) for v in (0, 1)]
    drafts = []
    for red in seats:
        draft, auth = _draft(client, red.header)
        _append(client, draft, auth, red.actions)
        drafts.append((draft, auth))
    (d0, a0), (d1, a1) = drafts
    assert client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0).status_code == 200
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1).json["paired"]
    for draft, auth in drafts:
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    # paired, both stored: the game counts once already, as the seat game stored first (issue 21, point 2)
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
    assert len(client.get("/api/games").json["items"]) == 1
    assert client.post(f"/api/drafts/{d0}/merge/finish", headers=a0).status_code == 201
    listed = client.get("/api/games").json["items"]
    assert len(listed) == 1, [(g["id"], g["actions"]) for g in listed]
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
    merged = client.post(f"/api/drafts/{d0}/merge/finish", headers=a0).json["game_id"]
    game = client.get(f"/api/games/{merged}").json
    assert [(r["seat"], r["draft"]) for r in game["recordings"]] == [(0, d0), (1, d1)]
    seat_games = [r["game_id"] for r in game["recordings"]]
    assert all(g is not None and g != merged for g in seat_games) and game["merged_into"] is None
    assert [client.get(f"/api/games/{g}").json["merged_into"] for g in seat_games] == [merged, merged]
    engine = client.application.extensions["pmemo_store"].engine
    assert all(game_events(engine, g) == [] for g in seat_games)  # no moderation event: nothing to undo
    for g in seat_games:  # a moderator hides a seat game, then shows it again: still superseded
        set_hidden(engine, g, True, reason="test", actor="mod")
        set_hidden(engine, g, False, reason="test", actor="mod")
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [merged]
    assert client.get("/api/stats/first?ruleset=pm-2.22").json["covers"]["games"] == 1
    player = game["players"][0]
    assert [g["id"] for g in client.get(f"/api/games?player={player}").json["items"]] == [merged]
    page = client.get(f"/games/{merged}").get_data(as_text=True)
    assert f'href="/games/draft/{d0}"' in page and f'href="/games/draft/{d1}"' in page
    assert f'href="/games/{merged}"' in client.get(f"/games/{seat_games[0]}").get_data(as_text=True)


def test_complete_log_games_are_paired_only_as_seat_recordings(client: FlaskClient, tmp_path: Path) -> None:
    """A game whose logs are complete pairs only recordings made from one seat each: two judge's-seat drafts of
    Clockwork Memorion (which has seat recordings, tests/drafts/test_clockwork_from_one_seat.py) are refused with that
    reason, and Toy Race, which has none (no ``seat_recordings``), with its own."""
    doc = next(simulated_logs(bundled_for("clockwork-memorion-1"), 1, 1, ruleset="clockwork-memorion-1"))
    (d0, a0), (d1, _) = (_draft(client, doc["game"]) for _ in range(2))
    r = client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    assert r.status_code == 422 and "from the judge's seat" in r.json["error"], r.json
    with installed(tmp_path / "site"):
        app = make_app(f"sqlite:///{tmp_path / 'toy.sqlite3'}")
        try:
            toy = app.test_client()
            (t0, b0), (t1, _) = (_draft(toy, simulated("toy-race-1", 1)["game"]) for _ in range(2))
            r = toy.post(f"/api/drafts/{t0}/pair", json={"with": t1, "seat": 0}, headers=b0)
            assert r.status_code == 422 and "logs are complete" in r.json["error"], r.json
        finally:
            app.extensions["pmemo_store"].close()
