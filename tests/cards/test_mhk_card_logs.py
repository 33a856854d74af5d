"""Per-card logs of the real MHK effects (fixtures/cards/mhk-logs/, written by tools/pm/mhk_card_logs.py).

For every MHK card with an effect (the precious-data files in ../shared say which cards have one): a legal log
whose last action uses the effect, with a state predicate that only holds if the effect happened, and at least
one illegal variant with the ruling it must get (``effect.result``, ``effect.target``, ``effect.once``,
``effect.cost``, ``cost.amount`` for an unpaid amount, ``timing``, ``decline.timing``; ``effect.unknown`` for a
continuous effect used as an action).

Predicates: ``ops`` — the state before and after the last action differ as its recorded ops say (deck counts
for draws, cards leaving and reaching zones for moves, the AP/DP modifiers in force for modifies, rested for
rest/activate, Point Zone faces for flips, grants and next-card costs in force); ``response`` — the answered
action is disabled: the same log without the response ends elsewhere; ``bare_differs`` / ``bare_illegal``
(continuous effects) — the same log with the card's scripts left out shows other AP/DP or grants, or rules the
last action illegal (a cost the effect lowers).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.fold import fold
from engine.pm import stats
from engine.pm.cards import CardDB, base_id
from engine.pm.cards.native import parse_native
from pmemo_replay.cards import bundled_cards
from tests.pm_cards import read_precious

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "cards" / "mhk-logs"
FACTS = ROOT / "fixtures" / "cards" / "mhk.json"
MHK = ROOT.parent / "shared" / "data" / "precious-data" / "data" / "MHK"
FILES = sorted(LOGS.glob("*.json"))
GRANTS = ("untargetable", "cannot_approach", "cannot_interfere", "free_entry", "active", "not_eliminated")
needs_data = pytest.mark.skipif(not MHK.is_dir(), reason="../shared/data/precious-data absent")


@cache
def _doc(name: str) -> dict[str, Any]:
    return json.loads((LOGS / name).read_text(encoding="utf-8"))


def _fold(doc: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB | None = None) -> Any:
    return fold(dict(doc["game"]), actions, cards or bundled_cards(), keep_trails=False)


@cache
def _bare(card_id: str) -> CardDB:
    """The bundled cards with ``card_id``'s scripts left out (its facts only)."""
    facts = parse_native(json.loads(FACTS.read_text(encoding="utf-8")), str(FACTS))
    cards = bundled_cards()
    out = CardDB([c for c in cards if base_id(c.id) != base_id(card_id)], cards.series_groups())
    out.add(facts.get(card_id))
    return out


@needs_data
def test_every_mhk_card_with_an_effect_has_a_legal_and_an_illegal_log() -> None:
    real = read_precious(MHK)
    with_effect = sorted(c.id for c in real if c.effects or c.backup is not None)
    assert len(with_effect) == 155
    logs = {_doc(p.name)["card"]: _doc(p.name) for p in FILES}
    no_legal = [c for c in with_effect if c not in logs]
    no_illegal = [c for c in with_effect if c in logs and not logs[c]["illegal"]]
    assert not no_legal and not no_illegal, (
        f"{len(no_legal)} card(s) without a legal log: {no_legal}; {len(no_illegal)} without an illegal one: "
        f"{no_illegal} (tools/pm/mhk_card_logs.py found no use of their effect with an outcome: script them, or re-run it "
        f"with more --games)")


