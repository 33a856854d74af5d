"""/meta's charts in real Chromium at 390x844 and 1280x800 (review r22h). Each Plotly title was one SVG line that
does not wrap, so on a phone it ran past the figure's right edge and was cut off: the IWD chart lost the very words
that explain its colours ("green/red only when the interval excludes 0"), the Matchups chart what its rows and columns
mean; the trends chart's "win rate" subplot title ran into the upper plot's 0% label, and the IWD bars were squeezed
into ~50 px beside long card labels. The titles are now HTML captions; every text the SVG still draws must lie within
its figure and no title or annotation may overlap another text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.asplayed.test_browser_review22 import SIZES, live, shot  # noqa: F401  (fixtures)
from tests.web.browser import HeldPages, LiveServer
from tests.web.recycling import RecyclingBrowser

FIGURES = ("gih", "first", "decks", "matchups", "trends", "iwd")
META = "/meta?min_games=0"


@pytest.fixture(scope="module")
def meta_pages(live: LiveServer) -> Iterator[HeldPages]:  # noqa: F811
    """/meta loaded once per size for the whole module: its tests only read the page (and scroll to the figures)."""
    pages = HeldPages(lambda page: page.goto(live.url + META))
    yield pages
    pages.close()


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: RecyclingBrowser, meta_pages: HeldPages) -> Iterator[Any]:
    """/meta at 1280x800 and at 390x844."""
    held = meta_pages.page(browser, SIZES[request.param])
    page = next(held)
    page.size_name = request.param
    yield page
    next(held, None)

#: every text of a drawn figure with its box; ``kind`` "label" for titles and annotations, "tick" for the rest
TEXTS = """(id) => {
  const fig = document.getElementById(id), box = fig.getBoundingClientRect();
  const labels = new Set(fig.querySelectorAll('.gtitle, .g-gtitle text, .infolayer .annotation text, .infolayer text[class$="title"]'));
  const texts = [...fig.querySelectorAll('.main-svg text')].filter(t => t.textContent.trim() && !t.closest('.hoverlayer'))
    .map(t => { const r = t.getBoundingClientRect();
                return {text: t.textContent, cls: t.getAttribute('class') || '', label: labels.has(t),
                        left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: r.width, h: r.height}; })
    .filter(t => t.w > 0 && t.h > 0);
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom}, texts};
}"""


def drawn(page: Any, name: str) -> dict[str, Any]:
    page.evaluate("(id) => document.getElementById(id).scrollIntoView()", f"fig-{name}")
    page.wait_for_selector(f"#fig-{name} .main-svg", timeout=60_000)  # drawn when near the screen
    page.wait_for_function("(id) => document.getElementById(id).querySelector('.main-svg text')", arg=f"fig-{name}")
    return page.evaluate(TEXTS, f"fig-{name}")


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1 and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1


def test_every_chart_text_fits_its_figure(page: Any) -> None:
    problems = []
    for name in FIGURES:
        found = drawn(page, name)
        box, texts = found["box"], found["texts"]
        assert any(t["label"] for t in texts) or name in ("first", "gih", "iwd"), (name, texts)  # axis titles found
        for t in texts:
            if t["left"] < box["left"] - 1 or t["right"] > box["right"] + 1 or t["top"] < box["top"] - 1 \
                    or t["bottom"] > box["bottom"] + 1:
                problems.append(("outside", name, t["text"], {k: round(t[k]) for k in ("left", "right", "top", "bottom")},
                                 {k: round(v) for k, v in box.items()}))
        for i, a in enumerate(texts):  # a title or annotation against every other text (tick labels included)
            problems += [("overlap", name, a["text"], b["text"]) for j, b in enumerate(texts)
                         if a["label"] and (j > i or not b["label"]) and j != i and overlap(a, b)]
    shot(page, "meta-phone-charts")
    assert problems == []


def test_no_svg_title_and_every_caption_shows_in_full(page: Any) -> None:
    """The titles are HTML captions that wrap: the IWD colour rule and the Matchups row/column meaning are on screen."""
    for name in FIGURES:
        drawn(page, name)
        assert page.locator(f"#fig-{name} text.gtitle").count() == 0
        caption = page.locator(f"#{name}-caption")
        assert caption.is_visible() and caption.get_attribute("id") == page.get_attribute(f"#fig-{name}", "aria-describedby")
        fits = page.evaluate("""(id) => { const c = document.getElementById(id), r = c.getBoundingClientRect();
            return c.scrollWidth <= c.clientWidth + 1 && r.left >= 0 && r.right <= window.innerWidth + 1; }""", f"{name}-caption")
        assert fits, name
    iwd = page.locator("#iwd-caption")
    iwd.scroll_into_view_if_needed()
    assert "green/red only when the interval excludes 0" in iwd.inner_text()
    assert "95% intervals" in iwd.inner_text() and iwd.is_visible()
    assert "row archetype against the column archetype" in page.inner_text("#matchups-caption")


def test_iwd_bars_keep_room_beside_their_labels(page: Any) -> None:
    """The bar area of the IWD chart takes at least half the figure's width; a shortened label keeps the full one in
    the hover."""
    drawn(page, "iwd")
    widths = page.evaluate("""() => { const fig = document.getElementById('fig-iwd');
        const plot = fig.querySelector('.nsewdrag');  // the plot area
        return {plot: plot.getBoundingClientRect().width, fig: fig.getBoundingClientRect().width,
                ticks: [...fig.querySelectorAll('.ytick text')].map(t => t.textContent)}; }""")
    assert widths["plot"] >= 0.5 * widths["fig"], widths
    figures = page.evaluate("() => JSON.parse(document.getElementById('meta-data').textContent)")
    full = figures["iwd"]["data"][0]["y"]
    if page.viewport_size["width"] < 500:
        assert any(t.endswith("…") for t in widths["ticks"]), widths  # this data's names are too long for a phone
    labels = set(page.evaluate("(ys) => ys.map(s => new DOMParser().parseFromString(s, 'text/html').body.textContent)",
                               full))  # each card's label as text (the figure holds them HTML-escaped)
    for tick in widths["ticks"]:  # every tick is its card's label, whole or cut short with an ellipsis
        assert tick in labels or tick.endswith("…"), tick
    assert figures["iwd"]["data"][0]["hovertemplate"].startswith("%{y}")  # the full label in the hover
