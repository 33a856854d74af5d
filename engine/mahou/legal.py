"""Legal actions: what each player could log now (both players' Events included).

Candidates are built from the state; a Power or Event (whose ops may fail) is confirmed by applying it to a
clone, so every action returned is one the fold accepts. Setup orders are canonical (the deck as it lies);
self-play shuffles them. ``concede`` and ``note`` are always legal and never listed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from engine.mahou.actions import apply_action
from engine.mahou.cards import MsCard
from engine.mahou.play import grand_conditions
from engine.mahou.state import POSITIONS, SQUAD_MAX, MsState
from engine.rulings import IllegalAction, NullTrail

Action = dict[str, Any]
_NULL = NullTrail()
MAX_SEARCHES = 200


def _distinct(ids: list[str], kind: str, g: MsState) -> list[str]:
    return sorted({c for c in ids if g.card(c).type == kind})


def actor(g: MsState) -> int | None:
    """The player whose decision the game waits for (None in setup, where both act, or when over)."""
    if g.result is not None or g.phase == "setup":
        return None
    return g.must_replace[0] if g.must_replace else g.turn_player


def legal_actions(g: MsState) -> list[Action]:
    """Every listed action the fold would accept now."""
    if g.result is not None:
        return []
    if g.phase == "setup":
        return [a for p in (0, 1) for a in _setup(g, p)]
    if g.must_replace:
        return list(_fill(g, g.must_replace[0]))
    t = g.turn_player
    assert t is not None
    out = list(_turn(g, t))
    for p in (t, 1 - t):
        out += _effects(g, p, "event", "play_event")
    return out


def seat_legal(g: MsState, seat: int) -> list[Action]:
    """``seat``'s own legal actions as it may see them: deck orders (``shuffle``, ``redraw``) keep their length with
    null ids, a target naming a card of the rival's hand (a ``discard`` the effect makes there) becomes null, and
    the variants that then read alike are listed once."""
    from engine.mahou.view import seen_action

    out: list[Action] = []
    seen: set[str] = set()
    for a in legal_actions(g):
        if a.get("p") != seat:
            continue
        a = seen_action(a, seat)
        if "targets" in a:
            a["targets"] = _seen_targets(g, a, seat)
        key = repr(sorted(a.items()))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def _seen_targets(g: MsState, a: Action, seat: int) -> list[Any]:
    targets = list(a["targets"])
    i = 0
    for t in g.card(a["card"]).effect or ():
        for key, v in t.items():
            if v != "choose":
                continue
            owner = seat if t["p"] == "self" else 1 - seat
            if i < len(targets) and key == "card" and t["op"] != "detach" and owner != seat:
                targets[i] = None  # a card of the rival's hand
            i += 1
    return targets


def _setup(g: MsState, p: int) -> Iterator[Action]:
    me = g.players[p]
    if me.stage == "search":
        heroes = _distinct(me.deck, "hero", g)
        for combo in itertools.islice(itertools.combinations_with_replacement(heroes, 3), MAX_SEARCHES):
            if all(me.deck.count(c) >= combo.count(c) for c in combo):
                yield {"type": "search", "p": p, "cards": list(combo)}
    elif me.stage == "shuffle":
        yield {"type": "shuffle", "p": p, "order": list(reversed(me.deck))}
    elif me.stage == "redraw":
        yield {"type": "redraw", "p": p, "order": list(reversed(me.deck)) + list(me.drawn)}
    elif me.stage == "place":
        for hero in _distinct(me.hand, "hero", g):
            for girl in _distinct(me.hand, "magical_girl", g):
                yield {"type": "place_active", "p": p, "hero": hero, "girl": girl}


def _fill(g: MsState, p: int) -> Iterator[Action]:
    me = g.players[p]
    for i in range(len(me.squad)):
        yield {"type": "promote", "p": p, "from": f"squad:{i}"}
    heroes = _distinct(me.hand, "hero", g)
    for hero in heroes:
        yield {"type": "place_hero", "p": p, "card": hero, "to": "active"}
    if not me.squad and not heroes:
        yield {"type": "out_of_heroes", "p": p}


def _turn(g: MsState, p: int) -> Iterator[Action]:
    me = g.players[p]
    f = me.active
    assert f is not None
    if len(me.squad) < SQUAD_MAX:
        for hero in _distinct(me.hand, "hero", g):
            yield {"type": "place_hero", "p": p, "card": hero, "to": "squad"}
    yield {"type": "end_turn", "p": p}
    if g.actions_used >= 2:
        return
    yield {"type": "draw", "p": p}
    if f.mgk >= 1 or (f.grand is not None and not f.grand_attacked):
        yield {"type": "attack", "p": p}
    for i in range(len(me.squad)):
        yield {"type": "retreat", "p": p, "with": f"squad:{i}"}
    for girl in _distinct(me.hand, "magical_girl", g):
        for pos in POSITIONS:
            target = me.fighter_at(pos)
            if target is not None and target.girl is None:
                yield {"type": "transform", "p": p, "card": girl, "onto": pos}
    if f.girl is not None and f.grand is None:
        for grand in _distinct(me.hand, "grand_magical_girl", g):
            if grand_conditions(g, p, g.card(grand)) is None:
                yield {"type": "grand_transform", "p": p, "card": grand}
    if f.girl is not None:
        for pet in _distinct(me.hand, "pet", g):
            if g.card(pet).cost <= f.mgk:
                yield {"type": "play_pet", "p": p, "card": pet}
    yield from _effects(g, p, "magical_power", "play_power")


def _effects(g: MsState, p: int, kind: str, action: str) -> list[Action]:
    """Each card of ``kind`` in ``p``'s hand with each choice of targets that works, confirmed on a clone."""
    out: list[Action] = []
    for cid in _distinct(g.players[p].hand, kind, g):
        card = g.card(cid)
        if kind == "magical_power":
            f = g.players[p].active
            if f is None or f.mgk < card.cost:
                continue
        for targets in _target_choices(g, p, card):
            a: Action = {"type": action, "p": p, "card": cid}
            if targets:
                a["targets"] = targets
            if _accepted(g, a):
                out.append(a)
    return out


def _target_choices(g: MsState, p: int, card: MsCard) -> Iterator[list[str]]:
    slots: list[list[str]] = []
    for t in card.effect or ():
        for key, v in t.items():
            if v != "choose":
                continue
            owner = p if t["p"] == "self" else 1 - p
            me = g.players[owner]
            if key == "pos":
                slots.append([pos for pos in POSITIONS if me.fighter_at(pos) is not None])
            elif t["op"] == "detach":
                slots.append(sorted({pet for f in me.fighters() for pet in f.pets}))
            else:
                slots.append(sorted(set(me.hand)))
    for combo in itertools.product(*slots):
        yield list(combo)


def _accepted(g: MsState, a: Action) -> bool:
    try:
        apply_action(g.clone(), a, _NULL)
    except IllegalAction:
        return False
    return True