def test_logs_hold_ids_and_actions_only() -> None:
    for path in FILES:
        raw = path.read_text(encoding="utf-8")
        assert "。" not in raw and "text" not in json.loads(raw)["legal"], path.name


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_legal_log_and_its_predicate(name: str) -> None:
    doc = _doc(name)
    actions = doc["legal"]["actions"]
    res = _fold(doc, actions)
    assert res.ruling is None, res.ruling.to_json()
    assert res.applied == len(actions)
    last = actions[-1]
    kind = doc["legal"]["predicate"]["kind"]
    if kind == "ops":
        assert base_id(last["card"]) == doc["card"] and last.get("ops"), "the last action uses the card's effect"
        before = _fold(doc, actions[:-1])
        _check_ops(before.state_json(), res.state_json(), before.state, res.state, last["ops"], last)
    elif kind == "response":
        assert base_id(last["responses"][0]["card"]) == doc["card"]
        plain = _fold(doc, [*actions[:-1], {k: v for k, v in last.items() if k != "responses"}])
        assert plain.ruling is not None or plain.state_json() != res.state_json(), "the answered action is disabled"
    elif kind == "bare_illegal":
        bare = _fold(doc, actions, _bare(doc["card"]))
        assert bare.ruling is not None and bare.ruling.index == len(actions) - 1, "legal only with the effect"
    else:
        assert kind == "bare_differs"
        bare = _fold(doc, actions, _bare(doc["card"]))
        assert bare.ruling is None and _observable(res.state) != _observable(bare.state), "the effect is in force"


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_illegal_variants_get_their_ruling(name: str) -> None:
    doc = _doc(name)
    legal = doc["legal"]["actions"]
    for v in doc["illegal"]:
        res = _fold(doc, [*legal[: v["keep"]], *v["tail"]])
        assert res.ruling is not None, v["rule"]
        assert (res.ruling.rule, res.ruling.index) == (v["rule"], v["index"]), res.ruling.to_json()


# -- the ops predicate ----------------------------------------------------------------------------------------

AREA = ("main", "support")


