"""The card picker counts copies as the deck rules do (review 21, finding 8): at most 4 copies of a card, the same
series and number (Rule Book P05), so a parallel (``MHK 01-002a``) counts with its base card; in Chromium at
390x844, the page's own module (record/picker.js) against engine.pm.cards.base_id."""

from __future__ import annotations

from typing import Any

from engine.pm.cards import base_id
from tests.web.browser import LiveServer

PHONE = {"width": 390, "height": 844}
IDS = ["MHK 01-002", "MHK 01-002a", "MHK ST-001b", "HTD 01-002", "GRAN P-002", "SZ2 01-004"]


PROBE = """async (ids) => {
  const m = await import("/static/js/record/picker.js");
  // an unlisted deck: 3 copies of MHK 01-002 and one of its parallel known in the player's zones
  const player = {hand: ["MHK 01-002", "MHK 01-002a", null], discard: ["MHK 01-002"], removed: [], points: [],
                  main: [{card: "MHK 01-002", stack: [], supports: []}], support: []};
  const cards = {"MHK 01-002": {name: "a"}, "MHK 01-002a": {name: "a"}, "HTD 01-002": {name: "b"},
                 "MHK 01-003": {name: "c"}, "MHK 01-004": {name: "d", keywords: ["EX"]}};
  const seen = m.seenIn(player);
  const offered = m.poolIds(null, cards, seen);
  // a prompt naming two cards of a fresh unlisted deck: after 3 picks of 01-003 (one a parallel) one copy is left
  const left = m.copiesLeft("MHK 01-003", null, {}, ["MHK 01-003", "MHK 01-003a", "MHK 01-003"]);
  const picker = m.cardPicker({ids: Object.keys(cards).filter((id) => !cards[id].keywords), cards, onPick() {},
                               left: (id) => m.copiesLeft(id, null, seen, [])});
  document.body.append(picker.node);
  const buttons = [...picker.node.querySelectorAll("[data-pick]")].map((b) => [b.dataset.pick, b.textContent]);
  return {base: ids.map(m.baseId), seen, offered: offered.sort(), left, buttons,
          listed: m.copiesLeft("MHK 01-002a", {"MHK 01-002": 2}, {}, ["MHK 01-002"])};
}"""


def test_the_picker_counts_parallels_as_one_card(server: LiveServer, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(f"{server.url}/record")
    out = page.evaluate(PROBE, IDS)
    assert out["base"] == [base_id(i) for i in IDS]  # the page's parallel rule is the engine's
    assert out["seen"] == {"MHK 01-002": 4}
    assert out["offered"] == ["HTD 01-002", "MHK 01-003"]  # 4 copies known (one a parallel); EX cards never
    assert out["left"] == 1 and out["listed"] == 1
    assert [pick for pick, _ in out["buttons"]] == ["HTD 01-002", "MHK 01-003"]
    assert all(text.endswith("×4") for _, text in out["buttons"])
    page.close()
