"""Review r21e's web findings fixed, in Chromium at 390x844 touch: two phones finish first and pair afterwards from
the finished recorder, then open the merge from it, from the live page and from the game page; a finished what-if
branch's game says what it is; a Mahou Shoujo game's what-if buttons work in a seat's view; the live page's turn
separators stay on screen."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.drafts.test_merge_browser import phone, recorded
from tests.web.browser import LiveServer, PageErrors

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
MAHOU = next(simulated_logs(bundled_for("mahou-shoujo-1"), 1, 4, ruleset="mahou-shoujo-1"))
DOC = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 110)
PHONE = {"width": 390, "height": 844}
WAIT_MS = 10000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        assert store.ingest_log(DOC, "sim").game_id == 1
        assert store.ingest_log(MAHOU, "sim").game_id == 2

    yield from serve_drafts(tmp_path_factory, "r21efix", fill)


def _finish_on_the_phone(page: Any) -> None:
    page.tap(".rec-done button:has-text('Finish and store')")
    page.wait_for_selector(".rec-done a[href^='/games/']", timeout=WAIT_MS)


def test_two_phones_finish_first_and_pair_from_the_finished_recorder(server: LiveServer, browser: Any) -> None:
    seat0, seat1, judge = (PM.redact(DOC["game"], DOC["actions"], CARDS, v) for v in (0, 1, "judge"))
    client = server.app.test_client()
    (d0, t0), (d1, t1) = recorded(client, seat0.header, seat0.actions), recorded(client, seat1.header, seat1.actions)
    errors = PageErrors()
    phones = [phone(browser, server, errors, d0, t0, 0, len(seat0.actions)),
              phone(browser, server, errors, d1, t1, 1, len(seat1.actions))]
    for page, count in zip(phones, (len(seat0.actions), len(seat1.actions)), strict=True):
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        _finish_on_the_phone(page)
        assert page.is_hidden(".rec-bar")  # the bar is gone, pairing is not
    for page, other, answer in ((phones[0], d1, "Asked"), (phones[1], d0, "Paired")):
        page.tap(".rec-done button.pair-after")
        page.fill("#sheet input[type=number]", str(other))
        page.tap("#sheet .pair-send")
        page.wait_for_selector(f"#sheet .pair-answer:has-text('{answer}')", timeout=WAIT_MS)
    phones[1].goto(f"{server.url}/record?draft={d1}")  # after a reload too: the merge one tap away
    phones[1].tap(".rec-done a.merge-link")
    phones[1].wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    box = phones[1].locator("#store-merged").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    phones[1].tap("#store-merged")
    link = phones[1].wait_for_selector("#merge-status a[href^='/games/']", timeout=WAIT_MS)
    merged = int(link.get_attribute("href").rsplit("/", 1)[1])
    assert server.app.extensions["pmemo_store"].actions(merged) == judge.actions
    # the live page of seat 0's draft, on seat 0's phone: paired, merged, and its merge
    phones[0].goto(f"{server.url}/games/draft/{d0}")
    phones[0].wait_for_selector(f"#two-seats a[href='/games/{merged}']", timeout=WAIT_MS)
    phones[0].tap("#two-seats a.merge-link")
    phones[0].wait_for_selector("#merge[data-state='stored']", timeout=WAIT_MS)
    # seat 0's own game links the merged one; the merged game links each phone's merge page
    seat_game = client.get(f"/api/drafts/{d0}").json["game_id"]
    phones[0].goto(f"{server.url}/games/{seat_game}")
    phones[0].wait_for_selector(f".game-links a[href='/games/{merged}']")
    phones[0].goto(f"{server.url}/games/{merged}")
    phones[0].tap(f".game-links a.merge-link[href='/games/draft/{d0}/merge']")
    phones[0].wait_for_selector("#merge[data-state='stored']", timeout=WAIT_MS)
    for page in phones:
        page.context.close()
    assert not errors, errors


def test_a_finished_branch_says_what_it_is(server: LiveServer, browser: Any) -> None:
    client = server.app.test_client()
    r = client.post("/api/drafts/branch", json={"game_id": 1, "at": 30, "view": "0"})
    done = client.post(f"/api/drafts/{r.json['id']}/finish", headers={"Authorization": f"Bearer {r.json['token']}"})
    game = done.json["game_id"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}/games/{game}")
    note = page.wait_for_selector(".game-links .what-if")
    assert "A what-if branch of game 1 from step 30" in note.inner_text()
    page.goto(f"{server.url}/")
    assert page.locator(f"a[href='/games/{game}']").count() == 0  # not among the games played
    context.close()


def test_a_mahou_games_what_if_works_in_a_seats_view(server: LiveServer, browser: Any) -> None:
    """From seat 0's view of a Mahou Shoujo game a tap opens a branch (it answered 422), recorded from seat 0 (review
    of issue 21, 4: it went on from the judge's seat, the view dropped): the rival's hand unnamed there."""
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    client = server.app.test_client()
    at = next(n for n in range(12, len(MAHOU["actions"])) if client.get(f"/api/games/2/legal?at={n}&view=0").json["legal"])
    page.goto(f"{server.url}/games/2?step={at}&view=0")
    page.wait_for_selector(f"#board[data-step='{at}'][data-view='0']", timeout=WAIT_MS)
    page.wait_for_selector("#legal li.legal-item button.whatif", timeout=WAIT_MS)
    page.locator("#legal li.legal-item button.whatif").first.tap()
    page.wait_for_url("**/record?draft=*", timeout=WAIT_MS)
    page.wait_for_selector(f"#offers[data-ready='{at + 1}']", timeout=WAIT_MS)
    draft = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    held = json.loads(page.evaluate(f"localStorage.getItem('pmemo-draft:{draft}')"))
    assert held["seat"] == "0"
    assert "(0 view)" in page.inner_text(".rec-branch-of")
    state = client.get(f"/api/drafts/{draft}", headers={"Authorization": f"Bearer {held['token']}"}).json["state"]
    assert state["players"][1]["hand"] and set(state["players"][1]["hand"]) == {None}
    context.close()
    assert not errors, errors


def test_the_live_pages_turn_separators_start_on_screen(server: LiveServer, browser: Any) -> None:
    red = PM.redact(DOC["game"], DOC["actions"], CARDS, 1)
    draft, _ = recorded(server.app.test_client(), red.header, red.actions[:60])
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}/games/draft/{draft}")
    page.wait_for_selector("#board[data-count='60']", timeout=WAIT_MS)
    boxes = page.evaluate("Array.from(document.querySelectorAll('#action-list li.turn-sep'))"
                          ".map((li) => { const r = li.getBoundingClientRect(); return [r.left, r.right]; })")
    list_box = page.locator("#action-list").bounding_box()
    context.close()
    assert len(boxes) >= 2
    assert all(left >= list_box["x"] and right <= PHONE["width"] for left, right in boxes), boxes