def _zones(p: Mapping[str, Any]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for zone in ("hand", "discard", "removed"):
        out.update((zone, c) for c in p[zone] if c is not None)
    out.update(("point", x["card"]) for x in p["points"] if x["card"] is not None)
    for zone in AREA:
        out.update((zone, x["card"]) for x in p[zone])
    return out


def _chara(state: Mapping[str, Any], p: int, card: str) -> Mapping[str, Any] | None:
    return next((x for zone in AREA for x in state["players"][p][zone] if x["card"] == card), None)


def _engine_chara(g: Any, p: int, card: str) -> Any:
    return next((c for c in g.players[p].area() if c.card == card), None)


def _own_moves(action: Mapping[str, Any]) -> Counter[tuple[int, str, str]]:
    """The zone changes the action itself makes before its effect: the Event played, cards paid or discarded."""
    out: Counter[tuple[int, str, str]] = Counter()
    p = action["p"]
    if action["type"] in ("play_event", "backup"):
        out[(p, "hand", action["card"])] -= 1
        out[(p, "discard", action["card"])] += action["type"] == "play_event"
    for item in action.get("pay", ()):
        if "hand" in item:
            out[(p, "hand", item["hand"])] -= 1
            out[(p, "discard", item["hand"])] += 1
    if "discard" in action:
        out[(p, "hand", action["discard"])] -= 1
        out[(p, "discard", action["discard"])] += 1
    return out


def _check_ops(before: Mapping[str, Any], after: Mapping[str, Any], g0: Any, g1: Any, ops: list[dict[str, Any]],
               action: Mapping[str, Any]) -> None:
    """The state after the action differs from the one before as the ops say; every op is checked where it shows:
    zone contents and counts, AP/DP (or the modifier added), rested, Point Zone faces, grants, costs in force,
    the deck bottom, a Chara put back onto the Area as a new object."""
    moved = _own_moves(action)
    deck = Counter[int]()
    drawn = Counter[int]()
    mods: dict[tuple[int, str], list[int]] = {}
    checked = 0
    shuffled = {op.get("p") for op in ops if op["op"] == "shuffle"}
    for op in ops:
        kind, p = op["op"], op.get("p")
        if kind == "draw":
            deck[p] -= op["n"]
            drawn[p] += op["n"]
        elif kind == "move":
            src, dst, card = op["from"], op["to"], op["card"]
            if src == "deck":
                deck[p] -= 1
            elif src != "ex_deck":
                moved[(p, src, card)] -= 1
            ex = g1.card(card).ex
            if dst in ("deck", "deck_bottom") and ex:  # an EX card put into the deck goes to the discard
                moved[(p, "discard", card)] += 1
            elif dst in ("deck", "deck_bottom"):
                deck[p] += 1
            elif dst != "ex_deck":
                moved[(p, dst, card)] += 1
            if dst == "deck_bottom" and p not in shuffled and not ex:
                was = _engine_chara(g0, p, card) if src in AREA else None
                under = len(ops) + (len(was.stack) + len(was.supports) if was is not None else 0)
                assert card in g1.players[p].deck[:under], op  # top card last: the bottom is the start
                checked += 1
            if src == "removed" and dst in AREA:
                old, new = _engine_chara(g0, p, card), _engine_chara(g1, p, card)
                assert new is not None and (old is None or new.uid != old.uid), op  # a new object
                checked += 1
        elif kind == "modify":
            m = mods.setdefault((p, op["card"]), [0, 0])
            m[0] += op.get("ap") or 0
            m[1] += op.get("dp") or 0
            c0, c1 = _engine_chara(g0, p, op["card"]), _engine_chara(g1, p, op["card"])
            if c1 is not None:
                assert len(c1.mods) > (len(c0.mods) if c0 is not None else 0), op
                checked += 1
        elif kind in ("rest", "activate"):
            c = _chara(after, p, op["card"])
            if c is not None:
                assert c["rested"] is (kind == "rest"), op
                checked += 1
        elif kind == "flip":
            faces = [x["face"] for x in after["players"][p]["points"] if x["card"] == op["card"]]
            assert op["face"] in faces, op
            checked += 1
        elif kind == "grant":
            c = _engine_chara(g1, p, op["card"])
            if c is not None:
                assert (stats.has_grant(g1, c, op["what"]) if isinstance(op["what"], str)
                        else any(w == op["what"] for w, _ in c.grants)), op
                checked += 1
        elif kind == "cost":
            assert _costs(g1, p) != _costs(g0, p), op
            checked += 1
    for p in (0, 1):
        b, a = before["players"][p], after["players"][p]
        if deck[p]:
            assert a["deck_count"] - b["deck_count"] == deck[p], ("deck count", deck[p])
            checked += 1
        diff = _zones(a)
        diff.subtract(_zones(b))
        for (q, zone, card), n in moved.items():
            if q == p and n and zone in ("hand", "discard", "removed", "point", *AREA):
                extra = drawn[p] if zone == "hand" else 0  # a card drawn may be another copy of one that left
                assert n <= diff[(zone, card)] <= n + extra, ((zone, card), n, diff[(zone, card)])
                checked += 1
    for (p, card), (ap, dp) in mods.items():  # the modifiers in force (the shown values also follow static effects)
        c0, c1 = _engine_chara(g0, p, card), _engine_chara(g1, p, card)
        if c0 is not None and c1 is not None and c0.uid == c1.uid and (ap or dp):
            added = [sum(m[i] for m in c1.mods) - sum(m[i] for m in c0.mods) for i in (0, 1)]
            assert added == [ap, dp], (card, ap, dp, added)
            checked += 1
    assert checked, f"no op of {ops} shows in the state"


def _costs(g: Any, p: int) -> dict[str, Any]:
    """The usage-cost changes in force for player ``p`` (its next card played, or all its cards)."""
    return {k: list(v) for k, v in g.players[p].cost_mods.items()}


def _observable(g: Any) -> list[Any]:
    return [(p, c.card, stats.ap_dp(g, c), tuple(w for w in GRANTS if stats.has_grant(g, c, w)))
            for p in (0, 1) for c in g.players[p].area()]
