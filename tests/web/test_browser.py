"""End to end in headless Chromium: upload through the form, keyboard stepping, permalinks, views, the judge,
escaping, and the time per step. Screenshots go to test-artifacts/web/ (gitignored)."""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LiveServer, serve_simulated
from tests.web.browser import shot as save_shot
from tests.web.data import ARTIFACTS, XSS, illegal, jsonl, longest, simulated, xss_log
from tests.web.stacks import cards_shown

STEPS_TIMED = 100
STEP_GOAL_MS = 50
STEP_LIMIT_MS = 250  # a regression guard far above the goal, so slow CI machines do not flake


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("live")
    yield from serve_simulated({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}"}, 6, 51)


shot = partial(save_shot, folder=ARTIFACTS)


def at_step(page: Any, n: int, view: str | None = None) -> None:
    selector = f'#board[data-step="{n}"]' + (f'[data-view="{view}"]' if view else "")
    page.wait_for_selector(selector)


def data_of(page: Any) -> dict[str, Any]:
    return page.evaluate("JSON.parse(document.getElementById('viewer-data').textContent)")  # type: ignore[no-any-return]


def game_id(live: LiveServer, source_id: str) -> int:
    store = live.app.extensions["pmemo_store"]
    return next(g.id for g in store.list_games(per_page=None).items if g.source_id == source_id)


def find_step(live: LiveServer, gid: int, want: Callable[[dict[str, Any]], bool]) -> tuple[int, dict[str, Any]]:
    store = live.app.extensions["pmemo_store"]
    total = store.get_game(gid).n_actions
    for n in range(total, -1, -1):
        state, _ = store.state_at(gid, n)
        if want(state):
            return n, state
    raise AssertionError("no such step")


def test_upload_through_the_form_then_step_with_the_keyboard(page: Any, live: LiveServer, tmp_path: Path) -> None:
    doc = simulated(1, 61)[0]
    log = tmp_path / "uploaded.jsonl"
    log.write_bytes(jsonl(doc))
    page.goto(live.url + "/")
    shot(page, "01-games-list")
    page.set_input_files("#upload-file", str(log))
    page.click("#upload-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+"))
    at_step(page, 0)
    assert "Stored as a new game." in page.inner_text(".flashes")
    data = data_of(page)
    assert data["total"] == len(doc["actions"])
    for n in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        at_step(page, n)
    assert "step=3" in page.url and "view=judge" in page.url
    assert page.inner_text("#action-list li.current .act-text") == page.inner_text("#now-text")
    page.keyboard.press("ArrowLeft")
    at_step(page, 2)
    turn1, turn2 = data["turns"][0][1], data["turns"][1][1]
    page.keyboard.press("ArrowDown")
    at_step(page, turn1)
    page.keyboard.press("l")
    at_step(page, turn2)
    assert page.inner_text(".tb-turn") == "Turn 2"
    page.keyboard.press("j")
    at_step(page, turn1)
    page.keyboard.press("ArrowUp")
    at_step(page, 0)
    page.keyboard.press("End")
    at_step(page, data["total"])
    assert "wins by" in page.inner_text("#turnbar") or "Draw" in page.inner_text("#turnbar")
    shot(page, "02-viewer-last-step")
    page.keyboard.press("Home")
    at_step(page, 0)
    page.keyboard.press(" ")
    page.wait_for_selector("#play-btn.playing")
    page.wait_for_selector('#board:not([data-step="0"])')
    page.keyboard.press(" ")
    page.wait_for_selector("#play-btn:not(.playing)")
    page.keyboard.press("?")
    page.wait_for_selector("#help", state="visible")
    shot(page, "03-help-overlay")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="hidden")
    page.fill("#goto-turn", "3")
    page.press("#goto-turn", "Enter")
    at_step(page, data["turns"][2][1])
    page.click("#action-list li.act >> nth=10")
    at_step(page, 11)


