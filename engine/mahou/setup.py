"""Deck rules (HR 1) and setup (§4): search, shuffle, redraw, place_active, then the reveal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahou.cards import MsCardDB
from engine.mahou.check import start_turn
from engine.mahou.field import draw
from engine.mahou.rules import check, event, illegal
from engine.mahou.schema import header_error
from engine.mahou.state import Fighter, MsState, Player
from engine.rulings import Trail

DECK_SIZE = 40
MAX_COPIES = 3
MIN_HEROES = 3
SEARCHED = 3
SETUP_DRAW = 4
SETUP_TYPES = frozenset({"search", "shuffle", "redraw", "place_active"})


def check_decks(header: Mapping[str, Any], cards: MsCardDB) -> None:
    """``deck.size``, ``deck.copies``, ``deck.mix`` for player 0's deck, then player 1's (index null)."""
    for i, pl in enumerate(header["players"]):
        deck, path = pl["deck"], f"game.players.{i}.deck"
        if len(deck) != DECK_SIZE:
            raise header_error("deck.size", f"player {i}'s deck has {len(deck)} cards; it must have exactly 40", path)
        counts: dict[str, int] = {}
        for cid in deck:
            counts[cid] = counts.get(cid, 0) + 1
        for cid, n in counts.items():
            if n > MAX_COPIES:
                raise header_error("deck.copies", f"player {i}'s deck holds {n} copies of {cid}; at most 3 are allowed", path)
        heroes = sum(n for cid, n in counts.items() if cards.by_id[cid].type == "hero")
        girls = sum(n for cid, n in counts.items() if cards.by_id[cid].type == "magical_girl")
        if heroes < MIN_HEROES or girls < 1:
            raise header_error("deck.mix", f"player {i}'s deck holds {heroes} Heroes and {girls} Magical Girls; "
                                           "it needs at least 3 Heroes and 1 Magical Girl", path)


def _same_cards(a: list[str], b: list[str]) -> str | None:
    """None when ``a`` is a permutation of ``b``, else what differs."""
    if len(a) == len(b) and sorted(a) == sorted(b):
        return None
    count: dict[str, int] = {}
    for c in b:
        count[c] = count.get(c, 0) + 1
    for c in a:
        count[c] = count.get(c, 0) - 1
    missing = sorted(c for c, n in count.items() if n > 0)
    extra = sorted(c for c, n in count.items() if n < 0)
    parts = [f"{len(a)} cards given, {len(b)} expected"]
    if missing:
        parts.append("missing " + ", ".join(missing))
    if extra:
        parts.append("not in the deck " + ", ".join(extra))
    return "; ".join(parts)


def _stage(me: Player, p: int, kind: str, wanted: str) -> None:
    if me.stage == wanted:
        return
    if me.stage == "redraw":
        raise illegal("setup.order", f"player {p} drew no Magical Girl: a redraw is due before {kind}")
    if kind == "redraw" and me.stage == "place":
        raise illegal("setup.order", f"player {p}'s 4 drawn cards hold a Magical Girl ({', '.join(me.drawn)}): no redraw is due")
    if me.stage == "placed":
        raise illegal("setup.order", f"{kind} is out of sequence: player {p} has placed the Active pair already")
    step = "place_active" if me.stage == "place" else me.stage
    raise illegal("setup.order", f"{kind} is out of sequence: player {p}'s next setup step is {step}")


def do_search(g: MsState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    me = g.players[p]
    _stage(me, p, "search", "search")
    named = a["cards"]
    if len(named) != SEARCHED:
        raise illegal("setup.search", f"search names {len(named)} cards ({', '.join(named)}); it must name exactly 3 Heroes")
    for cid in named:
        if g.card(cid).type != "hero":
            raise illegal("setup.search", f"{cid} ({g.card(cid).name}) is a {g.card(cid).type}, not a Hero")
    deck = list(me.deck)
    for cid in named:
        if cid not in deck:
            raise illegal("setup.search", f"player {p}'s deck holds {me.deck.count(cid)} of {cid}; "
                                          f"search names {named.count(cid)}")
        deck.remove(cid)
    me.deck = deck
    me.hand += named
    me.stage = "shuffle"
    check(trail, "setup.search", f"player {p} searches 3 Heroes: {', '.join(named)}")


def _draw_four(g: MsState, p: int, trail: Trail) -> None:
    me = g.players[p]
    me.drawn = [c for c in (draw(g, p, trail) for _ in range(SETUP_DRAW)) if c is not None]
    me.opening_hand = list(me.hand)
    has_girl = any(g.card(c).type == "magical_girl" for c in me.drawn)
    me.stage = "place" if has_girl else "redraw"
    if trail.keep:
        due = "" if has_girl else "; no Magical Girl among them: a redraw is due (HR 3)"
        event(trail, "setup", f"player {p} draws 4: {', '.join(me.drawn)}{due}")


def do_shuffle(g: MsState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    me = g.players[p]
    _stage(me, p, "shuffle", "shuffle")
    differs = _same_cards(a["order"], me.deck)
    if differs:
        raise illegal("setup.order", f"player {p}'s shuffle is not a permutation of the deck's 37 cards: {differs}")
    me.deck = list(reversed(a["order"]))
    check(trail, "setup.order", f"player {p}'s shuffle is a permutation of the remaining {len(me.deck)} cards")
    _draw_four(g, p, trail)


def do_redraw(g: MsState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    me = g.players[p]
    _stage(me, p, "redraw", "redraw")
    back = me.drawn
    differs = _same_cards(a["order"], me.deck + back)
    if differs:
        raise illegal("setup.order", f"player {p}'s redraw order is not a permutation of the deck and the 4 cards "
                                     f"going back ({', '.join(back)}): {differs}")
    for cid in back:
        me.hand.remove(cid)
    me.deck = list(reversed(a["order"]))
    me.redraws += 1
    check(trail, "setup.order", f"player {p} drew no Magical Girl: the 4 go back and {len(me.deck)} cards are reordered")
    _draw_four(g, p, trail)


def do_place_active(g: MsState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    me = g.players[p]
    _stage(me, p, "place_active", "place")
    hero, girl = a["hero"], a["girl"]
    if g.card(hero).type != "hero":
        raise illegal("setup.pair", f"hero {hero} ({g.card(hero).name}) is a {g.card(hero).type}, not a Hero")
    if g.card(girl).type != "magical_girl":
        raise illegal("setup.pair", f"girl {girl} ({g.card(girl).name}) is a {g.card(girl).type}, not a Magical Girl")
    for cid in (hero, girl):
        if cid not in me.hand:
            raise illegal("setup.pair", f"{cid} is not in player {p}'s hand")
    me.hand.remove(hero)
    me.hand.remove(girl)
    f = Fighter(hero, g.card(hero).hp)
    f.girl = girl
    f.attach(g.card(girl))
    f.mgk = g.card(girl).mgk
    me.active = f
    me.stage = "placed"
    check(trail, "setup.pair", f"player {p} lays {hero} and {girl} face down in the Active position")
    if all(pl.stage == "placed" for pl in g.players):
        for i, pl in enumerate(g.players):
            af = pl.active
            assert af is not None
            event(trail, "reveal", f"player {i} reveals {af.hero} + {af.girl}: HP {af.hp}, ATK {af.atk(g.cards)}, MGK {af.mgk}")
        start_turn(g, g.first, trail)
