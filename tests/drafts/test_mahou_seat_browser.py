"""Issue 21 in Chromium at 390x844 touch: /record?game=mahou-shoujo-1 offers the seat a phone records from; a
short game recorded from seat 0 (the rival's search tapped without its Heroes, the rival's draws never asked,
conceded, finished, the Pair sheet one tap away); and two phones holding the two seats' recordings of one game pair
through the Pair sheet and store the merge: the judge's log of the game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.games.unnamed import header_unnamed
from tests.drafts.conftest import OPEN
from tests.drafts.mahou_seat import RULESET, record_seat
from tests.drafts.naming import name_draws
from tests.drafts.test_mahou_from_one_seat import GAMES, assert_same_game
from tests.drafts.test_merge_browser import pair, phone
from tests.web.browser import LiveServer, PageErrors, serve_app

PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
TAPS = 14


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("mahou-seat")
    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'rec.sqlite3'}", "TESTING": True, **OPEN},
                         lambda store: None)


def tap(page: Any) -> str:
    """One tap as seat 0's recorder: the rival's search bare when offered, a shuffle's own draws left for the
    prompt, else the first offer; the kind tapped."""
    bare = page.locator(f"#offers button.offer[data-action='{canonical({'p': 1, 'type': 'search'})}']")
    if bare.count():
        bare.tap()
        return "rival search"
    offers = page.locator("#offers button.offer[data-offer]")
    if not offers.count() and name_draws(page):
        return tap(page)
    kind = offers.first.get_attribute("data-offer")
    offers.first.tap()
    if page.locator("#sheet:not([hidden]) .draws-skip").count():
        page.locator("#sheet .draws-skip").tap()
    return kind


def test_record_a_short_game_from_one_seat(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record?game={RULESET}")
    page.wait_for_selector("#any-players fieldset")
    assert page.locator("#seat-choice").is_visible()
    assert page.locator("#seat-choice input[value='judge']").is_checked()  # the judge's seat unless chosen
    page.locator("#seat-choice input[value='0']").tap()
    for p in (0, 1):
        page.fill(f"input[name=any-name-{p}]", f"Seat{p}")
        page.select_option(f"select[name=any-deck-{p}]", "moth-eclipse")
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    client = server.app.test_client()
    assert client.get(f"/api/drafts/{draft_id}").json["game"]["meta"]["recorded_from"] == 0
    assert "recorded from Seat0's seat" in page.inner_text(".rec-seat")
    assert page.locator("#pair-cmd").is_visible()
    kinds = []
    for count in range(TAPS):
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        assert not page.locator("#offers .g-identify h3:has-text('Seat1 draw')").count()  # the rival's: never asked
        kinds.append(tap(page))
        page.wait_for_selector(f"#board[data-count='{count + 1}']", timeout=WAIT_MS)
    assert "rival search" in kinds
    page.wait_for_selector(f"#offers[data-ready='{TAPS}']", timeout=WAIT_MS)
    page.screenshot(path=str(tmp_path / "seat0.png"), full_page=True)
    page.tap("[data-cmd=concede]")
    page.tap("#sheet button:has-text('Seat1 concedes')")
    page.wait_for_selector(".rec-done button:has-text('Finish and store')", timeout=WAIT_MS)
    page.tap(".rec-done button:has-text('Finish and store')")
    link = page.wait_for_selector(".rec-done a[href^='/games/']", timeout=WAIT_MS)
    assert page.locator(".rec-done .pair-after").is_visible() and page.locator(".rec-done .merge-link").count() == 1
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    header = client.get(f"/api/games/{game_id}").json["header"]
    assert header["meta"]["recorded_from"] == 0
    assert 1 in header_unnamed(header)  # the rival's searched Heroes (its draws too): never named
    shown = client.get(f"/api/games/{game_id}/state").json
    shown = shown.get("state", shown)
    assert None in shown["players"][1]["hand"]  # the viewer hides them
    assert not errors, errors
    context.close()


def test_two_phones_pair_their_seats_and_store_the_merge(server: LiveServer, browser: Any) -> None:
    doc = GAMES[0]
    client = server.app.test_client()
    (d0, a0), (d1, a1) = (record_seat(client, doc, seat) for seat in (0, 1))
    t0, t1 = (a["Authorization"].split(" ", 1)[1] for a in (a0, a1))
    errors = PageErrors()
    count = len(doc["actions"])
    phone0 = phone(browser, server, errors, d0, t0, 0, count)
    phone1 = phone(browser, server, errors, d1, t1, 1, count)
    assert "recorded from" in phone1.inner_text(".rec-seat")
    pair(phone0, d1, "Asked")
    pair(phone1, d0, "Paired")
    for d, a in ((d0, a0), (d1, a1)):
        assert client.post(f"/api/drafts/{d}/finish", headers=a).status_code == 201
    phone1.tap("#sheet a:has-text('Open the merge')")
    phone1.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    phone1.tap("#store-merged")
    link = phone1.wait_for_selector("#merge-status a[href^='/games/']", timeout=WAIT_MS)
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    stored = server.app.extensions["pmemo_store"].actions(game_id)
    assert_same_game(stored, doc)
    assert "recorded_from" not in (client.get(f"/api/games/{game_id}").json["header"].get("meta") or {})
    assert not errors, errors
