"""Clockwork Memorion in headless Chromium: its board module (boards/clockwork-memorion-1.js) on the game page in a
seat's view, and the judge page ruling a pasted illegal log with the contract's reference."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from tests.clockwork.kit import CARDS, example_log
from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.stacks import cards_shown

CWM = "clockwork-memorion-1"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, int]]:
    folder = tmp_path_factory.mktemp("cwm-live")
    docs = list(simulated_logs(CardLibrary(), 2, 7, ruleset=CWM))
    ids: list[int] = []

    def fill(store: Any) -> None:
        for doc in docs:
            ids.append(store.ingest_text(dump_jsonl(load_log(doc)).encode("utf-8"), "cwm").game_id)

    for server in serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
                             "PMEMO_WRITE_RATE": "off"}, fill):
        yield server, ids[0]


def test_the_board_in_a_seat_view(browser: Any, live: tuple[LiveServer, int]) -> None:
    server, gid = live
    client = server.app.test_client()
    n = 20
    judge = client.get(f"/api/games/{gid}/state?at={n}").get_json()["state"]
    for page in checked_page(browser):
        page.goto(f"{server.url}/games/{gid}?step={n}&view=1")
        page.wait_for_selector(f'#board[data-step="{n}"][data-view="1"]')
        assert "clockwork-memorion-1.js" in page.content()
        assert page.locator("#board .side.cw").count() == 2
        assert cards_shown(page, '#board .side.cw[data-seat="0"] .hand .card.back') == judge["players"][0]["hand_count"]
        own = page.locator('#board .side.cw[data-seat="1"] .hand .card[data-card]')
        assert own.count() == judge["players"][1]["hand_count"]
        assert sorted(own.evaluate_all("ns => ns.map(n => n.dataset.card)")) == sorted(judge["players"][1]["hand"])
        assert f"Turn {judge['turn']}" in page.inner_text("#turnbar")
        life = page.locator('#board .side.cw[data-seat="0"] [data-count="life"] b').inner_text()
        assert life == str(judge["players"][0]["life"])
        for p, pl in enumerate(judge["players"]):
            for i, u in enumerate(pl["zones"]):
                if u is not None:
                    tile = page.locator(f'#board .side.cw[data-seat="{p}"] .cw-zone[data-pos="zone:{i}"] .card').first
                    assert tile.get_attribute("data-card") == u["card"]
                    assert CARDS.by_id[u["card"]].name in tile.inner_text()


def test_the_judge_page_rules_a_pasted_log(browser: Any, live: tuple[LiveServer, int]) -> None:
    server, _ = live
    doc = example_log()
    doc["actions"][8] = {"type": "summon", "p": 0, "card": "CWX 016", "at": "zone:1"}
    for page in checked_page(browser):
        page.goto(server.url + "/judge")
        page.fill("#judge-text", json.dumps(doc))
        page.click("#judge-form button[type=submit]")
        verdict = page.inner_text("#verdict")
        assert "Illegal." in verdict and "summon.level" in verdict
        page.wait_for_selector("#refusal")
        page.wait_for_function("document.querySelector('#refusal').innerText.includes('HR 7')")
        assert page.get_attribute("#viewer", "data-ruleset") == CWM
        assert page.locator("#board .side.cw").count() == 2


#: 1280x800 (the desktop default), 1200 (review r24: the 4th Successor Zone was clipped at 1200-1366 px) and a phone
SIZES = ({"width": 1280, "height": 800}, {"width": 1200, "height": 800}, {"width": 390, "height": 844})

#: what the board's geometry must satisfy: every Successor Zone (and its stats) inside its row and its side, no side
#: or row scrolled sideways, the page no wider than the window, and each stat a box of its own apart from the next
_LAYOUT = """() => {
  const out = [];
  const r = (n) => n.getBoundingClientRect();
  const page = document.documentElement.scrollWidth;
  if (page > window.innerWidth + 1) out.push(`page ${page} > ${window.innerWidth}`);
  for (const side of document.querySelectorAll('#board .side.cw')) {
    const s = r(side), seat = side.dataset.seat;
    if (side.scrollWidth > side.clientWidth + 1) out.push(`side ${seat} overflows: ${side.scrollWidth} > ${side.clientWidth}`);
    const row = side.querySelector('.cw-zones .zone-body');
    if (row.scrollWidth > row.clientWidth + 1) out.push(`side ${seat} zones overflow: ${row.scrollWidth} > ${row.clientWidth}`);
    const zones = side.querySelectorAll('.cw-zone');
    if (zones.length !== 4) out.push(`side ${seat} shows ${zones.length} zones`);
    for (const z of zones) {
      const b = r(z), box = r(row);
      if (b.left < box.left - 1 || b.right > box.right + 1 || b.right > s.right + 1 || b.width < 40)
        out.push(`side ${seat} ${z.dataset.pos} clipped: ${b.left}-${b.right} in ${box.left}-${box.right}`);
      if (z.scrollWidth > z.clientWidth + 1) out.push(`side ${seat} ${z.dataset.pos} content overflows`);
      const stats = [...z.querySelectorAll('.f-stat')];
      for (const st of stats) {
        const a = r(st);
        if (a.left < b.left - 1 || a.right > b.right + 1) out.push(`${seat} ${z.dataset.pos} '${st.textContent}' overflows its zone`);
        const css = getComputedStyle(st);
        if (css.borderTopWidth === '0px' && css.paddingLeft === '0px') out.push(`stat '${st.textContent}' is unstyled`);
      }
      for (let i = 1; i < stats.length; i++) {
        const a = r(stats[i - 1]), c = r(stats[i]);
        const sameLine = Math.abs(a.top - c.top) < 2;
        if (sameLine && c.left < a.right + 2) out.push(`stats '${stats[i - 1].textContent}' and '${stats[i].textContent}' run together`);
      }
    }
  }
  return out;
}"""


def _busiest_step(client: Any, gid: int) -> int:
    """The step with the most Successors on the field (both sides), the widest board."""
    total = len(client.get(f"/api/games/{gid}/actions").get_json()["actions"])
    counts = {}
    for n in range(10, total + 1, 4):
        state = client.get(f"/api/games/{gid}/state?at={n}").get_json()["state"]
        counts[n] = sum(u is not None for pl in state["players"] for u in pl["zones"])
    return max(counts, key=lambda n: (counts[n], -n))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_board_layout_keeps_every_zone_and_stat_in_view(browser: Any, live: tuple[LiveServer, int],
                                                            size: dict[str, int]) -> None:
    """The board's own stylesheet (css/boards/clockwork-memorion-1.css, review r24 finding 7): the four Successor
    Zones of each side fit their row at desktop widths and at 390 px, and Power, Mind, state and keywords are
    separate boxes, not one run of text."""
    server, gid = live
    n = _busiest_step(server.app.test_client(), gid)
    for page in checked_page(browser, size):
        page.goto(f"{server.url}/games/{gid}?step={n}")
        page.wait_for_selector(f'#board[data-step="{n}"]')
        assert page.locator("link[href*='css/boards/clockwork-memorion-1.css']").count() == 1
        assert page.locator("#board .cw-zone .f-stat").count() >= 3  # a Successor on the field at least
        assert page.evaluate(_LAYOUT) == []
