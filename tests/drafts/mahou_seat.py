"""Recording a Mahou Shoujo game from one seat, as that seat's recorder would tap it (tests/drafts): its own search
named, every shuffle and redraw without its order, its own draws named as they come, the rival's search bare and
the rival's draws never named (they are named only when played)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from engine.fold import Folder
from engine.mahou.free import OUT_OF_HEROES_HAND
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from tests.drafts.conftest import open_draft

RULESET = "mahou-shoujo-1"


def taken(before: list[str], after: list[str], action: dict[str, Any], p: int) -> list[str]:
    """The cards that left the top of ``p``'s deck in ``action``, top first (none for a search: not from the top)."""
    if action.get("p") == p and "order" in action:
        before = list(reversed(action["order"]))
    elif action["type"] == "search":
        return []
    if after != before[:len(after)]:
        raise AssertionError("this game moved cards other than from the top")
    return before[len(after):][::-1]


def seat_taps(doc: dict[str, Any], seat: int) -> list[tuple[dict[str, Any], list[str | None] | None, int]]:
    """What seat ``seat``'s recorder taps for each action of the simulated game ``doc``: the action as sent, the
    cards it names with it and whose: its own draws, or, for an ``out_of_heroes``, the cards it draws (the rival's:
    null for each card into the hand, which the recorder does not see; the Dreamscape's and the Hero named)."""
    rs = get_ruleset(RULESET)
    real = Folder(doc["game"], bundled_for(RULESET), keep_trails=False)
    out: list[tuple[dict[str, Any], list[str | None] | None, int]] = []
    for action in doc["actions"]:
        before = [list(rs.pile(real.state, p)) for p in (0, 1)]
        hand = len(real.state.players[1 - seat].hand)
        real.push(action)
        mine: list[str | None] = list(taken(before[seat], list(rs.pile(real.state, seat)), action, seat))
        p = seat
        if action["type"] == "out_of_heroes" and action["p"] != seat:  # the rival's draws: what the table saw
            p, mine = 1 - seat, []
            for card in taken(before[p], list(rs.pile(real.state, p)), action, p):
                hero = real.state.card(card).type == "hero"
                mine.append(card if hero or hand >= OUT_OF_HEROES_HAND else None)  # the Active, the Dreamscape
                hand += 0 if hero else 1
        sent = dict(action)
        if action["type"] in rs.hidden_orders:
            sent.pop("order")
        elif action["type"] == "search" and action["p"] != seat:
            sent.pop("cards")
        out.append((sent, mine or None, p))
    return out


def from_seat(header: dict[str, Any], seat: int) -> dict[str, Any]:
    """``header`` of a recording made from ``seat`` (``meta.recorded_from``)."""
    return {**header, "meta": {**(header.get("meta") or {}), "recorded_from": seat}}


def record_seat(client: FlaskClient, doc: dict[str, Any], seat: int) -> tuple[int, dict[str, str]]:
    """Record ``doc`` from ``seat`` through the drafts API (every append accepted); the draft and its auth header."""
    draft, auth = open_draft(client, from_seat(doc["game"], seat))
    for n, (sent, mine, p) in enumerate(seat_taps(doc, seat)):
        body: dict[str, Any] = {"action": sent, "expected": n}
        if mine:
            body["named"] = {"p": p, "cards": mine}
        r = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        assert r.status_code == 200, (n, sent, mine, r.json)
    return draft, auth
