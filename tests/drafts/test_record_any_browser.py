"""/record for the games without unknown cards, in Chromium at 390x844 touch: Mahou Shoujo and Toy Race (3 seats)
chosen on the page, set up, recorded through the offered buttons to the game's end, a reload mid-game, finished;
the stored game is the draft, and the rules accept it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.checking import check_log
from pmemo_replay.logio import PmemoLog
from tests.drafts.conftest import OPEN
from tests.drafts.naming import name_draws
from tests.generic.toygame.install import installed
from tests.web.browser import LiveServer, PageErrors, serve_app

PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
#: offers tapped first when there (so a game ends in a few dozen taps): the rest, the first offered
PREFERRED = ("place_active", "attack", "place_hero", "promote", "transform", "play")
#: Mahou Shoujo: Moth Eclipse against itself ends by gems in 42 taps (the form's default pair takes 83), with every
#: kind of action the longer game has (search, shuffle, redraw, place, attack, transform, promote, out of heroes)
MAHOU_DECKS = ("moth-eclipse", "moth-eclipse")
MAX_TAPS = 400


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("any-record")
    with installed(folder / "site"):
        yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'rec.sqlite3'}", "TESTING": True, **OPEN},
                             lambda store: None)


def tap_offer(page: Any) -> str:
    """Tap the first offer of the first PREFERRED kind there is, else the first offer (one look at the offers)."""
    offers = page.locator("#offers button.offer[data-offer]")
    if not offers.count() and name_draws(page):  # every choice took cards nobody named: named first (21c, 4)
        return tap_offer(page)
    kinds = offers.evaluate_all("buttons => buttons.map((b) => b.dataset.offer)")
    for kind in PREFERRED:
        if kind in kinds:
            offers.nth(kinds.index(kind)).tap()
            return kind
    offers.first.tap()
    if page.locator("#sheet:not([hidden]) .draws-skip").count():  # a shuffle asks what was drawn: left unnamed
        page.locator("#sheet .draws-skip").tap()
    return "first"


@pytest.mark.parametrize(("ruleset", "seats", "decks"), [pytest.param("mahou-shoujo-1", 2, MAHOU_DECKS, id="mahou-shoujo-1-2"),
                                                         pytest.param("toy-race-1", 3, (), id="toy-race-1-3")])
def test_record_a_whole_game_on_a_phone(server: LiveServer, browser: Any, ruleset: str, seats: int,
                                        decks: tuple[str, ...], tmp_path: Path) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    page.select_option("#game-choice", ruleset)
    page.wait_for_url(f"**/record?game={ruleset}")
    page.wait_for_selector("#any-players fieldset")
    if seats > 2:
        page.select_option("select[name=seats]", str(seats))
    for p in range(seats):
        page.fill(f"input[name=any-name-{p}]", f"Seat{p}")
    for p, deck in enumerate(decks):
        page.select_option(f"select[name=any-deck-{p}]", deck)
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    assert page.get_attribute("#live-link", "href") == f"/games/draft/{draft_id}"
    watcher = context.new_page()  # the same browser: it holds the token, so it may show the recorder's view too
    errors.watch(watcher)
    watcher.goto(f"{server.url}/games/draft/{draft_id}")
    watcher.wait_for_selector("#board[data-count='0']")
    # the page in front draws frames: a tab behind another gets about one a second, and each tap waits for two
    page.bring_to_front()
    count = 0
    while count < MAX_TAPS:
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        if page.locator(".rec-done").count():
            break
        if count == 12:
            page.reload()
            page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        tap_offer(page)
        count += 1
        page.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    assert page.locator(".rec-done:has-text('The game is over')").count() == 1, f"not over after {count} taps"
    watcher.bring_to_front()
    watcher.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    assert watcher.locator("#action-list li.act").count() == count
    assert watcher.locator("#action-list li.turn-sep").count() >= 2  # turn separators
    assert watcher.evaluate("window.scrollY") == 0  # the action list scrolls, not the page past the board
    watcher.click("#view-toggle button[data-view='judge']")
    watcher.wait_for_selector("#board[data-view='judge']")
    watcher.click("#view-toggle button[data-view='0']")  # a seat's view: the token proves the right to it
    watcher.wait_for_selector("#board[data-view='0']")
    late = browser.new_page(viewport=PHONE)  # a spectator who joins late sees the whole game so far
    errors.watch(late)
    late.goto(f"{server.url}/games/draft/{draft_id}")
    late.wait_for_selector(f"#board[data-count='{count}']")
    assert late.locator("#action-list li.act").count() == count and late.locator("#view-toggle").count() == 0
    late.close()
    page.bring_to_front()
    assert page.locator("#board").inner_text()  # the game's board module drew the table
    page.tap(".rec-done button:has-text('Finish and store')")
    link = page.wait_for_selector(".rec-done a[href^='/games/']")
    assert page.locator(".rec-bar").is_hidden()  # nothing left to record
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    assert not errors, errors
    store = server.app.extensions["pmemo_store"]
    client = server.app.test_client()
    draft = client.get(f"/api/drafts/{draft_id}").json
    assert draft["game_id"] == game_id and len(store.actions(game_id)) == count
    header = draft["game"]
    assert header["ruleset"] == ruleset and [p["name"] for p in header["players"]] == [f"Seat{p}" for p in range(seats)]
    report = check_log(PmemoLog(header, store.actions(game_id)), store.library)
    assert report.valid and report.result is not None
    context.close()
