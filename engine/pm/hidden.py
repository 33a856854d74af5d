"""Unknown cards of table logs (../shared/spec/table-logs.md): pools and identification.

A card the log has not named is ``None`` where a card id would stand: in a hand, at a
deck position (decks keep their top card last) or in a Point Zone entry. Identifying
one replaces that ``None`` with the named id, after checking it fits what is known:

- ``identify.count``: the player's pool (the deck list less every copy known now in
  that player's zones) holds no copy; for an unlisted deck, a fifth copy or an EX card;
- ``identify.zone``: an ``identify`` names more cards than the zone holds unknown;
- ``identify.mismatch``: a stated identity contradicts a known one.

Complete logs never reach this module: every deck order is known, so every lookup
finds its card before an unknown one is considered.

>>> from engine.pm.hidden import copies_word
>>> copies_word(2, 3)
'2 of 3 copies now seen'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from engine.pm.cards import base_id
from engine.pm.state import Chara, GameState, PlayerState
from engine.pm.zones import describe, same_card
from engine.rulings import Trail, illegal

MAX_COPIES: Final = 4
EX_DECK_MAX: Final = 15


def copies_word(seen: int, listed: int | None) -> str:
    """How many copies are now known, against the list (``None``: an unlisted deck)."""
    limit = f"at most {MAX_COPIES}" if listed is None else str(listed)
    return f"{seen} of {limit} copies now seen"


def known_ids(p: PlayerState) -> list[str]:
    """Every known card id in ``p``'s zones but the EX deck (Level Up stacks and set Supports included)."""
    out = [c for c in (*p.hand, *p.deck, *p.discard, *p.removed, *(c for c, _ in p.points)) if c is not None]
    for chara in p.area():
        out += chara.ids()
        out += [s.card for s in chara.supports]
        out += [c for c in chara.under if c is not None]
    return out


def known_copies(p: PlayerState, card_id: str) -> int:
    """Copies of ``card_id`` (parallels counted together) known now in ``p``'s zones: what the pool has lost.

    A card shuffled back into a deck of unknown order is unknown again and back in the pool.
    """
    key = base_id(card_id)
    return sum(1 for c in known_ids(p) if base_id(c) == key)


def listed_copies(p: PlayerState, card_id: str) -> int | None:
    """Copies of ``card_id`` in ``p``'s deck list (``None``: the deck is unlisted)."""
    if p.deck_list is None:
        return None
    key = base_id(card_id)
    return sum(1 for c in p.deck_list if base_id(c) == key)


def pool_has(g: GameState, player: int, card_id: str) -> bool:
    """True when ``player``'s pool holds a copy of ``card_id`` (see :func:`check_pool`)."""
    p = g.players[player]
    listed = listed_copies(p, card_id)
    if listed is None:
        return not g.card(card_id).ex and known_copies(p, card_id) < MAX_COPIES
    return known_copies(p, card_id) < listed


def check_pool(g: GameState, player: int, card_id: str, where: str) -> str:
    """``identify.count`` unless ``player``'s pool holds a copy of ``card_id``; the copies message after it."""
    p = g.players[player]
    listed = listed_copies(p, card_id)
    seen = known_copies(p, card_id)
    what = describe(g, card_id)
    if listed is None:
        if g.card(card_id).ex:
            raise illegal("identify.count", f"{what} is an EX card: player {player}'s unlisted main deck can hold no copy "
                                            f"({where}; {seen} seen)")
        if seen >= MAX_COPIES:
            raise illegal("identify.count", f"{what} {where}: player {player}'s unlisted deck would hold a fifth copy "
                                            f"({seen} already seen)")
    elif listed == 0:
        raise illegal("identify.count", f"{what} {where}: player {player}'s deck list holds no copy of it")
    elif seen >= listed:
        raise illegal("identify.count", f"{what} {where}: player {player}'s deck list holds {listed} "
                                        f"{'copy' if listed == 1 else 'copies'}, and {seen} {'is' if seen == 1 else 'are'} "
                                        "already seen")
    return copies_word(seen + 1, listed)


def _record(g: GameState, player: int, card_id: str, zone: str, how: str, copies: str) -> None:
    g.trail.check("identify.count", f"{describe(g, card_id)} identified in {zone} by the {how}: {copies}")


