"""The viewer in Chromium on table logs: unknown cards drawn as card backs; a player view page holds only what
that seat saw."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.pm.redact import redact
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import read_log
from pmemo_replay.web.viewdata import ids_in as ids_in_page
from tests.web.browser import LiveServer, serve_app
from tests.web.data import ARTIFACTS, jsonl
from tests.web.stacks import cards_shown

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "logs" / "table-seat0-unlisted.jsonl"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, sim_logs: list[dict[str, Any]]) -> Iterator[tuple[LiveServer, list[int]]]:
    """The fixture table log, then simulated games 6 to 11."""
    folder = tmp_path_factory.mktemp("table-live")
    ids: list[int] = []

    def fill(store: Any) -> None:
        ids.extend([store.ingest_text(FIXTURE.read_bytes(), "table").game_id,
                    *(store.ingest_text(jsonl(doc), "sim").game_id for doc in sim_logs[6:12])])

    for server in serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}"}, fill):
        yield server, ids


def test_unknown_cards_are_card_backs(page: Any, live: tuple[LiveServer, list[int]]) -> None:
    server, (table_id, *_) = live
    total = len(read_log(FIXTURE).actions)
    page.goto(f"{server.url}/games/{table_id}?step={total}&view=judge")
    page.wait_for_selector(f'#board[data-step="{total}"]')
    assert cards_shown(page, "#side-top .hand-zone .card.back") == 7  # Sho's hand: never seen
    assert page.locator("#side-top .hand-zone .card[data-card]").count() == 0
    assert page.locator("#side-bottom .hand-zone .card[data-card]").count() == 7  # Mei recorded her own hand
    assert page.locator("#side-top .point-zone .card[data-card]").count() == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-log-judge.png"))


def seen_by_seat_1(doc: dict[str, Any]) -> set[str]:
    """Every card id in the log seat 1 could have recorded."""
    red = redact(doc["game"], doc["actions"], bundled_cards(), 1)
    return {c for a in red.actions for c in ids_in_page(a)} | ids_in_page(red.header)


def test_a_player_view_page_holds_only_what_the_seat_saw(page: Any, live: tuple[LiveServer, list[int]],
                                                         sim_logs: list[dict[str, Any]]) -> None:
    server, (_, *sim_ids) = live
    picks = [(gid, doc, seen_by_seat_1(doc)) for gid, doc in zip(sim_ids, sim_logs[6:12], strict=True)]
    sim_id, doc, allowed = next((p for p in picks if set(p[1]["game"]["players"][0]["deck"]) - p[2]), picks[0])
    opponent_deck = set(doc["game"]["players"][0]["deck"])
    assert opponent_deck - allowed, "seat 1 saw every card of its opponent in all these games"
    page.goto(f"{server.url}/games/{sim_id}?step=40&view=1")
    page.wait_for_selector('#board[data-step="40"][data-view="1"]')
    data = page.evaluate("JSON.parse(document.getElementById('viewer-data').textContent)")
    assert set(data["cards"]) <= allowed
    html = page.content()
    assert not [c for c in opponent_deck - allowed if c in html]
    page.click('[data-view="public"]')
    page.wait_for_selector('#board[data-step="40"][data-view="public"]')
    assert page.locator(".hand-zone .card[data-card]").count() == 0
    page.screenshot(path=str(ARTIFACTS / "table-view-public.png"))


def test_stored_game_shows_what_could_have_been_done_and_turn_closers_under_their_turn(
        page: Any, live: tuple[LiveServer, list[int]], sim_logs: list[dict[str, Any]]) -> None:
    server, (_, sim_id, *_) = live
    doc = sim_logs[6]
    closer = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "end_approach")
    page.goto(f"{server.url}/games/{sim_id}?step={closer}&view=judge")
    page.wait_for_selector(f'#board[data-step="{closer}"]')
    page.wait_for_selector("#legal li.legal-item")
    assert "ends the Approach Phase" in page.text_content("#legal")  # the decision that was taken, among others
    heads = page.evaluate(f"""(() => {{
        const li = document.querySelector('#action-list li[data-step="{closer + 1}"]');
        let node = li.previousElementSibling;
        while (node && !node.classList.contains('turn-head')) node = node.previousElementSibling;
        return node ? node.textContent : null;
    }})()""")
    assert heads == "Turn 1"  # the first player's end_approach closes turn 1 and is listed under it
