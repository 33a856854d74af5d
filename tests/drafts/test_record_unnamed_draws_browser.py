"""The recorder of a Mahou Shoujo game whose draws were not named, in Chromium at 390x844 touch (review 21c,
finding 4): the cards drawn after a bare shuffle show face down as "not named", no offer pairs a Hero with the
placeholder's Magical Girl, and "plays a card not named yet…" names the card from the pool before it is played;
naming the rest turns them face up."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import OPEN
from tests.web.browser import LiveServer, PageErrors, serve_app
from tests.web.stacks import cards_shown

RULESET = "mahou-shoujo-1"
CARDS = bundled_for(RULESET)
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
DOC = list(simulated_logs(CARDS, 3, 7, ruleset=RULESET))[2]  # sim-mahou-7-00002, the p11 probe's game


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("unnamed")
    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'u.sqlite3'}", "TESTING": True, **OPEN},
                         lambda store: None)


def _tiles(page: Any, p: int) -> tuple[int, list[str]]:
    """Seat ``p``'s hand on the board: how many cards show "not named" (a run of them is one tile with its count),
    and the ids shown face up."""
    hand = page.locator(f"#side-{p} .hand-zone")
    return cards_shown(page, f"#side-{p} .hand-zone .not-named"), hand.locator("[data-card]").evaluate_all(
        "ns => ns.map(n => n.dataset.card)")


def test_cards_not_named_show_face_down_and_are_named_before_they_are_played(server: LiveServer, browser: Any) -> None:
    client = server.app.test_client()
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": DOC["game"]}))
    assert r.status_code == 201, r.json
    draft, token = r.json["id"], r.json["token"]
    auth = {"Authorization": f"Bearer {token}"}
    search = DOC["actions"][0]
    p = search["p"]
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": search, "expected": 0}, headers=auth).status_code == 200
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "shuffle", "p": p}, "expected": 1}, headers=auth)
    assert r.status_code == 200, r.json  # a bare shuffle, its draws not named ("Not seen")
    pool = client.get(f"/api/drafts/{draft}/legal", headers=auth).json["draws"][p]["pool"]
    girl = sorted(c for c in pool if CARDS.by_id[c].type == "magical_girl")[-1]
    rest = sorted(c for c in pool if CARDS.by_id[c].type != "magical_girl")[:3]

    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{draft}")
    held = {"id": draft, "token": token, "seat": "judge", "count": 2, "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{draft}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={draft}")
    page.wait_for_selector("#offers[data-ready='2']", timeout=WAIT_MS)

    unnamed, shown = _tiles(page, p)
    assert unnamed == 4 and sorted(shown) == sorted(search["cards"])  # the placeholder's cards are not shown
    drawn = page.locator(f"#side-{p} .hand-zone .not-named")  # the 4 drawn, side by side: one tile with its count
    assert drawn.count() == 1 and drawn.get_attribute("aria-label") == "4 cards not named yet"
    assert drawn.locator(".back-count").text_content() == "x4"
    assert page.locator("#offers button[data-offer=place_active]").count() == 0
    page.locator("#offers .hand-play").tap()
    page.wait_for_selector("#sheet:not([hidden]) .picker")
    page.locator(f"#sheet .picker button.pick[data-pick='{girl}']").first.tap()
    page.wait_for_selector("#sheet:not([hidden]) button[data-offer=place_active]", timeout=WAIT_MS)
    plays = [json.loads(a) for a in page.locator("#sheet button[data-offer=place_active]").evaluate_all(
        "bs => bs.map(b => b.dataset.action)")]
    assert plays and all(a["girl"] == girl and a["hero"] in search["cards"] for a in plays)
    page.locator("#sheet button[data-offer=place_active]").first.tap()
    page.wait_for_selector("#offers[data-ready='3']", timeout=WAIT_MS)
    assert page.locator(f"#side-{p} .active-zone [data-card='{girl}']").count() >= 1
    assert _tiles(page, p)[0] == 3

    section = page.locator("#offers .g-identify")  # "What did X draw?": the three others named
    for cid in rest:
        section.locator(f".picker button.pick[data-pick='{cid}']").first.tap()
    section.locator(".identify-send").tap()
    page.wait_for_selector(f"#side-{p} .hand-zone .not-named", state="detached", timeout=WAIT_MS)
    unnamed, shown = _tiles(page, p)
    assert unnamed == 0 and sorted(rest) == sorted(c for c in shown if c in rest)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors
    context.close()
