"""What a table does not see in Mahou Shoujo (engine.ruleset.HiddenOrders): the orders of ``shuffle`` and
``redraw``, a placeholder order for each, the cards an action names from a hand (a power's or event's ``discard``
op: the rival's), ``out_of_heroes``, whose draws are named before it, and where a card drawn and never named lies
in a state JSON (the hand, else the Dreamscape, where ``out_of_heroes`` puts what it draws past 4).

Recorded from one seat (``seat_recordings``): the rival's ``search`` is a hidden choice (its 3 Heroes, from the
header's deck, only the rival sees), filled with 3 of the deck's Heroes and renamed as the rival's Heroes are seen;
the rival's ``redraw`` is due when none of the 4 drawn is a Magical Girl, which the draft makes true of draws nobody
named (``due_if_drawn``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.mahou.effects import build_ops
from engine.mahou.setup import SEARCHED, _stage
from engine.mahou.state import MsState
from engine.ruleset import null_copies
from engine.rulings import IllegalAction

HIDDEN_ORDERS = frozenset({"shuffle", "redraw"})
#: the action whose cards (3 Heroes from the deck into the hand, SR Start 1) only its player sees
HIDDEN_CHOICES = {"search": "cards"}
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
    """``(player, card, "hand")`` for each card the action takes from a hand: its own fields, and the cards its
    effect's ``discard`` ops send from a hand (logged ``ops``, else built from the card's effect and ``targets``)."""
    kind, p = a.get("type", ""), a.get("p")
    if type(p) is not int:
        return []
    out = [(p, a[f], "hand") for f in FROM_HAND.get(kind, ()) if isinstance(a.get(f), str)]
    if kind in ("play_power", "play_event"):
        out += [(op["p"], op["card"], "hand") for op in _ops(g, a, p)
                if op.get("op") == "discard" and type(op.get("p")) is int and isinstance(op.get("card"), str)]
    return out


def _ops(g: MsState, a: Mapping[str, Any], p: int) -> list[Mapping[str, Any]]:
    """The ops a power or event applies: as logged, else built from its card (none when it cannot be built)."""
    given = a.get("ops")
    if isinstance(given, list):
        return [op for op in given if isinstance(op, Mapping)]
    card = g.cards.by_id.get(a.get("card")) if isinstance(a.get("card"), str) else None
    targets = a.get("targets", ())
    if card is None or card.effect is None or not isinstance(targets, list):
        return []
    try:
        return build_ops(card.effect, p, targets)
    except IllegalAction:
        return []


def hide_unnamed(state_json: dict[str, Any], p: int, cards: Sequence[str]) -> None:
    """Null one copy of each of ``cards`` (drawn by ``p``, never named) in ``p``'s hand, else the Dreamscape."""
    me = state_json["players"][p]
    null_copies(me["dreamscape"], null_copies(me["hand"], cards))


def placeholder_choice(g: MsState, a: Mapping[str, Any]) -> list[str]:
    """3 of the player's deck's Heroes (sorted, copies counted) for a ``search`` nobody else saw (``setup.order``
    when no search is due)."""
    p = a["p"]
    me = g.players[p]
    _stage(me, p, "search", "search")
    return sorted(c for c in me.deck if g.card(c).type == "hero")[:SEARCHED]


def choice_fits(g: MsState, a: Mapping[str, Any], card: str) -> bool:
    """A searched card is a Hero."""
    return card in g.cards.by_id and g.card(card).type == "hero"


def due_if_drawn(g: MsState) -> list[tuple[dict[str, Any], int, int | None, Callable[[str], bool]]]:
    """The ``redraw`` of each player whose 4 drawn cards hold a Magical Girl: due were they none (HR 3); the
    ``out_of_heroes`` of a player who must fill the Active position with an empty Squad and a Hero in hand: due were
    the hand's drawn cards no Heroes (SR Note 3)."""
    out: list[tuple[dict[str, Any], int, int | None, Callable[[str], bool]]] = []

    def is_not(kind: str) -> Callable[[str], bool]:
        return lambda c: c in g.cards.by_id and g.card(c).type != kind
    for p, me in enumerate(g.players):
        if me.stage == "place" and me.drawn:
            out.append(({"type": "redraw", "p": p}, p, len(me.drawn), is_not("magical_girl")))
        if (g.must_replace and g.must_replace[0] == p and not me.squad
                and any(g.card(c).type == "hero" for c in me.hand)):
            out.append(({"type": "out_of_heroes", "p": p}, p, None, is_not("hero")))
    return out


def ends_draws(g: MsState, a: Mapping[str, Any], card: str) -> bool:
    """``out_of_heroes`` draws until a Hero comes (SR Note 3)."""
    return card in g.cards.by_id and g.card(card).type == "hero"
