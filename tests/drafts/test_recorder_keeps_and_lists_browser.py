"""The recorder in Chromium at 390x844 touch (review 21, findings 3 and 4): what it keeps and what the home page lists.

1. Cards tapped for the opening hand stay when another action is recorded meanwhile (the opponent's "keeps the
   hand", said at the table while the recorder is still naming).
2. The home page's "Being recorded now" lists no what-if branch as a game being played.
"""

from __future__ import annotations

from typing import Any

from tests.web.browser import LiveServer, PageErrors

PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
READY = "#offers[data-ready]:not([data-ready=''])"


def test_half_named_hand_survives_the_opponents_keep(server: LiveServer, browser: Any) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    page.fill("input[name=name0]", "Mei")
    page.fill("input[name=name1]", "Kai")
    page.select_option("select[name=deck1]", "")  # the opponent's deck: unlisted
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    for seat in ("Mei", "Kai"):
        page.wait_for_selector(READY, timeout=WAIT_MS)
        page.locator("#offers button[data-offer=shuffle]", has_text=seat).tap()
        page.wait_for_selector("#offers .g-identify" if seat == "Kai" else READY, timeout=WAIT_MS)
    for n in range(5):  # five of the seven cards named, then Kai says "keep"
        page.locator("#offers .picker button.pick").nth(n).tap()
        page.wait_for_function(f"document.querySelectorAll('#offers .chosen button').length === {n + 1}")
    page.locator("#offers button[data-offer=keep]", has_text="Kai").tap()
    page.wait_for_selector("#board[data-count='3']", timeout=WAIT_MS)
    page.wait_for_selector(READY, timeout=WAIT_MS)
    assert page.locator("#offers .chosen button").count() == 5, "the five cards tapped for Mei's hand vanished"
    assert not errors, errors
    context.close()


def test_what_if_branches_are_not_games_being_recorded(server: LiveServer) -> None:
    client = server.app.test_client()
    log = "\n".join([
        '{"format":"pmemo-log","version":1,"game":{"first":0,"players":[{"name":"Aoi"},{"name":"Ren"}]}}',
        '{"type":"shuffle","p":0}', '{"type":"shuffle","p":1}'])
    r = client.post("/api/drafts/branch", json={"log": log, "at": 2})
    assert r.status_code == 201, r.json
    home = client.get("/").get_data(as_text=True)
    assert f'href="/games/draft/{r.json["id"]}"' not in home, "a what-if branch is listed as a game being recorded"
