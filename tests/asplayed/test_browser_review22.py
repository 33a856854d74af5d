"""Review of issue 22 in real Chromium, on a desktop (1280x800) and a phone (390x844): the judge's list of
irregularities wraps within the page (finding 2), the refusal is filed under the action it refuses (8), player and
card pages filter their games with a visible "Regular games only" switch (9), and the viewer numbers effects as the
log does (5). Layout is asserted: no element wider than the viewport, no sideways scrolling."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.logio import PmemoLog, dump_jsonl, read_log
from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.browser import shot as save_shot
from tests.web.data import ARTIFACTS, jsonl, simulated

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
AS_PLAYED_LOG = LOGS.parent / "as-played" / "short-payments.jsonl"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
REFUSED = 352


def irregular_then_impossible() -> str:
    """mhk-points as played: logged ops with an extra draw at 347 (a long ruling quoting the script), then at 352 a
    summon of a card that is not in the hand (refused: its own irregularity, let pass first, did not stand)."""
    log = read_log(LOGS / "mhk-points.jsonl")
    actions = copy.deepcopy(log.actions)
    actions[347]["ops"] = [{"op": "modify", "p": 1, "card": "MHK 01-077", "ap": 0, "dp": 20, "until": "turn_end"},
                           {"op": "draw", "p": 1, "n": 1}]
    impossible = {"type": "summon", "p": 1, "card": "MHK 01-018", "area": "main", "pay": []}
    actions = [*actions[:REFUSED], impossible, *actions[REFUSED:]]
    return dump_jsonl(PmemoLog({**log.header, "as_played": True}, actions))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("review22")

    def fill(store: Any) -> None:
        for doc in simulated(4, 22):
            store.ingest_text(jsonl(doc), "sim")
        for path in (LOGS / "original-points.jsonl", LOGS / "mhk-points.jsonl", AS_PLAYED_LOG):
            store.ingest_text(path.read_text(encoding="utf-8"), path.name)

    yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
                          "PMEMO_WAREHOUSE": str(folder / "wh")}, fill)


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    gen = checked_page(browser, SIZES[request.param])
    page = next(gen)
    page.size_name = request.param
    yield page
    next(gen, None)


def shot(page: Any, name: str) -> None:
    save_shot(page, f"review22-{name}-{page.size_name}", folder=ARTIFACTS)


def assert_fits(page: Any, selector: str) -> None:
    """No sideways scrolling, and every element ``selector`` matches lies within the viewport and shows its text."""
    found = page.evaluate("""(selector) => {
      const width = window.innerWidth;
      const out = {width, page: document.documentElement.scrollWidth, wide: []};
      for (const e of document.querySelectorAll(selector)) {
        const r = e.getBoundingClientRect();
        if (r.left < -1 || r.right > width + 1 || e.scrollWidth > e.clientWidth + 1)
          out.wide.push({tag: e.tagName, cls: e.className, left: r.left, right: r.right, scroll: e.scrollWidth, client: e.clientWidth});
      }
      return out;
    }""", selector)
    assert found["page"] <= found["width"], found
    assert not found["wide"], found


def judge(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/judge")
    page.fill("#judge-text", irregular_then_impossible())
    page.click("#judge-form button[type=submit]")
    page.wait_for_selector("#irregular-list")
    page.wait_for_selector(f'#board[data-step="{REFUSED}"]', timeout=60_000)


def test_the_judges_irregularities_wrap_within_the_page(page: Any, live: LiveServer) -> None:
    judge(page, live)
    items = page.locator("#irregular-list > ol > li")
    assert items.count() == 1  # what stood on earlier actions; the refused action's own are listed apart (review 22b)
    assert "effect.result" in items.first.inner_text() and "MHK ST-023" in items.first.inner_text()
    assert_fits(page, "#verdict, #verdict .verdict-text, #irregular-list, #irregular-list li, #refused-irregular li")
    shot(page, "judge-irregularities")


def test_the_refusal_is_filed_under_the_action_it_refuses(page: Any, live: LiveServer) -> None:
    judge(page, live)
    assert page.text_content("#refusal-heading") == f"Ruling on action {REFUSED} · refused"
    assert f"action {REFUSED} refused" in page.inner_text("#now-step")
    assert page.inner_text("#rulings-sub") == f"of action {REFUSED - 1}"
    above = page.evaluate("""() => document.getElementById('refusal').getBoundingClientRect().top
      < document.getElementById('rulings-heading').getBoundingClientRect().top""")
    assert above, "the refusal sits above the rulings of the action before it"
    assert "zone" in page.inner_text("#refusal")
    assert_fits(page, "#refusal, #refusal *")
    shot(page, "judge-refusal")


def test_player_page_regular_only_switch_filters_the_games_list(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/players/Aoi")
    listed = page.locator("#player-games li").count()
    assert page.locator("#player-games .act-irregular").count() == 1
    assert page.is_visible("#regular-only") and not page.is_checked("#regular-only")
    assert_fits(page, "#regular-toggle, #regular-toggle *")
    page.check("#regular-only")
    page.click("#regular-toggle button[type=submit]")
    page.wait_for_url(re.compile(r"regular_only=1"))
    assert page.is_checked("#regular-only")
    assert page.locator("#player-games .act-irregular").count() == 0
    assert page.locator("#player-games li").count() == listed - 1
    assert_fits(page, "#player-page, #player-page section")
    shot(page, "player-regular-only")


def test_card_page_has_the_regular_only_switch(page: Any, live: LiveServer) -> None:
    page.goto(live.url + "/cards/SLA%2001-001")
    assert page.is_visible("#regular-only")
    page.check("#regular-only")
    page.click("#regular-toggle button[type=submit]")
    page.wait_for_url(re.compile(r"regular_only=1"))
    assert page.is_checked("#regular-only")
    assert_fits(page, "#regular-toggle, #regular-toggle *")


def test_viewer_narrates_effects_by_the_logs_index(page: Any, live: LiveServer) -> None:
    store = live.app.extensions["pmemo_store"]
    for game in store.list_games(per_page=None).items:
        actions = store.actions(game.id)
        triggers = [(i, a) for i, a in enumerate(actions) if a["type"] in ("trigger", "use_effect")]
        if triggers:
            break
    else:
        pytest.fail("no stored game uses an effect")
    page.goto(f"{live.url}/games/{game.id}?view=judge")
    page.wait_for_selector("#action-list li.act")
    for i, a in triggers[:5]:
        text = page.locator("#action-list li.act").nth(i).locator(".act-text").inner_text()
        kind = "automatic" if a["type"] == "trigger" else "activated"
        assert f"{kind} effect {a.get('effect', 0)} " in f"{text} ", (json.dumps(a), text)
