"""Two seats, one game in Chromium at 390x844 touch: two phones, each holding its own seat's draft of the same
game, pair through the recorder's Pair sheet; the merge page shows the first disagreement's two versions side by
side, a judge's tap picks one, and the merged game is stored: the judge's log of the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.rulesets import get_ruleset
from pmemo_replay.drafts.pairing import Pairs
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.tokens import add_token
from pmemo_replay.web.drafts import KEY as DRAFTS_KEY
from tests.web.browser import LiveServer, PageErrors

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000


def wrong_point(doc: dict[str, Any], seat1: Any) -> tuple[list[dict[str, Any]], str, str]:
    """Seat 1's recording with one face-up point read as another card (still a legal table log)."""
    from engine.fold import Folder
    from engine.rulings import IllegalAction

    for at, action in enumerate(seat1.actions):
        if action["type"] != "no_interfere" or action["p"] != 0 or "card" not in action:
            continue
        for other in dict.fromkeys(doc["game"]["players"][0]["deck"]):
            if other == action["card"] or CARDS.get(other).ex:
                continue
            wrong = [dict(a) for a in seat1.actions]
            wrong[at] = {**action, "card": other}
            try:
                fold = Folder(seat1.header, CARDS)
                for a in wrong:
                    fold.push(a)
            except IllegalAction:
                continue
            return wrong, action["card"], other
    raise AssertionError("no face-up point to misread")


