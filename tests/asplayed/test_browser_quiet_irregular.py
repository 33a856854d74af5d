"""Hiding passes never hides an action that stood irregular, and the turn outline marks irregular steps (real
Chromium, desktop). The log is synthesized: a simulated Mahou Shoujo game whose second end_turn is logged by the
wrong player, stored as played."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.data import jsonl

DESKTOP = {"width": 1280, "height": 800}


def wrong_end_turn() -> tuple[dict[str, Any], int]:
    """A Mahou Shoujo log ending at its second end_turn, logged by the other player; that action's index."""
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import load_log
    from pmemo_replay.simulate import simulated_logs

    doc = load_log(next(iter(simulated_logs(CardLibrary(), 1, 7, ruleset="mahou-shoujo-1")))).document()
    ends = [i for i, a in enumerate(doc["actions"]) if a["type"] == "end_turn"]
    e = ends[1]
    doc["actions"] = copy.deepcopy(doc["actions"][:e + 1])
    doc["actions"][e]["p"] = 1 - doc["actions"][e]["p"]
    doc["game"]["as_played"] = True
    return doc, e


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, int]]:
    folder: Path = tmp_path_factory.mktemp("quiet")
    doc, e = wrong_end_turn()
    yield from ((server, e) for server in serve_app(
        {"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
         "PMEMO_WAREHOUSE": str(folder / "wh")}, lambda store: store.ingest_text(jsonl(doc), "as-played")))


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, DESKTOP)


def test_hidden_passes_keep_the_irregular_end_turn_and_the_outline_marks_it(page: Any, live: tuple[LiveServer, int]) -> None:
    server, e = live
    gid = server.app.extensions["pmemo_store"].list_games(per_page=None).items[0].id
    page.goto(f"{server.url}/games/{gid}?step={e}")
    page.wait_for_selector(f'#board[data-step="{e}"]')
    wrong = page.locator(f'#action-list li.act[data-step="{e + 1}"]')
    assert "irregular" in (wrong.get_attribute("class") or "") and "quiet" not in (wrong.get_attribute("class") or "")
    page.keyboard.press("p")
    assert page.is_checked("#hide-passes") and page.locator("#action-list li.quiet").first.is_hidden()
    assert wrong.is_visible()  # an irregular end_turn is never hidden
    page.keyboard.press("ArrowRight")  # nor stepped over
    page.wait_for_selector(f'#board[data-step="{e + 1}"]')
    page.keyboard.press("o")
    marked = page.locator("#turn-outline li.outline-turn.irregular")
    assert marked.count() == 1
    assert marked.locator(".outline-irregular").text_content() == "1 irregular action"
    assert "turn.priority" in (marked.locator(".outline-irregular").get_attribute("title") or "")
    assert "[irregular]" in marked.inner_text()
