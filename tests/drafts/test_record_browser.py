"""The /record page in Chromium at 390x844: a whole table log recorded through its buttons from seat 0 against an
unlisted deck, a reload mid-game, a dropped connection, the finish; a second page follows the draft live
(/games/draft/<id>)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pmemo_replay.checking import check_text
from tests.drafts.conftest import table_log
from tests.web.browser import LiveServer, PageErrors

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "record"
PHONE = {"width": 390, "height": 844}
RELOAD_AT = 30
WAIT_MS = 5000


def canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def deck_text(header: dict[str, Any]) -> str:
    counts: dict[str, int] = {}
    for cid in header["game"]["players"][0]["deck"]:
        counts[cid] = counts.get(cid, 0) + 1
    return "\n".join(f"{n} {cid}" for cid, n in counts.items())


def setup(page: Any, header: dict[str, Any]) -> None:
    names = [p["name"] for p in header["game"]["players"]]
    page.fill("input[name=name0]", names[0])
    page.select_option("select[name=deck0]", "paste")
    page.fill("textarea[name=list0]", "4 MHK 01-002\nMHK 99-999\n")
    page.click("#start")
    page.wait_for_selector("fieldset[data-player='0'] .deck-error:has-text('line 2')")
    page.fill("textarea[name=list0]", deck_text(header))
    page.fill("input[name=name1]", names[1])
    page.select_option("select[name=deck1]", "")
    page.fill("input[name=event]", header["game"]["event"])
    page.fill("input[name=round]", str(header["game"]["round"]))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def ready(page: Any, count: int) -> None:
    page.wait_for_selector(f"#offers[data-ready='{count}']", timeout=WAIT_MS)


def pick(page: Any, scope: str, card: str) -> None:
    page.fill(f"{scope} .pick-search", card)
    page.click(f"{scope} button[data-pick='{card}']")


def play(page: Any, action: dict[str, Any], count: int) -> None:
    """Record ``action`` through the page's buttons (the page holds ``count`` actions)."""
    kind = action["type"]
    offer = f"#offers button[data-action='{canonical(action)}']"
    if kind == "identify":
        for card in action["cards"]:
            page.click(f".g-identify .pick-list button[data-pick='{card}']")
        page.click(".g-identify .identify-send")
    elif kind == "note":
        page.click(".rec-bar [data-cmd=note]")
        page.fill("#sheet textarea", action["text"])
        page.click("#sheet button:has-text('Save the note')")
    elif kind == "concede":
        page.click(".rec-bar [data-cmd=concede]")
        page.click(f"#sheet button:has-text('concedes') >> nth={action['p']}")
    elif kind == "no_interfere":
        page.click(f"#offers button[data-action='{canonical({'type': kind, 'p': action['p']})}']")
        pick(page, "#sheet", action["card"])
    elif page.locator(offer).count():
        page.click(offer)
        if action.get("pay"):
            page.click("#sheet .pay-send")
    else:  # a card not named yet, played from the opponent's hand
        page.click("#offers .g-hand button")
        pick(page, "#sheet", action["card"])
        unpaid = {**action, "pay": []}
        page.click(f"#sheet button[data-action='{canonical(unpaid)}']")
        for item in action["pay"]:
            page.click("#sheet .add-unknown:has-text('from hand')")
            pick(page, "#sheet", item["hand"])
        if action["pay"]:
            page.click("#sheet .pay-send")
    page.wait_for_selector(f"#board[data-count='{count + 1}']", timeout=WAIT_MS)


def test_record_a_table_log_on_a_phone(server: LiveServer, browser: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    head, actions = table_log()
    header = json.loads(head)
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    setup(page, header)
    draft_id = int(page.evaluate("new URLSearchParams(location.search).get('draft')"))
    watcher = browser.new_page(viewport=PHONE)
    errors.watch(watcher)
    watcher.goto(f"{server.url}/games/draft/{draft_id}")
    watcher.wait_for_selector("#board[data-count='0']")
    for n, action in enumerate(actions):
        if n == RELOAD_AT:
            page.screenshot(path=str(ARTIFACTS / "before-reload.png"), full_page=True)
            page.reload()
            page.wait_for_selector("#table:not([hidden])")
        if action["type"] not in ("identify", "note", "concede"):
            ready(page, n)
        if action["type"] == "note":  # the connection drops: the note waits in the browser, then goes out
            context.set_offline(True)
            page.click(".rec-bar [data-cmd=note]")
            page.fill("#sheet textarea", action["text"])
            page.click("#sheet button:has-text('Save the note')")
            page.wait_for_selector("#status[data-kind=offline]", timeout=WAIT_MS)
            assert page.evaluate(f"JSON.parse(localStorage.getItem('pmemo-draft:{draft_id}')).outbox.length") == 1
            assert page.locator(".g-offline button.offer").count() == 4  # passes and the like can still be queued
            context.set_offline(False)
            page.wait_for_selector(f"#board[data-count='{n + 1}']", timeout=WAIT_MS)
        else:
            play(page, action, n)
        watcher.wait_for_selector(f"#board[data-count='{n + 1}']", timeout=WAIT_MS)
        if n in (13, 41):
            page.screenshot(path=str(ARTIFACTS / f"after-{n + 1}.png"), full_page=True)
    page.screenshot(path=str(ARTIFACTS / "game-over.png"), full_page=True)
    page.click(".rec-done button:has-text('Finish and store')")
    link = page.wait_for_selector(".rec-done a[href^='/games/']")
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    watcher.wait_for_selector("#live-badge:has-text('finished')", timeout=WAIT_MS)
    watcher.screenshot(path=str(ARTIFACTS / "watcher.png"), full_page=True)
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors  # offline on purpose

    store = server.app.extensions["pmemo_store"]
    stored, _ = store.state_at(game_id)
    header["game"]["players"][1]["ex_deck"] = None  # the page records an unlisted deck's EX deck as unlisted too
    expected = check_text("\n".join([json.dumps(header), *map(json.dumps, actions)]), store.cards)
    assert expected.valid
    assert store.actions(game_id) == actions
    assert stored == expected.state
    context.close()
    watcher.close()


def test_a_half_named_hand_survives_a_reload(server: LiveServer, browser: Any) -> None:
    head, actions = table_log()
    header = json.loads(head)
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/record")
    setup(page, header)
    n = 0
    while actions[n]["type"] != "identify":
        ready(page, n)
        play(page, actions[n], n)
        n += 1
    tapped = actions[n]["cards"][:2]
    for card in tapped:
        page.click(f".g-identify .pick-list button[data-pick='{card}']")
    assert page.locator(".g-identify .chosen button").count() == 2
    page.reload()
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_selector(".g-identify .chosen button >> nth=1", timeout=WAIT_MS)
    assert page.locator(".g-identify .chosen button").count() == 2  # the two tapped cards are still there
    for card in actions[n]["cards"][2:]:
        page.click(f".g-identify .pick-list button[data-pick='{card}']")
    page.click(".g-identify .identify-send")
    page.wait_for_selector(f"#board[data-count='{n + 1}']", timeout=WAIT_MS)
    assert page.locator(".g-identify .chosen button").count() == 0
    assert not errors, errors
    context.close()
