"""Review r21e of issue 21, in Chromium at 390x844 touch: regression tests for its findings, each written to fail
before its fix and passing since (the finished recorder still pairs and opens the merge, the live page's turn
separators are readable on a phone, a visitor of a default server opens a what-if branch)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.web.browser import LiveServer, serve_app

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
PHONE = {"width": 390, "height": 844}
WAIT_MS = 10000
DOC = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 110)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        assert store.ingest_log(DOC, "sim").game_id is not None

    yield from serve_drafts(tmp_path_factory, "r21e", fill)


def _recorded(server: LiveServer, header: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[int, str]:
    client = server.app.test_client()
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
    draft, token = r.json["id"], r.json["token"]
    for n, action in enumerate(actions):
        assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                           headers={"Authorization": f"Bearer {token}"}).status_code == 200
    return draft, token


def _phone(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)


def test_after_finish_a_seat_recorder_can_still_pair_or_open_the_merge(server: LiveServer, browser: Any) -> None:
    """The merge is shown only once both recordings are finished, but after Finish the recorder hides its bar (the
    Pair button, whose sheet holds the only link to /games/draft/<id>/merge) and shows just "Open game N"."""
    red = PM.redact(DOC["game"], DOC["actions"], CARDS, 0)
    draft, token = _recorded(server, red.header, red.actions)
    context = _phone(browser)
    page = context.new_page()
    page.goto(f"{server.url}/games/draft/{draft}")
    held = {"id": draft, "token": token, "seat": "0", "count": len(red.actions), "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{draft}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={draft}")
    page.wait_for_selector(f"#offers[data-ready='{len(red.actions)}']", timeout=WAIT_MS)
    page.tap(".rec-done button:has-text('Finish and store')")
    page.wait_for_selector(".rec-done a[href^='/games/']", timeout=WAIT_MS)
    can_pair = page.is_visible("#pair-cmd")
    to_merge = page.locator(f"a[href='/games/draft/{draft}/merge']").count()
    context.close()
    assert can_pair or to_merge, "a finished seat recording offers no way to pair it or to open its merge"


def test_the_live_pages_turn_separators_are_readable_on_a_phone(server: LiveServer, browser: Any) -> None:
    """At 390 px the action list has no left padding, and .turn-sep's margin-left of -1.2rem puts its first letters
    off screen: "TURN 3" reads "RN 3"."""
    red = PM.redact(DOC["game"], DOC["actions"], CARDS, 0)
    draft, _ = _recorded(server, red.header, red.actions[:40])
    context = _phone(browser)
    page = context.new_page()
    page.goto(f"{server.url}/games/draft/{draft}")
    page.wait_for_selector("#board[data-count='40']", timeout=WAIT_MS)
    lefts = page.evaluate("Array.from(document.querySelectorAll('#action-list li.turn-sep'))"
                          ".map((li) => li.getBoundingClientRect().left)")
    context.close()
    assert lefts and min(lefts) >= 0, f"turn separators start off screen, at x = {min(lefts)}"


@pytest.fixture(scope="module")
def closed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The application as ``serve`` starts it by default: uploads need an API token."""
    folder = tmp_path_factory.mktemp("closed")
    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'c.sqlite3'}", "TESTING": True},
                         lambda store: store.ingest_log(DOC, "sim"))


def test_what_if_works_for_a_visitor_of_a_default_server(closed_server: LiveServer, browser: Any) -> None:
    """The viewer's "what could have been done" buttons POST /api/drafts/branch without a token: on a server whose
    uploads are closed (the default) every tap answers 401 "this needs an API token", and the page has no field
    to give one (the /record form has)."""
    context = _phone(browser)
    page = context.new_page()
    page.goto(f"{closed_server.url}/games/1?step=30")
    page.wait_for_selector("#legal button.whatif", timeout=WAIT_MS)
    page.locator("#legal button.whatif").first.click()
    # the branch opens the recorder, or the note says why not (the note may also say "opening" just before the page
    # goes: wait for the address, and read the note only when no recorder came)
    try:
        page.wait_for_url(re.compile(r"/record"), timeout=WAIT_MS)
        page.wait_for_selector("#table:not([hidden])", timeout=WAIT_MS)
        on_record, note = True, ""
    except PlaywrightTimeout:
        on_record, note = False, page.inner_text("#legal .whatif-note")
    context.close()
    assert "API token" not in note, note
    assert on_record, note
