"""Second review of issue 22 (r22b), the judge page in real Chromium at 1280x800 and 390x844: the verdict's words wrap
instead of shrinking to a few pixels or being cut (finding 1), and an as-played log that stops at an action that
cannot be carried out lists what stood on earlier actions apart from what the refused action broke (finding 5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.asplayed.test_browser_review22 import LOGS, REFUSED, assert_fits, irregular_then_impossible, live, page  # noqa: F401
from tests.web.browser import LiveServer


def judged(page: Any, live: LiveServer, text: str) -> None:  # noqa: F811
    page.goto(live.url + "/judge")
    page.fill("#judge-text", text)
    page.click("#judge-form button[type=submit]")
    page.wait_for_selector("#verdict .verdict-text")


def verdict_shown(page: Any) -> dict[str, Any]:  # noqa: F811
    return page.evaluate("""() => { const e = document.querySelector('#verdict .verdict-text');
      return {width: e.clientWidth, scroll: e.scrollWidth, height: e.clientHeight, full: e.scrollHeight,
              text: e.innerText, wrapped: getComputedStyle(e).whiteSpace}; }""")


@pytest.mark.parametrize("log", ["original-points.jsonl", "impossible"])
def test_the_judges_verdict_line_wraps_and_is_never_cut(page: Any, live: LiveServer, log: str) -> None:  # noqa: F811
    """A legal log (no "unverified" badge beside the words) and an illegal one: at 390 the words take the row (they
    shrank to 42 px, "Legal. A…"); at either size every word shows (no ellipsis, no overflow)."""
    text = irregular_then_impossible() if log == "impossible" else (LOGS / log).read_text(encoding="utf-8")
    judged(page, live, text)
    shown = verdict_shown(page)
    assert shown["width"] >= min(200, page.viewport_size["width"] - 100), shown
    assert shown["scroll"] <= shown["width"] + 1 and shown["full"] <= shown["height"] + 1, shown
    assert shown["wrapped"] != "nowrap", shown
    assert_fits(page, "#verdict, #verdict .verdict-text, #verdict strong, #verdict .button")


def test_the_refused_actions_own_irregularities_are_listed_apart(page: Any, live: LiveServer) -> None:  # noqa: F811
    """"before it, N stood" lists earlier actions only; the refused action's own, which did not stand, sit under the
    refusal, marked so."""
    judged(page, live, irregular_then_impossible())
    page.wait_for_selector("#refused-irregular")
    before = page.locator("#irregular-list > ol > li")
    assert "on earlier actions" in page.inner_text("#irregular-list summary")
    assert [int(i) for i in before.evaluate_all("els => els.map(e => e.dataset.index)")] == [347]
    own = page.locator("#refused-irregular li")
    assert [int(i) for i in own.evaluate_all("els => els.map(e => e.dataset.index)")] == [REFUSED]
    assert "turn.step" in own.first.inner_text()
    summary = page.inner_text("#refused-irregular summary")
    assert f"action {REFUSED}" in summary and "none stood" in summary
    assert_fits(page, "#verdict, #refused-irregular, #refused-irregular li, #irregular-list li")
