"""/meta for Mahou Shoujo in headless Chromium: every view and the opening-pair figure drawn without script or
console errors, the game rows and pair table as the API answers them, the ruleset selector switching games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards.figures import MAX_PAIRS
from engine.mahou.selfplay import self_play_logs
from tests.dashboards.test_browser import ARTIFACTS, VIEWPORT
from tests.mahou.kit import bundled
from tests.web.browser import LiveServer, checked_page, serve_app

MAHOU = "mahou-shoujo-1"
FIGURES = ("gih", "iwd", "decks", "first", "matchups", "trends", "pairs")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("meta-mahou")
    cards, decks = bundled()

    def fill(store: Any) -> None:
        for doc in self_play_logs(cards, decks, 30, seed=11):
            assert store.ingest_log(doc, source=doc["game"]["id"]).status == "stored"

    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}",
                          "PMEMO_WAREHOUSE": str(folder / "wh")}, fill)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, VIEWPORT, timeout_ms=20_000)


def test_meta_for_mahou(page: Any, live: LiveServer) -> None:
    games = page.request.get(live.url + f"/api/stats/games?ruleset={MAHOU}").json()
    assert games["games"] == 30 and games["pair_wr"]
    page.goto(live.url + "/meta?min_games=3")  # the only ruleset stored: chosen without asking
    for name in FIGURES:
        page.wait_for_selector(f"#fig-{name} .main-svg")
    assert page.eval_on_selector("select[name=ruleset]", "s => s.value") == MAHOU
    assert page.locator("#pair-table tbody tr").count() == len(games["pair_wr"])
    assert page.locator("#pair-table tbody tr.under-min").count() == sum(r["games"] < 3 for r in games["pair_wr"])
    assert page.locator("#fig-pairs .point").count() == min(len(games["pair_wr"]), MAX_PAIRS)
    assert "Grand Transformation rate" in page.inner_text("#game-table")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(ARTIFACTS) / "meta-mahou.png"), full_page=True)
    page.locator("#view-games").screenshot(path=str(Path(ARTIFACTS) / "meta-mahou-games.png"))
