"""Review r22f's web findings in real Chromium, on a desktop (1280x800) and a phone (390x844): a turn jump with passes
hidden lands on a step that shows (finding 7), card pages link the plays the game reads (a Clockwork Ruler placed at
setup, a Mahou Magical Girl placed active: finding 8), deck pages for a deck with no finished game and split by
ruleset (9, 10), the header in one row, the /meta archetype links, and the lists that link to the rest (12)."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

import dashboards.entities
import pmemo_replay.web.entities
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.data import jsonl, simulated

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SHARED = "Shared Deck Name"
UNFINISHED = "Still Being Played"


def _log(doc: dict[str, Any]) -> bytes:
    return dump_jsonl(load_log(doc)).encode("utf-8")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Six Precious Memories games (the first one's seat 0 plays ``SHARED``, the second stops after 40 actions with a
    deck ``UNFINISHED``), a Clockwork Memorion game whose seat 0 plays ``SHARED`` too, and a Mahou Shoujo game."""
    folder = tmp_path_factory.mktemp("r22f-browser")
    pm = [copy.deepcopy(d) for d in simulated(6, 22)]
    pm[0]["game"]["players"][0]["deck_name"] = SHARED
    pm[1]["game"]["players"][1]["deck_name"] = UNFINISHED
    pm[1]["actions"] = pm[1]["actions"][:40]
    cwm = load_log(next(iter(simulated_logs(CardLibrary(), 1, 7, ruleset="clockwork-memorion-1")))).document()
    cwm["game"]["players"][0]["deck_name"] = SHARED
    mahou = next(iter(simulated_logs(CardLibrary(), 1, 7, ruleset="mahou-shoujo-1")))

    def fill(store: Any) -> None:
        for doc in pm:
            assert store.ingest_text(jsonl(doc), "sim").game_id is not None
        assert store.ingest_text(_log(cwm), "cwm").game_id is not None
        assert store.ingest_text(_log(mahou), "mahou").game_id is not None

    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
                          "PMEMO_WRITE_RATE": "off", "PMEMO_WAREHOUSE": str(folder / "wh")}, fill)


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, SIZES[request.param])


def _games(live: LiveServer, ruleset: str) -> list[Any]:
    return [g for g in live.app.extensions["pmemo_store"].list_games(per_page=None).items if g.ruleset == ruleset]


def _board_step(page: Any, other_than: int) -> int:
    """The board's step once it has left ``other_than`` (a key press handled)."""
    for _ in range(100):
        n = int(page.get_attribute("#board", "data-step") or "0")
        if n != other_than:
            return n
        page.wait_for_timeout(50)
    raise AssertionError(f"the board stayed at step {other_than}")


def _shown(page: Any, step: int) -> bool:
    """Whether the action list shows the action of ``step`` (the step after it) with passes hidden."""
    item = page.locator(f'#action-list li.act[data-step="{step}"]')
    return item.count() == 0 or item.first.evaluate("n => getComputedStyle(n).display !== 'none'")


# --- finding 7 -----------------------------------------------------------------------------------------------------

def test_turn_jumps_with_passes_hidden_land_on_a_shown_step(page: Any, live: LiveServer) -> None:
    game = next(g for g in _games(live, "pm-2.22") if g.result)
    page.goto(f"{live.url}/games/{game.id}?step=0&passes=hidden")
    page.wait_for_selector("#action-list li.act")
    assert page.is_checked("#hide-passes")
    data = page.evaluate("JSON.parse(document.getElementById('viewer-data').textContent)")
    starts = {turn: start for turn, start in data["turns"]}
    n, turns = 0, []
    for _ in range(4):  # ArrowDown: the next turn, on its first step that shows
        page.keyboard.press("ArrowDown")
        n = _board_step(page, n)
        turn = int(page.inner_text("#now-turn").split()[-1])
        turns.append(turn)
        assert n >= starts[turn] and _shown(page, n), (turn, n, starts[turn])
    assert turns == sorted(set(turns)) and any(n > starts[t] for t in turns)  # some turn starts on a hidden step
    page.keyboard.press("ArrowUp")  # from a turn's first shown step: the previous turn's first shown step
    back = _board_step(page, n)
    assert int(page.inner_text("#now-turn").split()[-1]) == turns[-2] and _shown(page, back)
    page.keyboard.press("o")
    outline = page.locator("#turn-outline li.outline-turn").nth(3)
    turn = int(outline.get_attribute("data-turn"))
    outline.click()
    page.wait_for_function(f"document.getElementById('now-turn').textContent.trim() === 'turn {turn}'")
    landed = int(page.get_attribute("#board", "data-step"))
    assert landed >= starts[turn] and _shown(page, landed) and f"step={landed}" in page.url


