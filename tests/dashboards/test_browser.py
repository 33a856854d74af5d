"""/meta in headless Chromium (Debian's, driven by Playwright, as tests/web does): every view drawn with no script
or console error, the card table sorts and filters, buckets under the minimum are grey, filters apply, names
stay text. Screenshots go to test-artifacts/dashboards/ (gitignored)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LiveServer, checked_page, serve_simulated
from tests.web.data import XSS

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dashboards"
FIGURES = ("gih", "iwd", "decks", "first", "matchups", "trends")
VIEWPORT = {"width": 1360, "height": 900}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("meta")
    config = {"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_WAREHOUSE": str(folder / "wh")}
    yield from serve_simulated(config, 30, 81, "meta-xss")


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, VIEWPORT, timeout_ms=20_000, accept_downloads=True)


def shot(page: Any, name: str, *, full: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def drawn(page: Any) -> None:
    for name in FIGURES:
        page.wait_for_selector(f"#fig-{name} .main-svg")


def api(page: Any, live: LiveServer, path: str) -> Any:
    return page.request.get(live.url + path).json()


def cells(page: Any, column: int) -> list[str]:
    return page.eval_on_selector_all("#card-table tbody tr:not([hidden])", f"rows => rows.map(r => r.cells[{column}].dataset.v)")


def test_meta_dashboards(page: Any, live: LiveServer) -> None:
    body = api(page, live, "/api/stats/cards?envelope=1")
    least = sorted(r["games"] for r in body["rows"])[len(body["rows"]) // 2]  # half the cards fall under it
    page.goto(live.url + f"/meta?min_games={least}")
    drawn(page)
    covers = body["covers"]
    views = page.locator(".meta-view .covers")
    assert views.count() == 7
    assert page.inner_text("#view-cards .covers") == f"{covers['games']} games · {covers['player_games']} player-games"
    assert page.locator("#card-table tbody tr").count() == len(body["rows"])
    grey = page.locator("#card-table tbody tr.under-min")
    assert grey.count() == sum(r["games"] < least for r in body["rows"]) > 0
    assert page.eval_on_selector("#card-table tbody tr.under-min td", "td => getComputedStyle(td).color") == "rgb(163, 168, 179)"
    assert "n=" in page.inner_text("#fig-matchups")
    assert "min_games" not in page.get_attribute("#card-csv", "href")  # the download holds every row of the table
    assert f"({len(body['rows'])} rows, greyed included)" in page.inner_text("#card-csv")
    cell = "#card-table tbody tr:not(.under-min) td.under-min"  # a rate whose own bucket is small, in a row that is not
    assert page.locator(cell).count() > 0
    assert page.eval_on_selector(cell, "td => getComputedStyle(td).color") == "rgb(163, 168, 179)"
    shot(page, "01-meta")


def test_card_table_sorts_and_filters(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/meta")
    drawn(page)
    gih = page.locator("#card-table thead th", has_text="GIH WR")
    gih.click()
    assert gih.get_attribute("aria-sort") == "descending"
    column = cells(page, 8)
    values = [float(v) for v in column if v != ""]
    assert values == sorted(values, reverse=True) and column[: len(values)] == [v for v in column if v != ""]  # nulls last
    gih.click()
    assert gih.get_attribute("aria-sort") == "ascending"
    values = [float(v) for v in cells(page, 8) if v != ""]
    assert values == sorted(values)
    card = page.locator("#card-table thead th", has_text="Card").first
    card.focus()
    page.keyboard.press("Enter")
    ids = cells(page, 0)
    assert ids == sorted(ids, key=str.lower)
    total = len(ids)
    page.fill("#card-filter", "MHK ST")
    shown = cells(page, 0)
    assert shown and all("MHK ST" in c for c in shown) and len(shown) < total
    assert page.inner_text("#card-count") == f"{len(shown)} of {total} cards"
    with page.expect_download() as info:
        page.click("#card-csv")
    text = Path(info.value.path()).read_text("utf-8")
    assert text.startswith("card,name,games,deck_share,gp_wr,gp_ci_low,gp_ci_high")
    shot(page, "02-sorted-filtered", full=False)


def test_filters_apply_and_names_stay_text(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/meta")
    drawn(page)
    events = page.eval_on_selector_all("select[name=event] option", "os => os.map(o => o.textContent)")
    assert f"Cup {XSS}" in events  # the event name as text, not markup
    archetype = page.eval_on_selector_all("select[name=archetype] option", "os => os.map(o => o.value)")[1]
    page.select_option("select[name=archetype]", archetype)
    page.select_option("select[name=first]", "1")
    page.fill("input[name=min_games]", "2")
    page.click(".meta-filters button[type=submit]")
    page.wait_for_url("**/meta?*archetype=*")
    drawn(page)
    want = api(page, live, f"/api/stats/cards?archetype={archetype}&first=1&envelope=1")["covers"]
    assert page.inner_text("#view-cards .covers") == f"{want['games']} games · {want['player_games']} player-games"
    assert page.input_value("input[name=min_games]") == "2"
    shot(page, "03-filtered")
    page.goto(live.url + "/meta?player=" + "Eve" + XSS)
    drawn(page)
    assert page.input_value("input[name=player]") == "Eve" + XSS
