"""The single entry point that applies one top-level action to a state.

:func:`apply_action` checks the action against the rules in the order rules.md
fixes and mutates the state; it raises :class:`~engine.rulings.IllegalAction`
for the first rule broken. It does not restore the state on error: the fold
(:mod:`engine.fold`) rebuilds the state before an illegal action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from engine.asplayed import refuse, waived
from engine.pm import approach, hidden, play, script, setup
from engine.pm.cards import Effect
from engine.pm.state import Chara, GameState, effect_key
from engine.pm.triggers import (
    FIRED_EVENTS,
    claim,
    drop_stranded,
    lapse_owed,
    late_lapsed,
    require_cause,
    require_none_pending,
    resolved_before,
    satisfy,
)
from engine.pm.turns import (
    check_losing,
    continue_turn_end,
    do_pass,
    finish_turn,
    starts_next_turn,
    turn_end_waits,
    where,
)
from engine.pm.zones import describe, find_chara, remove_copy, same_card
from engine.rulings import IllegalAction, Trail, illegal

#: what may come while the Turn End owes a step: its triggers, a concession, notes and identifications
TURN_END_OWN: Final = frozenset({"trigger", "concede", "note", "identify"})
RIGHT_MOVING: Final = ("summon", "set_support", "level_up", "play_event", "use_effect", "backup")
SETUP_TYPES: Final = frozenset({"shuffle", "keep", "redraw", "concede"})
TRIGGER_OR_BREAK: Final = frozenset({"trigger", "break"})
#: what may come while mandatory triggers are pending (anything else is ruled on by require_none_pending)
MAY_WAIT: Final = frozenset({"trigger", "concede", "break"})
#: actions whose handlers cannot change decks or Point Zones beyond what they check themselves
#: (turn start and no_interfere check losing conditions where they draw or place a point)
NO_LOSING_CHECK: Final = frozenset({"pass", "approach", "end_approach", "interfere", "no_interfere", "choose_elimination",
                             "shuffle", "keep", "redraw", "concede", "hand_adjust"})


def apply_action(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    """Apply one validated top-level action to ``g`` (mutating it)."""
    kind = a["type"]
    if kind == "pass":  # the commonest action: with nothing else to check or clear, straight to do_pass's result
        p = a["p"]
        if g.priority == p and g.phase != "end" and not (g.pending_triggers or g.available_triggers or g.break_ok):
            if trail.keep or (g.approacher_passed and p != g.turn_player):
                do_pass(g, p, trail)
                if g.pending_triggers:  # the pass ended an approach: its eliminations may have fired leave triggers
                    drop_stranded(g, trail)
            else:  # the right goes to the other player, no window closes (turns.do_pass, nothing to report)
                g.approacher_passed = p == g.turn_player
                g.priority = 1 - p
            g.last_end = None
            return
    if kind == "note":
        trail.event("note", f"note{'' if a.get('p') is None else ' by player ' + str(a['p'])}: {a['text']}")
        return
    g.trail = trail
    phase = g.phase
    if phase == "end":
        skip_turn_end(g, a, trail)
        phase = g.phase
    if kind == "identify":  # knowledge only: allowed at any moment, after the game too; breaks no "right after"
        hidden.do_identify(g, a, trail)
        return
    over = g.result  # a local: a narrowed ``g.result`` would stay None below for mypy, after handlers that set it
    if over is not None:
        raise illegal("game.over", f"the game is over ({over['reason']}); no {kind} after it")
    if g.available_triggers and kind not in TRIGGER_OR_BREAK:
        g.available_triggers.clear()  # optional triggers are logged right after their cause or not at all
    if g.break_ok and kind != "break":
        g.break_ok.clear()
    if phase == "setup" and kind not in SETUP_TYPES:
        raise illegal("setup.order", f"{kind} during game preparation: shuffles, then keep or redraw come first")
    pending = g.pending_triggers
    waiting = list(pending) if pending and kind not in MAY_WAIT else None
    try:
        _HANDLERS[kind](g, a, trail)
    except IllegalAction as err:
        if not err.path_suffix:
            play.hint_unscripted(g, a.get("card"), err, a)
        if waiting:  # the action's own ruling comes first (effect.result is the last in the contract's order); as
            try:     # played, the skipped trigger is listed with what stood before the action proved impossible
                require_none_pending(g, kind, waiting)
            except IllegalAction as owed:
                err.owed = owed
        raise
    if g.pending_triggers:
        drop_stranded(g, trail)
    if waiting:  # rulings of the action itself come first; effect.result is the last in order
        require_none_pending(g, kind, waiting)
    if g.result is None and kind not in NO_LOSING_CHECK:
        check_losing(g, trail)
    g.last_end = (kind, a["p"]) if kind == "end_approach" else None


def skip_turn_end(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    """At a Turn End: rule on the owed steps ``a`` skips (as played they lapse), then start the next turn before an
    action that belongs to it (the fold reports the start with the action before; as played, with this one)."""
    if g.phase != "end":
        return
    if a["type"] not in TURN_END_OWN:
        _owed_at_turn_end(g, a["type"], trail)
    if starts_next_turn(g, a):
        finish_turn(g, trail)


def _owed_at_turn_end(g: GameState, kind: str, trail: Trail) -> None:
    """The Turn End waits for its mandatory triggers, then for the hand adjustment (rules.md "Triggers"): an action
    that skips one is ruled with the owed step's id (``effect.result``, ``hand.adjust``) at its index. As played the
    skipped step lapses (``trigger``, ``step``) and the Turn End goes on (the next turn may then start)."""
    if g.pending_triggers and kind != "break":  # a Break right after a placement does not skip them
        lapse_owed(g, kind)
        continue_turn_end(g, trail)
    if g.step == "hand_adjust" and kind != "hand_adjust":
        hand = len(g.players[g.turn_player].hand)
        refuse(illegal("hand.adjust", f"hand adjustment missing: player {g.turn_player} holds {hand} cards and must "
                                      f"discard {hand - g.hand_limit} before {kind}"), "step")
        g.step = None  # as played: the hand stays as it is


def _right_moving(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    top = play.declare(g, a, "", trail, as_response=False)
    play.resolve(g, top, trail)
    if g.result is None and g.priority is not None:  # None only when carried out as played outside a window
        g.priority = 1 - a["p"]  # hand_right: the right goes to the player who did not act
        g.approacher_passed = False


def _pass(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    do_pass(g, a["p"], trail)


def _break(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    top = play.declare(g, a, "", trail, as_response=False)
    play.resolve(g, top, trail)


def _trigger(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p, cid, idx = a["p"], a["card"], a["effect"]
    card = g.card(cid)
    me = g.players[p]
    zone = a.get("from")
    source = holder = None
    if zone is None or zone in ("main", "support"):
        source = find_chara(me, cid)
        holder_ok = source is not None and (zone is None or source.area == zone)
        if not holder_ok:
            holder = next((c for c in me.area() for s in c.supports if same_card(s.card, cid)), None)
            holder_ok = holder is not None
        if not holder_ok:
            raise illegal("zone", f"trigger: {describe(g, cid)} is not on player {p}'s Area (name 'from' for another zone)")
    else:
        pool = {
            "hand": me.hand, "discard": me.discard, "removed": me.removed, "ex_deck": me.ex_deck,
            "deck": me.deck, "point": [c for c, _ in me.points],
        }.get(zone, [])
        if any(same_card(c, cid) for c in pool):
            pass
        elif zone == "deck" and None in me.deck:  # a copy somewhere in a deck nobody saw: its place stays unknown
            hidden.check_pool(g, p, cid, "named in the deck by the trigger")
        elif not hidden.identify_source(g, p, zone, cid, "trigger"):
            raise illegal("zone", f"trigger: {describe(g, cid)} is not in player {p}'s {zone}")
        went = _went_elsewhere(g, p, cid, a["effect"], zone)
        if went is not None:
            raise illegal("zone", f"trigger: {describe(g, cid)} left the Area for player {p}'s {went}, not the {zone} "
                                  f"(a copy of it there is another card): name 'from': '{went}'")
    autos = card.automatic()
    slots = script.delayed_slots(card)
    if idx >= len(autos) + len(slots):
        extra = f" and {len(slots)} delayed effect(s)" if slots else ""
        raise illegal("effect.unknown", f"{describe(g, cid)} has {len(autos)} automatic effect(s){extra}; there is no "
                                        f"effect {idx}")
    eff = autos[idx] if idx < len(autos) else slots[idx - len(autos)]
    what = f"automatic effect {idx} of {describe(g, cid)}"
    if source is not None and eff.trigger != "delayed" and _fired_on_departure(g, p, cid, idx, source.uid):
        source = None  # it left, fired, and came back (a new Chara) before this trigger: the departure's trigger
    if eff.trigger == "delayed":  # set up by a ``delay`` step: its Chara and targets are the ones it was set up with
        _delayed_trigger(g, p, a, eff, idx, trail)
        return
    caused = eff.trigger in FIRED_EVENTS or bool(eff.trigger and "|" in eff.trigger)  # the engine fires it
    # a firing of it that already resolved, with no cause since (before late_lapsed takes a lapsed one out)
    repeat = resolved_before(g, (p, source.uid, idx)) if source is not None and caused else None
    if repeat is not None and waived("trigger"):  # as played: the same firing logged again does nothing
        refuse(illegal("effect.result", _repeat_message(what, eff, repeat)), "trigger")
        trail.event("effect", f"{what} is logged again: its firing (turn {repeat}) already resolved, so this does "
                              "nothing (a trigger resolves once per firing)")
        return
    # as played: a trigger that lapsed unlogged, logged late, is the same slip (no second irregularity), counted for
    # the turn its cause happened in (docs/as-played.md)
    late = None if source is None else late_lapsed(g, (p, source.uid, idx))
    if source is not None and (eff.once_per_turn or (eff.condition and eff.condition.get("first_time"))):
        key = effect_key(cid, idx)
        turn = g.turn if late is None else late
        used = source.auto_used.get(key)
        if used == turn:
            refuse(illegal("effect.once", f"automatic effect {idx} of {describe(g, cid)} already fired "
                                          + ("this turn" if late is None else f"in turn {turn}")), "count")
        if repeat is None and (used is None or used < turn):  # a repeat fires nothing: it uses nothing up
            source.auto_used[key] = turn
    checked = eff
    if eff.condition and "history" in eff.condition and (
            claim(g, p, cid, idx, None) is not None if source is None
            else ((p, source.uid, idx) in g.pending_triggers or (p, source.uid, idx) in g.available_triggers)):
        # it fired: "when the second X enters this turn" counts as its cause happened (triggers.fire), and another
        # entry before the trigger is logged does not take it back, also for a card that has left since (the sixth
        # Chara to leave, eliminated with the seventh in one judgement: SAGA 01-070)
        checked = replace(eff, condition={k: v for k, v in eff.condition.items() if k != "history"})
    try:
        targets = play._targets(g, p, a, checked, source)
    except IllegalAction as err:  # ruled in the contract's order (effect.target before effect.result); a repeat does
        if repeat is not None and err.despite is None:  # nothing as played, so its targets never stop the fold
            err.despite = "trigger"
        raise
    uid = None if source is None else source.uid
    if late is not None:
        trail.event("effect", f"{what} is logged late: it lapsed unlogged (stood there as played) and fires here, "
                              f"counted for turn {late}, when its cause happened")
    elif repeat is not None:  # after the target and once checks (rules.md ruling order); as played: above
        refuse(illegal("effect.result", _repeat_message(what, eff, repeat)), "trigger")
    elif caused:  # after the target and once checks (rules.md ruling order)
        uid = require_cause(g, p, uid, idx, what, str(eff.trigger), None if source is not None else cid)
    trail.event("effect", f"{what} fires")
    if source is not None and caused:  # this firing has resolved: logged again, it is a repeat (resolved_before)
        g.resolved[(p, source.uid, idx)] = g.turn if late is None else late
    if uid is not None:
        satisfy(g, p, uid, idx)
        if source is None and not any(key[1] == uid for key in (*g.pending_triggers, *g.available_triggers)):
            g.departed.pop(uid, None)  # kept while another trigger of the same departure waits (SAGA 01-041 e0, e1)
    if source is None and holder is not None and card.type == "support":
        source = holder  # a Support's own trigger ("when set"): its ``self`` is the Chara it is set on
    play.run_effect(g, p, cid, eff, a, targets, source, trail, in_response=False)
    _after_trigger(g, trail)


def _repeat_message(what: str, eff: Effect, turn: int) -> str:
    """The ruling on a trigger logged again after its firing resolved (``effect.result``)."""
    cause = " or ".join(str(eff.trigger).split("|")).replace("_", " ")
    return (f"{what} fires on {cause}, which has not just happened to it again: its firing (turn {turn}) already "
            "resolved, and a trigger resolves once per firing (logged twice?)")


def _went_elsewhere(g: GameState, p: int, cid: str, idx: int, zone: str) -> str | None:
    """Where the Chara whose waiting ``leave`` trigger ``idx`` of ``cid`` is logged ``from`` ``zone`` went instead,
    when every such departure went elsewhere (``g.departed_to``) and a copy is still there; else None."""
    if not g.departed_to:  # no departure's zone known: nothing to name instead (the common case)
        return None
    keys = [u for q, u, i in (*g.pending_triggers, *g.available_triggers)
            if q == p and i == idx and u in g.departed and same_card(g.departed[u], cid)]
    went = [g.departed_to.get(u) for u in keys]
    if not keys or zone in went or None in went:
        return None
    me = g.players[p]
    held: dict[str, Sequence[str | None]] = {"hand": me.hand, "discard": me.discard, "removed": me.removed,
                                             "ex_deck": me.ex_deck}
    for w in went:
        if w is not None and any(same_card(c, cid) for c in held.get(w, ())):
            return w
    return None


def _fired_on_departure(g: GameState, p: int, cid: str, idx: int, uid: int) -> bool:
    """Whether automatic effect ``idx`` of ``cid`` waits as the trigger of a departure (``g.departed``), not of the
    Chara ``uid`` now on the Area: the card left, and another trigger of that departure put it back."""
    keys = (*g.pending_triggers, *g.available_triggers)
    return (p, uid, idx) not in keys and any(
        q == p and i == idx and u in g.departed and same_card(g.departed[u], cid) for q, u, i in keys)


def _after_trigger(g: GameState, trail: Trail) -> None:
    if g.result is None and g.phase == "end" and g.step in (None, "hand_adjust") and not g.pending_triggers:
        continue_turn_end(g, trail)  # the hand may now need adjusting, or no longer


def _delayed_trigger(g: GameState, p: int, a: Mapping[str, Any], eff: Effect, idx: int, trail: Trail) -> None:
    """A delayed effect fires: the registration it was set up with gives its Chara and its targets."""
    cid = a["card"]
    what = f"delayed effect {idx} of {describe(g, cid)}"
    uid = require_cause(g, p, None, idx, what, "delayed", cid)
    reg = g.delayed.pop(uid)
    satisfy(g, p, uid, idx)
    source = g.chara_by_uid(reg["source"]) if reg.get("source") is not None else None
    if a.get("targets") is not None or eff.targets:
        targets = play._targets(g, p, a, eff, source)
    else:
        targets = registered_targets(g, reg)
        if any(u is not None and c is None for u, c in zip(reg.get("targets", ()), targets, strict=True)):
            trail.event("effect", f"{what}: a Chara it names has left the Area")
    trail.event("effect", f"{what} fires")
    play.run_effect(g, p, cid, eff, a, targets, source, trail, in_response=False, entered=reg.get("entered", ()))
    _after_trigger(g, trail)


def registered_targets(g: GameState, reg: Mapping[str, Any]) -> list[Chara | None]:
    """A delayed effect's targets, by position, as its setting-up effect named them: None for one left out or no
    longer on the Area (a step using it finds no Chara)."""
    return [None if u is None else g.chara_by_uid(u) for u in reg.get("targets", ())]


def _hand_adjust(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    """As played (docs/as-played.md): a discard at a Turn End where none was due, or of the wrong count, happens as
    logged (``step``); one logged under the other player's name is the turn player's (``turn``)."""
    p = a["p"]
    me = g.players[p]
    due = g.phase == "end" and g.step == "hand_adjust"
    if not due:
        if len(me.hand) <= g.hand_limit:
            refuse(illegal("hand.adjust", f"player {p} holds {len(me.hand)} cards (7 or fewer): no hand adjustment"),
                   "step" if turn_end_waits(g) else None)
        else:
            raise illegal("turn.step", f"hand adjustment belongs to the Turn End; the game is in {where(g)}")
    if p != g.turn_player:
        refuse(illegal("turn.priority", f"only the turn player (player {g.turn_player}) adjusts the hand"), "turn")
        p = g.turn_player  # as played: the turn player's adjustment, logged under the other name
        me = g.players[p]
    need = len(me.hand) - g.hand_limit
    hidden.ensure_in_hand(g, p, a["discard"], "hand adjustment")
    kept = list(me.hand)
    for cid in a["discard"]:
        if not remove_copy(kept, cid):
            raise illegal("zone", f"hand adjustment: {describe(g, cid)} is not in player {p}'s hand")
    if due and len(a["discard"]) != need:  # as played the discard happens as logged and the Turn End goes on
        refuse(illegal("hand.adjust", f"player {p} holds {len(me.hand)} cards and must discard {need}, "
                                      f"not {len(a['discard'])}"), "step")
    elif due:
        trail.check("hand.adjust", f"player {p} discards {len(a['discard'])} down to {len(kept)}")
    me.hand = kept
    me.discard.extend(a["discard"])
    g.step = None
    finish_turn(g, trail)


def _concede(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    g.result = {"winner": 1 - p, "reason": "concede"}
    g.phase = "over"
    g.step = None
    g.priority = None
    trail.event("concede", f"player {p} concedes: player {1 - p} wins")


_HANDLERS: Final[dict[str, Callable[[GameState, Mapping[str, Any], Trail], None]]] = {
    "shuffle": setup.do_shuffle,
    "keep": setup.do_opening,
    "redraw": setup.do_opening,
    "pass": _pass,
    "approach": approach.do_approach,
    "end_approach": approach.do_end_approach,
    "interfere": approach.do_interfere,
    "no_interfere": approach.do_no_interfere,
    "choose_elimination": approach.do_choose_elimination,
    "break": _break,
    "trigger": _trigger,
    "hand_adjust": _hand_adjust,
    "concede": _concede,
    **{k: _right_moving for k in RIGHT_MOVING},
}

__all__: Final = ["IllegalAction", "apply_action"]
