"""Recording a Clockwork Memorion game from one seat, as that seat's recorder would tap it (tests/drafts): every
shuffle and mulligan without its order, the rival's mulligan with null for each card it put back (how many is seen,
not which), the recorder's own draws named once the action that drew them is in (``POST .../name``: the draft says
how many of its hand cards are not named yet), the rival's draws never named (a card is named when it is played),
and an ability's ops written down when they moved a card from a deck to where both seats saw it (Storage, Drop)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from engine.rulings import Trail
from pmemo_replay.games.cards import bundled_for
from tests.drafts.conftest import open_draft

RULESET = "clockwork-memorion-1"
#: where a card from a deck is seen by both seats
PUBLIC_PLACES = frozenset({"storage", "drop"})


def _source(g: Any, node: dict[str, Any]) -> str | None:
    """How the trail names the ability ``node`` resolves (``<card> ability <n>``, ``<card> on recall``), read in
    the state ``g`` before the action."""
    kind, p = node.get("type"), node.get("p")
    if kind == "trigger":
        entry = next((e for e in g.pending if (e["p"], e["at"], e["ability"], e["memorion"])
                      == (p, node["at"], node["ability"], node.get("memorion"))), None)
        return None if entry is None else f"{entry['card']} ability {node['ability']}"
    if kind == "activate":
        unit = g.players[p].unit_at(node["at"])
        return None if unit is None else f"{unit.card} ability {node['ability']}"
    if kind == "recall":
        return f"{node['card']} on recall"
    return None


def _nodes(action: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield action
    for field in ("interrupts", "time"):
        for sub in action.get(field) or ():
            yield from _nodes(sub)


def with_public_ops(g: Any, action: dict[str, Any], trail: Trail) -> dict[str, Any]:
    """``action`` with ``ops`` written on each of its abilities (the action, its interrupts, its Recall Time) whose
    ops moved a card from a deck to a place both seats see and none to a place only one does: what both recorders
    write down (the trail's effect lines of that ability, ``g`` the state before the action)."""
    lines = [e.message for e in trail.entries if e.rule == "effect" and ": {'op'" in e.message]
    ops: dict[int, list[dict[str, Any]]] = {}
    for node in _nodes(action):
        name = _source(g, node)
        if name is None:
            continue
        mine = [ast.literal_eval(m[len(name) + 2:]) for m in lines if m.startswith(f"{name}: {{")]
        from_deck = [op for op in mine if op.get("from") in ("deck", "deck_top")]
        if from_deck and all(op.get("to", "drop") in PUBLIC_PLACES for op in from_deck):
            ops[id(node)] = mine

    def written(node: dict[str, Any]) -> dict[str, Any]:
        out = {**node, **({"ops": ops[id(node)]} if id(node) in ops else {})}
        for field in ("interrupts", "time"):
            if field in node:
                out[field] = [written(sub) for sub in node[field]]
        return out
    return written(action) if ops else action


def seat_taps(doc: dict[str, Any], seat: int) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """For each action of the simulated game ``doc``: the action as seat ``seat``'s recorder sends it, and the
    recorder's own hand after it (arrival order: the cards it drew last, last), from which it names its draws."""
    rs = get_ruleset(RULESET)
    real = Folder(doc["game"], bundled_for(RULESET))
    for action in doc["actions"]:
        before = rs.clone(real.state)
        trail = real.push(action)
        sent = with_public_ops(before, action, trail)
        if action["type"] in rs.hidden_orders:
            sent = {k: v for k, v in sent.items() if k != "order"}
        if action["type"] == "mulligan" and action["p"] != seat:
            sent = {**sent, "cards": [None] * len(action["cards"])}
        yield sent, list(rs.hand(real.state, seat))


def from_seat(header: dict[str, Any], seat: int) -> dict[str, Any]:
    """``header`` of a recording made from ``seat`` (``meta.recorded_from``)."""
    return {**header, "meta": {**(header.get("meta") or {}), "recorded_from": seat}}


def record_seat(client: FlaskClient, doc: dict[str, Any], seat: int) -> tuple[int, dict[str, str]]:
    """Record ``doc`` from ``seat`` through the drafts API (every append and naming accepted); the draft and its auth
    header."""
    draft, auth = open_draft(client, from_seat(doc["game"], seat))
    for n, (sent, hand) in enumerate(seat_taps(doc, seat)):
        r = client.post(f"/api/drafts/{draft}/actions", json={"action": sent, "expected": n}, headers=auth)
        assert r.status_code == 200, (seat, n, sent, r.json)
        unnamed = r.json["state"]["players"][seat].get("not_named", 0)
        if unnamed:  # the recorder's own draws: the latest cards of its hand
            named = {"p": seat, "cards": hand[len(hand) - unnamed:], "expected": n + 1}
            r = client.post(f"/api/drafts/{draft}/name", json=named, headers=auth)
            assert r.status_code == 200, (seat, n, named, r.json)
    return draft, auth
