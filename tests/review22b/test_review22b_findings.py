"""Second review of issue 22 (r22b): findings that still fail on main, in real Chromium and over HTTP."""

from __future__ import annotations

import re
from typing import Any

from tests.asplayed.test_browser_review22 import LOGS, browser, live, page  # noqa: F401  (fixtures)
from tests.web.browser import LiveServer


def test_the_judges_verdict_line_is_readable_on_a_phone(page: Any, live: LiveServer) -> None:  # noqa: F811
    """At 390 px the one-line verdict of a log without unverified actions keeps a few px ("Legal. A…", "Illegal. A…"):
    in the flex row of div.verdict, .verdict-text (flex: 1; min-width: 0; nowrap) shrinks instead of wrapping."""
    page.goto(live.url + "/judge")
    page.fill("#judge-text", (LOGS / "original-points.jsonl").read_text(encoding="utf-8"))
    page.click("#judge-form button[type=submit]")
    page.wait_for_selector("#verdict .verdict-text")
    shown = page.evaluate("() => document.querySelector('#verdict .verdict-text').clientWidth")
    assert shown >= 200, f"the verdict's words show in {shown} px"


def test_meta_fits_a_phone(page: Any, live: LiveServer) -> None:  # noqa: F811
    """At 390 px the "Download CSV" button (#card-csv) runs past the right edge and the page scrolls sideways."""
    page.goto(live.url + "/meta?min_games=0")
    page.wait_for_selector("#card-table")
    right = page.evaluate("() => document.getElementById('card-csv').getBoundingClientRect().right")
    assert right <= page.viewport_size["width"] + 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_regular_only_follows_the_links(page: Any, live: LiveServer) -> None:  # noqa: F811
    """With "Regular games only" ticked on /meta or a player page, the card, deck and archetype links drop it."""
    for start in ("/meta?min_games=0&regular_only=1", "/players/Aoi?regular_only=1"):
        page.goto(live.url + start)
        hrefs = page.evaluate("() => [...document.querySelectorAll('a.card-link, a.deck-link, a.archetype-link')]"
                              ".map(a => a.getAttribute('href'))")
        assert hrefs
        dropped = [h for h in hrefs if not re.search(r"regular_only=1", h)]
        assert not dropped, f"{start}: {len(dropped)} of {len(hrefs)} links drop the filter, e.g. {dropped[0]}"
