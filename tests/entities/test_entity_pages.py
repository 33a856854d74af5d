"""``/cards/<id>`` and ``/players/<name>`` (issue 22, deliverable 2), and the links to them from /meta and the games list."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from flask.testing import FlaskClient

from engine.pm.cards import base_id
from tests.web.conftest import make_app

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    app = make_app(tmp_path_factory.mktemp("entities"))
    c = app.test_client()
    for path in (LOGS / "mhk-points.jsonl", LOGS / "original-points.jsonl", LOGS.parent / "as-played" / "short-payments.jsonl"):
        assert c.post("/api/games", data=path.read_text(encoding="utf-8"),
                      content_type="application/x-ndjson").status_code == 201
    yield c
    app.extensions["pmemo_store"].close()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def first_summon(client: FlaskClient, game_id: int) -> tuple[int, dict]:
    actions = client.get(f"/api/games/{game_id}/actions").get_json()["actions"]
    return next((i, a) for i, a in enumerate(actions) if a["type"] == "summon")


def test_card_page_facts_text_reading_metrics_decks_and_games(client: FlaskClient) -> None:
    games = client.get("/api/games").get_json()["items"]
    _, summon = first_summon(client, games[-1]["id"])
    card = summon["card"]
    r = client.get(f"/cards/{quote(card)}")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'id="card-facts"' in html and ('id="effect-reading"' in html or "No effects" in html)
    assert 'id="card-text-missing"' in html and 'id="card-text"' not in html  # the bundled data carry no card text
    totals = re.search(r'id="card-totals" data-games="(\d+)"', html)
    assert totals and int(totals.group(1)) >= 1
    assert re.search(r"\d{4}-W\d\d", html)  # a week row with its interval
    assert "archetype-link" in html
    links = re.findall(r'href="/games/(\d+)\?step=(\d+)&amp;view=judge">game \d+, step \d+</a>\s*by <a class="player-link" '
                       r'href="/players/([^"]+)"', html)
    assert links, "each game links to the step of the card's first play"
    for game_id, step, player in links:
        doc = client.get(f"/api/games/{game_id}").get_json()
        actions = client.get(f"/api/games/{game_id}/actions").get_json()["actions"]
        played = actions[int(step) - 1]
        assert base_id(played["card"]) == base_id(card) and played["type"] not in ("identify", "trigger")
        assert doc["players"][played["p"]] == player  # the step of that player's play


def test_card_page_reads_each_effect(client: FlaskClient) -> None:
    html = client.get("/cards/SLA%2001-004?ruleset=pm-2.22").get_data(as_text=True)
    assert "Card text" in html and "scripted" in text_of(html)


def test_card_and_player_pages_answer_404_for_unknown_ones(client: FlaskClient) -> None:
    assert client.get("/cards/ZZZ%2099-999").status_code == 404
    assert client.get("/players/Nobody%20Here").status_code == 404


def test_player_page_results_decks_matchups_games(client: FlaskClient) -> None:
    r = client.get("/players/Aoi")
    assert r.status_code == 200
    page = text_of(r.get_data(as_text=True))
    assert "pm-2.22 3 0–3–0" in page  # three games, three losses
    html = r.get_data(as_text=True)
    assert 'id="player-decks"' in html and 'id="player-matchups"' in html and 'href="/players/Ren"' in html
    assert len(re.findall(r'href="/games/\d+"', html)) == 3 and "2 irregular" in page


def test_meta_and_games_list_link_cards_players_decks_and_archetypes(client: FlaskClient) -> None:
    meta = client.get("/meta?min_games=0").get_data(as_text=True)
    cards = re.findall(r'class="card-link" href="(/cards/[^"]+)"', meta)
    assert cards and client.get(cards[0].replace("&amp;", "&")).status_code == 200
    archetypes = re.findall(r'class="archetype-link" href="([^"]+)"', meta)
    assert archetypes and client.get(archetypes[0].replace("&amp;", "&")).status_code == 200
    meta_decks = re.findall(r'class="deck-link" href="(/decks/[^"]+)">([^<]+)</a>', meta)  # every named deck
    assert meta_decks and all(unquote(href) == "/decks/" + unescape(name) for href, name in meta_decks)
    assert all(client.get(href).status_code == 200 for href, _ in meta_decks)
    meta_players = set(re.findall(r'class="player-link" href="(/players/[^"]+)"', meta))
    assert meta_players == {"/players/Aoi", "/players/Ren"}
    index = client.get("/").get_data(as_text=True)
    players = set(re.findall(r'class="player player-link[^"]*" href="(/players/[^"]+)"', index))
    assert players == {"/players/Aoi", "/players/Ren"}
    decks = re.findall(r'class="deck-link" href="([^"]+)"', index)
    assert decks and all(d.startswith("/decks/") for d in decks)
    deck = client.get(decks[0])
    assert deck.status_code == 200 and 'id="deck-results"' in deck.get_data(as_text=True)
    assert 'href="/players/' in deck.get_data(as_text=True)
    assert client.get("/decks/No%20Such%20Deck").status_code == 404


def test_card_page_links_each_seat_to_its_own_play(tmp_path: Path) -> None:
    """Both seats of a game may play the card: each row links to the step of that seat's play (Mahou Shoujo), the
    action that plays it as the game reads plays (a ``place_active`` plays its Hero and its Girl: review r22f)."""
    from engine.rulesets import get_ruleset
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs

    app = make_app(tmp_path)
    try:
        c = app.test_client()
        for doc in simulated_logs(CardLibrary(), 3, 5, ruleset="mahou-shoujo-1"):
            assert c.post("/api/games", data=dump_jsonl(load_log(doc)), content_type="application/x-ndjson").status_code == 201
        html = c.get("/cards/KRM%20007?ruleset=mahou-shoujo-1").get_data(as_text=True)
        rows = re.findall(r'href="/games/(\d+)\?step=(\d+)&amp;view=judge">game \d+, step \d+</a>\s*by <a class="player-link" '
                          r'href="/players/([^"]+)"', html)
        assert len({g for g, _, _ in rows}) < len(rows), "a game where both seats played it"
        for game_id, step, player in rows:
            doc = c.get(f"/api/games/{game_id}").get_json()
            played = c.get(f"/api/games/{game_id}/actions").get_json()["actions"][int(step) - 1]
            seats = [p for p, card in get_ruleset("mahou-shoujo-1").card_plays(played) if card == "KRM 007"]
            assert seats and doc["players"][seats[0]] == player
    finally:
        app.extensions["pmemo_store"].close()


def test_meta_mahou_pairs_link_each_card_and_regular_only_round_trips(tmp_path: Path) -> None:
    """Mahou Shoujo's Hero × Magical Girl rows link both cards; the filter form shows "Regular games only" and keeps
    its choice (as-played games left out)."""
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs

    app = make_app(tmp_path)
    try:
        c = app.test_client()
        for doc in simulated_logs(CardLibrary(), 3, 3, ruleset="mahou-shoujo-1"):
            assert c.post("/api/games", data=dump_jsonl(load_log(doc)), content_type="application/x-ndjson").status_code == 201
        html = c.get("/meta?ruleset=mahou-shoujo-1&min_games=0").get_data(as_text=True)
        table = html[html.index('id="pair-table"'):]
        table = table[:table.index("</table>")]
        rows = re.findall(r"<tr[^>]*>\s*<td data-v=\"[^\"]*\">(.*?)</td>", table, re.S)
        assert rows
        for cell in rows:
            links = re.findall(r'<a class="card-link" href="(/cards/[^"]+)"', cell)
            assert len(links) == 2 and " × " in unescape(cell), cell
            assert all(c.get(unescape(href)).status_code == 200 for href in links)
        box = re.search(r'<input type="checkbox" id="regular-only" name="regular_only" value="1"( checked)?>', html)
        assert box is not None and box.group(1) is None
        kept = c.get("/meta?ruleset=mahou-shoujo-1&min_games=0&regular_only=1").get_data(as_text=True)
        assert re.search(r'id="regular-only" name="regular_only" value="1" checked>', kept)
    finally:
        app.extensions["pmemo_store"].close()


def test_clockwork_card_page_shows_ability_text_and_reading(client: FlaskClient) -> None:
    """A Clockwork Memorion card page goes through its ruleset: abilities in words (no raw dict, no stray
    ``continuous``), the abilities' text as the card file gives it, and how each ability is read."""
    html = client.get("/cards/CWX%20010?ruleset=clockwork-memorion-1").get_data(as_text=True)
    facts = html[html.index('id="card-facts"'):html.index("</dl>")]
    assert "{" not in facts and "continuous" not in facts and "ability 0: normal, triggered" in facts
    assert 'id="card-text"' in html and "[summoned]" in html and 'id="card-text-missing"' not in html
    reading = html[html.index('id="effect-reading"'):]
    reading = reading[:reading.index("</ul>")]
    assert "ability 0" in reading and "[summoned]" in reading and "scripted" in text_of(reading)
    assert "No effects" not in html
    ruler = client.get("/cards/CWX%20001?ruleset=clockwork-memorion-1").get_data(as_text=True)
    assert "summon level" in ruler and text_of(ruler).count("deified face") >= 2  # each face's abilities