def recorded(client: Any, header: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[int, str]:
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
    draft, token = r.json["id"], r.json["token"]
    for n, action in enumerate(actions):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, (n, r.json)
    return draft, token


def paired_finished(client: Any, seat0: tuple[Any, list[dict[str, Any]]],
                    seat1: tuple[Any, list[dict[str, Any]]]) -> list[tuple[int, str]]:
    """Two drafts recorded (``(header, actions)`` of seat 0, then seat 1's), paired and finished: each's id and token."""
    drafts = [recorded(client, *seat0), recorded(client, *seat1)]
    for seat, (draft, token) in enumerate(drafts):
        auth = {"Authorization": f"Bearer {token}"}
        other = drafts[1 - seat][0]
        assert client.post(f"/api/drafts/{draft}/pair", json={"with": other, "seat": seat}, headers=auth).status_code == 200
    for draft, token in drafts:
        r = client.post(f"/api/drafts/{draft}/finish", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code in (200, 201)
    return drafts


def phone(browser: Any, server: LiveServer, errors: PageErrors, draft: int, token: str, seat: int, count: int) -> Any:
    """A phone that recorded ``draft`` from ``seat``: the browser holds its token, the recorder's table is open."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{draft}")
    held = {"id": draft, "token": token, "seat": str(seat), "count": count, "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{draft}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={draft}")
    page.wait_for_selector("#table:not([hidden])")
    return page


def pair(page: Any, other: int, answer: str) -> None:
    page.tap("#pair-cmd")
    page.fill("#sheet input[type=number]", str(other))
    page.tap("#sheet .pair-send")
    page.wait_for_selector(f"#sheet .pair-answer:has-text('{answer}')", timeout=WAIT_MS)


def stored(page: Any, server: LiveServer) -> list[dict[str, Any]]:
    """Store the merged game from ``page`` and answer its stored actions (the link the page shows names the game)."""
    page.tap("#store-merged")
    link = page.wait_for_selector("#merge-status a[href^='/games/']", timeout=WAIT_MS)
    return server.app.extensions["pmemo_store"].actions(int(link.get_attribute("href").rsplit("/", 1)[1]))


def test_two_phones_pair_and_a_judge_picks(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 140)
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    wrong, named, other = wrong_point(doc, seat1)
    client = server.app.test_client()
    d0, t0 = recorded(client, seat0.header, seat0.actions)
    d1, t1 = recorded(client, seat1.header, wrong)
    errors = PageErrors()
    phone0 = phone(browser, server, errors, d0, t0, 0, len(seat0.actions))
    phone1 = phone(browser, server, errors, d1, t1, 1, len(wrong))
    pair(phone0, d1, "Asked")
    pair(phone1, d0, "Paired")
    merge_page = f"{server.url}/games/draft/{d0}/merge"
    phone0.goto(merge_page)  # mid-game the merge holds both hands: refused, with the reason
    phone0.wait_for_selector("#merge-status:has-text('both recordings are finished')", timeout=WAIT_MS)
    assert phone0.locator("#versions .version").count() == 0
    assert errors == ["console: Failed to load resource: the server responded with a status of 409 (CONFLICT)"]
    errors.clear()  # the refused GET is the one expected console error
    for d, t in ((d0, t0), (d1, t1)):  # the game is over: both players finish their recordings
        assert client.post(f"/api/drafts/{d}/finish", headers={"Authorization": f"Bearer {t}"}).status_code == 201
    phone1.tap("#sheet a:has-text('Open the merge')")
    phone1.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    versions = phone1.locator("#versions .version")
    assert versions.count() == 2
    boxes = [versions.nth(k).bounding_box() for k in (0, 1)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"] and abs(boxes[0]["y"] - boxes[1]["y"]) < 2  # side by side
    assert boxes[1]["x"] + boxes[1]["width"] <= PHONE["width"]
    said = [versions.nth(k).inner_text() for k in (0, 1)]
    assert named in said[0] or CARDS.get(named).name in said[0]
    assert other in said[1] or CARDS.get(other).name in said[1]
    phone1.screenshot(path=str(tmp_path / "disagree.png"), full_page=True)
    versions.nth(0).locator(".pick-take").tap()  # seat 0's version (index 0) is right: seat 1 misread the point
    phone1.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert phone1.locator("#pick-list li").count() == 1
    assert stored(phone1, server) == judge.actions
    for d, t, actions in ((d0, t0, seat0.actions), (d1, t1, wrong)):  # both recordings kept as they were
        kept = client.get(f"/api/drafts/{d}", headers={"Authorization": f"Bearer {t}"}).json
        assert kept["actions"] == actions
    assert not errors, errors


def test_a_header_spelled_differently_is_picked_on_the_page(server: LiveServer, browser: Any) -> None:
    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 140)
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    h1 = json.loads(json.dumps(seat1.header))
    h1["players"][1]["name"] = h1["players"][1]["name"].lower() + "x"
    client = server.app.test_client()
    d0, t0 = recorded(client, seat0.header, seat0.actions)
    d1, t1 = recorded(client, h1, seat1.actions)
    for (d, t), (other, seat) in (((d0, t0), (d1, 0)), ((d1, t1), (d0, 1))):
        auth = {"Authorization": f"Bearer {t}"}
        assert client.post(f"/api/drafts/{d}/pair", json={"with": other, "seat": seat}, headers=auth).status_code == 200
        assert client.post(f"/api/drafts/{d}/finish", headers=auth).status_code in (200, 201)  # may be stored already
    errors = PageErrors()
    page = phone(browser, server, errors, d0, t0, 0, len(seat0.actions))
    page.goto(f"{server.url}/games/draft/{d1}/merge")  # the other seat's merge page: this phone's token opens it
    page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    assert "players.1.name" in page.inner_text("#disagreement-message")
    # a judge on their own device (no recording here): the server's moderator token, typed in, opens the merge
    _, secret = add_token(server.app.extensions["pmemo_store"].engine, "judge-browser", moderator=True)
    judge_page = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True).new_page()
    errors.watch(judge_page)
    judge_page.goto(f"{server.url}/games/draft/{d0}/merge")
    judge_page.wait_for_selector("#judge-login:not([hidden])", timeout=WAIT_MS)
    assert judge_page.locator("#versions .version").count() == 0
    judge_page.fill("#judge-token", secret)
    judge_page.tap("#judge-login button[type=submit]")
    judge_page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    assert judge_page.locator("#versions .version .pick-take").count() == 2  # a judge may pick
    judge_page.context.close()
    assert h1["players"][1]["name"] in page.locator("#versions .version").nth(1).inner_text()
    page.locator("#versions .version").nth(0).locator(".pick-take").tap()  # seat 0 spelled it right
    page.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert "the header" in page.inner_text("#pick-list")
    assert stored(page, server) == judge.actions
    assert not errors, errors


def test_a_wrong_number_is_unpaired_on_the_phone(server: LiveServer, browser: Any) -> None:
    """A phone that asked to pair with the wrong draft takes it back with Unpair (DELETE pair), then pairs right."""
    doc = next(d for d in simulated_logs(CARDS, 31, 2) if len(d["actions"]) < 140)
    seat0, seat1, third = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, 1))
    client = server.app.test_client()
    d0, t0 = recorded(client, seat0.header, seat0.actions)
    d1, t1 = recorded(client, seat1.header, seat1.actions)
    stray, _ = recorded(client, third.header, third.actions[:3])  # somebody else's recording of seat 1
    errors = PageErrors()
    phone0 = phone(browser, server, errors, d0, t0, 0, len(seat0.actions))
    assert phone0.locator("#sheet .pair-undo").count() == 0
    pair(phone0, stray, "Asked")  # a wrong number typed
    pairs = Pairs(server.app.extensions[DRAFTS_KEY])
    assert pairs.link(d0)["with"] == stray
    phone0.tap("#sheet .pair-undo")
    phone0.wait_for_selector(f"#sheet .pair-answer:has-text('Unpaired from draft {stray}')", timeout=WAIT_MS)
    assert phone0.locator("#sheet .pair-undo").is_hidden()
    assert phone0.input_value("#sheet input[type=number]") == ""
    assert pairs.link(d0) is None
    held = json.loads(phone0.evaluate(f"localStorage.getItem('pmemo-draft:{d0}')"))
    assert "pairedWith" not in held  # a reload does not bring the wrong number back
    phone0.tap("#sheet .sheet-cancel button")
    pair(phone0, d1, "Asked")
    auth1 = {"Authorization": f"Bearer {t1}"}
    assert client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=auth1).json["paired"] is True
    phone0.reload()
    phone0.wait_for_selector("#table:not([hidden])")
    phone0.tap("#pair-cmd")
    assert phone0.locator("#sheet .pair-undo").is_visible()  # paired: the sheet offers to take it back
    assert phone0.input_value("#sheet input[type=number]") == str(d1)
    assert not errors, errors


def test_a_disagreement_before_the_first_game_action_is_picked_on_the_page(server: LiveServer, browser: Any) -> None:
    """Seat 1's recording starts with a hand naming its own replay refuses (nothing dealt yet): the page offers no
    take of seat 1's version and says why, and seat 0's take is sent as the start's pick (it used to send
    ``step: null``); the merged game is the judge's log."""
    from tests.drafts.test_merge_stops_api import stored_as

    doc = next(d for d in simulated_logs(CARDS, 30, 2) if len(d["actions"]) < 140)
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    client = server.app.test_client()
    d0, t0 = recorded(client, seat0.header, seat0.actions)
    d1, t1 = recorded(client, seat1.header, seat1.actions)
    for (d, t), (other, seat) in (((d0, t0), (d1, 0)), ((d1, t1), (d0, 1))):
        auth = {"Authorization": f"Bearer {t}"}
        assert client.post(f"/api/drafts/{d}/pair", json={"with": other, "seat": seat}, headers=auth).status_code == 200
        assert client.post(f"/api/drafts/{d}/finish", headers=auth).status_code in (200, 201)
    card = seat1.header["players"][1]["deck"][0]
    stored_as(server.app, d1, [{"type": "identify", "p": 1, "zone": "hand", "cards": [card]}, *seat1.actions])
    errors = PageErrors()
    page = phone(browser, server, errors, d0, t0, 0, len(seat0.actions))
    page.goto(f"{server.url}/games/draft/{d0}/merge")
    page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    assert "before the first game action" in page.inner_text("#disagreement-message")
    versions = page.locator("#versions .version")
    assert versions.nth(1).locator(".pick-take").count() == 0 and versions.nth(0).locator(".pick-take").count() == 1
    assert "cannot be taken" in versions.nth(1).locator(".cannot-take").inner_text()
    assert page.locator("#versions .pick-insert").count() == 0
    versions.nth(0).locator(".pick-take").tap()
    page.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert "before the first game action" in page.inner_text("#pick-list")
    assert stored(page, server) == judge.actions
    assert not errors, errors


def test_two_versions_told_alike_show_the_field_they_differ_in(server: LiveServer, browser: Any) -> None:
    """Review rv21b: seat 0's phone recorded its rival's event without the cards chosen: both versions read the same
    ("Mio plays MHK 01-123, targeting MHK ST-018"); each version's box lists the differing field with its value, and
    the message gives both."""
    doc = next(simulated_logs(CARDS, 1, 1))
    seat0, seat1, judge = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))
    wrong = [dict(a) for a in seat0.actions]
    wrong[175] = {**wrong[175], "choices": [[]]}
    (d0, t0), _ = paired_finished(server.app.test_client(), (seat0.header, wrong), (seat1.header, seat1.actions))
    errors = PageErrors()
    page = phone(browser, server, errors, d0, t0, 0, len(wrong))
    page.goto(f"{server.url}/games/draft/{d0}/merge")
    page.wait_for_selector("#merge[data-state='disagree']", timeout=WAIT_MS)
    assert "they differ in choices.0: seat 0 recorded [], seat 1 recorded [" in page.inner_text("#disagreement-message")
    boxes = page.locator("#versions .version")
    said = [boxes.nth(k).locator(".said").inner_text() for k in (0, 1)]
    assert said[0] == said[1]
    assert boxes.nth(0).locator(".differs").inner_text() == "choices.0: []"
    shown = boxes.nth(1).locator(".differs").inner_text()
    assert shown.startswith("choices.0: [") and all(c in shown for c in seat0.actions[175]["choices"][0]), shown
    boxes.nth(1).locator(".pick-take").tap()
    page.wait_for_selector("#merge[data-state='agree']", timeout=WAIT_MS)
    assert stored(page, server) == judge.actions
    assert not errors, errors
