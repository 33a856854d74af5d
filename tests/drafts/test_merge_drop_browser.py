"""Issue 21, two seats, in Chromium at 390x844 touch (review rv21): seat 1's phone recorded its rival's event twice (a
double tap its draft took). On the merge page, "Only seat 1 recorded it" is refused by the rules further on: the page
names that pick and offers its undo, and no longer offers the picks that would meet the same refusal; undone, seat 1's
"recorded it by mistake: leave it out" drops the second copy, and the stored merged game is the judge's log, both
recordings kept as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pmemo_replay.simulate import simulated_logs
from tests.drafts.test_merge_browser import CARDS, PM, WAIT_MS, paired_finished, phone, stored
from tests.generic.double_tap import double_tapped
from tests.generic.test_merge_taps import repeated, seed_2_game_9
from tests.web.browser import LiveServer, PageErrors


def test_a_double_tap_is_left_out_on_the_merge_page(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    doc = list(simulated_logs(CARDS, 30, 2))[7]  # 106 actions: seat 1's draft takes its rival's event twice
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    at, tapped = double_tapped(PM, CARDS, seat1.header, seat1.actions, 0)
    client = server.app.test_client()
    (d0, t0), (d1, t1) = paired_finished(client, (seat0.header, seat0.actions), (seat1.header, tapped))
    errors = PageErrors()
    page = phone(browser, server, errors, d1, t1, 1, len(tapped))
    page.goto(f"{server.url}/games/draft/{d1}/merge")
    page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    first = page.inner_text("#disagreement-message")
    assert "drop it" in first and page.locator("#caused-by").is_hidden()
    seat1_box = page.locator("#versions .version").nth(1)
    assert seat1_box.locator(".pick-drop").count() == 1
    seat1_box.locator(".pick-insert").tap()  # "only seat 1 recorded it": the rules refuse it in the merged log
    page.wait_for_selector("#caused-by:not([hidden])", timeout=WAIT_MS)
    assert "is refused (zone)" in page.inner_text("#disagreement-message")
    assert "game action" in page.inner_text("#caused-by")
    seat1_box = page.locator("#versions .version").nth(1)
    assert seat1_box.locator(".pick-insert").count() == 0 and seat1_box.locator(".pick-take").count() == 0
    assert "Inserting it does not help" in seat1_box.locator(".cannot-insert").inner_text()
    assert seat1_box.locator(".pick-drop").count() == 1  # the way out here too, as seat 0's "nothing happened"
    assert page.locator("#versions .version").nth(0).locator(".pick-nothing").count() == 1
    page.screenshot(path=str(tmp_path / "caused-by.png"), full_page=True)
    page.tap("#caused-by .pick-undo-cause")  # undo the insert: the first disagreement again
    page.wait_for_selector("#caused-by[hidden]", state="attached", timeout=WAIT_MS)
    page.wait_for_function("document.querySelectorAll('#pick-list li').length === 0", timeout=WAIT_MS)
    assert page.inner_text("#disagreement-message") == first
    page.locator("#versions .version").nth(1).locator(".pick-drop").tap()
    page.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert "seat 1's action left out" in page.inner_text("#pick-list")
    page.screenshot(path=str(tmp_path / "agree.png"), full_page=True)
    assert stored(page, server) == judge.actions
    for d, t, actions in ((d0, t0, seat0.actions), (d1, t1, tapped)):  # both recordings kept as they were
        kept = client.get(f"/api/drafts/{d}", headers={"Authorization": f"Bearer {t}"}).json
        assert kept["actions"] == actions
    assert tapped[at] == tapped[at - 1]
    assert not errors, errors


def test_a_triple_tap_is_left_out_copy_by_copy_on_the_merge_page(server: LiveServer, browser: Any) -> None:
    """Review rv21b: seat 0's phone recorded its rival's event three times: each stop shows seat 0's "leave it out"
    (it said "Leaving it out does not help"), and two taps of it store the judge's log."""
    seat0, seat1, judge = seed_2_game_9()
    at, doubled = double_tapped(PM, CARDS, seat0.header, seat0.actions, 1)
    tapped = repeated(doubled, at, 2)
    (d0, t0), _ = paired_finished(server.app.test_client(), (seat0.header, tapped), (seat1.header, seat1.actions))
    errors = PageErrors()
    page = phone(browser, server, errors, d0, t0, 0, len(tapped))
    page.goto(f"{server.url}/games/draft/{d0}/merge")
    for left_out in (1, 2):
        page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
        box = page.locator("#versions .version").nth(0)
        assert box.locator(".cannot-drop").count() == 0 and box.locator(".pick-drop").count() == 1
        box.locator(".pick-drop").tap()
        page.wait_for_selector(f"#pick-list li:nth-child({left_out})", timeout=WAIT_MS)
    page.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert stored(page, server) == judge.actions
    assert not errors, errors
