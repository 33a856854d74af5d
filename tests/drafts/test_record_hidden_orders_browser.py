"""Recording a Mahou Shoujo opening as a real table plays it, in Chromium at 390x844 touch: nobody knows the deck's
order, so the shuffle asks what was drawn; four named cards without a Magical Girl make the redraw due (the rule
follows the names, not a made-up order), and the redraw's named draw is the hand (review 21, finding 1)."""

from __future__ import annotations

import json
from typing import Any

from pmemo_replay.games.cards import bundled_for
from tests.web.browser import LiveServer, PageErrors

PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000


def name_draws(page: Any, ids: list[str]) -> None:
    page.wait_for_selector("#sheet:not([hidden]) .draws")
    for n, cid in enumerate(ids):
        page.locator(f"#sheet .picker button.pick[data-pick='{cid}']").first.tap()
        page.wait_for_function(f"document.querySelectorAll('#sheet .chosen button').length === {n + 1}")
    page.locator("#sheet .draws-send").tap()


def test_record_a_mahou_opening_with_named_draws(server: LiveServer, browser: Any) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record?game=mahou-shoujo-1")
    page.wait_for_selector("#any-players fieldset")
    page.fill("input[name=any-name-0]", "Aoi")
    page.fill("input[name=any-name-1]", "Ren")
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    assert page.locator("#pair-cmd:not([hidden])").count() == 0  # complete logs: no seat recording, no pairing
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    client = server.app.test_client()
    cards = bundled_for("mahou-shoujo-1")
    page.wait_for_selector("#offers[data-ready='0']", timeout=WAIT_MS)
    search = page.locator("#offers button[data-offer=search]", has_text="Aoi").first
    searched = json.loads(search.get_attribute("data-action"))["cards"]
    search.tap()
    page.wait_for_selector("#offers[data-ready='1']", timeout=WAIT_MS)
    header = client.get(f"/api/drafts/{draft_id}").json
    deck = list(header["game"]["players"][0]["deck"])
    for cid in searched:
        deck.remove(cid)
    no_girl = [c for c in deck if cards.by_id[c].type != "magical_girl"][:4]
    page.locator("#offers button[data-offer=shuffle]", has_text="Aoi").tap()
    name_draws(page, no_girl)
    page.wait_for_selector("#offers[data-ready='2']", timeout=WAIT_MS)
    assert page.locator("#offers button[data-offer=redraw]", has_text="Aoi").count() == 1  # what was named: no MG
    girl = next(c for c in deck if cards.by_id[c].type == "magical_girl")
    redrawn = [girl, *[c for c in deck if cards.by_id[c].type == "hero"][:1], *no_girl[:2]]
    page.locator("#offers button[data-offer=redraw]", has_text="Aoi").tap()
    name_draws(page, redrawn)
    page.wait_for_selector("#offers[data-ready='3']", timeout=WAIT_MS)
    assert page.locator("#offers button[data-offer=redraw]").count() == 0
    assert page.locator("#offers button[data-offer=place_active]", has_text="Aoi").count() >= 1
    draft = client.get(f"/api/drafts/{draft_id}").json
    assert draft["count"] == 3
    judge = page.evaluate(f"""async () => {{
        const d = JSON.parse(localStorage.getItem('pmemo-draft:{draft_id}'));
        const r = await fetch('/api/drafts/{draft_id}', {{ headers: {{ Authorization: `Bearer ${{d.token}}` }} }});
        return r.json();
    }}""")
    assert judge["state"]["players"][0]["hand"][3:] == redrawn
    assert judge["actions"][2]["order"][:4] == redrawn  # the complete log: what was drawn on top
    assert not errors, errors
    context.close()
