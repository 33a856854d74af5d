"""Derived values: a Chara's AP/DP, usage costs, keywords in force.

Values may be computed below 0; :func:`used` floors them at 0 where they are
used (rules.md: numbers below 0 count as 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.cards import Card, base_id
from engine.pm.state import Chara, GameState

COIN_STATS = {"+10/+10": (10, 10)}


def used(value: int) -> int:
    """A value as the rules use it: below 0 counts as 0."""
    return value if value > 0 else 0


def condition_holds(g: GameState, owner: int, cond: object) -> bool:
    """Evaluate a scripted condition (see engine.pm.effects) for ``owner``."""
    if not cond:
        return True
    assert isinstance(cond, dict)
    me = g.players[owner]
    for key, want in cond.items():
        if key == "own_turn":
            if (g.turn_player == owner and g.phase != "setup") != bool(want):
                return False
        elif key == "has_name":
            if not any(want in g.card(c.card).names for c in me.area()):
                return False
        elif key == "points_at_least":
            if len(me.points) < int(want):
                return False
        elif key == "hand_at_most":
            if len(me.hand) > int(want):
                return False
        else:
            return False
    return True


def pinch_active(g: GameState, owner: int, card: Card) -> bool:
    return card.pinch is not None and len(g.players[owner].points) >= card.pinch[0]


def ap_dp(g: GameState, c: Chara) -> tuple[int, int]:
    """Current AP and DP of a Chara with every modifier applied (may be negative)."""
    card = g.card(c.card)
    bonus = 10 * len(c.stack)
    ap = (card.ap or 0) + bonus
    dp = (card.dp or 0) + bonus
    for a, d, _ in c.mods:
        ap += a
        dp += d
    for coin, n in c.coins.items():
        stats = COIN_STATS.get(coin)
        if stats:
            ap += stats[0] * n
            dp += stats[1] * n
    if card.pinch is not None and pinch_active(g, c.owner, card):
        ap += card.pinch[1]
        dp += card.pinch[2]
    if card.continuous() or c.supports:
        for step in self_steps(g, c):
            if step.get("op") == "modify":
                ap += int(step.get("ap", 0))
                dp += int(step.get("dp", 0))
    return ap, dp


def self_steps(g: GameState, c: Chara) -> Iterator[Mapping[str, Any]]:
    """Steps of continuous scripted effects in force on ``c`` itself: its own card's, and those of the
    Supports set on it ("self" in a Support's effect is the Chara it is set on)."""
    sources = [g.card(c.card), *(g.card(s.card) for s in c.supports)]
    for card in sources:
        for eff in card.continuous():
            if condition_holds(g, c.owner, eff.condition):
                assert eff.script is not None
                for step in eff.script:
                    if step.get("target", "self") == "self":
                        yield step


def has_active(g: GameState, c: Chara) -> bool:
    """[Active]: printed, granted by an effect, or given by a scripted continuous effect."""
    card = g.card(c.card)
    if card.active or c.has_grant("active"):
        return True
    return any(s.get("op") == "grant" and s.get("what") == "active" for s in self_steps(g, c))


def ignore_value(g: GameState, c: Chara) -> int | None:
    """The Chara's [Ignore X], printed or granted (the larger), or None."""
    card = g.card(c.card)
    values = [v for v in (card.ignore, c.granted_ignore()) if v is not None]
    return max(values) if values else None


def chara_cost(g: GameState, c: Chara) -> int:
    """A Chara's usage cost on the Area: printed cost +1 per level above 1 (reading 6, 8)."""
    return used(g.card(c.card).cost + len(c.stack))


def hand_cost(g: GameState, player: int, card_id: str) -> int:
    """The usage cost of a card in ``player``'s hand, with cost effects applied, floored at 0."""
    card = g.card(card_id)
    cost = card.cost
    for n, _ in g.players[player].cost_mods.get(base_id(card_id), ()):
        cost += n
    me = g.players[player]
    for c in (*me.main, *me.support):
        for eff in g.card(c.card).continuous():
            if condition_holds(g, player, eff.condition):
                assert eff.script is not None
                for step in eff.script:
                    if step.get("op") == "cost" and _cost_step_applies(step, card):
                        cost += int(step.get("n", 0))
    for eff in card.continuous():
        if condition_holds(g, player, eff.condition):
            assert eff.script is not None
            for step in eff.script:
                if step.get("op") == "cost" and step.get("target", "self") == "self":
                    cost += int(step.get("n", 0))
    return used(cost)


def _cost_step_applies(step: dict, card: Card) -> bool:  # type: ignore[type-arg]
    target = step.get("target")
    if not isinstance(target, dict):
        return False
    if "name" in target and target["name"] not in card.names:
        return False
    if "type" in target and target["type"] != card.type:
        return False
    return not ("color" in target and target["color"] != card.color)


def can_be_targeted(g: GameState, c: Chara, by_owner: int) -> bool:
    """False for an untargetable Chara chosen by the opponent's effect."""
    card = g.card(c.card)
    if c.owner == by_owner:
        return True
    return not (card.untargetable or c.has_grant("untargetable"))
