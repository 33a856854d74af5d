"""Toy Race (the third game, tests/generic/toygame/) in headless Chromium: a 4-seat game on the generic board,
in a seat's view: four sides, the other seats' hands as backs, the seat's own hand as named cards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.generic.toygame.install import installed
from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.stacks import cards_shown

TOY = "toy-race-1"
CARDS = Path(__file__).parent / "toygame" / "cards.json"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, int]]:
    """Toy Race installed, 6 simulated games stored and served; the id of a 4-seat game."""
    from pmemo_replay.cli import main

    folder = tmp_path_factory.mktemp("toy-live")
    with installed(tmp_path_factory.mktemp("site")):
        url = f"sqlite:///{folder / 'live.sqlite3'}"
        assert main(["simulate", "--ruleset", TOY, "--games", "6", "--seed", "5", "--db", url,
                     "--warehouse", str(folder / "wh")]) == 0
        four: list[int] = []

        def fill(store: Any) -> None:
            four.append(next(g.id for g in store.list_games(per_page=None).items if len(g.seats) == 4))

        for server in serve_app({"PMEMO_DATABASE_URL": url, "PMEMO_WAREHOUSE": str(folder / "wh")}, fill):
            yield server, four[0]


def test_a_seat_view_of_a_four_seat_game(browser: Any, live: tuple[LiveServer, int]) -> None:
    server, gid = live
    client = server.app.test_client()
    n = 6
    judge = client.get(f"/api/games/{gid}/state?at={n}").get_json()["state"]
    for page in checked_page(browser):
        page.goto(f"{server.url}/games/{gid}?step={n}&view=1")
        page.wait_for_selector(f'#board[data-step="{n}"][data-view="1"]')
        assert "generic.js" in page.content()
        assert page.locator("#board .side").count() == 4
        others = sum(p["hand_count"] for i, p in enumerate(judge["players"]) if i != 1)
        assert cards_shown(page, "#board .card.back") == others
        shown = page.locator("#board .g-card").all_inner_texts()
        names = {c["id"]: c["name"] for c in json.loads(CARDS.read_text("utf-8"))["cards"]}
        assert all(f"{card} ({names[card]})" in shown for card in judge["players"][1]["hand"])  # named from card data
        html = page.inner_html("#board")
        for i, p in enumerate(judge["players"]):
            if i != 1:  # another seat's hand card never reaches the page's board (its played cards may)
                hidden = set(p["hand"]) - {c for q in judge["players"] for c in q["played"]} - set(judge["players"][1]["hand"])
                assert not [c for c in hidden if f'data-card="{c}"' in html]


def test_the_judge_page_rules_on_a_pasted_four_seat_log(browser: Any, live: tuple[LiveServer, int]) -> None:
    server, gid = live
    client = server.app.test_client()
    header = client.get(f"/api/games/{gid}").get_json()["header"]
    actions = client.get(f"/api/games/{gid}/actions").get_json()["actions"]
    play = next(i for i, a in enumerate(actions) if a["type"] == "play")
    bad = [*actions[:play], {"type": "pass", "p": actions[play]["p"]}]  # passing while holding cards
    text = json.dumps({"format": "pmemo-log", "version": 1, "game": header, "actions": bad})
    for page in checked_page(browser):
        page.goto(server.url + "/judge")
        page.fill("#judge-text", text)
        page.click("#judge-form button[type=submit]")
        verdict = page.inner_text("#verdict")
        assert "Illegal." in verdict and "pass.hand" in verdict
        page.wait_for_selector(f'#board[data-step="{play}"]')
        assert page.get_attribute("#viewer", "data-ruleset") == "toy-race-1"
        assert "pass.hand" in page.inner_text("#refusal") and "Toy Race TR 2" in page.inner_text("#refusal")
        assert page.locator("#board .side").count() == 4
        assert page.locator("[data-view]").count() >= 5  # judge and one view per seat
        page.click('[data-view="3"]')
        page.wait_for_selector(f'#board[data-step="{play}"][data-view="3"]')
        assert page.locator("#board .card.back").count() > 0  # the other seats' hands as backs
