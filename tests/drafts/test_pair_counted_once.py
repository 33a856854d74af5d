"""Two seats, one game, each action taken once (issue 21, point 2): before the merge is stored too, a game two paired
phones recorded counts once. Once both drafts are paired and stored, the seat game stored first stands for the game
in the games list and every statistic (the warehouse included, after ``warehouse update`` and with pre-aggregates);
the other, the pair's second recording, is linked from it and from its draft but neither listed nor counted; the
stored merge then replaces both. Every order of events gives the same answer; pairing with another draft counts the
two recordings as two games again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from dashboards.filters import Filters
from dashboards.hidden import read_hidden
from dashboards.queries import statistics
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import append_actions, open_draft

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
STATS = "/api/stats/first?ruleset=pm-2.22"
CARD_STATS = "/api/stats/cards?ruleset=pm-2.22&envelope=1"

Draft = tuple[int, dict[str, str]]


def seat_drafts(client: FlaskClient) -> list[Draft]:
    """Seat 0's and seat 1's recordings of one simulated game, each a draft of its own, not finished."""
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 110)
    drafts = []
    for seat in (0, 1):
        red = PM.redact(doc["game"], doc["actions"], CARDS, seat)
        draft, auth = open_draft(client, red.header)
        append_actions(client, draft, auth, red.actions)
        drafts.append((draft, auth))
    return drafts


def pair(client: FlaskClient, drafts: list[Draft], seat: int, with_draft: int | None = None) -> dict[str, Any]:
    draft, auth = drafts[seat]
    other = drafts[1 - seat][0] if with_draft is None else with_draft
    r = client.post(f"/api/drafts/{draft}/pair", json={"with": other, "seat": seat}, headers=auth)
    assert r.status_code == 200 and r.json is not None, r.json
    return r.json


def finish(client: FlaskClient, drafts: list[Draft], seat: int) -> int:
    draft, auth = drafts[seat]
    r = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert r.status_code == 201, r.json
    return r.json["game_id"]


def counted(client: FlaskClient) -> tuple[list[int], int, int]:
    """The listed game ids, the games the statistics cover, and the player-games the card statistics cover."""
    listed = [g["id"] for g in client.get("/api/games").json["items"]]
    cards = client.get(CARD_STATS).json
    assert all(row["games"] <= 2 for row in cards["rows"])  # a card is in at most both decks of one game
    return listed, client.get(STATS).json["covers"]["games"], cards["covers"]["player_games"]


ORDERS = {
    "pair then finish both": (("pair", 0), ("pair", 1), ("finish", 0), ("finish", 1)),
    "finish both then pair": (("finish", 0), ("finish", 1), ("pair", 0), ("pair", 1)),
    "one finished before pairing": (("finish", 1), ("pair", 1), ("pair", 0), ("finish", 0)),
}


@pytest.mark.parametrize("order", ORDERS)
def test_a_paired_game_counts_once_in_every_order_of_events(client: FlaskClient, order: str) -> None:
    """Whichever comes first, pairing or finishing, the game counts once as soon as both are true; before that, two
    stored recordings that are not (yet) paired are two games as far as the store knows."""
    drafts = seat_drafts(client)
    games: dict[int, int] = {}
    for n, (step, seat) in enumerate(ORDERS[order]):
        if step == "finish":
            games[seat] = finish(client, drafts, seat)
        else:
            pair(client, drafts, seat)
        listed, n_games, player_games = counted(client)
        k = 1 if n == len(ORDERS[order]) - 1 else len(games)  # until paired and both stored, each stored one counts
        assert (len(listed), n_games, player_games) == (k, k, 2 * k), (step, seat)
    first, second = sorted(games.values())  # the one stored first counts
    assert first == games[1 if order == "one finished before pairing" else 0]
    assert counted(client)[0] == [first]
    links = [client.get(f"/api/games/{g}").json for g in (first, second)]
    assert (links[0]["second_recording"], links[0]["second_recording_of"]) == (second, None)
    assert (links[1]["second_recording"], links[1]["second_recording_of"]) == (None, first)
    seat_of_second = 1 - next(s for s, g in games.items() if g == first)
    assert client.get(f"/api/drafts/{drafts[seat_of_second][0]}").json["game_id"] == second  # its draft's game
    page = client.get(f"/games/{first}").get_data(as_text=True)
    assert f'class="second-recording" href="/games/{second}">game {second}</a>, stored second' in page
    page = client.get(f"/games/{second}").get_data(as_text=True)
    assert "The pair's second recording" in page and f'href="/games/{first}">game {first}</a>' in page
    assert f'href="/games/draft/{drafts[seat_of_second][0]}/merge"' in page  # its merge page
    index = client.get("/").get_data(as_text=True)
    assert f'href="/games/{second}">game {second}</a>, stored second' in index and f'>{second}</a></td>' not in index

    merged = client.post(f"/api/drafts/{drafts[0][0]}/merge/finish", headers=drafts[0][1])
    assert merged.status_code == 201, merged.json
    assert counted(client) == ([merged.json["game_id"]], 1, 2)  # the merge replaces both, as before
    for g in (first, second):
        body = client.get(f"/api/games/{g}").json
        assert body["merged_into"] == merged.json["game_id"]
        assert (body["second_recording"], body["second_recording_of"]) == (None, None)


def test_pairing_with_another_draft_counts_both_again(client: FlaskClient) -> None:
    """A pairing is the players' word that two recordings are one game: when one phone unpairs its draft and asks to
    pair with another draft instead (allowed until the merge is stored; without unpairing first, refused: review
    of issue 21, 8), the two recordings count as two games again, and asking back for the first draft makes them
    one again."""
    drafts = seat_drafts(client)
    first, second = (finish(client, drafts, seat) for seat in (0, 1))
    pair(client, drafts, 0)
    assert pair(client, drafts, 1)["paired"] and counted(client) == ([first], 1, 2)
    doc = next(simulated_logs(CARDS, 31, 1))  # another game's seat 1, just started
    third, _ = open_draft(client, PM.redact(doc["game"], doc["actions"], CARDS, 1).header)
    draft, auth = drafts[0]
    assert client.post(f"/api/drafts/{draft}/pair", json={"with": third, "seat": 0}, headers=auth).status_code == 409
    assert client.delete(f"/api/drafts/{draft}/pair", headers=auth).json == {"unpaired": drafts[1][0]}
    assert not pair(client, drafts, 0, with_draft=third)["paired"]
    assert counted(client) == ([second, first], 2, 4)
    assert client.get(f"/api/games/{second}").json["second_recording_of"] is None
    assert pair(client, drafts, 0)["paired"] and counted(client) == ([first], 1, 2)


def test_the_warehouse_leaves_out_the_second_recording_incrementally(client: FlaskClient, store_url: str,
                                                                      tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``warehouse update`` after a pairing that changes which games count (no new game stored): the warehouse's
    list of games left out follows, and so do its statistics, pre-aggregates included (counted incrementally)."""
    folder = tmp_path / "warehouse"
    drafts = seat_drafts(client)
    first, second = (finish(client, drafts, seat) for seat in (0, 1))
    assert main(["warehouse", "aggregate", "--db", store_url, "--warehouse", str(folder)]) == 0
    f = Filters.parse({"ruleset": "pm-2.22"})
    assert statistics(folder, "first", f)["covers"]["games"] == 2 and read_hidden(folder) == ()
    pair(client, drafts, 0)
    pair(client, drafts, 1)
    assert main(["warehouse", "update", "--db", store_url, "--warehouse", str(folder)]) == 0
    assert read_hidden(folder) == (second,)
    assert statistics(folder, "first", f)["covers"]["games"] == 1
    cards = statistics(folder, "cards", f)
    assert cards["covers"]["player_games"] == 2 and all(row["games"] <= 2 for row in cards["rows"])
    merged = client.post(f"/api/drafts/{drafts[1][0]}/merge/finish", headers=drafts[1][1]).json["game_id"]
    assert main(["warehouse", "update", "--db", store_url, "--warehouse", str(folder)]) == 0
    assert read_hidden(folder) == (first, second) and statistics(folder, "first", f)["covers"]["games"] == 1
    assert main(["warehouse", "verify", "--db", store_url, "--warehouse", str(folder)]) == 0
    capsys.readouterr()
    assert merged not in read_hidden(folder)