# -- hands --------------------------------------------------------------------------------


#: the ``unknown_drawn`` turn of an unknown hand card taken unseen from the EX deck (:func:`move_unknown`)
FROM_EX: Final = -1


def identify_hand_slot(g: GameState, player: int, card_id: str, how: str) -> bool:
    """Identify the oldest unknown card of ``player``'s hand as ``card_id``; False when the hand holds none. An EX
    card names the oldest unknown card that came from the EX deck."""
    p = g.players[player]
    try:
        i = p.hand.index(None)  # type: ignore[arg-type]
    except ValueError:
        return False
    slots = [k for k, c in enumerate(p.hand) if c is None]
    from_ex = [n for n, (turn, _) in enumerate(p.unknown_drawn) if turn == FROM_EX]
    if g.card(card_id).ex and from_ex and len(slots) == len(p.unknown_drawn):
        slot = from_ex[0]
        copies = check_ex_pool(g, player, card_id, f"named in hand by the {how}")
        p.unknown_drawn.pop(slot)
        p.hand[slots[slot]] = card_id
        _record(g, player, card_id, "hand", how, copies)
        return True
    slot = 0
    if from_ex and len(slots) == len(p.unknown_drawn):  # a card from the main deck names the oldest other one
        slot = next((n for n, (turn, _) in enumerate(p.unknown_drawn) if turn != FROM_EX), 0)
        i = slots[slot]
    copies = check_pool(g, player, card_id, f"named in hand by the {how}")
    p.hand[i] = card_id
    _hand_fact(g, p, card_id, slot)
    _record(g, player, card_id, "hand", how, copies)
    return True


def _hand_fact(g: GameState, p: PlayerState, card_id: str, slot: int = 0) -> None:
    """Statistics facts of an identified hand card (the ``slot``-th unknown one, oldest first): seen at the turn it
    was drawn, and in the opening hand if it was kept there."""
    turn, opening = p.unknown_drawn.pop(slot) if slot < len(p.unknown_drawn) else (g.turn, False)
    key = base_id(card_id)
    if opening:
        p.opening_found.append(card_id)
    if opening or turn > 0:
        old = p.seen.get(key)
        if old is None or turn < old:
            p.seen[key] = turn


def ensure_in_hand(g: GameState, player: int, cards: Sequence[str], how: str) -> None:
    """Identify unknown hand cards until the hand holds a known copy for each of ``cards`` (or none is unknown)."""
    p = g.players[player]
    if None in p.hand:
        _ensure_copies(cards, lambda: p.hand, lambda cid: identify_hand_slot(g, player, cid, how))


def _ensure_copies(cards: Sequence[str], known: Callable[[], Sequence[str | None]],
                   identify_one: Callable[[str], object]) -> None:
    """Identify unknown cards (``identify_one``, falsy when none is left) until the zone (``known()``) holds a known
    copy for each time a card is named in ``cards``."""
    for cid in cards:
        key = base_id(cid)
        wanted = sum(1 for x in cards if base_id(x) == key)
        have = sum(1 for c in known() if c is not None and base_id(c) == key)
        while have < wanted and identify_one(cid):
            have += 1


def take_from_hand(g: GameState, player: int, card_id: str, how: str) -> bool:
    """Remove one copy of ``card_id`` from the hand, identifying an unknown card if need be."""
    hand = g.players[player].hand
    for i, c in enumerate(hand):
        if c is not None and same_card(c, card_id):
            del hand[i]
            return True
    if identify_hand_slot(g, player, card_id, how):
        hand.remove(card_id)
        return True
    return False


# -- Point Zones --------------------------------------------------------------------------


def placed(g: GameState, player: int, card_id: str | None) -> None:
    """Note a card just put into ``player``'s Point Zone (its last entry), which a ``break`` may follow; an unknown
    one is noted by its position (``"?3"``), so only identifying that very entry names it."""
    g.break_ok.append((player, card_id if card_id is not None else f"?{len(g.players[player].points) - 1}"))
    g.players[player].turn_log.append(("point", card_id, -1))  # type: ignore[arg-type]  # this turn's history


