"""The offers of a draft whose deck orders nobody saw, when a hand holds cards drawn and not named yet
(engine.ruleset.HiddenOrders, drafts/orders.py): such a card is the placeholder's, not the table's, so no offer
plays it under that identity.

The ruleset's offers are computed on the judge's state (where a card not named yet holds a placeholder's card); an
offer that takes from a hand (the ruleset's ``named``) more copies of a card than the hand holds named is left out,
and ``unknown`` counts each hand's cards not named, ``hand_play`` says who may play one ("a card not named yet…",
as Precious Memories' unknown hand cards): :func:`hand_options` answers the ways to play a card named for it, from
the pool the draft knows; the append then names it (drafts/orders.py ``name_for``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.rulings import IllegalAction
from pmemo_replay.drafts.orders import NamingConflict, Orders

Action = dict[str, Any]


def _in_hands(rs: Any, state: Any, orders: Orders) -> list[Counter[str]]:
    """Per player, the cards the hand holds only as drawn and not named (the placeholder's)."""
    return [Counter(orders.orders[s][1][k] for s, k in orders.unnamed(state, p)) for p in range(orders.seats)]


def _fits(rs: Any, state: Any, action: Mapping[str, Any], invented: list[Counter[str]]) -> bool:
    """True when every hand card ``action`` names is a card its hand holds named."""
    need = Counter((p, card) for p, card, where in rs.named(state, action) if where == "hand" and card is not None)
    hands: dict[int, Counter[str]] = {}
    for (p, card), n in need.items():
        if not 0 <= p < len(invented):
            continue
        hand = hands.get(p)
        if hand is None:
            hand = hands[p] = Counter(rs.hand(state, p))
        if hand[card] - invented[p][card] < n:
            return False
    return True


def _from_one_seat(rs: Any, state: Any, orders: Orders, offered: list[Action]) -> list[Action]:
    """A recording from one seat's offers beside ``offered``: each hidden choice once more without its cards (the
    rival's: the draft fills them), the rival's actions putting hand cards back unseen (the ruleset's
    ``returns_unseen``: a Clockwork mulligan) with null for each card, for every count up to the longest offered, and
    the actions the ruleset's ``due_if_drawn`` makes due were the latest draws nobody named other cards, where the
    orders can make them so (a rival's redraw), not offered already."""
    out: list[Action] = []
    returns: dict[str, str] = getattr(rs, "returns_unseen", None) or {}
    unseen: dict[str, tuple[Action, str, int]] = {}  # the rival's such actions, their cards left out: the most offered
    for action in offered:
        kind, rival = action.get("type", ""), action.get("p") != orders.from_seat  # the recorder names its own
        field = orders.choice_fields.get(kind)
        if field is not None and rival:
            plain = {k: v for k, v in action.items() if k != field}
            if plain not in out:
                out.append(plain)
        field = returns.get(kind)
        if field is not None and rival and isinstance(action.get(field), list):
            plain = {k: v for k, v in action.items() if k != field}
            key = repr(sorted(plain.items()))
            most = max(len(action[field]), unseen[key][2] if key in unseen else 0)
            unseen[key] = (plain, field, most)
    for plain, field, most in unseen.values():
        out += [{**plain, field: [None] * n} for n in range(1, most + 1)]
    due = getattr(rs, "due_if_drawn", None)
    for action, p, n, fits in due(state) if due is not None else ():
        if action in offered:
            continue
        try:
            orders.fit_drawn(p, n, fits, [f"player {q}" for q in range(orders.seats)])
        except NamingConflict:
            continue
        out.append(action)
    return out


def offers(rs: Any, state: Any, orders: Orders, offered: Mapping[str, Any]) -> dict[str, Any]:
    """``offered`` (the ruleset's offers on the judge's state) without the offers that play a card not named yet,
    with ``unknown`` (per player, the hand cards not named) and ``hand_play`` (the actor, when it holds one; with no
    single actor, the first player with an offer who holds one)."""
    if orders.from_seat is not None:
        offered = _kept(offered, list(offered["actions"]) + _from_one_seat(rs, state, orders, offered["actions"]))
    invented = _in_hands(rs, state, orders)
    unknown = [sum(c.values()) for c in invented]
    if not any(unknown):
        return dict(offered)
    actions = [a for a in offered["actions"] if _fits(rs, state, a, invented)]
    actor = offered.get("actor")
    # who acts (in a setup where either may: the first holding such a card that has an offer)
    acting = [actor] if type(actor) is int else sorted({a.get("p") for a in offered["actions"] if type(a.get("p")) is int})
    hand_play = next((p for p in acting if 0 <= p < len(unknown) and unknown[p]), None)
    return {**_kept(offered, actions), "unknown": unknown, "hand_play": hand_play}


#: the offers' lists that give one entry per offered action (kept in step with the actions)
PER_ACTION = ("about", "costs")


def _kept(offered: Mapping[str, Any], actions: list[Any]) -> dict[str, Any]:
    """``offered`` with ``actions`` (some of its actions, and any added after them: None in the per-action lists)."""
    out = {**offered, "actions": actions}
    before = offered["actions"]
    for key in PER_ACTION:
        values = offered.get(key)
        if isinstance(values, list) and len(values) == len(before):
            out[key] = [values[before.index(a)] if a in before else None for a in actions]
    return out


def hand_options(rs: Any, state: Any, orders: Orders, p: int, card: str) -> list[dict[str, Any]]:
    """The ways ``p`` could play ``card`` as one of its hand cards not named yet: ``{"action", "cost", "legal"}``
    each (the legal actions of the state where that card is ``card``). ``IllegalAction`` (``identify.count``,
    ``identify.zone``) when ``p`` holds no card not named, or the draft's pool holds no copy of ``card``."""
    invented = _in_hands(rs, state, orders)
    if not invented[p]:
        raise IllegalAction("identify.zone", f"player {p}'s hand holds no card not named yet")
    if orders.pool(p).get(card, 0) <= 0:
        raise IllegalAction("identify.count", f"{card} cannot be player {p}'s: no copy of it is left unseen in that deck")
    probe = rs.clone(state)
    hand = rs.hand(probe, p)
    stand_in = max(invented[p])  # any one of them: the others stay not named
    hand[len(hand) - 1 - hand[::-1].index(stand_in)] = card
    invented[p][stand_in] -= 1
    out = []
    for action in rs.legal_actions(probe):
        named = [(q, c) for q, c, where in rs.named(probe, action) if where == "hand"]
        if (p, card) in named and _fits(rs, probe, action, invented):
            out.append({"action": action, "cost": 0, "legal": True})
    return out
