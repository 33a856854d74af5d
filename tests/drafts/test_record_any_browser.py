"""/record for the games without unknown cards, in Chromium at 390x844 touch: Mahou Shoujo and Toy Race (3 seats)
chosen on the page, set up, recorded through the offered buttons to the game's end, a reload mid-game, finished;
the stored game is the draft, and the rules accept it. Toy Race records a game really played (decks shuffled
apart from the page): each shuffle tapped without an order, the cards named as they are drawn, so the stored log
draws exactly those cards (review r21h, 2); a game that keeps no deck order hidden says so on its shuffle."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.checking import check_log
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.logio import PmemoLog
from pmemo_replay.store.db import read_connection
from pmemo_replay.web.drafts import KEY
from tests.drafts.conftest import OPEN
from tests.drafts.naming import name_draws
from tests.generic.toygame.install import installed
from tests.web.browser import LiveServer, PageErrors, serve_app

PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
#: offers tapped first when there (so a game ends in a few dozen taps): the rest, the first offered
PREFERRED = ("place_active", "attack", "place_hero", "promote", "transform", "play")
#: Mahou Shoujo: Moth Eclipse against itself ends by gems in 42 taps (the form's default pair takes 83), with every
#: kind of action the longer game has (search, shuffle, redraw, place, attack, transform, promote, out of heroes)
MAHOU_DECKS = ("moth-eclipse", "moth-eclipse")
MAX_TAPS = 400
TOY = "toy-race-1"


def canonical(value: Any) -> str:
    """outbox.js ``canonical``: JSON with sorted keys and no spaces (an offer button's ``data-action``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("any-record")
    with installed(folder / "site"):
        yield from serve_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'rec.sqlite3'}", "TESTING": True, **OPEN},
                             lambda store: None)


def tap_offer(page: Any) -> str:
    """Tap the first offer of the first PREFERRED kind there is, else the first offer (one look at the offers)."""
    offers = page.locator("#offers button.offer[data-offer]")
    if not offers.count() and name_draws(page):  # every choice took cards nobody named: named first (21c, 4)
        return tap_offer(page)
    kinds = offers.evaluate_all("buttons => buttons.map((b) => b.dataset.offer)")
    for kind in PREFERRED:
        if kind in kinds:
            offers.nth(kinds.index(kind)).tap()
            return kind
    offers.first.tap()
    if page.locator("#sheet:not([hidden]) .draws-skip").count():  # a shuffle asks what was drawn: left unnamed
        page.locator("#sheet .draws-skip").tap()
    return "first"


def set_up(server: LiveServer, browser: Any, ruleset: str, seats: int,
           decks: tuple[str, ...]) -> tuple[Any, Any, PageErrors, int]:
    """/record, the game chosen, its players and decks set, started: the context, the recorder page, its error
    watch and the draft's id."""
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    page.select_option("#game-choice", ruleset)
    page.wait_for_url(f"**/record?game={ruleset}")
    page.wait_for_selector("#any-players fieldset")
    if seats > 2:
        page.select_option("select[name=seats]", str(seats))
    for p in range(seats):
        page.fill(f"input[name=any-name-{p}]", f"Seat{p}")
    for p, deck in enumerate(decks):
        page.select_option(f"select[name=any-deck-{p}]", deck)
    page.tap("#start")
    page.wait_for_selector("#table:not([hidden])")
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    assert page.get_attribute("#live-link", "href") == f"/games/draft/{draft_id}"
    return context, page, errors, draft_id


@pytest.mark.parametrize(("ruleset", "seats", "decks"), [pytest.param("mahou-shoujo-1", 2, MAHOU_DECKS, id="mahou-shoujo-1-2")])
def test_record_a_whole_game_on_a_phone(server: LiveServer, browser: Any, ruleset: str, seats: int,
                                        decks: tuple[str, ...], tmp_path: Path) -> None:
    context, page, errors, draft_id = set_up(server, browser, ruleset, seats, decks)
    watcher = context.new_page()  # the same browser: it holds the token, so it may show the recorder's view too
    errors.watch(watcher)
    watcher.goto(f"{server.url}/games/draft/{draft_id}")
    watcher.wait_for_selector("#board[data-count='0']")
    # the page in front draws frames: a tab behind another gets about one a second, and each tap waits for two
    page.bring_to_front()
    count = 0
    while count < MAX_TAPS:
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        if page.locator(".rec-done").count():
            break
        if count == 12:
            page.reload()
            page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        tap_offer(page)
        count += 1
        page.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    assert page.locator(".rec-done:has-text('The game is over')").count() == 1, f"not over after {count} taps"
    game_id = watched_and_finished(server, browser, context, page, watcher, errors, draft_id, count)
    check_stored(server, draft_id, game_id, ruleset, seats, count)
    context.close()


