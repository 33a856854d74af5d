"""Moving cards between zones, with the bookkeeping the rules ask for.

Leaving the Area sends set Supports to the discard, removes coins and moves a
Level Up stack along; an EX card that would go to the deck goes to the discard.
"""

from __future__ import annotations

from typing import Final

from engine.pm import replacement
from engine.pm.cards import base_id
from engine.pm.state import HELD_COST, Chara, GameState, PlayerState
from engine.pm.stats import area_changed
from engine.rulings import illegal

AREA_ZONES: Final = ("main", "support")


def draw(g: GameState, player: int, n: int) -> list[str | None]:
    """Draw up to ``n`` cards (a draw that finds too few cards takes what is there); unknown cards are None."""
    p = g.players[player]
    drawn: list[str | None] = []
    for _ in range(min(n, len(p.deck))):
        card = p.deck.pop()
        if p.cost_mods:
            hand_arrival(p, card)
        p.hand.append(card)
        drawn.append(card)
    if None in drawn:  # table logs: remember when each unknown card came, for the facts of its identification
        p.unknown_drawn.extend((g.turn, False) for c in drawn if c is None)
    if g.turn:
        mark_seen(g, player, drawn)
    return drawn


def hand_arrival(p: PlayerState, card: str | None) -> None:
    """``card`` is about to reach the hand: a cost change locked onto the copies there (``held|``) does not pass to
    it. Each such change keeps at most as many copies as the hand holds now (copies that left took theirs along)."""
    if card is None:
        return
    key = base_id(card)
    for name, mods in p.cost_mods.items():
        if name.startswith(HELD_COST) and name.split("|", 2)[1] == key:
            del mods[sum(1 for c in p.hand if c is not None and base_id(c) == key):]


def mark_seen(g: GameState, player: int, cards: list[str | None]) -> None:
    """Record cards moved from the deck to the hand (metrics.md "seen"); unknown ones wait for identification."""
    seen = g.players[player].seen
    for card in cards:
        if card is not None:
            seen.setdefault(base_id(card), g.turn)


def same_card(a: str | None, b: str) -> bool:
    """The same card (series and number; parallels match); an unknown card (None) matches nothing."""
    return a == b or (a is not None and base_id(a) == base_id(b))


def area_holds(p: PlayerState, card_id: str) -> bool:
    """True when any Chara on the Area has ``card_id`` in its stack (summon.unique)."""
    key = base_id(card_id)
    for charas in (p.main, p.support):
        for c in charas:
            top = c.card
            if top == card_id or base_id(top) == key:
                return True
            for s in c.stack:
                if s == card_id or base_id(s) == key:
                    return True
    return False


def find_chara(p: PlayerState, card_id: str) -> Chara | None:
    """The Chara on ``p``'s Area named by ``card_id`` (the top card; parallels match)."""
    key = None
    for charas in (p.main, p.support):
        for c in charas:
            top = c.card
            if top == card_id:
                return c
            if key is None:
                key = base_id(card_id)
            if base_id(top) == key:
                return c
    return None


def remove_copy(cards: list[str] | list[str | None], card_id: str, *, from_end: bool = False) -> bool:
    """Remove one copy of ``card_id`` from a list of ids; False when there is none."""
    key = base_id(card_id)
    rng = range(len(cards) - 1, -1, -1) if from_end else range(len(cards))
    for i in rng:
        c = cards[i]
        if c == card_id or (c is not None and base_id(c) == key):
            del cards[i]
            return True
    return False


def take_point(p: PlayerState, card_id: str, face: str | None) -> list[object] | None:
    """Remove a known Point Zone copy (of the given face, if any); return it or None."""
    want_up = None if face is None else face == "up"
    best = None
    for i, (cid, up) in enumerate(p.points):
        if same_card(cid, card_id) and (want_up is None or up == want_up):
            best = i
            break
    if best is None:
        return None
    return p.points.pop(best)


