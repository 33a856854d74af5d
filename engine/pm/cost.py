"""Cost payment (Rule Book P11–12, P17 purple, P22 Combo).

Checks run in the order rules.md fixes: ``cost.source``, ``cost.amount``, then
``cost.identity`` / ``cost.purple`` / ``cost.combo``. :func:`pay` then discards
the hand cards and turns the Point Zone cards face down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.asplayed import refuse
from engine.pm.cards import Card, base_id
from engine.pm.state import GameState
from engine.pm.stats import extra_colors, self_ops, source_bonus
from engine.pm.zones import describe, remove_copy
from engine.rulings import Trail, illegal

FOUR_COLORS: Final = ("red", "blue", "yellow", "green")


def _paying_cards(g: GameState, player: int, pay: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """Check ``cost.source`` and return the payment as (zone, card id) pairs."""
    p = g.players[player]
    used: dict[tuple[str, str], int] = {}
    out: list[tuple[str, str]] = []
    for item in pay:
        zone, cid = ("hand", item["hand"]) if "hand" in item else ("point", item["point"])
        key = base_id(cid)
        pool = p.hand if zone == "hand" else [c for c, up in p.points if up]
        if g.table:  # unknown cards stay unknown here: the play identified the ones its payment names
            pool = [c for c in pool if c is not None]
        count = used[zone, key] = used.get((zone, key), 0) + 1
        if pool.count(cid) >= count:
            out.append((zone, cid))  # enough copies of this very id (the common case)
            continue
        # parallels count too; a parallel shares the base id as a prefix: the cheap test first
        have = sum(1 for c in pool if c == cid or (c is not None and c.startswith(key) and base_id(c) == key))
        if count > have:
            where = "hand" if zone == "hand" else "Point Zone face up"
            more = "no" if have == 0 else "no more"
            raise illegal("cost.source", f"payment names {describe(g, cid)} but player {player} has {more} copy of it in {where}")
        out.append((zone, cid))
    return out


def check_cost(
    g: GameState, player: int, pay: Sequence[Mapping[str, Any]], cost: int, trail: Trail, *,
    card: Card | None = None, cost_color: str | None = None, what: str = "", card_id: str | None = None,
) -> list[tuple[str, str]]:
    """Check a payment for a usage cost; return it as (zone, card id) pairs.

    ``card`` is the card played (color/series, purple and Combo checks apply), named in
    messages by ``what`` or else by ``card_id``; for an effect cost pass ``card=None`` and its
    ``cost_color``.
    """
    if not what and card_id is not None and trail.keep:
        what = describe(g, card_id)  # else named only if a ruling needs it
    items = _paying_cards(g, player, pay)
    lookup = g.card
    paying = [lookup(cid) for _, cid in items]
    provided = 0
    for c in paying:
        if c.source is None:  # a card printing no provided cost cannot pay
            refuse(illegal("cost.amount", f"{describe(g, c.id)} has no provided cost: it cannot be used to pay"),
                   "payment")
        provided += c.source or 0
        # a card that gives more source when paid for a named card (docs/log-extensions.md)
        if card is not None and "source" in self_ops(g, c.id):
            provided += source_bonus(g, c, card, player)
    if provided < cost:
        listing = " + ".join(f"{c.id} {c.source}" for c in paying) or "nothing"
        refuse(illegal("cost.amount", f"{what or describe(g, card_id or '')} costs {cost} but the payment provides "
                                      f"{provided} ({listing})"), "payment")
    keep = trail.keep
    if keep and provided >= cost:  # a check let pass as played is no check that held: its ✗ says it (review r22f)
        trail.check("cost.amount", f"paid {provided} >= cost {cost}")
    if card is not None:
        if cost > 0 and card.color != "purple":
            match = None
            color, same_series = card.color, g.cards.same_series
            for c in paying:
                if c.color == color or same_series(c, card):
                    match = c
                    break
            if match is None:  # cards counting as another color too where they are (MHK P-008: hand, deck, field)
                played = {card.color, *extra_colors(g, player, "hand")}  # the card is played from the hand
                match = next((c for (zone, _), c in zip(items, paying, strict=True)
                              if {c.color, *extra_colors(g, player, zone)} & played), None)
            if match is None:
                refuse(illegal(
                    "cost.identity",
                    f"{what or describe(g, card_id or '')} is {card.color} of {card.series}; "
                    "no paying card shares its color or series",
                ), "payment")
            elif keep:
                how = card.color if match.color == card.color else "series"
                trail.check("cost.identity", f"{how} matched by {match.id}")
        if cost > 0 and card.color == "purple":
            held = _check_purple(g, card, paying, what or describe(g, card_id or ""))
            if held is not None:
                trail.check("cost.purple", held)
        if card.combo is not None:
            names = set(card.combo)
            match = next((c for c in paying if c.type == "chara" and names & set(c.names)), None)
            if match is None:
                refuse(illegal(
                    "cost.combo",
                    f"Combo {what or describe(g, card_id or '')} needs a Character card named {card.combo[0]} "
                    f"or {card.combo[1]} in the payment",
                ), "payment")
            elif keep:
                trail.check("cost.combo", f"Combo satisfied by {match.id} ({match.name})")
    elif cost_color is not None and cost > 0:
        if not any(c.color == cost_color or cost_color in extra_colors(g, player, zone)
                   for (zone, _), c in zip(items, paying, strict=True)):
            refuse(illegal("effect.cost", f"{what}: the {cost_color} cost {cost} needs a {cost_color} card in the payment"),
                   "payment")
        else:
            trail.check("effect.cost", f"{cost_color} cost paid with a {cost_color} card")
    return items


def _check_purple(g: GameState, card: Card, paying: list[Card], what: str) -> str | None:
    """How a purple cost is satisfied (None: it is not, and the payment stands as played)."""
    same = [c for c in paying if g.cards.same_series(c, card)]
    names = set(card.names)
    for c in same:
        if names & set(c.names):
            return f"purple: same series and name paid by {c.id}"
    colors = {c.color for c in same}
    if all(col in colors for col in FOUR_COLORS):
        return "purple: red, blue, yellow and green of the same series paid"
    for c in same:
        if c.color == "purple":
            return f"purple: purple card of the same series paid by {c.id}"
    refuse(illegal(
        "cost.purple",
        f"purple {what} needs a same-series card of the same name, all four colors of its series, "
        "or a same-series purple card in the payment",
    ), "payment")
    return None


def pay(g: GameState, player: int, items: list[tuple[str, str]]) -> None:
    """Discard the hand cards and turn the Point Zone cards face down."""
    p = g.players[player]
    for zone, cid in items:
        if zone == "hand":
            remove_copy(p.hand, cid)
            p.discard.append(cid)
        else:
            for pt in p.points:
                if pt[1] and pt[0] is not None and base_id(pt[0]) == base_id(cid):
                    pt[1] = False
                    break
