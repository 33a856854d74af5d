"""Review r22h: /meta's chart titles at 390x844 in real Chromium. Each Plotly figure's title is one SVG line that
does not wrap, so on a phone it runs past the figure's right edge and is cut off: the IWD chart loses the very words
that explain its colours ("green/red only when the interval excludes 0"), the fix of the issue's finding on those
bars; the Matchups title loses what its rows and columns mean. At 1280x800 every title fits."""

from __future__ import annotations

from typing import Any

from tests.asplayed.test_browser_review22 import live, page  # noqa: F401  (fixtures: 1280x800 and 390x844)
from tests.web.browser import LiveServer

FIGURES = ("fig-gih", "fig-first", "fig-decks", "fig-matchups", "fig-trends", "fig-iwd")


def test_every_chart_title_fits_its_figure(page: Any, live: LiveServer) -> None:  # noqa: F811
    page.goto(live.url + "/meta?min_games=0")
    for fig in FIGURES:  # figures are drawn when they come near the screen
        page.evaluate("(id) => document.getElementById(id)?.scrollIntoView()", fig)
        page.wait_for_selector(f"#{fig} text.gtitle", timeout=20_000)
    clipped = page.evaluate("""(ids) => ids.map(id => {
        const fig = document.getElementById(id), box = fig.getBoundingClientRect();
        const t = fig.querySelector('text.gtitle'), r = t.getBoundingClientRect();
        return {id, text: t.textContent, over: Math.round(r.right - box.right)};
      }).filter(o => o.over > 1)""", list(FIGURES))
    assert clipped == [], clipped
