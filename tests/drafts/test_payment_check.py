"""The payment sheet asks the server (review 21, finding 7): ``POST /api/drafts/<id>/check`` folds an action on a copy
of the draft, nothing stored, and answers the ruling an append would; a payment of enough source without the card's
colour or series is refused (cost.identity), in the API and in the recorder's sheet (Chromium, 390x844 touch)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.decks import Deck
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import serve_drafts
from tests.web.browser import LiveServer, PageErrors

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")
PHONE = {"width": 390, "height": 844}
WAIT_MS = 8000
DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
#: a deck of two series and three colours (Harbor Town's and Mahouka's halves): a payment may miss the identity
MIXED = Deck("mixed", "mixed", tuple(json.loads((DECKS / "harbor_town.json").read_text("utf-8"))["main"][:30]
                                     + json.loads((DECKS / "mhk_blue_yellow.json").read_text("utf-8"))["main"][:30]))
DOCS = list(simulated_logs(CARDS, 2, 33, decks=(MIXED,)))
HAND_PLAYS = ("summon", "play_event", "set_support")


def _wrong_colour(state: Any, action: dict[str, Any], cost: int) -> list[dict[str, str]] | None:
    """A payment from the hand of at least ``cost`` source of which no card shares the played card's colour or
    series (None when the hand holds none)."""
    card = CARDS.get(action["card"])
    if card.color == "purple" or card.combo is not None:
        return None
    hand = list(state.players[action["p"]].hand)
    if action["card"] not in hand:  # played from elsewhere (the EX deck)
        return None
    hand.remove(action["card"])
    others = [c for c in hand if c is not None and CARDS.get(c).color != card.color
              and not CARDS.same_series(CARDS.get(c), card)]
    if sum(CARDS.get(c).source for c in others) < cost:
        return None
    pay, paid = [], 0
    for c in sorted(others, key=lambda c: -CARDS.get(c).source):
        if paid >= cost:
            break
        pay.append({"hand": c})
        paid += CARDS.get(c).source
    return pay


def a_wrong_colour_payment() -> tuple[int, int, dict[str, Any], int, list[dict[str, str]]]:
    """(game id, step, the engine's offer, its cost, a payment of enough source in the wrong colour)."""
    for gid, doc in enumerate(DOCS, start=1):
        fold = Folder(doc["game"], CARDS)
        for n, action in enumerate(doc["actions"]):
            if n > 4:
                offers = PM.offers(fold.state)
                for offer, cost in zip(offers["actions"], offers["costs"], strict=True):
                    if offer["type"] in HAND_PLAYS and cost and offer.get("pay"):
                        wrong = _wrong_colour(fold.state, offer, cost)
                        if wrong:
                            return gid, n, offer, cost, wrong
            fold.push(action)
    raise AssertionError("no simulated step has a wrong-colour payment")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    def fill(store: Any) -> None:
        for doc in DOCS:
            assert store.ingest_log(doc, "sim").game_id is not None

    yield from serve_drafts(tmp_path_factory, "pay", fill)


def _branch(server: LiveServer, gid: int, at: int) -> dict[str, Any]:
    r = server.app.test_client().post("/api/drafts/branch", json={"game_id": gid, "at": at, "view": "judge"})
    assert r.status_code == 201, r.json
    return dict(r.json)


def test_the_check_answers_the_append_and_stores_nothing(server: LiveServer) -> None:
    gid, at, offer, _, wrong = a_wrong_colour_payment()
    draft = _branch(server, gid, at)
    client, auth = server.app.test_client(), {"Authorization": f"Bearer {draft['token']}"}
    url, count = f"/api/drafts/{draft['id']}", draft["count"]
    ok = client.post(f"{url}/check", json={"action": offer, "expected": count}, headers=auth)
    assert ok.status_code == 200 and ok.json == {"count": count, "legal": True, "ruling": None}
    bad = client.post(f"{url}/check", json={"action": {**offer, "pay": wrong}, "expected": count}, headers=auth)
    assert bad.status_code == 200 and not bad.json["legal"] and bad.json["ruling"]["rule"] == "cost.identity"
    appended = client.post(f"{url}/actions", json={"action": {**offer, "pay": wrong}, "expected": count}, headers=auth)
    assert appended.status_code == 422 and appended.json["ruling"] == bad.json["ruling"]  # the append's own answer
    assert client.post(f"{url}/check", json={"action": offer, "expected": count + 1}, headers=auth).status_code == 409
    assert client.post(f"{url}/check", json={"action": offer, "expected": count}).status_code == 403
    assert client.get(url, headers=auth).json["count"] == count  # nothing stored


def test_the_payment_sheet_records_only_what_the_server_accepts(server: LiveServer, browser: Any) -> None:
    gid, at, offer, _, wrong = a_wrong_colour_payment()
    draft = _branch(server, gid, at)
    errors = PageErrors()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{draft['id']}")
    held = {"id": draft["id"], "token": draft["token"], "seat": "judge", "count": draft["count"], "outbox": [], "skipped": {}}
    page.evaluate(f"localStorage.setItem('pmemo-draft:{draft['id']}', {json.dumps(json.dumps(held))})")
    page.goto(f"{server.url}/record?draft={draft['id']}")
    page.wait_for_selector(f"#offers[data-ready='{draft['count']}']", timeout=WAIT_MS)
    key = json.dumps(offer, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    page.tap(f"#offers button[data-action='{key}']")
    page.wait_for_selector("#sheet .pay-check[data-kind='legal']", timeout=WAIT_MS)
    assert page.is_enabled("#sheet .pay-send")  # the engine's own payment
    for _ in offer["pay"]:  # take every paid card back, then pay in the wrong colour
        page.tap("#sheet .chosen button >> nth=0")
    for item in wrong:
        page.locator(f"#sheet .pay-options button[data-pick='{item['hand']}']").first.tap()
    page.wait_for_selector("#sheet .pay-check[data-kind='illegal']", timeout=WAIT_MS)
    assert page.inner_text("#sheet .pay-total").endswith("✓")  # enough source: the total alone would accept it
    assert "color" in page.inner_text("#sheet .pay-check") and page.is_disabled("#sheet .pay-send")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors
    context.close()