# --- finding 8 -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset", "field"), [("clockwork-memorion-1", "ruler"), ("mahou-shoujo-1", "girl")])
def test_a_card_placed_at_setup_links_to_its_step(page: Any, live: LiveServer, ruleset: str, field: str) -> None:
    """A Clockwork Ruler (its ``setup``) and a Mahou Magical Girl (its ``place_active``) are played there: the card
    page links the game to that step."""
    game = _games(live, ruleset)[0]
    actions = live.app.extensions["pmemo_store"].actions(game.id)
    index = next(i for i, a in enumerate(actions) if field in a)
    card = actions[index][field]
    page.goto(f"{live.url}/cards/{quote(card)}?ruleset={ruleset}")
    link = page.locator(f'#card-games a.game-step-link[href^="/games/{game.id}?"]').first
    assert f"step={index + 1}" in link.get_attribute("href")
    link.click()
    page.wait_for_selector(f'#board[data-step="{index + 1}"]')


# --- findings 9 and 10 ---------------------------------------------------------------------------------------------

def test_a_deck_with_no_finished_game_has_its_page(page: Any, live: LiveServer) -> None:
    page.goto(f"{live.url}/")
    page.locator(f'a.deck-link:has-text("{UNFINISHED}")').first.click()
    page.wait_for_selector("#deck-page")
    assert page.inner_text("h1").startswith(UNFINISHED)
    assert "No finished game yet" in page.inner_text("#deck-results")
    assert "no finished game yet" in page.inner_text("#ruleset-1 h2")
    assert "goes on" in page.inner_text("#deck-games")


def test_a_deck_name_of_two_games_is_shown_by_ruleset(page: Any, live: LiveServer) -> None:
    page.goto(f"{live.url}/decks/{quote(SHARED)}")
    sections = page.locator("section.ruleset-section")
    assert sections.count() == 2
    for i in range(2):
        section = sections.nth(i)
        ruleset = section.get_attribute("data-ruleset")
        ids = {int(m) for m in re.findall(r"/games/(\d+)", section.inner_html())}
        assert ids and ids <= {g.id for g in _games(live, ruleset)}, (ruleset, ids)
        players = section.locator(".deck-players li")
        assert players.count() == 1  # each game's seat 0 alone: its own player, not the other game's
    names = {sections.nth(i).locator(".deck-players a").inner_text() for i in range(2)}
    assert len(names) == 2


# --- finding 12 ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["/", "/meta", "/judge", "/record", "game", "card", "player"])
def test_the_header_keeps_its_links_in_its_one_row(page: Any, live: LiveServer, where: str) -> None:
    game = _games(live, "pm-2.22")[0]
    path = {"game": f"/games/{game.id}", "card": "/cards/MHK%20ST-001", "player": "/players/Aoi"}.get(where, where)
    page.goto(live.url + path)
    bar = page.locator("header.topbar").bounding_box()
    assert bar["height"] == 44
    width = page.viewport_size["width"]
    for link in page.locator("header.topbar a").all():
        if not link.is_visible():
            continue
        box = link.bounding_box()
        assert box["y"] >= bar["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"], (link.inner_text(), box)
        assert box["x"] + box["width"] <= width, (link.inner_text(), box)
    assert page.locator("header.topbar a[href='/api/openapi.json']").is_visible()


def test_meta_links_the_archetypes_of_first_player_and_trends(page: Any, live: LiveServer) -> None:
    page.goto(f"{live.url}/meta?ruleset=pm-2.22&min_games=0")
    for box in ("#first-links", "#trend-links"):
        links = page.locator(f"{box} a.archetype-link")
        assert links.count() > 0, box
    target = page.locator("#trend-links a.archetype-link").first
    name = target.inner_text()
    target.click()
    page.wait_for_url(re.compile("archetype="))
    assert name in page.inner_text("body")


def test_player_and_card_pages_link_to_the_rest_of_their_games(page: Any, live: LiveServer,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer games per page than the store holds: the player page links to the games list filtered by the player,
    the card page pages its games."""
    monkeypatch.setattr(pmemo_replay.web.entities, "PLAYER_GAMES", 2)
    monkeypatch.setattr(dashboards.entities, "GAMES_SHOWN", 2)
    page.goto(f"{live.url}/players/Aoi")
    more = page.locator("#ruleset-1 a.more-games")
    total = int(re.search(r"all (\d+) games", more.inner_text()).group(1))
    assert total > 2 and page.locator("#player-games li").count() == 2
    more.click()
    page.wait_for_selector("#games-count")
    assert page.inner_text("#games-count").startswith(f"{total} game")
    page.goto(f"{live.url}/cards/MHK%20ST-001?ruleset=pm-2.22")
    first = page.locator("#card-games li").all_inner_texts()
    assert len(first) == 2
    page.locator("#card-games-pager a[rel=next]").click()
    page.wait_for_url(re.compile("page=2"))
    second = page.locator("#card-games li").all_inner_texts()
    assert second and not set(second) & set(first)
    assert page.locator("#card-games-pager a[rel=prev]").is_visible()
