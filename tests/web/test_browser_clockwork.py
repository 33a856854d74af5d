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
        assert page.locator('#board .side.cw[data-seat="0"] .hand .card.back').count() == judge["players"][0]["hand_count"]
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