def test_permalink_and_views(page: Any, live: LiveServer) -> None:
    doc = longest(simulated(6, 51))
    gid = game_id(live, doc["game"]["id"])
    n, state = find_step(live, gid, lambda s: s["turn"] >= 2 and all(p["hand"] and p["main"] for p in s["players"]))
    page.goto(f"{live.url}/games/{gid}?step={n}&view=1")
    at_step(page, n, "1")
    hand0, hand1 = (len(p["hand"]) for p in state["players"])
    assert "p1" in page.get_attribute("#side-bottom", "class")
    assert cards_shown(page, "#side-top .hand-zone .card.back") == hand0  # the opponent's hand: backs and the count
    assert page.locator("#side-top .hand-zone .card[data-card]").count() == 0
    assert f"Hand · {hand0} (hidden)" in page.text_content("#side-top .hand-zone .zone-label")
    assert page.locator("#side-bottom .hand-zone .card[data-card]").count() == hand1
    assert page.locator("#side-bottom .main-zone .card[data-card]").count() == len(state["players"][1]["main"])
    shot(page, "04-permalink-view-1")
    page.click('[data-view="0"]')
    at_step(page, n, "0")
    assert "view=0" in page.url and f"step={n}" in page.url
    assert "p0" in page.get_attribute("#side-bottom", "class")
    assert cards_shown(page, "#side-top .hand-zone .card.back") == hand1
    shot(page, "05-view-0")
    page.click('[data-view="judge"]')
    at_step(page, n, "judge")
    assert page.locator(".hand-zone .card.back").count() == 0
    assert page.locator(".hand-zone .card[data-card]").count() == hand0 + hand1
    page.keyboard.press("v")
    at_step(page, n, "0")
    page.reload()
    at_step(page, n, "0")  # the address kept the moment


def test_play_sheet_details(page: Any, live: LiveServer) -> None:
    doc = longest(simulated(6, 51))
    gid = game_id(live, doc["game"]["id"])
    n, state = find_step(live, gid, lambda s: any(c["rested"] for p in s["players"] for c in p["main"])
                         and any(not c["rested"] for p in s["players"] for c in p["main"]))
    page.goto(f"{live.url}/games/{gid}?step={n}")
    at_step(page, n)
    rested = page.locator(".main-zone .card.rested").first
    transform = rested.evaluate("el => getComputedStyle(el).transform")
    assert transform.startswith("matrix(") and [round(float(v)) for v in transform[7:-1].split(",")[:4]] == [0, 1, -1, 0]
    active = page.locator(".main-zone .card:not(.rested)").first
    assert active.evaluate("el => getComputedStyle(el).transform") == "none"
    assert page.locator(".main-zone .slot").count() == 10  # five slots a side
    card_id = active.get_attribute("data-card")
    active.hover()
    page.wait_for_selector("#card-tip", state="visible")
    tip = page.inner_text("#card-tip")
    facts = data_of(page)["cards"][card_id]
    assert facts["name"] in tip and card_id in tip and facts["series"] in tip and "Keywords" in tip
    shot(page, "06-card-details")
    page.mouse.move(5, 5)
    page.wait_for_selector("#card-tip", state="hidden")
    trail = page.locator("#trail li")
    assert trail.count() >= 1
    assert page.inner_text("#turnbar").startswith(f"Turn {state['turn']}")
    page.click(".pile[data-zone$=':discard']:not([disabled]) >> nth=0")
    page.wait_for_selector("#zone-view", state="visible")
    page.keyboard.press("Escape")
    page.wait_for_selector("#zone-view", state="hidden")


def test_judge_replays_up_to_the_ruling(page: Any, live: LiveServer) -> None:
    store = live.app.extensions["pmemo_store"]
    before = store.count("game"), store.count("upload")
    page.goto(live.url + "/judge")
    page.fill("#judge-text", illegal().decode())
    page.click("#judge-form button[type=submit]")
    at_step(page, 13)
    assert "Illegal." in page.inner_text("#verdict") and "approach.summoned" in page.inner_text("#verdict")
    refusal = page.inner_text("#refusal")
    assert "approach.summoned" in refusal and "Rule Book v2.22 P13" in refusal and "action 13" in refusal
    assert page.locator("#action-list li.refused").count() == 1
    assert page.inner_text('#action-list li[data-step="5"] .act-text') == \
        "Aoi summons MHK ST-020 (柴田 美月) to the Main Area, paying MHK ST-030"
    page.wait_for_selector("#legal li.legal-item")
    legal_here = page.locator("#legal li.legal-item").count()
    assert legal_here >= 1
    shot(page, "07-judge-ruling")
    page.keyboard.press("ArrowLeft")
    at_step(page, 12)
    assert page.inner_text("#refusal") == ""
    page.wait_for_selector("#legal li.legal-item")
    page.keyboard.press("Home")
    at_step(page, 0)
    assert "Setup" in page.inner_text("#legal")
    assert (store.count("game"), store.count("upload")) == before