def leave_area(g: GameState, c: Chara, to: str, *, face: str | None = None) -> None:
    """Move a Chara (with its stack) off the Area to ``to``; supports go to the discard."""
    p = g.players[c.owner]
    p.turn_log.append(("leave", c.card, c.uid))  # this turn's history (leaving triggers' conditions already see it)
    info = g.db_info  # engine.pm.stats.db_info, once some check looked it up
    if g.delayed or (info[6] if info is not None else _leave_heard(g.cards)):
        from engine.pm.triggers import fire_leave  # leaving triggers look at the Chara still on the Area

        g.leaving_to = replacement.destination(g, c.card, to)  # where it goes (``left_to``), after its replacements
        try:
            fire_leave(g, c)
        finally:
            g.leaving_to = None
    (p.main if c.area == "main" else p.support).remove(c)
    area_changed(g, c.card)
    for s in c.supports:
        p.discard.append(s.card)
    c.supports = []
    if c.under:  # cards face down under it go to the discard, as Supports do (docs/compiler.md, round 20)
        p.discard.extend(c.under)
        c.under = []
    c.coins = {}
    top = replacement.destination(g, c.card, to)  # a replacement effect: the card goes elsewhere instead
    if top == to:
        put_cards(g, c.owner, [*c.stack, c.card], to, face=face)  # the stack, bottom first
    else:
        put_cards(g, c.owner, list(c.stack), to, face=face)
        put_cards(g, c.owner, [c.card], top, face=face)
    if g.approach is not None:
        _forget_approach(g, c.uid)


_LEAVE_HEARD: Final[dict[int, tuple[object, bool]]] = {}


def _leave_heard(db: object) -> bool:
    """True when some card of the database listens for a Chara leaving the Area (cached)."""
    hit = _LEAVE_HEARD.get(id(db))
    if hit is None or hit[0] is not db:
        hit = (db, any(db.listened(c) for c in ("leave", "other_leave", "any_leave")))  # type: ignore[attr-defined]
        _LEAVE_HEARD[id(db)] = hit
    return hit[1]


def _forget_approach(g: GameState, uid: int) -> None:
    a = g.approach
    assert a is not None
    if uid in a.attackers:
        a.attackers.remove(uid)
    if a.interferer == uid:
        a.interferer = None
    if uid in a.choices:
        a.choices.remove(uid)


def put_cards(g: GameState, player: int, cards: list[str], to: str, *, face: str | None = None) -> None:
    """Put loose cards (not Charas) into a non-Area zone."""
    p = g.players[player]
    if to == "hand":
        for cid in cards if p.cost_mods else ():
            hand_arrival(p, cid)
        p.hand.extend(cards)
    elif to == "discard":
        p.discard.extend(cards)
    elif to == "removed":
        p.removed.extend(cards)
    elif to == "point":
        for cid in cards:
            p.points.append([cid, face != "down"])
            p.turn_log.append(("point", cid, -1))  # type: ignore[arg-type]  # this turn's history
        if face != "down" and g.cards.listened("to_point"):  # "when this card is put into your Point Zone"
            from engine.pm.triggers import fire_to_point

            fire_to_point(g, player, cards, g.trail)
    elif to == "ex_deck":
        p.ex_deck.extend(cards)
    elif to in ("deck", "deck_bottom"):
        for cid in cards:
            if cid is not None and g.card(cid).ex:
                p.discard.append(cid)
            elif to == "deck":
                p.deck.append(cid)
            else:
                p.deck.insert(0, cid)
    else:  # pragma: no cover - schema guards zone names
        raise illegal("effect.result", f"cannot put cards into zone {to!r}")


def enter_area(
    g: GameState, player: int, card_id: str, area: str, *, summoned: bool, rested: bool = False,
    replace: str | None = None,
) -> Chara:
    """Put a Chara card onto the Area (the caller has checked legality)."""
    p = g.players[player]
    if replace is not None:
        old = find_chara(p, replace)
        assert old is not None and old.area == "main"
        leave_area(g, old, "discard")
    c = Chara(card_id, g.new_uid(), player, area, g.turn, summoned=summoned, rested=rested)
    (p.main if area == "main" else p.support).append(c)
    area_changed(g, card_id)
    p.turn_log.append(("enter", card_id, c.uid))  # an entry, by a play or by an effect (000 "Appear in Area")
    return c


def describe(g: GameState, card_id: str | None) -> str:
    """A card as messages name it: ``MHK ST-001 (司波 達也)``; an unknown card is "a card"."""
    if card_id is None:
        return "a card"
    try:
        return f"{card_id} ({g.card(card_id).name})"
    except KeyError:
        return card_id
