"""Deck rules (P05, P26) and game preparation: shuffle, keep, Hand Redraw."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.pm.cards import CardDB, base_id
from engine.pm.hidden import check_pool
from engine.pm.state import GameState
from engine.pm.turns import start_turn
from engine.pm.zones import draw
from engine.rulings import IllegalAction, Ruling, Trail, illegal

DECK_SIZE: Final = 60
MAX_COPIES: Final = 4
EX_DECK_MAX: Final = 15
OPENING_HAND: Final = 7


def check_decks(header: Mapping[str, Any], cards: CardDB) -> None:
    """Raise :class:`IllegalAction` (index None, a ``game.players.N...`` path) for an illegal deck.

    Deck lists found legal are remembered in ``cards.memo`` (the same lists come back game after game)."""
    for i, pl in enumerate(header["players"]):
        deck, ex = pl.get("deck"), pl.get("ex_deck", [])
        key = ("pm.legal_decks", tuple(deck) if deck is not None else None, tuple(ex) if ex else ())
        if key in cards.memo:
            continue
        path = f"game.players.{i}.deck"
        if deck is None:  # unlisted: checked on what is seen (identify.count)
            deck = []
        elif len(deck) != DECK_SIZE:
            _deck_error("deck.size", f"player {i}'s main deck has {len(deck)} cards; it must have exactly 60", path)
        for cid, n in _copies(deck):
            _deck_error("deck.copies", f"player {i}'s main deck holds {n} copies of {cid}; at most 4 are allowed", path)
        for cid in deck:
            if cards.get(cid).ex:
                _deck_error("deck.ex", f"{cid} is an EX card and cannot be in player {i}'s main deck", path)
        ex_path = f"game.players.{i}.ex_deck"
        ex = ex or ()
        if len(ex) > EX_DECK_MAX:
            _deck_error("deck.ex", f"player {i}'s EX deck has {len(ex)} cards; at most 15 are allowed", ex_path)
        for cid, n in _copies(ex):
            _deck_error("deck.ex", f"player {i}'s EX deck holds {n} copies of {cid}; at most 4 are allowed", ex_path)
        for cid in ex:
            if not cards.get(cid).ex:
                _deck_error("deck.ex", f"{cid} is not an EX card and cannot be in player {i}'s EX deck", ex_path)
        if len(cards.memo) < 4096:
            cards.memo[key] = True


def _copies(ids: Sequence[str]) -> list[tuple[str, int]]:
    """The cards (parallels counted together) with more than 4 copies in ``ids``, in first-seen order."""
    counts: dict[str, int] = {}
    for c in ids:
        key = base_id(c)
        counts[key] = counts.get(key, 0) + 1
    return [(cid, n) for cid, n in counts.items() if n > MAX_COPIES]


def _deck_error(rule: str, message: str, path: str) -> None:
    err = IllegalAction(rule, message)
    err.ruling = Ruling(rule, message, index=None, path=path)
    raise err


def do_shuffle(g: GameState, action: Mapping[str, Any], trail: Trail) -> None:
    p = action["p"]
    me = g.players[p]
    if g.phase != "setup":
        raise illegal("setup.order", "a shuffle action belongs to game preparation; later shuffles are effect ops")
    if me.shuffled:
        raise illegal("setup.order", f"player {p} has already shuffled")
    order = action.get("order")
    if order is None or me.deck_list is None:
        _shuffle_table(g, p, order, trail)
    elif len(order) != len(me.deck_list) or sorted(order) != sorted(me.deck_list):  # a permutation of the deck
        missing = Counter(me.deck_list) - Counter(order)
        extra = Counter(order) - Counter(me.deck_list)
        detail = []
        if missing:
            detail.append("missing " + ", ".join(sorted(missing)))
        if extra:
            detail.append("not in the deck " + ", ".join(sorted(extra)))
        raise illegal(
            "setup.order",
            f"player {p}'s shuffle ({len(order)} cards) is not a permutation of the deck: " + "; ".join(detail),
        )
    else:
        me.deck = list(reversed(order))
        trail.check("setup.order", f"player {p}'s shuffle is a permutation of the 60-card deck")
    me.shuffled = True
    if all(pl.shuffled for pl in g.players):
        for i in (0, 1):
            draw(g, i, OPENING_HAND)
        trail.event("setup", "both decks shuffled; each player draws 7")


def do_opening(g: GameState, action: Mapping[str, Any], trail: Trail) -> None:
    """``keep`` or ``redraw`` (Hand Redraw, P05): once per player, after both shuffles."""
    p, kind = action["p"], action["type"]
    me = g.players[p]
    if g.phase != "setup":
        raise illegal("setup.order", f"{kind} belongs to game preparation, which is over")
    if not all(pl.shuffled for pl in g.players):
        raise illegal("setup.order", f"{kind} before both players have shuffled their decks")
    if me.opening is not None:
        again = "a second redraw" if kind == "redraw" and me.opening == "redraw" else f"{kind} after {me.opening}"
        raise illegal("setup.order", f"player {p} already decided the opening hand ({me.opening}); {again} is not allowed")
    if kind == "redraw":
        hand = me.hand
        me.hand = []
        me.hand_lost += hand.count(None)  # type: ignore[arg-type]
        me.unknown_drawn = []
        me.deck[:0] = list(reversed(hand))
        draw(g, p, OPENING_HAND)
        trail.event("setup", f"player {p} redraws: the hand goes to the bottom of the deck in order, then draws 7")
    else:
        trail.event("setup", f"player {p} keeps the opening hand")
    me.opening = kind
    me.opening_hand = list(me.hand)
    me.unknown_drawn = [(0, True) for _ in me.unknown_drawn]
    for cid in me.hand:
        if cid is not None:
            me.seen.setdefault(base_id(cid), 0)
    if all(pl.opening for pl in g.players):
        start_turn(g, trail)


def _shuffle_table(g: GameState, p: int, order: list[str] | None, trail: Trail) -> None:
    """A table log's shuffle: an unknown order (every position unknown), or the order of an unlisted deck."""
    me = g.players[p]
    g.table = True
    if order is None:
        me.deck = [None] * (DECK_SIZE if me.deck_list is None else len(me.deck_list))
        trail.event("setup", f"player {p} shuffles: the order is unknown")
        return
    if len(order) != DECK_SIZE:
        raise illegal("setup.order", f"player {p}'s shuffle has {len(order)} cards; an unlisted deck has 60")
    me.deck = []
    for cid in reversed(order):
        check_pool(g, p, cid, "in the shuffle")
        me.deck.append(cid)
    trail.check("setup.order", f"player {p}'s shuffle names the 60 cards of the unlisted deck")
