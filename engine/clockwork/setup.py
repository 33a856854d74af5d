"""Deck rules (§2, HR 1) and setup (§4, HR 2–4): setup, shuffle, keep or mulligan; then turn 1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from engine.clockwork.cards import CwCardDB
from engine.clockwork.flow import draw, start_turn
from engine.clockwork.rules import check, event, illegal
from engine.clockwork.state import Game
from engine.rulings import IllegalAction, Trail

DECK_SIZE = 30
EX_SIZES = (30, 40)
MAX_COPIES = 3
SIDEBOARD_MAX = 15
OPENING = {True: 6, False: 7}  # first player: 6 cards, second: 7 (CG Hand)
_NAME, _TYPE = attrgetter("name"), attrgetter("type")


def _header_error(rule: str, message: str, path: str) -> IllegalAction:
    err = illegal(rule, message)
    err.ruling.path = path
    return err


def check_decks(header: Mapping[str, Any], cards: CwCardDB) -> None:
    """``deck.size``, ``deck.copies``, ``deck.ruler``, ``deck.limit``, ``deck.sideboard``: player 0 first."""
    ex = header.get("match") == "ex"
    for i, pl in enumerate(header["players"]):
        deck, path = pl["deck"], f"game.players.{i}.deck"
        n = len(deck)
        if (not ex and n != DECK_SIZE) or (ex and not EX_SIZES[0] <= n <= EX_SIZES[1]):
            want = "30 to 40 (EX match)" if ex else "exactly 30"
            raise _header_error("deck.size", f"player {i}'s deck has {n} cards; it must have {want}", path)
        in_deck = list(map(cards.by_id.__getitem__, deck))  # (map and attrgetter: no Python step per card)
        names = Counter(map(_NAME, in_deck))
        if max(names.values(), default=0) > MAX_COPIES:
            for name, k in sorted(names.items()):
                if k > MAX_COPIES:
                    raise _header_error("deck.copies", f"player {i}'s deck holds {k} cards named {name!r}; at most 3", path)
        types = Counter(map(_TYPE, in_deck))
        for kind, rule, what in (("ruler", "deck.ruler", "Ruler"), ("summon_limit", "deck.limit", "Summon Limit card")):
            k = types[kind]
            if k != 1:
                raise _header_error(rule, f"player {i}'s deck holds {k} {what}s; it must hold exactly one", path)
        side = pl.get("sideboard", [])
        if len(side) > SIDEBOARD_MAX:
            raise _header_error("deck.sideboard", f"player {i}'s sideboard has {len(side)} cards; at most 15",
                                f"game.players.{i}.sideboard")


def _permutation(given: list[str], cards: list[str]) -> str | None:
    if sorted(given) == sorted(cards):  # card ids: the same multiset
        return None
    missing = sorted((Counter(cards) - Counter(given)).elements())
    extra = sorted((Counter(given) - Counter(cards)).elements())
    parts = [f"{len(given)} cards given, {len(cards)} expected"]
    if missing:
        parts.append("missing " + ", ".join(missing))
    if extra:
        parts.append("not there " + ", ".join(extra))
    return "; ".join(parts)


def _stage(g: Game, p: int, kind: str, wanted: str) -> None:
    stage = g.players[p].stage
    if stage != wanted:
        nxt = {"setup": "setup", "shuffle": "shuffle", "decide": "keep or mulligan", "ready": "nothing (done)"}[stage]
        raise illegal("setup.order", f"{kind} is out of sequence: player {p}'s next setup step is {nxt}")


def do_setup(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _stage(g, p, "setup", "setup")
    me = g.players[p]
    for field, kind, what in (("ruler", "ruler", "Ruler"), ("limit", "summon_limit", "Summon Limit card")):
        cid = a[field]
        if cid not in me.deck or g.card(cid).type != kind:
            raise illegal("setup.place", f"{field} {cid} is not player {p}'s {what}")
    if a["face"] not in ("a", "b"):
        raise illegal("setup.place", f"face {a['face']!r} is not a or b")
    me.deck.remove(a["ruler"])
    me.deck.remove(a["limit"])
    me.ruler = g.new_unit(a["ruler"], "normal")
    if g.levels:
        g.watch_levels(p, me.ruler)
    me.limit = [a["limit"], a["face"], a["rotated"]]
    me.stage = "shuffle"
    if trail.keep:
        check(trail, "setup.place", f"player {p} places Ruler {a['ruler']} and Summon Limit {a['limit']} face down")
    if all(pl.stage != "setup" for pl in g.players):
        event(trail, "reveal", "both placements are revealed")


def do_shuffle(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _stage(g, p, "shuffle", "shuffle")
    me = g.players[p]
    differs = _permutation(a["order"], me.deck)
    if differs:
        raise illegal("setup.order", f"player {p}'s shuffle is not a permutation of the remaining deck: {differs}")
    me.deck = list(reversed(a["order"]))
    for _ in range(OPENING[p == g.first]):
        draw(g, p)
    me.stage = "decide"
    if trail.keep:
        event(trail, "setup", f"player {p} shuffles and draws {len(me.hand)}")


def do_keep(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _stage(g, p, "keep", "decide")
    g.players[p].stage = "ready"
    if trail.keep:
        event(trail, "setup", f"player {p} keeps")
    _maybe_begin(g, trail)


def do_mulligan(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _stage(g, p, "mulligan", "decide")
    me = g.players[p]
    back = a["cards"]
    if not back:
        raise illegal("setup.mulligan", "a mulligan names at least one card")
    if Counter(back) - Counter(me.hand):
        raise illegal("setup.mulligan", f"player {p}'s hand does not hold {', '.join(back)}")
    differs = _permutation(a["order"], me.deck + back)
    if differs:
        raise illegal("setup.order", f"player {p}'s mulligan order is not the deck plus the cards sent back: {differs}")
    for cid in back:
        me.hand.remove(cid)
    me.deck = list(reversed(a["order"]))
    for _ in back:
        draw(g, p)
    me.mulligan = len(back)
    me.stage = "ready"
    if trail.keep:
        event(trail, "setup", f"player {p} sends {len(back)} back and draws as many")
    _maybe_begin(g, trail)


def _maybe_begin(g: Game, trail: Trail) -> None:
    if all(pl.stage == "ready" for pl in g.players):
        for pl in g.players:
            pl.opening_hand = list(pl.hand)
        start_turn(g, g.first, trail)