def watched_and_finished(server: LiveServer, browser: Any, context: Any, page: Any, watcher: Any, errors: PageErrors,
                         draft_id: int, count: int) -> int:
    """The live page followed the whole game (turn separators, each seat's view, a late spectator), then Finish:
    the stored game's id."""
    watcher.bring_to_front()
    watcher.wait_for_selector(f"#board[data-count='{count}']", timeout=WAIT_MS)
    assert watcher.locator("#action-list li.act").count() == count
    # each action line names the player who took it (issue 21, point 4: "each action names its player")
    draft = server.app.test_client().get(f"/api/drafts/{draft_id}").json
    names = [p["name"] for p in draft["game"]["players"]]
    lines = watcher.locator("#action-list li.act").all_inner_texts()
    takers = [a.get("p") for a in draft["actions"]]
    assert len(lines) == len(takers) == count and all(type(p) is int for p in takers), takers
    unnamed = [(n, line) for n, (line, p) in enumerate(zip(lines, takers, strict=True)) if not line.startswith(names[p])]
    assert not unnamed, unnamed[:5]  # the taker first: "Seat1 attacks with the Active fighter"
    # a separator before each action taken in another turn than the one before it (the first included)
    turns = turns_taken(server, draft_id)
    assert watcher.locator("#action-list li.turn-sep").count() == sum(
        1 for i, t in enumerate(turns) if i == 0 or t != turns[i - 1]) >= 2
    # no scroll past the board: the action list, the page's last block, holds at most 40% of the screen and scrolls
    # by itself to its latest action, so the page ends a bounded way below the board however long the game
    box = watcher.evaluate("""() => { const list = document.getElementById('action-list');
        const board = document.getElementById('board').getBoundingClientRect();
        return { scrollY: window.scrollY, boardTop: board.top, screen: window.innerHeight,
                 listEnd: list.getBoundingClientRect().bottom, page: document.documentElement.scrollHeight,
                 scrolled: list.scrollTop + list.clientHeight, rows: list.scrollHeight, shown: list.clientHeight }; }""")
    assert box["scrollY"] == 0 and 0 <= box["boardTop"] < box["screen"], box  # the board starts on the first screen
    assert box["shown"] <= 0.4 * box["screen"] + 1 and box["scrolled"] >= box["rows"] - 1, box
    assert box["page"] <= box["listEnd"] + 24, box  # nothing grows below the list
    if count > 30:  # more actions than the list shows: without its own scroll the page would have grown by them
        assert box["rows"] > 2 * box["shown"], box
    watcher.click("#view-toggle button[data-view='judge']")
    watcher.wait_for_selector("#board[data-view='judge']")
    watcher.click("#view-toggle button[data-view='0']")  # a seat's view: the token proves the right to it
    watcher.wait_for_selector("#board[data-view='0']")
    late = browser.new_page(viewport=PHONE)  # a spectator who joins late sees the whole game so far
    errors.watch(late)
    late.goto(f"{server.url}/games/draft/{draft_id}")
    late.wait_for_selector(f"#board[data-count='{count}']")
    assert late.locator("#action-list li.act").count() == count and late.locator("#view-toggle").count() == 0
    late.close()
    page.bring_to_front()
    assert page.locator("#board").inner_text()  # the game's board module drew the table
    page.tap(".rec-done button:has-text('Finish and store')")
    link = page.wait_for_selector(".rec-done a[href^='/games/']")
    assert page.locator(".rec-bar").is_hidden()  # nothing left to record
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    assert not errors, errors
    return game_id


def turns_taken(server: LiveServer, draft_id: int) -> list[int]:
    """The turn each of the draft's actions was taken in, from a fold of its actions from the start (the ruleset's
    ``turn_shown``), not from the draft's own record of them."""
    drafts = server.app.extensions[KEY]
    with read_connection(drafts.engine) as conn:
        row = drafts._row(conn, draft_id)
        actions = drafts._current(conn, row)
    rs = get_ruleset(row.header["ruleset"])
    folder = Folder(row.header, drafts.cards(row.header))
    turns = []
    for action in actions:
        turns.append(rs.turn_shown(folder.state, action))
        folder.push(action)
    return turns


def check_stored(server: LiveServer, draft_id: int, game_id: int, ruleset: str, seats: int, count: int) -> list[Any]:
    """The stored game is the draft's, its header as set up, and legal: its actions."""
    store = server.app.extensions["pmemo_store"]
    client = server.app.test_client()
    draft = client.get(f"/api/drafts/{draft_id}").json
    assert draft["game_id"] == game_id and len(store.actions(game_id)) == count
    header = draft["game"]
    assert header["ruleset"] == ruleset and [p["name"] for p in header["players"]] == [f"Seat{p}" for p in range(seats)]
    report = check_log(PmemoLog(header, store.actions(game_id)), store.library)
    assert report.valid and report.result is not None
    return store.actions(game_id)


