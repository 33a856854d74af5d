"""Triggers: an automatic effect is logged right after its cause; a mandatory scripted one must be.

When a cause happens (a Chara enters, approaches, is interfered, a turn starts or
ends) every scripted, non-optional automatic effect listening for it becomes
pending; the log must carry a ``trigger`` for each before the game goes on
(rules.md, "Triggers"), else ``effect.result``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.pm.conditions import chara_problem
from engine.pm.effects import can_resolve
from engine.pm.state import Chara, GameState
from engine.pm.zones import describe
from engine.rulings import Trail, illegal


def fire(g: GameState, event: str, charas: Iterable[Chara], trail: Trail, subject: Chara | None = None) -> None:
    """Make the mandatory scripted triggers of ``charas`` for ``event`` pending, the optional ones available.

    Unscripted automatic effects that name ``event`` become available too, so that the log may carry
    them right after their cause and nowhere else. ``subject``: the Chara the event happened to, for
    effects that listen to another Chara (their condition's ``subject`` spec, seen from their owner).
    """
    for c in charas:
        card = g.card(c.card)
        if event not in card.listens:
            continue
        for idx, eff in enumerate(card.automatic()):
            if eff.trigger != event:
                continue
            cond = eff.condition
            if cond and "subject" in cond and (subject is None or chara_problem(g, c.owner, cond["subject"], subject, c)):
                continue
            if not eff.scripted:
                g.available_triggers.append((c.owner, c.uid, idx))
                continue
            if not can_resolve(g, c.owner, eff, c):
                continue
            if eff.optional:
                g.available_triggers.append((c.owner, c.uid, idx))
                continue
            g.pending_triggers.append((c.owner, c.uid, idx))
            if trail.keep:
                trail.event("effect", f"automatic effect {idx} of {describe(g, c.card)} fires ({event}): it must be logged next")


def fire_others(g: GameState, event: str, subject: Chara, trail: Trail) -> None:
    """``other_<event>``: the event happened to ``subject``; every other Chara on either Area may listen."""
    cause, card = f"other_{event}", g.card
    if not g.cards.listened(cause):
        return
    listeners = [c for p in g.players for c in (*p.main, *p.support) if c is not subject and cause in card(c.card).listens]
    if listeners:
        fire(g, cause, listeners, trail, subject)


#: the causes the engine itself fires (``fire``): a trigger on one of these needs it to have just happened
FIRED_EVENTS = frozenset({"enter", "approach", "interfered", "turn_start", "turn_end", "gave_point", "eliminated_opponent",
                          "other_enter", "other_approach", "other_gave_point", "opp_event"})


def require_cause(g: GameState, player: int, uid: int | None, idx: int, what: str, cause: str) -> None:
    """``effect.result`` unless the scripted trigger ``(player, uid, idx)`` is pending or available; uses it up.

    ``uid`` None: the card is not on the Area, where these causes happen.
    """
    if uid is None:
        raise illegal("effect.result", f"{what} fires on {cause}, which happens to a Chara on the Area")
    key = (player, uid, idx)
    if key in g.available_triggers:
        g.available_triggers.remove(key)
    elif key not in g.pending_triggers:
        raise illegal("effect.result", f"{what} fires on {cause}, which has not just happened to it (triggers are logged "
                                       "right after their cause)")


def require_none_pending(g: GameState, kind: str, waiting: list[tuple[int, int, int]]) -> None:
    """``effect.result`` when a mandatory trigger that was ``waiting`` before this action is still missing."""
    # a Chara that left the Area before its trigger was logged can no longer be named there
    missing = [t for t in waiting if t in g.pending_triggers and g.chara_by_uid(t[1]) is not None]
    g.pending_triggers = [t for t in g.pending_triggers if g.chara_by_uid(t[1]) is not None]
    if missing:
        owner, uid, idx = missing[0]
        c = g.chara_by_uid(uid)
        name = describe(g, c.card) if c else f"object {uid}"
        raise illegal("effect.result", f"mandatory trigger missing: automatic effect {idx} of {name} (player {owner}) "
                                       f"must be logged before this {kind}")


def satisfy(g: GameState, player: int, uid: int, idx: int) -> bool:
    """Mark a pending trigger as logged; False when it was not pending."""
    key = (player, uid, idx)
    if key in g.pending_triggers:
        g.pending_triggers.remove(key)
        return True
    return False
