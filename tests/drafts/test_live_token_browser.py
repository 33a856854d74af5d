"""The live page of a seat's draft, opened in a browser that did not record it (Chromium, 390 px): the other seat's
phone types its own draft's token in and gets its own seat's view only (the server's ``views``); a judge's moderator
token gets every view (review of issue 21)."""

from __future__ import annotations

from typing import Any

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.tokens import add_token
from tests.drafts.test_merge_browser import PHONE, WAIT_MS, recorded
from tests.web.browser import LiveServer, PageErrors

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def _views(page: Any) -> list[str]:
    return page.eval_on_selector_all("#view-toggle button", "bs => bs.map((b) => b.dataset.view)")


def test_a_token_typed_in_shows_the_views_it_may(server: LiveServer, browser: Any) -> None:
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 160)
    seat0, seat1 = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1))
    client = server.app.test_client()
    d0, t0 = recorded(client, seat0.header, seat0.actions[:40])
    d1, t1 = recorded(client, seat1.header, seat1.actions[:40])
    for d, t, other, seat in ((d0, t0, d1, 0), (d1, t1, d0, 1)):
        r = client.post(f"/api/drafts/{d}/pair", json={"with": other, "seat": seat}, headers={"Authorization": f"Bearer {t}"})
        assert r.status_code == 200
    _, moderator = add_token(server.app.extensions["pmemo_store"].engine, "live judge", moderator=True)
    errors = PageErrors()
    page = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True).new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{d0}")
    page.wait_for_selector("#view-token-form")
    assert page.locator("#view-toggle").count() == 0
    page.fill("#view-token", t1)  # the other seat's phone: its own seat's view of this recording, no more
    page.click("#view-token-form button[type=submit]")
    page.wait_for_selector("#view-toggle", timeout=WAIT_MS)
    assert _views(page) == ["public", "1"]
    page.click("#view-toggle button[data-view='1']")
    page.wait_for_selector("#board[data-view='1']", timeout=WAIT_MS)
    page.fill("#view-token", moderator)  # a judge: every view
    page.click("#view-token-form button[type=submit]")
    page.wait_for_selector("#view-toggle button[data-view='judge']", timeout=WAIT_MS)
    assert _views(page) == ["public", "0", "1", "judge"]
    page.click("#view-toggle button[data-view='judge']")
    page.wait_for_selector("#board[data-view='judge']", timeout=WAIT_MS)
    assert errors == []