def played(header: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """A Toy Race really played from ``header`` (the decks and first player the page set up): each deck shuffled
    by hand (seeded), each turn the highest card in hand."""
    rng = random.Random(seed)
    toy = get_ruleset(TOY)
    fold = Folder(header, bundled_for(TOY), keep_trails=False)
    actions = []
    while (offered := toy.legal_actions(fold.state)):
        action = offered[0]
        if action["type"] == "shuffle":
            action = {**action, "order": rng.sample(action["order"], len(action["order"]))}
        elif action["type"] == "play":
            action = max(offered, key=lambda a: (bundled_for(TOY)[a["card"]].value, a["card"]))
        fold.push(action)
        actions.append(action)
    return actions


def drawn(actions: list[dict[str, Any]]) -> list[list[str]]:
    """Per action, the cards its player drew: a shuffle the top 2 of its order, a play the next one."""
    decks: dict[int, list[str]] = {}
    out = []
    for a in actions:
        if a["type"] == "shuffle":
            decks[a["p"]] = list(a["order"])
        n = 2 if a["type"] == "shuffle" else 1 if a["type"] == "play" else 0
        got, decks[a["p"]] = decks[a["p"]][:n], decks[a["p"]][n:]
        out.append(got)
    return out


def pick(scope: Any, cards: list[str]) -> None:
    """Tap each of ``cards`` in the picker of ``scope`` (in drawing order)."""
    for card in cards:
        scope.locator(f".picker button.pick[data-pick='{card}']").first.tap()


def test_record_a_toy_race_as_it_was_played(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    """Three seats: each shuffle tapped without an order ("What did Seat0 draw?" answered with the two cards really
    drawn), each card drawn after a play named from the prompt, each play tapped from the hand's named cards."""
    context, page, errors, draft_id = set_up(server, browser, TOY, 3, ())
    header = server.app.test_client().get(f"/api/drafts/{draft_id}").json["game"]
    real = played(header, draft_id)
    draws = drawn(real)
    watcher = context.new_page()
    errors.watch(watcher)
    watcher.goto(f"{server.url}/games/draft/{draft_id}")
    watcher.wait_for_selector("#board[data-count='0']")
    page.bring_to_front()
    for count, action in enumerate(real):
        page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        if count == 7:
            page.reload()
            page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
        assert page.locator("#offers .order-stated").count() == 0  # no order offered: none made up
        if action["type"] == "shuffle":
            offer = page.locator("#offers button.offer[data-offer='shuffle']")
            assert offer.count() == 1 and "order" not in offer.get_attribute("data-action")
            offer.tap()
            page.wait_for_selector("#sheet:not([hidden]) .draws")
            assert "draw?" in page.locator("#sheet-heading").inner_text()
            pick(page.locator("#sheet"), draws[count])
            page.locator("#sheet .draws-send").tap()
        else:
            page.locator(f"#offers button.offer[data-offer='{action['type']}']"
                         f"[data-action='{canonical(action)}']").tap()
        page.wait_for_selector(f"#board[data-count='{count + 1}']", timeout=WAIT_MS)
        if action["type"] == "play" and draws[count] and count + 1 < len(real):  # drawn after the play: named
            page.wait_for_selector(f"#offers[data-ready='{count + 1}'] .g-identify", timeout=WAIT_MS)
            section = page.locator("#offers .g-identify").first
            assert "1 card(s) not named" in section.locator("h3").text_content()
            pick(section, draws[count])
            section.locator(".identify-send").tap()
            section.wait_for(state="detached", timeout=WAIT_MS)
    count = len(real)
    page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)
    assert page.locator(".rec-done:has-text('The game is over')").count() == 1
    game_id = watched_and_finished(server, browser, context, page, watcher, errors, draft_id, count)
    stored = check_stored(server, draft_id, game_id, TOY, 3, count)
    assert [a for a in stored if a["type"] != "shuffle"] == [a for a in real if a["type"] != "shuffle"]
    assert drawn(stored)[:-1] == draws[:-1]  # every card the table saw drawn is the one the log draws (the last
    # play's draw, if any, came as the game ended: nobody looked, and the page asks no more)
    for got, was in zip(stored, real, strict=True):  # the positions nobody saw: some order of the rest
        if was["type"] == "shuffle":
            assert sorted(got["order"]) == sorted(was["order"])
    context.close()


def test_a_game_without_hidden_orders_says_which_order_it_records(server: LiveServer, browser: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that does not implement HiddenOrders (Toy Race with its members taken away): its shuffle offer
    carries an order, and the page says so and shows it instead of recording a made-up order silently."""
    toy = get_ruleset(TOY)
    monkeypatch.setattr(toy, "hidden_orders", frozenset())
    context, page, errors, draft_id = set_up(server, browser, TOY, 2, ())
    page.wait_for_selector("#offers[data-ready='0']", timeout=WAIT_MS)
    stated = page.locator("#offers .order-stated")
    assert stated.count() == 1
    deck = server.app.test_client().get(f"/api/drafts/{draft_id}").json["game"]["players"][0]["deck"]
    assert "recorded as offered" in stated.inner_text() and ", ".join(deck) in stated.inner_text()
    assert not errors, errors
    context.close()