def identify_point(g: GameState, player: int, card_id: str, how: str, *, face_up: bool | None) -> list[Any] | None:
    """Identify the oldest unknown Point Zone card (of that face, unless None) as ``card_id``; return its entry."""
    for i, pt in enumerate(g.players[player].points):
        if pt[0] is None and (face_up is None or pt[1] == face_up):
            copies = check_pool(g, player, card_id, f"named in the Point Zone by the {how}")
            pt[0] = card_id
            _record(g, player, card_id, "the Point Zone", how, copies)
            mark = (player, f"?{i}")
            if mark in g.break_ok:  # this very card was placed just now: a Break may name it
                g.break_ok[g.break_ok.index(mark)] = (player, card_id)
            return pt
    return None


def ensure_face_up_points(g: GameState, player: int, cards: Sequence[str], how: str) -> None:
    """Identify unknown face-up points until each of ``cards`` has a known face-up copy (a payment)."""
    p = g.players[player]
    if any(pt[0] is None for pt in p.points):
        _ensure_copies(cards, lambda: [c for c, up in p.points if up],
                       lambda cid: identify_point(g, player, cid, how, face_up=True) is not None)


# -- decks ---------------------------------------------------------------------------------


def take_top(g: GameState, player: int, named: str | None, how: str) -> str | None:
    """Take the top card of the deck (the caller checked it is not empty), checking or learning its identity."""
    p = g.players[player]
    top = p.deck.pop()
    if named is None:
        return top
    if top is None:
        p.deck.append(None)
        copies = check_pool(g, player, named, f"from the top of the deck by the {how}")
        p.deck.pop()
        _record(g, player, named, "the deck", how, copies)
        return named
    if not same_card(top, named):
        p.deck.append(top)
        raise illegal("identify.mismatch", f"the {how} names {describe(g, named)}, but the top card of player {player}'s "
                                           f"deck is known to be {describe(g, top)}")
    return top


def take_from_deck(g: GameState, player: int, card_id: str, how: str) -> bool:
    """Remove the topmost position that holds ``card_id`` or may hold it (unknown, with a copy in the pool)."""
    deck = g.players[player].deck
    may_be_unknown = None in deck and pool_has(g, player, card_id)  # type: ignore[operator]
    for i in range(len(deck) - 1, -1, -1):
        c = deck[i]
        if c is None:
            if may_be_unknown:
                copies = check_pool(g, player, card_id, f"searched in the deck by the {how}")
                del deck[i]
                _record(g, player, card_id, "the deck", how, copies)
                return True
        elif same_card(c, card_id):
            del deck[i]
            return True
    if None in deck:  # type: ignore[operator]
        check_pool(g, player, card_id, f"searched in the deck by the {how}")  # raises identify.count
    return False


def name_drawn(g: GameState, player: int, drawn: int, named: Sequence[str], how: str) -> None:
    """The ``cards`` of a draw op: the last ``drawn`` hand cards, in draw order, must be or become these."""
    if len(named) > drawn:
        raise illegal("effect.result", f"the {how} names {len(named)} card(s) but player {player} drew {drawn}")
    p = g.players[player]
    hand = p.hand
    start = len(hand) - drawn
    for j, cid in enumerate(named):
        have = hand[start + j]
        if have is None:
            copies = check_pool(g, player, cid, f"drawn by the {how}")
            older = sum(1 for c in hand[: start + j] if c is None)
            hand[start + j] = cid
            _hand_fact(g, p, cid, older)
            _record(g, player, cid, "hand", how, copies)
        elif not same_card(have, cid):
            raise illegal("identify.mismatch", f"the {how} names {describe(g, cid)} as drawn card {j + 1}, but it is known "
                                               f"to be {describe(g, have)}")


# -- cards face down under a Chara, and in the discard after it left ------------------------


def identify_in(g: GameState, player: int, cards: list[str | None], card_id: str, zone: str, how: str) -> bool:
    """Identify the oldest unknown card of ``cards`` (the cards under one of ``player``'s Charas, bottom first, or
    that player's discard) as ``card_id``, checking the pool; False when none is unknown."""
    if None not in cards:
        return False
    copies = check_pool(g, player, card_id, f"named {zone} by the {how}")
    cards[cards.index(None)] = card_id
    g.trail.check("identify.count", f"{describe(g, card_id)} identified {zone} by the {how}: {copies}")
    return True


