"""The recorder as players use it, in Chromium at 390x844 touch (issue 21, point 4): one tap for both players'
passes and for ending the turn, the payment sheet's cost and running total (Record disabled when short), effect
buttons that name the effect and show its card's text, and a card picker with set codes for an unlisted deck. Each
case opens a what-if branch of a stored simulated game at the step it needs (POST /api/drafts/branch). The server
reads the MHK card files of ../shared/data/precious-data over the bundled data, as ``serve --cards`` does, so that
a card has its text (the bundled data leave texts out; none is kept in the repository)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for, served_library
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.web.browser import LiveServer, PageErrors

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
DOCS = list(simulated_logs(CARDS, 6, 21))
MHK_FILES = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data" / "MHK"


@cache
def served() -> Any:
    """The card library the server reads: the bundled data with the MHK card files (their texts) over it."""
    return served_library([MHK_FILES])


def first_step(want: Any, view: Any = "judge") -> tuple[int, int, dict[str, Any]]:
    """(game id, step, offers) of the first step of the stored games whose offers, in ``view``'s table log, satisfy
    ``want``."""
    cards = served().for_ruleset(PM.name)
    for gid, doc in enumerate(DOCS, start=1):
        red = PM.redact(doc["game"], doc["actions"], cards, view)
        fold = Folder(red.header, cards)
        for n in range(len(doc["actions"])):
            while fold.applied < red.steps[n]:
                fold.push(red.actions[fold.applied])
            offers = PM.offers(fold.state)
            if n > 4 and want(offers):
                return gid, n, offers
    raise AssertionError("no such step")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        for doc in DOCS:
            assert store.ingest_log(doc, "sim").game_id is not None

    yield from serve_drafts(tmp_path_factory, "ux", fill, PMEMO_CARDS=served())


@pytest.fixture
def phone(browser: Any) -> Iterator[tuple[Any, PageErrors]]:
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    yield page, errors
    assert not errors, errors
    context.close()


def open_branch(server: LiveServer, page: Any, gid: int, at: int, view: str = "judge") -> int:
    """A branch of game ``gid`` from step ``at`` held by this browser, open in the recorder, offers shown."""
    r = server.app.test_client().post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": view})
    assert r.status_code == 201, r.json
    page.goto(f"{server.url}/games/draft/{r.json['id']}")
    held = {"id": r.json["id"], "token": r.json["token"], "seat": view, "count": r.json["count"], "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{r.json['id']}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={r.json['id']}")
    page.wait_for_selector(f"#offers[data-ready='{r.json['count']}']", timeout=WAIT_MS)
    return int(r.json["count"])


def test_both_pass_and_end_turn_are_one_tap(server: LiveServer, phone: tuple[Any, PageErrors]) -> None:
    page, _ = phone
    gid, at, _ = first_step(lambda o: {c["kind"] for c in o["shortcuts"]} == {"both_pass", "end_turn"})
    count = open_branch(server, page, gid, at)
    turn = page.inner_text("#turnbar")
    page.tap("#offers button[data-shortcut='both_pass']")
    page.wait_for_selector(f"#offers[data-ready='{count + 2}']", timeout=WAIT_MS)
    ending = next(c for c in PM.offers(_state_after(gid, at, 2))["shortcuts"] if c["kind"] == "end_turn")
    page.tap("#offers button[data-shortcut='end_turn']")
    page.wait_for_selector(f"#board[data-count='{count + 2 + len(ending['actions'])}']", timeout=WAIT_MS)
    assert page.inner_text("#turnbar") != turn  # the next turn has started


def _state_after(gid: int, at: int, passes: int) -> Any:
    doc = DOCS[gid - 1]
    fold = Folder(doc["game"], CARDS)
    for action in doc["actions"][:at]:
        fold.push(action)
    for _ in range(passes):
        fold.push({"type": "pass", "p": PM.actor(fold.state)})
    return fold.state


def test_the_payment_sheet_shows_the_cost_and_a_running_total(server: LiveServer, phone: tuple[Any, PageErrors]) -> None:
    page, _ = phone
    gid, at, offers = first_step(lambda o: any(c and c > 0 for c in o["costs"]))
    open_branch(server, page, gid, at)
    k = next(i for i, c in enumerate(offers["costs"]) if c and c > 0)
    action, cost = offers["actions"][k], offers["costs"][k]
    page.tap(f"#offers button[data-action='{json.dumps(action, sort_keys=True, separators=(',', ':'), ensure_ascii=False)}']")
    page.wait_for_selector("#sheet .pay-total")
    assert page.inner_text("#sheet .pay-total").startswith(f"Cost {cost} · paid ")
    page.wait_for_selector("#sheet .pay-check[data-kind='legal']", timeout=WAIT_MS)  # the server's check
    assert page.is_enabled("#sheet .pay-send")  # the engine's own payment covers the cost
    for _ in action["pay"]:  # take every paid card back: short
        page.tap("#sheet .chosen button >> nth=0")
    page.wait_for_selector("#sheet .pay-check[data-kind='illegal']", timeout=WAIT_MS)
    assert "more" in page.inner_text("#sheet .pay-total") and page.is_disabled("#sheet .pay-send")


def test_effect_buttons_name_the_effect(server: LiveServer, phone: tuple[Any, PageErrors]) -> None:
    page, _ = phone
    gid, at, offers = first_step(lambda o: any(a and a["text"] for a in o["about"]))
    open_branch(server, page, gid, at)
    k = next(i for i, a in enumerate(offers["about"]) if a and a["text"])
    action = offers["actions"][k]
    button = page.locator(f"#offers button.offer[data-action='{canonical(action)}']")
    assert button.locator(".offer-effect").inner_text() == offers["about"][k]["effect"]
    assert "effect" in button.locator(".offer-effect").inner_text()
    text = button.locator(".offer-text").inner_text()  # the card's own text, from its card file
    assert text == offers["about"][k]["text"] == served().for_ruleset(PM.name).get(action["card"]).text
    assert text and not CARDS.get(action["card"]).text  # the bundled data have none: the file gave it


def canonical(value: Any) -> str:
    """outbox.js ``canonical``: JSON with sorted keys and no spaces (an offer button's ``data-action``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_the_card_picker_of_an_unlisted_deck_has_set_codes(server: LiveServer, phone: tuple[Any, PageErrors]) -> None:
    page, _ = phone
    gid, at, _ = first_step(lambda o: o["hand_play"] == 1 and o["actor"] == 1, view=0)
    open_branch(server, page, gid, at, view="0")  # seat 0 does not know seat 1's deck
    page.tap("#offers .g-hand button")
    page.wait_for_selector("#sheet .pick-set")
    chips = page.locator("#sheet .pick-set")
    assert chips.count() > 2 and chips.first.inner_text() == "all sets"
    code = chips.nth(1).get_attribute("data-set")
    chips.nth(1).tap()
    picks = page.locator("#sheet .pick-list button").evaluate_all("bs => bs.map((b) => b.dataset.pick)")
    assert picks and all(p.startswith(code + "-") for p in picks)
    assert chips.first.get_attribute("aria-pressed") == "false" and chips.nth(1).get_attribute("aria-pressed") == "true"


def _set_code(card: str) -> str:
    """picker.js ``setCode``: "MHK 01-040" -> "MHK 01"."""
    dash = card.find("-")
    return card[:dash] if dash > 0 else card.split(" ")[0]


def shown_sets_step(view: int) -> tuple[int, int, str]:
    """(game id, step, set code) of the first step where the seat ``view`` does not know (its deck unlisted in that
    view's table log) may play a card not named yet and has shown cards of exactly one set (in its zones)."""
    cards = served().for_ruleset(PM.name)
    rival = 1 - view
    for gid, doc in enumerate(DOCS, start=1):
        red = PM.redact(doc["game"], doc["actions"], cards, view)
        fold = Folder(red.header, cards)
        for n in range(len(doc["actions"])):
            while fold.applied < red.steps[n]:
                fold.push(red.actions[fold.applied])
            offers = PM.offers(fold.state)
            if n > 4 and offers["hand_play"] == rival and offers["actor"] == rival:
                me = PM.to_json(fold.state)["players"][rival]
                seen = [*me["hand"], *me["discard"], *me["removed"], *(pt["card"] for pt in me["points"]),
                        *(c for chara in me["main"] + me["support"]
                          for c in (chara["card"], *chara.get("stack", ()), *chara.get("supports", ())))]
                codes = {_set_code(c) for c in seen if c}
                if len(codes) == 1:
                    return gid, n, codes.pop()
    raise AssertionError("no such step")


def test_the_card_picker_of_an_unlisted_deck_preselects_the_set_it_has_shown(
        server: LiveServer, phone: tuple[Any, PageErrors]) -> None:
    """Seat 1 records; seat 0's deck is unlisted and has shown cards of one set only: the picker opens on that set
    (its chip pressed, the list that set's cards), and "all sets" lists the others too."""
    page, _ = phone
    gid, at, code = shown_sets_step(1)
    open_branch(server, page, gid, at, view="1")
    page.tap("#offers .g-hand button")
    page.wait_for_selector("#sheet .pick-set")
    chosen = page.locator(f"#sheet .pick-set[data-set='{code}']")
    assert chosen.get_attribute("aria-pressed") == "true" and "on" in (chosen.get_attribute("class") or "").split()
    assert "in-deck" in (chosen.get_attribute("class") or "").split()
    assert page.locator("#sheet .pick-set.on").count() == 1
    assert page.locator("#sheet .pick-set").first.get_attribute("aria-pressed") == "false"  # not "all sets"
    picks = page.locator("#sheet .pick-list button").evaluate_all("bs => bs.map((b) => b.dataset.pick)")
    assert picks and all(_set_code(p) == code for p in picks), picks
    page.locator("#sheet .pick-set").first.tap()  # all sets
    picks = page.locator("#sheet .pick-list button").evaluate_all("bs => bs.map((b) => b.dataset.pick)")
    assert {_set_code(p) for p in picks} - {code}, picks
