"""What a recorder may write now (engine.ruleset.Ruleset.offers, hand_options): the legal actions, the setup steps,
and plays of cards not yet named.

For an unknown hand card (``None``) the engine offers nothing; :func:`hand_options` names one in a copy
of the state, asks the engine what that card could do (canonical payments, first targets), and checks
each offer on the real state, where playing it identifies the card. When no canonical payment exists
(the payment itself needs unknown cards) the plain play is offered with an empty payment to complete.
"""

from __future__ import annotations

from typing import Any

from engine.pm import stats
from engine.pm.actions import apply_action
from engine.pm.legal import actor, candidates, is_legal, legal_actions, settled
from engine.pm.state import GameState
from engine.rulings import IllegalAction, NullTrail

Action = dict[str, Any]
HAND_PLAYS = ("summon", "level_up", "set_support", "play_event", "backup")


def setup_actions(g: GameState) -> list[Action]:
    """The legal setup steps (the engine's generator starts at turn 1): shuffles (order unknown), keep, redraw."""
    if g.phase != "setup":
        return []
    tries = [{"type": kind, "p": p} for kind in ("shuffle", "keep", "redraw") for p in (0, 1)]
    return [a for a in tries if is_legal(g, a)]


def offers(g: GameState) -> dict[str, Any]:
    """``actor``, ``actions`` (legal now), ``unknown`` (unknown cards in each hand) and ``hand_play``: the
    player who could play a card from hand that is not named yet (None when nobody)."""
    now = settled(g)
    who = actor(g)
    actions = legal_actions(g) or setup_actions(g)
    unknown = [sum(c is None for c in p.hand) for p in now.players]
    window = who is not None and now.priority == who and not now.pending_triggers
    return {"actor": who, "actions": actions, "unknown": unknown,
            "hand_play": who if window and unknown[who] else None}


def hand_options(g: GameState, p: int, card: str) -> list[dict[str, Any]]:
    """Ways ``p`` could play ``card`` from an unknown hand card now: ``{"action", "cost", "legal"}`` each.

    Raises ``IllegalAction`` when the card cannot be in that hand (``identify.count``, ``identify.zone``).
    """
    now = settled(g)
    probe = now.clone()
    apply_action(probe, {"type": "identify", "p": p, "zone": "hand", "cards": [card]}, NullTrail())
    cost = stats.hand_cost(probe, p, card)
    found = [a for a in candidates(probe) if a.get("p") == p and a.get("card") == card and a["type"] in HAND_PLAYS]
    if not any("pay" in a for a in found):
        found.extend(_unpaid(probe, p, card))
    return [{"action": a, "cost": cost if "pay" in a else 0, "legal": is_legal(g, a)} for a in found]


def _unpaid(g: GameState, p: int, card: str) -> list[Action]:
    """Plays of ``card`` with a payment left to name (none could be made of known cards)."""
    c = g.card(card)
    me = g.players[p]
    if c.type == "chara":
        return [{"type": "summon", "p": p, "card": card, "area": area, "pay": []}
                for area in (("main", "support") if c.has_stats else ("support",))]
    if c.type == "support":
        return [{"type": "set_support", "p": p, "card": card, "on": x.card, "pay": []} for x in me.area()]
    if c.type == "event":
        return [{"type": "play_event", "p": p, "card": card, "pay": []}]
    return []


__all__ = ["HAND_PLAYS", "IllegalAction", "hand_options", "offers", "setup_actions"]