def test_payloads_render_as_text(page: Any, live: LiveServer) -> None:
    gid = game_id(live, "xss-" + simulated(1, 52)[0]["game"]["id"])
    page.goto(f"{live.url}/games/{gid}?step=6")
    at_step(page, 6)
    assert XSS in page.inner_text("#side-bottom .pname") + page.inner_text("#side-top .pname")
    assert page.locator("img").count() == 0
    assert page.locator("script").count() == 2  # the data block and the module: nothing injected
    notes = page.locator("#action-list li.t-note").inner_text()
    assert XSS in notes
    page.goto(f"{live.url}/")
    assert XSS in page.inner_text(".games-table")
    assert page.locator("img").count() == 0
    page.goto(live.url + "/judge")
    page.fill("#judge-text", json.dumps(xss_log(simulated(1, 53)[0])))
    page.click("#judge-form button[type=submit]")
    at_step(page, len(simulated(1, 53)[0]["actions"]) + 1)
    assert page.locator("img").count() == 0 and page.locator("script").count() == 3  # data, permalink, viewer
    assert "/judge/" in page.url  # the judged log's permalink
    shot(page, "08-payloads-as-text")


def test_time_per_step(page: Any, live: LiveServer, capsys: pytest.CaptureFixture[str]) -> None:
    """performance.now() around a keypress until the board re-rendered, over 100 steps."""
    doc = longest(simulated(6, 51))
    assert len(doc["actions"]) > STEPS_TIMED
    gid = game_id(live, doc["game"]["id"])
    page.goto(f"{live.url}/games/{gid}?step=0")
    at_step(page, 0)
    page.wait_for_selector("#action-list li.act")
    result = page.evaluate(
        """async (count) => {
            const board = document.getElementById('board');
            const rendered = [], painted = [];
            for (let i = 0; i < count; i++) {
                const target = Number(board.dataset.step) + 1;
                const done = new Promise((resolve) => {
                    const on = (e) => { if (e.detail.step === target) { document.removeEventListener('pmemo:rendered', on); resolve(); } };
                    document.addEventListener('pmemo:rendered', on);
                });
                const t0 = performance.now();
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
                await done;
                rendered.push(performance.now() - t0);
                await new Promise((r) => requestAnimationFrame(() => r()));
                painted.push(performance.now() - t0);
            }
            return { rendered, painted };
        }""",
        STEPS_TIMED,
    )
    at_step(page, STEPS_TIMED)
    report: dict[str, Any] = {}
    for key in ("rendered", "painted"):
        times = sorted(result[key])
        report[key] = {"mean_ms": round(statistics.fmean(times), 2), "p95_ms": round(times[int(0.95 * len(times)) - 1], 2),
                       "max_ms": round(times[-1], 2)}
    report["steps"] = STEPS_TIMED
    report["goal_ms"] = STEP_GOAL_MS
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "step-time.json").write_text(json.dumps(report, indent=2))
    r, p = report["rendered"], report["painted"]
    with capsys.disabled():  # shown even when pytest captures output
        print(f"\nbrowser time per step over {STEPS_TIMED} steps: keypress -> board re-rendered mean {r['mean_ms']} ms, "
              f"p95 {r['p95_ms']} ms; -> next frame mean {p['mean_ms']} ms, p95 {p['p95_ms']} ms (goal < {STEP_GOAL_MS} ms)")
    shot(page, "09-after-100-steps")
    assert r["mean_ms"] < STEP_LIMIT_MS
