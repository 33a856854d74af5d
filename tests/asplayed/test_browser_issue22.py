"""Issue 22 in real Chromium, on a desktop (1280x800, and 1920x1080 for the games table) and a phone (390x844): the
findings of the issue's second paragraph, the viewer's hidden passes, outline and address, and a game played as
logged. Screenshots go to test-artifacts/web/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.browser import shot as save_shot
from tests.web.data import ARTIFACTS, illegal, jsonl, simulated

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
AS_PLAYED_LOG = LOGS.parent / "as-played" / "short-payments.jsonl"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("issue22")

    def fill(store: Any) -> None:
        for doc in simulated(12, 22):
            store.ingest_text(jsonl(doc), "sim")
        store.ingest_text((AS_PLAYED_LOG).read_text(encoding="utf-8"), "as-played")

    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
                          "PMEMO_WAREHOUSE": str(folder / "wh")}, fill)


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    gen = checked_page(browser, SIZES[request.param])
    page = next(gen)
    page.size_name = request.param
    yield page
    next(gen, None)


def shot(page: Any, name: str) -> None:
    save_shot(page, f"issue22-{name}-{page.size_name}", folder=ARTIFACTS)


def at_step(page: Any, n: int, view: str | None = None) -> None:
    page.wait_for_selector(f'#board[data-step="{n}"]' + (f'[data-view="{view}"]' if view else ""))


def as_played_id(live: LiveServer) -> int:
    store = live.app.extensions["pmemo_store"]
    return next(g.id for g in store.list_games(per_page=None).items if g.irregular)


# --- findings ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("width", [1280, 1920])
def test_games_table_clear_of_the_upload_panel_with_verified_visible(browser: Any, live: LiveServer, width: int) -> None:
    gen = checked_page(browser, {"width": width, "height": 900})
    page = next(gen)
    page.goto(live.url + "/")
    box = page.evaluate("""() => {
      const r = (e) => e.getBoundingClientRect();
      const table = document.querySelector('.games-table'), panel = document.querySelector('.card-panel');
      const verified = [...table.querySelectorAll('th')].pop(), scroll = document.getElementById('games-scroll');
      return {table: r(table), panel: r(panel), verified: r(verified), scroll: r(scroll), page: document.documentElement.scrollWidth,
              text: verified.textContent.trim()};
    }""")
    t, p, v, s = box["table"], box["panel"], box["verified"], box["scroll"]
    overlap = not (t["right"] <= p["left"] or p["right"] <= t["left"] or t["bottom"] <= p["top"] or p["bottom"] <= t["top"])
    assert not overlap, box
    assert box["text"] == "Verified" and v["right"] <= s["right"] + 1 and v["right"] <= width and box["page"] <= width
    save_shot(page, f"issue22-games-table-{width}", folder=ARTIFACTS)
    next(gen, None)


def test_games_table_on_a_phone_scrolls_in_its_box(browser: Any, live: LiveServer) -> None:
    gen = checked_page(browser, PHONE)
    page = next(gen)
    page.goto(live.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing runs off the page
    page.locator(".games-table th").last.scroll_into_view_if_needed()
    assert page.locator(".games-table th").last.is_visible()
    assert page.evaluate("""() => { const s = document.getElementById('games-scroll').getBoundingClientRect();
      const p = document.querySelector('.card-panel').getBoundingClientRect(); return s.top >= p.bottom; }""")
    save_shot(page, "issue22-games-table-390", folder=ARTIFACTS)
    next(gen, None)


def test_judge_marks_the_refused_action_and_explains_its_path(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/judge")
    page.fill("#judge-text", illegal().decode())
    page.click("#judge-form button[type=submit]")
    at_step(page, 13)
    current = page.locator("#action-list li.current")
    assert current.count() == 1 and "refused" in current.get_attribute("class")
    assert current.get_attribute("data-step") == "13" and current.locator(".act-no").inner_text() == "13"
    refusal = page.inner_text("#refusal")
    assert "Path 13: action 13 of the log (counting from 0)." in refusal
    assert "after action 12" in refusal
    page.click("#verdict details summary")
    assert "action 13 of the log, counting from 0" in page.inner_text("#verdict")
    shot(page, "judge-refused")
    page.keyboard.press("ArrowLeft")
    at_step(page, 12)
    assert page.locator("#action-list li.current .act-no").inner_text() == "11"


def test_weekly_trends_draw_no_overlapping_bands_and_iwd_colours_follow_the_interval(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/meta?ruleset=pm-2.22&min_games=0", timeout=60_000)
    page.wait_for_selector("#fig-trends .main-svg", timeout=60_000)  # plotly.js on a busy machine: give it time
    page.wait_for_selector("#fig-iwd .main-svg", timeout=60_000)
    page.wait_for_selector("#fig-trends .errorbar", timeout=60_000)
    assert page.locator("#fig-trends .js-fill").count() == 0  # no filled band, let alone six on top of one another
    assert page.locator("#fig-trends .errorbar").count() > 0  # each week's interval as a whisker
    figures = json.loads(page.inner_text("#meta-data"))
    xs = [x for trace in figures["trends"]["data"] if trace.get("yaxis") == "y2" and trace.get("error_y")
          for x in trace["x"]]
    assert len(xs) == len(set(xs))  # the archetypes sit side by side within a week
    bars = figures["iwd"]["data"][0]
    colours = bars["marker"]["color"]
    for x, plus, minus, colour in zip(bars["x"], bars["error_x"]["array"], bars["error_x"]["arrayminus"], colours,
                                      strict=True):
        low, high = x - minus, x + plus
        if colour in ("#2c9a55", "#d8433b"):
            assert low > 0 or high < 0, (x, low, high, colour)
        elif colour != "#b8bcc6":
            assert low <= 0 <= high
    shot(page, "meta-figures")


def test_meta_names_the_ruleset_it_shows(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/meta")
    text = page.inner_text("#meta-ruleset")
    assert text.startswith("Statistics of pm-2.22") and "the only game stored" in text
    link = page.locator("#deck-links a.deck-link").first  # every named deck links to its page (and every player)
    name = link.inner_text()
    assert page.locator("#player-links a.player-link").count() >= 2
    link.click()
    page.wait_for_selector("#deck-results")
    assert "/decks/" in page.url and page.inner_text("h1").startswith(name)


# --- the viewer (deliverable 3) and a game played as logged ----------------------------------------------

def _next_step(page: Any, shown: int) -> int:
    """The board's step once it has left ``shown`` (the key press handled; the page's CSP allows no eval)."""
    for _ in range(100):
        n = int(page.get_attribute("#board", "data-step") or "0")
        if n != shown:
            return n
        page.wait_for_timeout(50)
    raise AssertionError(f"the board stayed at step {shown}")


def test_hide_passes_outline_and_the_address(page: Any, live: LiveServer) -> None:
    store = live.app.extensions["pmemo_store"]
    game = next(g for g in store.list_games(per_page=None).items if not g.irregular)
    page.goto(f"{live.url}/games/{game.id}?step=0")
    at_step(page, 0, "judge")
    page.wait_for_selector("#action-list li.act")
    passes = page.locator("#action-list li.quiet").count()
    assert passes > 0 and page.locator("#action-list li.quiet").first.is_visible()
    page.keyboard.press("p")
    assert page.locator("#action-list li.quiet").first.is_hidden() and "passes=hidden" in page.url
    assert page.is_checked("#hide-passes")
    data = page.evaluate("JSON.parse(document.getElementById('viewer-data').textContent)")
    n = int(page.get_attribute("#board", "data-step") or "0")
    for _ in range(12):  # stepping skips the passes
        page.keyboard.press("ArrowRight")
        n = _next_step(page, n)
        kind = page.locator(f'#action-list li.act[data-step="{n}"]').get_attribute("class")
        assert "quiet" not in kind, (n, kind)
    for _ in range(100):  # the address follows the board
        if f"step={n}" in page.url:
            break
        page.wait_for_timeout(50)
    assert f"step={n}" in page.url and "view=judge" in page.url
    page.click("#hide-passes")
    assert "passes=hidden" not in page.url and page.locator("#action-list li.quiet").first.is_visible()
    page.keyboard.press("o")
    assert page.locator("#turn-outline").is_visible() and page.locator("#action-list").is_hidden()
    turns = page.locator("#turn-outline li.outline-turn")
    assert turns.count() == len(data["turns"]) + 1  # setup and each turn
    third = turns.nth(3)
    target = int(third.get_attribute("data-step"))
    third.click()
    at_step(page, target)
    assert f"step={target}" in page.url
    shot(page, "viewer-outline")
    page.keyboard.press("o")
    page.keyboard.press("v")  # the next view is another page, and the address names it
    page.wait_for_url(re.compile(r"view=0"))
    at_step(page, target, "0")
    assert f"step={target}" in page.url


def test_judge_page_v_key_updates_the_address(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/judge")
    page.fill("#judge-text", illegal().decode())
    page.click("#judge-form button[type=submit]")
    at_step(page, 13, "judge")
    page.keyboard.press("v")
    at_step(page, 13, "0")
    assert "view=0" in page.url and "step=13" in page.url
    page.keyboard.press("v")
    at_step(page, 13, "1")
    assert "view=1" in page.url and "view=0" not in page.url


def test_as_played_game_marks_its_irregular_steps(page: Any, live: LiveServer) -> None:
    gid = as_played_id(live)
    page.goto(f"{live.url}/games/{gid}?step=5")
    at_step(page, 5)
    page.wait_for_selector("#action-list li.act.irregular")
    assert page.locator("#action-list li.act.irregular").count() == 2
    assert page.locator("#turn-marks .irregular-mark").count() == 2
    note = page.inner_text("#irregular-note")
    assert "stood as played" in note and "cost.amount" in note
    assert "✗" in page.inner_text("#trail") and "irregular, stood as played" in page.inner_text("#trail")
    shot(page, "as-played-viewer")
    page.goto(f"{live.url}/?player=Aoi")
    assert page.locator(".games-table .act-irregular").count() == 1
