"""Mahou Shoujo's out_of_heroes recorded as the table saw it, in Chromium at 390x844 touch: it draws until a Hero
comes, so tapping it asks what was drawn first, and the cards named (in drawing order) are the ones it takes; the
draft then holds the game played (review 21, F). A what-if branch of a stored simulated game opens at the step."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.web.browser import LiveServer, PageErrors

RULESET = "mahou-shoujo-1"
MS = get_ruleset(RULESET)
CARDS = bundled_for(RULESET)
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
#: seed 4's game 9: out_of_heroes at action 76 draws 10 cards before its Hero
DOC = list(simulated_logs(CARDS, 10, 4, ruleset=RULESET))[9]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        assert store.ingest_log(DOC, "sim").game_id == 1

    yield from serve_drafts(tmp_path_factory, "ooh", fill)


def test_out_of_heroes_asks_what_was_drawn(server: LiveServer, browser: Any) -> None:
    at = next(n for n, a in enumerate(DOC["actions"]) if a["type"] == "out_of_heroes")
    action = DOC["actions"][at]
    real = Folder(DOC["game"], CARDS)
    for a in DOC["actions"][:at]:
        real.push(a)
    deck = list(MS.pile(real.state, action["p"]))
    real.push(action)
    drawn = deck[len(MS.pile(real.state, action["p"])):][::-1]  # top first: the drawing order
    assert len(drawn) > 1
    r = server.app.test_client().post("/api/drafts/branch", json={"game_id": 1, "at": at, "view": "judge"})
    assert r.status_code == 201, r.json
    draft = r.json
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{draft['id']}")
    held = {"id": draft["id"], "token": draft["token"], "seat": "judge", "count": draft["count"], "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{draft['id']}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={draft['id']}")
    page.wait_for_selector(f"#offers[data-ready='{at}']", timeout=WAIT_MS)
    page.locator("#offers button[data-offer=out_of_heroes]").first.tap()
    page.wait_for_selector("#sheet:not([hidden]) .draws")
    for n, cid in enumerate(drawn):
        page.locator(f"#sheet .picker button.pick[data-pick='{cid}']").first.tap()
        page.wait_for_function(f"document.querySelectorAll('#sheet .chosen button').length === {n + 1}")
    page.locator("#sheet .draws-send").tap()
    page.wait_for_selector(f"#offers[data-ready='{at + 1}']", timeout=WAIT_MS)
    auth = {"Authorization": f"Bearer {draft['token']}"}
    now = server.app.test_client().get(f"/api/drafts/{draft['id']}", headers=auth).json
    mine, theirs = now["state"]["players"][action["p"]], MS.to_json(real.state)["players"][action["p"]]
    assert {k: mine[k] for k in ("active", "hand", "dreamscape")} == {k: theirs[k] for k in ("active", "hand", "dreamscape")}
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors
    context.close()
