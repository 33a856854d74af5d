"""Review r22c of issue 22 in real Chromium, desktop (1366x768) and phone (390x844): hiding passes never hides a battle's
rulings (finding 3), the judge form's "Played as logged" box (4), the action list files an action under the turn it was
applied in (5), a player named ".." has a page a link reaches (7), long names wrap instead of widening a page (8), a
Mahou card's facts read as words (9) and a player's statistics are split by ruleset (10)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import read_log
from tests.asplayed.test_review22c_web import PLAIN, skipped_trigger_log
from tests.web.browser import LiveServer, checked_page, serve_app
from tests.web.data import jsonl, simulated

ROOT = Path(__file__).resolve().parents[2]
POINTS = ROOT / "fixtures" / "logs" / "mhk-points.jsonl"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LONG = "A" * 200


@dataclass
class Stored:
    """The live server and the ids of the games the tests look at."""

    server: LiveServer
    ids: dict[str, int] = field(default_factory=dict)


def first_eliminating_pass() -> int:
    log = read_log(POINTS)
    trails = fold(log.header, log.actions, bundled_cards()).trails
    return next(i for i, a in enumerate(log.actions)
                if a["type"] == "pass" and any(e.rule == "elimination" for e in trails[i].entries))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stored]:
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import load_log
    from pmemo_replay.simulate import simulated_logs

    folder = tmp_path_factory.mktemp("review22c")
    ids: dict[str, int] = {}

    def fill(store: Any) -> None:
        ids["points"] = store.ingest_text(POINTS.read_bytes(), "points").game_id
        ids["skipped"] = store.ingest_text(skipped_trigger_log(), "skipped").game_id
        long_doc, dots_doc, *rest = simulated(4, 22)
        long_doc["game"]["players"][0].update(name=LONG, deck_name="D" * 200)
        dots_doc["game"]["players"][0].update(name="..", deck_name=".")
        for doc in (long_doc, dots_doc):
            doc["game"]["players"][1]["name"] = "Kai"
        for name, doc in (("long", long_doc), ("dots", dots_doc)):
            ids[name] = store.ingest_text(jsonl(doc), name).game_id
        for doc in rest:
            doc["game"]["players"][0]["name"], doc["game"]["players"][1]["name"] = "Renji", "Emi"
            store.ingest_text(jsonl(doc), "pm")
        for text in simulated_logs(CardLibrary(), 2, 7, ruleset="mahou-shoujo-1"):
            doc = load_log(text).document()
            doc["game"]["players"][0]["name"], doc["game"]["players"][1]["name"] = "Renji", "Emi"
            store.ingest_text(jsonl(doc), "ms")

    for server in serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}", "PMEMO_OPEN_UPLOADS": True,
                             "PMEMO_WAREHOUSE": str(folder / "wh")}, fill):
        yield Stored(server, ids)


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, SIZES[request.param])


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{page.url}: the page is {width[0]} px wide in a {width[1]} px window"


def test_hiding_passes_never_hides_the_pass_that_opened_an_elimination_judgement(page: Any, live: Stored) -> None:
    e = first_eliminating_pass()
    page.goto(f"{live.server.url}/games/{live.ids['points']}?step={e}")
    page.wait_for_selector(f'#board[data-step="{e}"]')
    judged = page.locator(f'#action-list li.act[data-step="{e + 1}"]')
    judged.wait_for(state="visible")  # the action list is drawn after the board
    page.keyboard.press("p")
    assert page.is_checked("#hide-passes") and page.locator("#action-list li.quiet").first.is_hidden()
    assert judged.is_visible() and "quiet" not in (judged.get_attribute("class") or "")
    page.keyboard.press("ArrowRight")  # not stepped over: its rulings are shown
    page.wait_for_selector(f'#board[data-step="{e + 1}"]')
    page.wait_for_function("() => document.querySelector('#trail').innerText.includes('Elimination Judgement')")


def test_the_judge_form_judges_an_ordinary_log_as_played(page: Any, live: Stored) -> None:
    page.goto(live.server.url + "/judge")
    assert "as_played" in page.inner_text(".judge-intro .hint")
    page.fill("#judge-text", PLAIN)
    page.check("#judge-as-played")
    page.click("#judge-form button[type=submit]")
    page.wait_for_selector("#verdict .verdict-text")
    assert page.inner_text("#verdict strong") == "Played as logged."
    assert page.locator("#irregular-list > ol > li").count() == 2
    no_sideways_scroll(page)


def test_the_action_after_a_lapse_is_filed_under_the_turn_it_was_applied_in(page: Any, live: Stored) -> None:
    page.goto(f"{live.server.url}/games/{live.ids['skipped']}?step=17")
    page.wait_for_selector('#board[data-step="17"]')
    # the action list is drawn after the board: wait until the step's turn heading is there
    head = page.wait_for_function("""() => {
      let e = document.querySelector('#action-list li.act[data-step="17"]');
      while (e && !e.classList.contains('turn-head')) e = e.previousElementSibling;
      return e && e.textContent; }""").json_value()
    assert head == "Turn 2"
    assert "irregular" in (page.locator('#action-list li.act[data-step="17"]').get_attribute("class") or "")


def test_a_player_named_dot_dot_has_a_page_its_link_reaches(page: Any, live: Stored) -> None:
    page.goto(live.server.url + "/")
    link = page.locator("a.player-link", has_text="..").first
    link.click()
    page.wait_for_selector("#player-page")
    assert page.inner_text("#player-page h1") == ".."
    page.locator("a.deck-link", has_text=".").first.click()
    page.wait_for_selector("h1")
    assert page.inner_text("h1").startswith(".")


@pytest.mark.parametrize("where", ["meta", "deck", "player"])
def test_a_long_name_wraps_instead_of_widening_the_page(page: Any, live: Stored, where: str) -> None:
    url = {"meta": "/meta?ruleset=pm-2.22&min_games=0", "deck": "/decks/" + "D" * 200, "player": "/players/" + LONG}[where]
    page.goto(live.server.url + url, timeout=60_000)  # /meta's first visit projects the games into the warehouse
    assert page.locator(f"a:has-text('{LONG[:50]}'), h1:has-text('{'D' * 50}')").count() >= 1
    no_sideways_scroll(page)


def test_the_mahou_card_page_reads_as_words(page: Any, live: Stored) -> None:
    page.goto(live.server.url + "/cards/KRM%20044?ruleset=mahou-shoujo-1")
    facts = page.inner_text("#card-facts")
    assert "{" not in facts and "'op'" not in facts
    assert "MGK -1 for the rival's Active fighter" in facts and "MGK +1 for its player's Active fighter" in facts
    no_sideways_scroll(page)


def test_the_player_page_has_a_section_per_ruleset(page: Any, live: Stored) -> None:
    page.goto(live.server.url + "/players/Renji")
    sections = page.locator("section.ruleset-section")
    assert sorted(sections.evaluate_all("els => els.map(e => e.dataset.ruleset)")) == ["mahou-shoujo-1", "pm-2.22"]
    for i in range(sections.count()):
        assert "Emi: 2 games" in sections.nth(i).locator(".player-opponents").inner_text()
        assert sections.nth(i).locator(".player-games li").count() == 2
    no_sideways_scroll(page)


def test_the_fixture_log_skips_the_trigger() -> None:
    """The log of the lapse test: the summon at 16 stood irregular (its trigger lapsed), nothing else did."""
    from pmemo_replay.logio import parse_log

    log = parse_log(skipped_trigger_log())
    res = fold(log.header, copy.deepcopy(log.actions), bundled_cards())
    assert res.ruling is None and [(r.index, r.rule) for r in res.irregular] == [(16, "effect.result")]
