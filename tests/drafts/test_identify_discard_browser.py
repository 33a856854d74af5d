"""The /record page at 390x844, recording from seat 1 (synthetic cards, tests/tablelogs/test_redaction_under.py):
once the rival's Chara leaves with an unknown card under it, the page asks which card went face up to the discard;
picking it appends the ``identify`` of the discard and the question goes away."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.drafts.conftest import append_actions, open_draft, serve_drafts
from tests.tablelogs.test_redaction_under import DB, SECRET, _index, _seat1
from tests.web.browser import LiveServer, checked_page

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """The drafts application folding (and listing card facts) with the synthetic cards."""
    yield from serve_drafts(tmp_path_factory, "identify-discard",
                            lambda store: monkeypatch.setattr(store.library, "for_ruleset", lambda name: DB))


def test_the_recorder_names_a_card_face_up_in_the_rivals_discard(server: LiveServer, browser: Any) -> None:
    header, actions = _seat1()
    left = _index(actions, lambda a: a["type"] == "play_event") + 1  # the rival's Chara has left: its card is face up
    client = server.app.test_client()
    draft, auth = open_draft(client, header)
    append_actions(client, draft, auth, actions[:left])
    held = {"id": draft, "token": auth["Authorization"].removeprefix("Bearer "), "seat": "1", "count": left,
            "outbox": [], "skipped": {}}
    for page in checked_page(browser, PHONE):
        page.goto(f"{server.url}/record")
        page.evaluate(f"localStorage.setItem('pmemo-draft:{draft}', {json.dumps(json.dumps(held))})")
        page.goto(f"{server.url}/record?draft={draft}")
        page.wait_for_selector(f"#offers[data-ready='{left}']")
        prompt = page.locator("#offers .g-identify-discard")
        assert prompt.count() == 1 and "1 card(s) face up, not named" in prompt.text_content()
        prompt.locator("button.identify-discard").click()
        page.fill("#sheet .pick-search", SECRET[0])
        page.click(f"#sheet button[data-pick='{SECRET[0]}']")
        page.wait_for_selector(f"#offers[data-ready='{left + 1}']")
        assert page.locator("#offers .g-identify-discard").count() == 0
    state = client.get(f"/api/drafts/{draft}", headers=auth).json["state"]
    assert state["players"][0]["discard"].count(SECRET[0]) == 1 and None not in state["players"][0]["discard"]