def move_under(g: GameState, player: int, holder: Chara, src: str, dst: str, face: str | None) -> str:
    """A ``move`` op without ``card`` to or from under ``holder``: a card the recorder did not see goes face down
    under that Chara from a hidden zone (its owner's hand, deck, EX deck, a face-down point), or the oldest unknown
    card under it goes to a hidden zone."""
    if src == "under":
        if None not in holder.under:
            raise illegal("effect.result", f"move: no unknown card is under player {player}'s {describe(g, holder.card)}")
        if dst not in HIDDEN_TO:
            raise illegal("effect.result", f"move: a card moved from under a Chara to {dst} is seen by both players; "
                                           "the op must name it")
        holder.under.remove(None)
        _arrive_unknown(g, player, src, dst, face)
    else:
        _leave_unknown(g, player, src, face)
        holder.under.append(None)
    return f"player {player}: an unknown card moves from {src} to {dst}" + (
        f" (face down under {describe(g, holder.card)})" if "under" in (src, dst) else "")


# -- the identify action -------------------------------------------------------------------

#: the zones an ``identify`` names unknown cards in, as the trail calls them
IDENTIFY_ZONES: Final = {"hand": "hand", "point": "Point Zone", "discard": "discard"}


def do_identify(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    """``identify``: name the zone's unknown cards, oldest first; changes nothing but knowledge. The discard holds
    unknown cards only after a Chara left the Area with unknown cards under it (they went there face up)."""
    p, zone, cards = a["p"], a["zone"], a["cards"]
    me = g.players[p]
    held = {"hand": me.hand, "point": [c for c, _ in me.points], "discard": me.discard}[zone]
    unknown = held.count(None)
    where = IDENTIFY_ZONES[zone]
    if len(cards) > unknown:
        raise illegal("identify.zone", f"identify names {len(cards)} card(s) but player {p}'s {where} holds {unknown} "
                                       "unknown card(s)")
    for cid in cards:
        if zone == "hand":
            identify_hand_slot(g, p, cid, "identify")
        elif zone == "point":
            identify_point(g, p, cid, "identify", face_up=None)
        else:
            identify_in(g, p, me.discard, cid, "in the discard", "identify")
    if not cards:
        trail.event("identify", f"identify: nothing named in player {p}'s {where}")


def identify_source(g: GameState, player: int, zone: str, card_id: str, how: str) -> bool:
    """A card named in a hidden zone (hand, deck, Point Zone, an unlisted EX deck) that is not known there: identify
    an unknown one; False when the zone holds none."""
    p = g.players[player]
    if zone == "hand":
        return identify_hand_slot(g, player, card_id, how)
    if zone == "point":
        return identify_point(g, player, card_id, how, face_up=None) is not None
    if zone == "deck":
        for i in range(len(p.deck) - 1, -1, -1):
            if p.deck[i] is None:
                copies = check_pool(g, player, card_id, f"named in the deck by the {how}")
                p.deck[i] = card_id
                _record(g, player, card_id, "the deck", how, copies)
                return True
        return False
    if zone == "discard":
        return identify_in(g, player, p.discard, card_id, "in the discard", how)
    if zone == "ex_deck" and p.ex_list is None:
        return identify_ex(g, player, card_id, how)
    if zone == "ex_deck" and None in p.ex_deck:  # type: ignore[operator]  # a listed EX deck one card of which left unseen
        copies = check_ex_pool(g, player, card_id, f"named in the EX deck by the {how}")
        p.ex_deck[p.ex_deck.index(None)] = card_id  # type: ignore[arg-type]
        _record(g, player, card_id, "the EX deck", how, copies)
        return True
    return False


def check_ex_pool(g: GameState, player: int, card_id: str, where: str) -> str:
    """``identify.count`` unless ``player``'s EX deck may have held ``card_id`` (an EX card; a listed EX deck: a copy
    not known elsewhere; an unlisted one: at most 4 copies, 15 cards); the copies message after it."""
    p = g.players[player]
    what = describe(g, card_id)
    if not g.card(card_id).ex:
        raise illegal("identify.count", f"{what} is not an EX card: it cannot come from player {player}'s EX deck")
    key = base_id(card_id)
    if p.ex_list is None:
        copies = sum(1 for c in p.ex_seen if base_id(c) == key)
        if copies >= MAX_COPIES or len(p.ex_seen) >= EX_DECK_MAX:
            raise illegal("identify.count", f"{what} {where}: player {player}'s unlisted EX deck would hold a fifth copy "
                                            f"or a 16th card ({len(p.ex_seen)} seen)")
        p.ex_seen.append(card_id)
        return copies_word(copies + 1, None)
    listed = sum(1 for c in p.ex_list if base_id(c) == key)
    seen = known_copies(p, card_id) + sum(1 for c in p.ex_deck if c is not None and base_id(c) == key)
    if seen >= listed:
        raise illegal("identify.count", f"{what} {where}: player {player}'s EX deck list holds {listed} and {seen} "
                                        "are already known")
    return copies_word(seen + 1, listed)


def identify_ex(g: GameState, player: int, card_id: str, how: str) -> bool:
    """An unlisted EX deck: a named card joins what is known of it (an EX card, at most 4 copies, 15 cards)."""
    p = g.players[player]
    what = describe(g, card_id)
    if not g.card(card_id).ex:
        raise illegal("identify.count", f"{what} is not an EX card: it cannot be in player {player}'s EX deck")
    key = base_id(card_id)
    copies = sum(1 for c in p.ex_seen if base_id(c) == key)
    if copies >= MAX_COPIES:
        raise illegal("identify.count", f"{what}: player {player}'s unlisted EX deck would hold a fifth copy")
    if len(p.ex_seen) >= EX_DECK_MAX:
        raise illegal("identify.count", f"{what}: player {player}'s unlisted EX deck would hold a 16th card "
                                        f"({len(p.ex_seen)} seen, {copies} of them copies of it)")
    p.ex_seen.append(card_id)
    p.ex_deck.append(card_id)
    _record(g, player, card_id, "the EX deck", how, copies_word(copies + 1, None))
    return True


def break_unknown(g: GameState, player: int, card_id: str) -> tuple[int, str] | None:
    """A ``break`` naming a card that was put into the Point Zone unknown just now: identify the oldest such point
    still unknown and face up; return the right-after entry, now naming the card (None when there is none)."""
    points = g.players[player].points
    for j, (q, mark) in enumerate(g.break_ok):
        if q != player or not mark.startswith("?"):
            continue
        i = int(mark[1:])
        if i < len(points) and points[i][0] is None and points[i][1]:
            copies = check_pool(g, player, card_id, "named in the Point Zone by the break")
            points[i][0] = card_id
            _record(g, player, card_id, "the Point Zone", "break", copies)
            g.break_ok[j] = (player, card_id)
            return g.break_ok[j]
    return None


def shuffle_table(g: GameState, player: int, order: Sequence[str] | None) -> str:
    """A shuffle op in a table log: without ``order`` every position becomes unknown (its known cards go back to the
    pool); with one, over a deck holding unknown cards, the order must fit what is known and names the rest."""
    p = g.players[player]
    g.table = True
    if order is None:
        p.deck = [None] * len(p.deck)
        return f"player {player} shuffles the deck (order unknown)"
    if len(order) != len(p.deck):
        raise illegal("effect.result", f"shuffle: the order has {len(order)} cards; player {player}'s deck has {len(p.deck)}")
    rest = list(order)
    for c in p.deck:
        if c is not None and not _remove_same(rest, c):
            raise illegal("identify.mismatch", f"shuffle: player {player}'s deck holds {describe(g, c)}, which the order "
                                               "leaves out")
    p.deck = [c for c in p.deck if c is not None]  # the known cards stay counted while the rest is named
    for cid in rest:
        check_pool(g, player, cid, "named by the shuffle op")
        p.deck.append(cid)
    p.deck = list(reversed(order))
    return f"player {player} shuffles the deck ({len(rest)} unknown card(s) named by the order)"


def _remove_same(cards: list[str], card_id: str) -> bool:
    for i, c in enumerate(cards):
        if same_card(c, card_id):
            del cards[i]
            return True
    return False


def reveal(g: GameState, player: int, zone: str, cards: Sequence[str]) -> None:
    """A ``reveal`` op identifies revealed cards that are not known in a hidden zone holding unknown ones."""
    p = g.players[player]
    if zone == "hand":
        ensure_in_hand(g, player, cards, "reveal op")
        return
    if zone not in ("deck", "point"):
        return

    def holder() -> Sequence[str | None]:
        return p.deck if zone == "deck" else [c for c, _ in p.points]

    if None in holder():
        _ensure_copies(cards, holder, lambda cid: identify_source(g, player, zone, cid, "reveal op"))



#: zones an unknown card can leave or enter (a ``move`` op without ``card``): hidden ones
HIDDEN_FROM: Final = ("deck", "hand", "point", "ex_deck")
HIDDEN_TO: Final = ("deck", "deck_bottom", "hand", "point")


def move_unknown(g: GameState, player: int, src: str, dst: str, face: str | None) -> str:
    """A ``move`` op without ``card``: an unknown card goes from one hidden zone to another (the table log of a
    seat that did not see it, e.g. the opponent's search from deck to hand)."""
    if src not in HIDDEN_FROM or dst not in HIDDEN_TO:
        raise illegal("effect.result", f"move: a card moved from {src} to {dst} is seen by both players; the op must name it")
    _leave_unknown(g, player, src, face)
    _arrive_unknown(g, player, src, dst, face)
    return f"player {player}: an unknown card moves from {src} to {dst}"


def _leave_unknown(g: GameState, player: int, src: str, face: str | None) -> None:
    """Take an unknown card out of ``player``'s hidden zone ``src`` (:func:`move_unknown`)."""
    if src not in HIDDEN_FROM:
        raise illegal("effect.result", f"move: a card moved from {src} is seen by both players; the op must name it")
    p = g.players[player]
    if src == "deck":
        if None not in p.deck:  # type: ignore[operator]
            raise illegal("effect.result", f"move: player {player}'s deck holds no unknown card to move")
        p.deck.reverse()
        p.deck.remove(None)  # type: ignore[arg-type]  # the topmost unknown position
        p.deck.reverse()
    elif src == "ex_deck":
        if p.ex_list is not None:  # a listed EX deck: which card left is not known, only that one did
            if not p.ex_deck:
                raise illegal("effect.result", f"move: player {player}'s EX deck is empty")
            if None not in p.ex_deck:  # type: ignore[operator]
                p.ex_deck = [None] * len(p.ex_deck)  # type: ignore[list-item]
            p.ex_deck.remove(None)  # type: ignore[arg-type]
    elif src == "hand":
        if None not in p.hand:  # type: ignore[operator]
            raise illegal("effect.result", f"move: player {player}'s hand holds no unknown card to move")
        p.hand.remove(None)  # type: ignore[arg-type]  # the oldest unknown card; it leaves unidentified
        if p.unknown_drawn:
            p.unknown_drawn.pop(0)
        p.hand_lost += 1
    else:
        want_up = None if face is None else face == "up"
        entry = next((pt for pt in p.points if pt[0] is None and (want_up is None or pt[1] == want_up)), None)
        if entry is None:
            raise illegal("effect.result", f"move: player {player}'s Point Zone holds no unknown card to move")
        p.points.remove(entry)


def _arrive_unknown(g: GameState, player: int, src: str, dst: str, face: str | None) -> None:
    """Put an unknown card into ``player``'s hidden zone ``dst`` (:func:`move_unknown`)."""
    if dst not in HIDDEN_TO:
        raise illegal("effect.result", f"move: a card moved to {dst} is seen by both players; the op must name it")
    p = g.players[player]
    if dst == "hand":
        p.hand.append(None)
        p.unknown_drawn.append((FROM_EX if src == "ex_deck" else g.turn, False))
    elif dst == "deck":
        p.deck.append(None)
    elif dst == "deck_bottom":
        p.deck.insert(0, None)
    else:
        p.points.append([None, face == "up"])  # unseen: face down unless the op says up
        p.turn_log.append(("point", None, -1))  # type: ignore[arg-type]  # this turn's history (an unknown card)
