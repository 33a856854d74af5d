"""/record in Chromium: a draft started "as played" (the setup's box) says so in its header; an action the rules
refuse is offered "Record it anyway as played" and then stands, marked irregular; a draft without the choice
offers no such thing. The irregular action is one queued while offline (an end_turn by the wrong player), sent when
the page opens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import LiveServer, PageErrors

CWM = "clockwork-memorion-1"
WAIT_MS = 8000


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page that fails the test on any script or console error but the refusal's expected 422."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors = PageErrors()
    errors.watch(page)
    yield page
    context.close()
    assert [e for e in errors if "status of 422" not in e] == []


def start_and_queue_a_wrong_end_turn(page: Any, server: LiveServer, as_played: bool,
                                     wrong: Any = None) -> tuple[int, int]:
    """Start a Clockwork draft, tap offers until turn 1's Main I, queue an end_turn by the other player (or the action
    ``wrong(state)`` gives), reload."""
    page.goto(f"{server.url}/record?game={CWM}")
    page.wait_for_selector("#any-players fieldset")
    if as_played:
        page.check("#as-played")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    client = server.app.test_client()
    count = 0
    while True:
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        state = client.get(f"/api/drafts/{draft_id}").json["state"]
        if state.get("phase") == "main1":
            break
        page.locator("#offers button.offer").first.click()
        if page.locator("#sheet:not([hidden]) .draws-skip").count():  # a shuffle asks what was drawn: unnamed
            page.locator("#sheet .draws-skip").click()
        count += 1
        page.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    wrong = {"type": "end_turn", "p": 1 - state["turn_player"]} if wrong is None else wrong(state)
    page.evaluate("""([id, action, n]) => {
        const key = `pmemo-draft:${id}`;
        const d = JSON.parse(localStorage.getItem(key));
        d.outbox.push({ kind: "append", action, expected: n });
        localStorage.setItem(key, JSON.stringify(d));
    }""", [draft_id, wrong, count])
    page.reload()
    page.wait_for_selector("#refusal .notice", timeout=WAIT_MS)
    return draft_id, count


def test_an_as_played_draft_records_a_refused_action_anyway(page: Any, server: LiveServer) -> None:
    draft_id, count = start_and_queue_a_wrong_end_turn(page, server, True)
    assert server.app.test_client().get(f"/api/drafts/{draft_id}").json["game"]["as_played"] is True
    assert "turn.priority" in page.inner_text("#refusal")
    page.click("#refusal button:has-text('Record it anyway as played')")
    page.wait_for_selector(f"#board[data-count='{count + 1}']", timeout=WAIT_MS)
    assert page.inner_text("#refusal") == ""
    assert "irregular, stood as played" in page.inner_text("#trail")


def test_a_draft_without_the_choice_offers_no_anyway(page: Any, server: LiveServer) -> None:
    draft_id, _ = start_and_queue_a_wrong_end_turn(page, server, False)
    assert "as_played" not in server.app.test_client().get(f"/api/drafts/{draft_id}").json["game"]
    assert "turn.priority" in page.inner_text("#refusal")
    assert page.locator("#refusal button").count() == 0


def test_an_action_that_cannot_stand_is_not_offered_anyway(page: Any, server: LiveServer) -> None:
    """Review r22f: an attack in Main I (``turn.phase``: no battle there) cannot be carried out as played: the server
    says it would not stand (``stands_as_played`` false), so the recorder offers no "Record it anyway as played"."""
    draft_id, count = start_and_queue_a_wrong_end_turn(
        page, server, True, lambda state: {"type": "attack", "p": state["turn_player"], "at": "zone:0"})
    assert page.inner_text("#refusal").startswith("Refused")
    assert page.locator("#refusal button").count() == 0
    assert server.app.test_client().get(f"/api/drafts/{draft_id}").json["count"] == count
