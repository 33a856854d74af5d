"""Second review of issue 22 (r22b), /meta and the pages it links in real Chromium at 1280x800 and 390x844: the Cards
header row fits a phone (finding 2); the filters follow the links to the next page (3); chart labels and the
Matchups section link to card and archetype pages, and the games list names an unnamed deck's archetype (4)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from pmemo_replay.logio import PmemoLog, dump_jsonl, read_log
from tests.asplayed.test_browser_review22 import LOGS, SIZES, assert_fits, live, page  # noqa: F401  (fixtures)
from tests.web.browser import HeldPages, LiveServer
from tests.web.recycling import RecyclingBrowser

LINKS = "a.card-link, a.deck-link, a.archetype-link, a.player-link"
#: every stored game lies between these dates: the filter keeps them all and must survive each link
DATES = "from=2000-01-01&to=2099-12-31"


@pytest.fixture(scope="module")
def meta_pages(live: LiveServer) -> Iterator[HeldPages]:  # noqa: F811
    """/meta with no filter set, loaded once per size for the tests that only read it."""
    pages = HeldPages(lambda held: held.goto(live.url + "/meta?min_games=0"))
    yield pages
    pages.close()


@pytest.fixture(params=list(SIZES))
def meta_page(request: pytest.FixtureRequest, browser: RecyclingBrowser, meta_pages: HeldPages) -> Iterator[Any]:
    """/meta?min_games=0 at 1280x800 and at 390x844."""
    held = meta_pages.page(browser, SIZES[request.param])
    yield next(held)
    next(held, None)


def test_meta_fits_a_phone(meta_page: Any) -> None:
    """The "Download CSV" button (#card-csv) ran past the right edge at 390 and the page scrolled sideways."""
    meta_page.wait_for_selector("#card-table")
    right = meta_page.evaluate("() => document.getElementById('card-csv').getBoundingClientRect().right")
    assert right <= meta_page.viewport_size["width"] + 1
    assert_fits(meta_page, ".meta-filters, .table-tools, .table-tools *, #card-csv, #matchup-links, #iwd-links")


def hrefs(page: Any, selector: str = LINKS) -> list[str]:  # noqa: F811
    return page.evaluate("(s) => [...document.querySelectorAll(s)].map(a => a.getAttribute('href'))", selector)


def test_the_filters_follow_the_links(page: Any, live: LiveServer) -> None:  # noqa: F811
    """With "Regular games only" and dates set on /meta, a card, player, deck or archetype page, every link to the
    next such page keeps them (230 of 230 dropped regular_only before)."""
    meta = f"/meta?min_games=0&regular_only=1&{DATES}"
    page.goto(live.url + meta)
    deck = page.get_attribute("#deck-links a.deck-link", "href")
    for start in (meta, f"/players/Aoi?regular_only=1&{DATES}", deck):
        if start != meta:  # /meta is loaded already
            page.goto(live.url + start)
        found = hrefs(page)
        assert found, start
        for href in found:
            query = parse_qs(urlsplit(href).query)
            assert query.get("regular_only") == ["1"] and query.get("from") == ["2000-01-01"], (start, href)
    page.goto(live.url + meta)
    page.click("#card-table a.card-link")
    page.wait_for_url(re.compile(r"/cards/"))
    assert page.is_checked("#regular-only")
    found = hrefs(page)
    assert found and all("regular_only=1" in h for h in found), found


def test_unset_filters_stay_out_of_the_links(meta_page: Any) -> None:
    assert not [h for h in hrefs(meta_page) if re.search(r"regular_only|from=|to=|event=", h)]


def click_plot(page: Any, figure: str, where: str) -> None:  # noqa: F811
    """Click inside a Plotly figure's plot area (``where``: the element whose centre to click)."""
    page.wait_for_selector(f"#{figure} {where}")
    target = page.locator(f"#{figure} {where}").first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_chart_labels_link_to_their_pages(page: Any, live: LiveServer) -> None:  # noqa: F811
    """The Matchups heatmap and the IWD bars open the archetype's or card's page on a click; beside each chart a
    list links the same pages, reachable from the keyboard (the Matchups section had no link at all)."""
    page.goto(live.url + "/meta?min_games=0&regular_only=1")
    page.wait_for_selector("#fig-matchups .main-svg")
    assert page.locator("#view-matchups a.archetype-link").count() >= 2
    assert page.locator("#iwd-links a.card-link").count() >= 1
    assert_fits(page, "#matchup-links, #iwd-links")
    click_plot(page, "fig-matchups", ".nsewdrag")
    page.wait_for_url(re.compile(r"/meta\?.*archetype="))
    assert "regular_only=1" in page.url
    page.go_back()
    click_plot(page, "fig-iwd", "g.point path")
    page.wait_for_url(re.compile(r"/cards/"))
    page.go_back()
    page.wait_for_selector("#matchup-links a")
    first = page.locator("#matchup-links a").first
    first.focus()
    assert page.evaluate("() => document.activeElement.closest('#matchup-links') !== null")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/meta\?.*archetype="))


def test_the_games_list_names_an_unnamed_decks_archetype(page: Any, live: LiveServer) -> None:  # noqa: F811
    """Where the header names no deck, the games list shows the archetype the player page knows, linked (it said "–")."""
    log = read_log(LOGS / "mhk-points.jsonl")
    players = [{k: v for k, v in p.items() if k != "deck_name"} | {"name": f"Nameless {i}"}
               for i, p in enumerate(log.header["players"])]
    header = {**log.header, "players": players}
    stored = live.app.test_client().post("/api/games", data=dump_jsonl(PmemoLog(header, log.actions)),
                                         content_type="application/json")
    assert stored.status_code in (200, 201), stored.get_data(as_text=True)
    game_id = stored.get_json()["id"]
    page.goto(live.url + "/?player=Nameless%200")
    row = page.locator("tr", has=page.locator(f'a[href="/games/{game_id}"]'))
    named = row.locator("td.decks a.archetype-link")
    assert named.count() == 2 and row.locator("td.decks a.deck-link").count() == 0
    page.goto(live.url + "/players/Nameless%200")
    known = page.locator("#player-decks a.archetype-link").first.inner_text()
    page.go_back()
    assert named.first.inner_text() == known
    assert "archetype=" in (named.first.get_attribute("href") or "")
    # on a phone the table scrolls inside its own box; the page does not, and the archetype's words are not cut
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert named.first.evaluate("a => a.closest('td').scrollWidth <= a.closest('td').clientWidth + 1")
