"""/record for Clockwork Memorion in Chromium at 390x844 touch: chosen on the page, set up with bundled decks,
recorded through the offered buttons (setup, shuffle, keep, summons, attacks with their blocks and damage, a discard)
for 30 actions, then a player concedes; finished, the stored game is the draft and the rules accept it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pmemo_replay.checking import check_log
from pmemo_replay.logio import PmemoLog
from tests.drafts.naming import name_draws
from tests.web.browser import LiveServer, PageErrors

CWM = "clockwork-memorion-1"
PHONE = {"width": 390, "height": 844}  # as tests/drafts/test_record_any_browser.py
WAIT_MS = 8000
#: offers tapped first when there: what is due, then a battle, then summons; else the first offered
PREFERRED = ("trigger", "block", "damage", "discard", "attack", "summon", "end_phase", "end_turn")
#: the game is conceded once this many actions are recorded (the deterministic shuffles make it the same game)
CONCEDE_AT = 30


def tap_offer(page: Any) -> str:
    for kind in PREFERRED:
        button = page.locator(f"#offers button[data-offer='{kind}']")
        if button.count():
            button.first.tap()
            return kind
    if not page.locator("#offers button.offer[data-offer]").count() and name_draws(page):
        return tap_offer(page)  # every choice took cards nobody named: named first (review 21c, finding 4)
    first = page.locator("#offers button.offer[data-offer]").first
    kind = first.get_attribute("data-offer")
    first.tap()
    skip_naming(page)
    return kind


def skip_naming(page: Any) -> None:
    """A shuffle asks what was drawn (nobody knows the deck's order): this game leaves the draws unnamed."""
    if page.locator("#sheet:not([hidden]) .draws-skip").count():
        page.locator("#sheet .draws-skip").tap()


def test_record_a_short_clockwork_game_on_a_phone(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    page.select_option("#game-choice", CWM)
    page.wait_for_url(f"**/record?game={CWM}")
    page.wait_for_selector("#any-players fieldset")
    for p, name in enumerate(("Aoi", "Ren")):
        page.fill(f"input[name=any-name-{p}]", name)
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    tapped: list[str] = []
    count = 0
    while count < CONCEDE_AT:
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        tapped.append(tap_offer(page))
        count += 1
        page.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    assert {"setup", "shuffle", "keep", "summon", "end_phase", "attack", "block", "damage"} <= set(tapped), tapped
    assert page.locator("#board .side.cw").count() == 2  # the game's board module drew the table
    page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
    page.tap(".rec-bar button[data-cmd='concede']")
    page.locator("button:has-text('Ren concedes')").tap()
    count += 1
    page.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    page.wait_for_selector(".rec-done:has-text('The game is over')", timeout=WAIT_MS)
    page.tap(".rec-done button:has-text('Finish and store')")
    link = page.wait_for_selector(".rec-done a[href^='/games/']")
    assert page.locator(".rec-bar").is_hidden()
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    assert not errors, errors
    store = server.app.extensions["pmemo_store"]
    draft = server.app.test_client().get(f"/api/drafts/{draft_id}").json
    actions = store.actions(game_id)
    assert draft["game_id"] == game_id and len(actions) == count and actions[-1] == {"type": "concede", "p": 1}
    header = draft["game"]
    assert header["ruleset"] == CWM and [p["name"] for p in header["players"]] == ["Aoi", "Ren"]
    report = check_log(PmemoLog(header, actions), store.library)
    assert report.valid and report.result == {"winner": 0, "reason": "concede"}
    context.close()
