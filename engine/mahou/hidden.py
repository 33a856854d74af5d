"""What a table does not see in Mahou Shoujo (engine.ruleset.HiddenOrders): the orders of ``shuffle`` and
``redraw``, a placeholder order for each, the cards an action names from a hand, and ``out_of_heroes``, whose draws
are named before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahou.setup import _stage
from engine.mahou.state import MsState

HIDDEN_ORDERS = frozenset({"shuffle", "redraw"})
#: draws until a Hero comes (SR Note 3): the cards named with it go on top first (engine.ruleset.HiddenOrders)
DRAWS_NAMED_FIRST = frozenset({"out_of_heroes"})
#: the actions that take a card from the hand, and the fields naming it
FROM_HAND = {"transform": ("card",), "grand_transform": ("card",), "play_pet": ("card",), "play_power": ("card",),
             "play_event": ("card",), "place_hero": ("card",), "place_active": ("hero", "girl")}


def placeholder_order(g: MsState, a: Mapping[str, Any]) -> list[str]:
    """The cards the action orders (top first), sorted, with a Magical Girl on top when there is one: the 4 drawn
    then hold one, so no redraw (HR 3) is forced before the recorder names what was drawn."""
    p = a["p"]
    me = g.players[p]
    kind = a["type"]
    _stage(me, p, kind, kind)
    cards = sorted(me.deck + (list(me.drawn) if kind == "redraw" else []))
    girl = next((c for c in cards if g.card(c).type == "magical_girl"), None)
    if girl is not None:
        cards.remove(girl)
        cards.insert(0, girl)
    return cards


def named(g: MsState, a: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    """``(player, card, "hand")`` for each card the action takes from a hand."""
    fields = FROM_HAND.get(a.get("type", ""), ())
    return [(a["p"], a[f], "hand") for f in fields if isinstance(a.get(f), str) and type(a.get("p")) is int]
