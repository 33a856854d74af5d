"""Free actions (SR Act Free, SR Act Event): ``place_hero``, ``play_event``; and filling an empty Active
position (§8, HR 14-15): ``promote``, ``out_of_heroes``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahou.effects import resolve
from engine.mahou.field import draw
from engine.mahou.play import from_hand
from engine.mahou.rules import check, event, illegal
from engine.mahou.state import SQUAD_MAX, Fighter, MsState
from engine.rulings import Trail

OUT_OF_HEROES_HAND = 4


def do_place_hero(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "hero")
    me = g.players[p]
    if a["to"] == "active":
        if me.active is not None:
            raise illegal("place.active", f"player {p}'s Active position holds {me.active.hero}: {card.id} cannot go there")
        me.active = Fighter(card.id, card.hp)
        check(trail, "place.active", f"{card.id} fills player {p}'s empty Active position with {card.hp} HP")
    else:
        if len(me.squad) >= SQUAD_MAX:
            raise illegal("squad.full", f"player {p}'s Squad holds 3 fighters already: no room for {card.id}")
        me.squad.append(Fighter(card.id, card.hp))
        check(trail, "squad.full", f"{card.id} joins player {p}'s Squad at squad:{len(me.squad) - 1} ({len(me.squad)} of 3)")
    me.hand.remove(card.id)


def do_play_event(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "event")
    me = g.players[p]
    me.hand.remove(card.id)
    event(trail, "effect", f"player {p} plays the Event {card.id} ({card.name}) at no cost")
    resolve(g, p, card, a, trail)
    me.dreamscape.append(card.id)


def _must_fill(g: MsState, p: int, kind: str) -> None:
    if p not in g.must_replace:
        raise illegal("replace.invalid", f"{kind}: player {p}'s Active position is not empty; there is nothing to fill")


def do_promote(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    _must_fill(g, p, "promote")
    me = g.players[p]
    i = int(a["from"][6:])
    if i >= len(me.squad):
        raise illegal("replace.invalid", f"promote: player {p}'s {a['from']} is empty (the Squad holds {len(me.squad)})")
    me.active = me.squad.pop(i)
    check(trail, "replace.invalid", f"{me.active.hero} moves up from {a['from']} with {me.active.hp} HP")


def do_out_of_heroes(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    _must_fill(g, p, "out_of_heroes")
    me = g.players[p]
    if me.squad:
        raise illegal("replace.invalid", f"out_of_heroes: player {p}'s Squad holds {len(me.squad)} fighter(s) to promote")
    heroes = [c for c in me.hand if g.card(c).type == "hero"]
    if heroes:
        raise illegal("replace.invalid", f"out_of_heroes: player {p}'s hand holds a Hero ({heroes[0]})")
    check(trail, "replace.invalid", f"player {p} has no Hero in Squad or hand: drawing for one (SR Note 3)")
    while True:
        cid = draw(g, p, trail)
        if cid is None:
            return  # the failed draw loses at the check (HR 16)
        card = g.card(cid)
        if card.type == "hero":
            me.hand.pop()
            me.active = Fighter(cid, card.hp)
            event(trail, "replace", f"player {p} draws the Hero {cid}: it becomes the Active fighter with {card.hp} HP")
            return
        if len(me.hand) > OUT_OF_HEROES_HAND:  # the hand held 4 before this card: it goes to the Dreamscape
            me.hand.pop()
            me.dreamscape.append(cid)
            event(trail, "replace", f"player {p} draws {cid}: the hand holds 4, so it goes to the Dreamscape")
        else:
            event(trail, "replace", f"player {p} draws {cid} into the hand ({len(me.hand)} cards)")
