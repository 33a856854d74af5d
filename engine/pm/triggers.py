"""Triggers: an automatic effect is logged right after its cause; a mandatory scripted one must be.

When a cause happens (a Chara enters, approaches, is interfered, a turn starts or
ends) every scripted, non-optional automatic effect listening for it becomes
pending; the log must carry a ``trigger`` for each before the game goes on
(rules.md, "Triggers"), else ``effect.result``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.asplayed import refuse
from engine.pm.cards import Effect
from engine.pm.conditions import card_matches, chara_problem
from engine.pm.effects import can_resolve, targets_available
from engine.pm.state import Chara, GameState, effect_key
from engine.pm.stats import text_negated, watchers
from engine.pm.zones import describe, same_card
from engine.rulings import Trail, illegal


def fire(g: GameState, event: str, charas: Iterable[Chara], trail: Trail, subject: Chara | None = None) -> None:
    """Make the mandatory scripted triggers of ``charas`` for ``event`` pending, the optional ones available.

    Unscripted automatic effects that name ``event`` become available too, so that the log may carry
    them right after their cause and nowhere else. ``subject``: the Chara the event happened to, for
    effects that listen to another Chara (their condition's ``subject`` spec, seen from their owner).
    """
    for c in charas:
        card = g.card(c.card)
        if event not in card.listens or text_negated(g, c):  # a Chara whose text is negated has no automatic effect
            continue
        for idx, eff in enumerate(card.automatic()):
            if eff.trigger != event and not on(eff.trigger, event):
                continue
            cond = eff.condition
            spec = subject_spec(cond, event)
            if spec is not None and (subject is None or chara_problem(g, c.owner, spec, subject, c)):
                continue
            if g.resolved:  # its cause happened again: a firing of its own (resolved_before)
                g.resolved.pop((c.owner, c.uid, idx), None)
            if not eff.scripted:
                g.available_triggers.append((c.owner, c.uid, idx))
                continue
            if (eff.once_per_turn or (cond and cond.get("first_time"))) and c.auto_used.get(effect_key(c.card, idx)) == g.turn:
                continue  # a once-per-turn effect that already fired this turn does not fire again
            if eff.once_per_turn and ((c.owner, c.uid, idx) in g.pending_triggers
                                      or (c.owner, c.uid, idx) in g.available_triggers):
                continue  # ... nor twice for causes at once (two Charas entering together): it waits once
            if not can_resolve(g, c.owner, eff, c, card.type):
                continue
            if subject is not None:  # round 30: "that Chara" (target ``"subject"``) is the one the event happened to
                key = (c.owner, c.uid, idx)
                # a firing still waiting (two Charas approaching together: one firing, engine.pm.triggers dedupes it)
                # names both
                waiting = key in g.pending_triggers or key in g.available_triggers
                was = g.trigger_subjects.get(key, ()) if waiting else ()
                g.trigger_subjects[key] = (*was, subject.uid) if subject.uid not in was else tuple(was)
            if eff.optional:
                g.available_triggers.append((c.owner, c.uid, idx))
                continue
            g.pending_triggers.append((c.owner, c.uid, idx))
            if trail.keep:
                trail.event("effect", f"automatic effect {idx} of {describe(g, c.card)} fires ({event}): it must be logged next")


def subject_spec(cond: Mapping[str, Any] | None, event: str) -> Mapping[str, Any] | None:
    """The spec the Chara an ``event`` happened to must fit for an effect with ``cond`` to hear it, or None (none
    asked): ``subject`` for every cause, or (round 32) ``subject_on``'s entry for this cause ("when this card E1, or
    your X E2": each cause its own subject; a cause it does not name asks none)."""
    if not cond:
        return None
    if "subject_on" in cond:
        return cond["subject_on"].get(event)
    return cond.get("subject")


def on(trigger: str | None, event: str) -> bool:
    """True when an effect's ``trigger`` names ``event`` (``"enter|interfered"``: either cause, "enters or is
    interfered")."""
    return trigger is not None and (trigger == event or ("|" in trigger and event in trigger.split("|")))


def fire_others(g: GameState, event: str, subject: Chara, trail: Trail) -> None:
    """The event happened to ``subject``: every other Chara on either Area may listen (``other_<event>``), every
    Chara including ``subject`` (``any_<event>``), and the delayed effects waiting for it."""
    if g.delayed:
        fire_delayed(g, event, subject, trail)
    heard = g.discard_heard
    if heard is None:
        heard = g.discard_heard = frozenset(c for c in DISCARD.values() if g.cards.listened(c))
    if heard and DISCARD[event] in heard:
        fire_discard(g, DISCARD[event], subject, trail)
    cache = g.watch_cache
    if cache is None or cache[0] != g.area_gen:
        watchers(g)
        cache = g.watch_cache
        assert cache is not None
    if event not in cache[2]:  # no Chara on either Area hears it happen to another (the common case)
        return
    by_cause = cache[1]
    for cause in (OTHER[event], ANY[event]):
        listeners = by_cause.get(cause)
        if listeners:
            if cause[0] == "o":
                listeners = [c for c in listeners if c is not subject]
            fire(g, cause, listeners, trail, subject)


#: ``supported`` (round 25): a Support card was set on the Chara (played and set, or set by an effect); ``interfering``
#: (round 28): the Chara interfered (妨害に参加した), heard by the others too
_EVENTS: Final = ("enter", "approach", "gave_point", "leave", "eliminated_opponent", "interfered", "rested", "supported",
                  "interfering")
OTHER: Final = {e: f"other_{e}" for e in _EVENTS}
ANY: Final = {e: f"any_{e}" for e in _EVENTS}
#: "while this card is in the discard, when …" (このカードが捨て札置き場にある状態で、…場合): heard by cards there
DISCARD: Final = {e: f"discard_{e}" for e in _EVENTS}


def fire_discard(g: GameState, cause: str, subject: Chara, trail: Trail) -> None:
    """The cards in either discard that listen for ``cause`` (``discard_<event>``) hear it, each copy: their
    triggers are logged naming the card ``from`` the discard (:func:`fire_card`, with its subject condition)."""
    for p, player in enumerate(g.players):
        for cid in list(player.discard):
            if cid is not None and cause in g.card(cid).listens:
                fire_card(g, p, cid, cause, subject, trail)


def fire_leave(g: GameState, c: Chara) -> None:
    """``c`` is leaving the Area (still on it): its own ``leave`` triggers, the others' ``other_leave`` /
    ``any_leave`` (its own ``any_leave`` too: "when one of yours leaves" hears itself) and delayed effects; its own
    triggers are then logged naming it with ``from`` its new zone."""
    trail = g.trail
    if g.resolved:  # its firings on the Area can no longer be named (back on the Area, it is a new Chara)
        g.resolved = {k: t for k, t in g.resolved.items() if k[1] != c.uid}
    before = (*g.pending_triggers, *g.available_triggers)
    fire(g, "leave", [c], trail)
    fire_others(g, "leave", c, trail)
    if _fired_for(g, c.uid, before):
        g.departed[c.uid] = c.card  # its own "leave", or its "any of yours leaves" (any_leave) hearing itself
        if g.leaving_to is not None:
            g.departed_to[c.uid] = g.leaving_to


def _fired_for(g: GameState, uid: int, before: tuple[tuple[int, int, int], ...]) -> bool:
    """Whether a trigger of the Chara ``uid`` waits now that did not ``before`` (the waiting triggers then)."""
    now = (*g.pending_triggers, *g.available_triggers)
    return now != before and any(key[1] == uid and key not in before for key in now)


def fire_eliminated_opponent(g: GameState, attackers: Iterable[Chara], trail: Trail) -> None:
    """The Elimination Judgement of an approach removed the opponent's interfering Chara: "when this card's / your
    Chara's approach makes an opponent's Chara leave" fires for each approaching Chara (``attackers``, Reinforcement
    included), also for one that left in the same judgement (its own triggers then logged ``from`` its new zone, as a
    leaving Chara's; its ``any_`` ones hear itself) — lead's decision, session 8. One judgement is one cause: a Chara
    that hears it through several approaching Charas fires once."""
    before = (*g.pending_triggers, *g.available_triggers)
    for c in attackers:
        fire(g, "eliminated_opponent", [c], trail)
        fire_others(g, "eliminated_opponent", c, trail)
        if not g.on_area(c):
            fire(g, ANY["eliminated_opponent"], [c], trail, c)
            if _fired_for(g, c.uid, before):
                g.departed[c.uid] = c.card
    if g.pending_triggers:
        g.pending_triggers = list(dict.fromkeys(g.pending_triggers))
    if g.available_triggers:
        g.available_triggers = list(dict.fromkeys(g.available_triggers))


def fire_card(g: GameState, player: int, card_id: str, event: str, subject: Chara | None, trail: Trail) -> None:
    """A card off the Area (``card_id``, e.g. just paid as a cost) listens for ``event`` (its ``condition.subject``:
    the Chara whose text caused it): its triggers become available, logged naming it with ``from``."""
    card = g.card(card_id)
    if event not in card.listens:
        return
    for idx, eff in enumerate(card.automatic()):
        cond = eff.condition or {}
        spec = subject_spec(cond, event)
        if not on(eff.trigger, event) or (subject is not None and spec is not None
                                          and chara_problem(g, player, spec, subject, None)):
            continue
        _departed_fires(g, player, card_id, idx, eff, event, trail)


def _departed_fires(g: GameState, player: int, card_id: str, idx: int, eff: Effect, why: str, trail: Trail) -> None:
    """Automatic effect ``idx`` of ``card_id`` (a card off the Area, heard ``why``) becomes owed (mandatory and
    scripted) or available, logged naming the card with ``from``."""
    uid = g.new_uid()
    g.departed[uid] = card_id
    owed = not eff.optional and eff.scripted
    (g.pending_triggers if owed else g.available_triggers).append((player, uid, idx))
    if trail.keep:
        trail.event("effect", f"automatic effect {idx} of {describe(g, card_id)} fires ({why})"
                              + (": it must be logged next" if owed else ""))


def fire_to_point(g: GameState, player: int, card_ids: Iterable[str | None], trail: Trail) -> None:
    """``card_ids`` have just been put face up into ``player``'s own Point Zone (by an approach, a put-point effect,
    a move or an exchange): their ``to_point`` triggers ("when this card is put into your Point Zone",
    このカードが自分のポイント置き場に置かれた場合) become available or owed, logged ``from`` the Point Zone. A card put
    there face down does not hear it (docs/compiler.md, round 23: the rule books place Point Zone cards face up and
    speak of cards whose effect happens on being placed there; a face-down card is one used or broken)."""
    if not g.cards.listened("to_point"):
        return
    for cid in card_ids:
        if cid is not None:
            fire_card(g, player, cid, "to_point", None, trail)


def fire_paid_for_play(g: GameState, player: int, paid: str, played: str, trail: Trail) -> None:
    """``paid`` (a hand card just put into the discard paying the usage cost of ``played``) listens for
    ``paid_for_play`` ("when this card is used as the cost of X", round 22): its triggers whose ``condition.played``
    (a card filter, seen from the payer) fits the card played become available, logged naming it with ``from``."""
    card = g.card(paid)
    if "paid_for_play" not in card.listens:
        return
    for idx, eff in enumerate(card.automatic()):
        want = (eff.condition or {}).get("played")
        if not on(eff.trigger, "paid_for_play") or (want is not None and not card_matches(g, g.card(played), want, player)):
            continue
        _departed_fires(g, player, paid, idx, eff, f"paid for {describe(g, played)}", trail)


def fire_delayed(g: GameState, event: str, subject: Chara | None, trail: Trail) -> None:
    """Delayed effects (a script's ``delay`` step) waiting for ``event`` of ``subject`` become pending (optional
    ones available); each fires once."""
    for uid, reg in list(g.delayed.items()):
        if reg["on"] != event or reg.get("fired") or (reg["until"] is not None and reg["until"] < g.turn):
            continue
        want = reg.get("subject")
        if isinstance(want, int) and (subject is None or subject.uid != want):
            continue
        if isinstance(want, list) and (subject is None or subject.uid not in want):
            continue  # one effect watching several Charas: any of them
        if isinstance(want, dict) and (subject is None or chara_problem(g, reg["p"], want, subject, None)):
            continue
        g.delayed[uid] = {**reg, "fired": True}
        (g.available_triggers if reg.get("optional") else g.pending_triggers).append((reg["p"], uid, reg["idx"]))
        if trail.keep:
            owed = "" if reg.get("optional") else ", and must be logged next"
            trail.event("effect", f"a delayed effect of {describe(g, reg['card'])} fires ({event}): it is logged as its "
                                  f"trigger {reg['idx']}{owed}")


#: the causes the engine itself fires (``fire``): a trigger on one of these needs it to have just happened
FIRED_EVENTS: Final = frozenset({"enter", "approach", "interfered", "turn_start", "turn_end", "gave_point", "eliminated_opponent",
                          "other_enter", "any_enter", "other_interfered", "other_approach", "other_gave_point", "opp_event", "leave",
                          "other_leave",
                          "any_leave", "any_approach", "any_interfered", "any_gave_point", "any_eliminated_opponent",
                          "other_eliminated_opponent", "any_rested", "paid_for_text", "paid_for_play", "delayed",
                          "point_by_approach", "interfering", "own_event", "set", "main_start", "milled", "own_turn_end",
                          "to_point", "other_supported", "any_supported", "other_interfering", "any_interfering",
                          *DISCARD.values()})
#: causes that happen to a card off the Area (its trigger is logged with ``from``)
#: (``eliminated_opponent``: the approaching Chara may leave in the same judgement, fire_eliminated_opponent)
OFF_AREA_CAUSES: Final = frozenset({"leave", "paid_for_text", "paid_for_play", "delayed", "point_by_approach",
                                    "eliminated_opponent", "milled", "to_point",
                             *DISCARD.values()})


def claim(g: GameState, player: int, card_id: str, idx: int, uid: int | None) -> int | None:
    """The trigger key's uid for automatic effect ``idx`` of ``card_id`` waiting to be logged: of the Chara ``uid``
    on the Area, of the card off the Area (``departed``), or of a delayed effect the card set up; None if none."""
    for key in (*g.pending_triggers, *g.available_triggers):
        q, u, i = key
        if q != player or i != idx:
            continue
        if u == uid and uid is not None:
            return u
        owner = g.departed.get(u) or (g.delayed[u]["card"] if u in g.delayed else None)
        if owner is not None and same_card(owner, card_id):
            return u
    return None


def require_cause(g: GameState, player: int, uid: int | None, idx: int, what: str, cause: str,
                  card_id: str | None = None) -> int:
    """``effect.result`` unless the trigger ``(player, uid, idx)`` is pending or available (for a card off the Area
    or a delayed effect: a key :func:`claim` finds); uses an available one up; returns the key's uid."""
    found = claim(g, player, card_id, idx, uid) if card_id is not None else uid
    if found is None:
        if uid is None and OFF_AREA_CAUSES.isdisjoint(cause.split("|")):
            raise illegal("effect.result", f"{what} fires on {cause}, which happens to a Chara on the Area")
        raise illegal("effect.result", f"{what} fires on {cause}, which has not just happened to it (triggers are logged "
                                       "right after their cause)")
    key = (player, found, idx)
    if key in g.available_triggers:
        g.available_triggers.remove(key)
    elif key not in g.pending_triggers:  # as played, a late (or extra) trigger of a Chara on the Area fires as logged
        refuse(illegal("effect.result", f"{what} fires on {cause}, which has not just happened to it (triggers are "
                                        "logged right after their cause)"), "trigger" if uid is not None else None)
    return found


def require_none_pending(g: GameState, kind: str, waiting: list[tuple[int, int, int]]) -> None:
    """``effect.result`` when a mandatory trigger that was ``waiting`` before this action is still missing."""
    # a Chara that left the Area before its trigger was logged can no longer be named there
    def alive(uid: int) -> bool:
        return g.chara_by_uid(uid) is not None or uid in g.departed or uid in g.delayed

    missing = [t for t in waiting if t in g.pending_triggers and alive(t[1])]
    g.pending_triggers = [t for t in g.pending_triggers if alive(t[1])]
    if missing:
        refuse(illegal("effect.result", missing_message(g, missing[0], kind)), "trigger")
        lapse(g, missing)


def missing_message(g: GameState, key: tuple[int, int, int], kind: str) -> str:
    """Why ``kind`` is refused while the mandatory trigger ``key`` is owed: the card, the effect and its cause, e.g.
    "mandatory trigger missing: MHK ST-024 (...)'s automatic effect 0 (turn end) must be logged before this summon"."""
    owner, uid, idx = key
    c = g.chara_by_uid(uid)
    reg = g.delayed.get(uid)
    card_id = c.card if c else g.departed.get(uid) or (reg["card"] if reg else None)
    name = describe(g, card_id) if card_id else f"object {uid}"
    if reg is not None:
        what, cause = f"delayed effect {idx}", reg["on"]
    else:
        autos = g.card(card_id).automatic() if card_id else ()
        what, cause = f"automatic effect {idx}", (autos[idx].trigger if idx < len(autos) else None) or "its cause"
    cause = " or ".join(cause.split("|")).replace("_", " ")
    return f"mandatory trigger missing: {name}'s {what} ({cause}) must be logged by player {owner} before this {kind}"


def lapse_owed(g: GameState, kind: str) -> None:
    """``effect.result`` for an action that skips the mandatory triggers the Turn End waits for (issue 25: ruled at
    that action with the owed trigger, not as its priority); as played they lapse and the Turn End goes on."""
    refuse(illegal("effect.result", missing_message(g, g.pending_triggers[0], kind)), "trigger")
    lapse(g, list(g.pending_triggers))


def lapse(g: GameState, keys: list[tuple[int, int, int]]) -> None:
    """As played: the mandatory triggers ``keys`` were never logged; they lapse, remembered with the turn of their
    cause (one logged late after all is the same slip: engine.pm.actions._trigger)."""
    g.pending_triggers = [t for t in g.pending_triggers if t not in keys]
    for key in keys:
        g.lapsed[key] = g.turn


def late_lapsed(g: GameState, key: tuple[int, int, int]) -> int | None:
    """The turn of the cause of ``key``, a trigger that lapsed unlogged and is now logged late, by the end of the
    turn after its cause (taken out of ``g.lapsed``: it fires once); None when ``key`` is pending or available (its
    cause just happened), never lapsed or lapsed longer ago (then it is a late trigger of its own)."""
    if not g.lapsed or key in g.pending_triggers or key in g.available_triggers:
        return None
    turn = g.lapsed.pop(key, None)
    return turn if turn is not None and g.turn - turn <= 1 else None


def resolved_before(g: GameState, key: tuple[int, int, int]) -> int | None:
    """The turn of the cause of ``key``'s last firing when that firing already resolved and nothing waits to fire it
    again (not pending, not available, no lapsed firing of it to log late): a trigger logged again then names a
    firing that already resolved (a double tap); None otherwise."""
    if not g.resolved or key in g.pending_triggers or key in g.available_triggers or key in g.lapsed:
        return None
    return g.resolved.get(key)


def drop_stranded(g: GameState, trail: Trail) -> None:
    """Mandatory triggers whose required targets have all left the Area since they fired lapse: a "leave" trigger
    fires while the leaving Charas are still there, and in a mutual elimination its only target may leave with it.
    So do those of a Chara that itself left the Area before its trigger was logged (removed and put back by another
    trigger: a new Chara)."""
    keep = []
    for key in g.pending_triggers:
        owner, uid, idx = key
        c = g.chara_by_uid(uid)
        cid = c.card if c is not None else g.departed.get(uid)
        if cid is None and uid not in g.delayed:  # its Chara left the Area before it was logged: it cannot be named
            if trail.keep:  # there any more (as require_none_pending reads it), so it lapses
                trail.event("effect", f"an automatic effect {idx} of a Chara that has left the Area lapses")
            continue
        card = g.card(cid) if cid is not None else None
        autos = card.automatic() if card is not None else ()
        eff = autos[idx] if idx < len(autos) else None
        if card is not None and eff is not None and eff.scripted and eff.targets \
                and not targets_available(g, owner, eff, c, card.type):
            if trail.keep:
                trail.event("effect", f"automatic effect {idx} of {describe(g, cid)} has no target left: it lapses")
            continue
        keep.append(key)
    g.pending_triggers = keep


def satisfy(g: GameState, player: int, uid: int, idx: int) -> bool:
    """Mark a pending trigger as logged; False when it was not pending."""
    key = (player, uid, idx)
    if key in g.pending_triggers:
        g.pending_triggers.remove(key)
        return True
    return False
