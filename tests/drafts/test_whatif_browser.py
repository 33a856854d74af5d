"""What-if branches in Chromium at 390x844 touch: a tap on "What could have been done here" in a stored game's
viewer, and on the judge page, opens the recorder on a draft from that step with that action; the branch is listed
with the game, which never changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.web.browser import LiveServer, PageErrors

CARDS = bundled_for("pm-2.22")
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
DOC = next(simulated_logs(CARDS, 1, 8))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        assert store.ingest_log(DOC, "sim").game_id == 1

    yield from serve_drafts(tmp_path_factory, "whatif", fill)


def branching_step(client: Any) -> int:
    return next(n for n in range(20, len(DOC["actions"])) if len(client.get(f"/api/games/1/legal?at={n}").json["legal"]) > 1)


def try_second_offer(page: Any, at: int) -> None:
    page.wait_for_selector("#legal li.legal-item button.whatif")
    page.locator("#legal li.legal-item button.whatif").nth(1).tap()
    page.wait_for_url("**/record?draft=*", timeout=WAIT_MS)
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_selector(f"#board[data-count='{at + 1}']", timeout=WAIT_MS)
    page.wait_for_selector(f"#offers[data-ready='{at + 1}']", timeout=WAIT_MS)  # recording goes on from there


def test_a_branch_from_the_viewer_and_from_the_judge_page(server: LiveServer, browser: Any) -> None:
    client = server.app.test_client()
    at = branching_step(client)
    tried = client.get(f"/api/games/1/legal?at={at}").json["legal"][1]
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/1?step={at}")
    page.wait_for_selector(f"#board[data-step='{at}']")
    try_second_offer(page, at)
    assert "What-if branch of game 1" in page.inner_text(".rec-branch-of")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    token = json.loads(page.evaluate(f"localStorage.getItem('pmemo-draft:{draft_id}')"))["token"]
    draft = client.get(f"/api/drafts/{draft_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert draft["actions"] == [*DOC["actions"][:at], tried] and draft["branch"]["of"] == 1
    assert server.app.extensions["pmemo_store"].actions(1) == DOC["actions"]  # the game never changes
    page.goto(f"{server.url}/games/1?step={at}")
    page.wait_for_selector(f"#branches a[href='/games/draft/{draft_id}']")  # listed with the game

    page.goto(f"{server.url}/judge")
    text = "\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": DOC["game"]}),
                      *map(json.dumps, DOC["actions"][:at + 5])])
    page.fill("#judge-text", text)
    page.click("button[type=submit]:has-text('Judge')")
    page.wait_for_selector("#judge-permalink")
    page.goto(server.url + page.get_attribute("#judge-permalink", "href") + f"?step={at}")
    page.wait_for_selector(f"#board[data-step='{at}']")
    try_second_offer(page, at)
    assert not errors, errors
    context.close()
