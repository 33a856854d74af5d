"""Playing cards and using effects: summon, Support, Level Up, events, effects,
Backup, Break and triggers, with [Decline] responses (P09–P17, P22, P28).

Every card play is *declared* (checked, cost paid, responses declared in turn),
then *resolved*: responses first, last-listed first, then the play itself
unless a response disabled it (log-format.md, "Responses").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.asplayed import refuse, stood, waived, waiving
from engine.pm import conditions, effects, hidden, script, static_bans, stats
from engine.pm.cards import Card, Effect, base_id
from engine.pm.cost import check_cost, pay
from engine.pm.ops import MAIN_LIMIT, apply_op, check_main_entry
from engine.pm.state import Chara, GameState, Support, effect_key
from engine.pm.triggers import fire, fire_card, fire_others, fire_paid_for_play
from engine.pm.turns import check_losing, owed, require_right, where
from engine.pm.zones import area_holds, describe, enter_area, find_chara, remove_copy, same_card
from engine.rulings import IllegalAction, NullTrail, Trail, illegal

WINDOW_STEPS: Final = ("after_approach", "after_interfere", "after_elimination")
#: card plays that count as "played" for statistics (metrics.md)
PLAYS: Final = frozenset({"summon", "set_support", "level_up", "play_event", "break"})
RESPONSE_TYPES: Final = ("play_event", "use_effect", "backup")


class Play:
    """A declared card play or effect use, waiting to resolve (a plain class, not a dataclass: compiled with mypyc its
    constructor is then compiled too; one is made for every play)."""

    __slots__ = ("action", "card", "card_id", "disabled", "effect", "onto", "path", "player", "responses", "source",
                 "targets", "usage_cost")

    def __init__(self, action: Mapping[str, Any], path: str, player: int, card_id: str, card: Card,
                 effect: Effect | None = None, source: Chara | None = None, onto: Chara | None = None,
                 targets: list[Chara | None] | None = None) -> None:
        self.action = action
        self.path = path
        self.player = player
        self.card_id = card_id
        self.card = card
        self.effect = effect
        self.source = source
        self.onto = onto
        self.targets: list[Chara | None] = [] if targets is None else targets  # None: a target left out
        self.responses: list[Play] = []
        self.disabled = False
        #: the usage cost it is played at (its cost as changed in the hand; printed for a Break or an effect's use):
        #: what a response answering "a card of usage cost N being played" reads
        self.usage_cost: int | None = card.cost


#: rulings a card's own text may override (card text beats the basic rules, Rule Book P17)
HINTED_PREFIXES: Final = ("turn.", "timing", "decline.", "approach.", "interfere.", "cost.", "summon.", "levelup.",
                   "effect.once", "effect.cost")


def hint_unscripted(g: GameState, card_id: object, err: IllegalAction, action: Mapping[str, Any] | None = None) -> None:
    """Say so in ``err`` when the card whose action it rules on is not scripted: its text may allow this. An action
    using one effect (a trigger, an activated effect, a Backup) is hinted only when that effect is not scripted."""
    if not isinstance(card_id, str) or not err.rule.startswith(HINTED_PREFIXES) or card_id not in g.cards:
        return
    hint = f"{card_id} is not scripted; its text may allow this"
    if _unscripted_part(g.card(card_id), action or {}) and hint not in err.ruling.message:
        err.ruling.message += f" ({hint})"


def _unscripted_part(card: Card, action: Mapping[str, Any]) -> bool:
    """True when the part of ``card`` that ``action`` uses is not scripted (any part, for a play of the card)."""
    kind, idx = action.get("type"), action.get("effect")
    if kind == "backup":
        return card.backup is not None and not card.backup.scripted
    if kind in ("trigger", "use_effect") and isinstance(idx, int):
        effs = card.automatic() if kind == "trigger" else card.activated()
        if kind == "trigger" and idx >= len(effs):
            return False  # a delayed part of a scripted effect (script.delayed_slots)
        return idx < len(effs) and not effs[idx].scripted
    return card.unscripted


def _in_window_phase(g: GameState, phase: str) -> bool:
    if phase == "main":
        return g.phase == "main"
    return g.phase == "approach" and g.step in WINDOW_STEPS


def check_timing(g: GameState, player: int, timing: Any, what: str, *, as_response: bool) -> bool:
    """Check [Main]/[Approach] × [Self]/[Opponent]/[Both]/[Decline] (P17); False when the timing did not hold and the
    play is carried out as played despite it (no ✓ for it then)."""
    if timing is None:
        if as_response:
            raise illegal("decline.timing", f"{what} has no [Decline] timing: it cannot be a response")
        return True
    phase_ok = _in_window_phase(g, timing.phase)
    if timing.side == "decline":
        if not phase_ok:
            refuse(illegal("timing", f"{what} has timing [{timing}] but the game is in {where(g)}"), "turn")
        if not as_response:
            raise illegal("decline.timing", f"{what} has [Decline] timing and can only answer another play: it answers nothing here")
        return phase_ok
    if as_response:
        if not phase_ok:
            raise illegal("timing", f"{what} has timing [{timing}] but the game is in {where(g)}")
        raise illegal("decline.timing", f"{what} has timing [{timing}], not [Decline]: it cannot be a response")
    own = player == g.turn_player
    side_ok = timing.side == "both" or (timing.side == "self") == own
    if not phase_ok or not side_ok:
        turn = "its own turn" if own else "the opponent's turn"
        refuse(illegal("timing", f"{what} has timing [{timing}]; player {player} acts in {where(g)} of {turn}"), "turn")
        return False
    return True


# -- declaration ----------------------------------------------------------------


#: plays of a card from the hand, whose usage cost is its cost as changed there
_FROM_HAND: Final = frozenset({"summon", "set_support", "level_up", "play_event"})


def _cost_in_hand(g: GameState, action: Mapping[str, Any]) -> int | None:
    """The usage cost of the card ``action`` plays, as changed in the hand, before the play uses up a "next card"
    reduction (None when the action names no card this game knows: the declaration refuses it)."""
    cid, p = action.get("card"), action.get("p")
    if not isinstance(cid, str) or not isinstance(p, int) or not 0 <= p < len(g.players) or cid not in g.cards:
        return None
    return stats.hand_cost(g, p, cid)


def declare(g: GameState, action: Mapping[str, Any], path: str, trail: Trail, *, as_response: bool) -> Play:
    """Check and pay for one play; then declare its responses."""
    kind = action["type"]
    answered = action.get("responses")
    cost_in_hand = _cost_in_hand(g, action) if answered and kind in _FROM_HAND else None
    try:
        play = _DECLARE[kind](g, action, path, trail, as_response)
    except IllegalAction as err:
        if not err.path_suffix:  # raised for this play itself, not for one of its responses
            hint_unscripted(g, action.get("card"), err, action)
            err.path_suffix = path
        raise
    if cost_in_hand is not None:
        play.usage_cost = cost_in_hand
    if kind in PLAYS:
        me = g.players[play.player]
        me.played.setdefault(base_id(play.card_id), g.turn)
        me.turn_log.append(("play", play.card_id, -1))
        if me.cost_mods and kind != "break":
            stats.use_next_cost(g, play.player, play.card_id)
    if not answered:
        return play
    outer = g.answering
    for i, resp in enumerate(answered):
        g.answering = (play.player, play.card_id, kind, play.usage_cost)
        rpath = f"{path}.responses.{i}" if path else f"responses.{i}"
        if resp["type"] not in RESPONSE_TYPES:
            bad = illegal("decline.timing", f"a {resp['type']} cannot be a response")
            bad.path_suffix = rpath
            raise bad
        play.responses.append(declare(g, resp, rpath, trail, as_response=True))
    g.answering = outer
    return play


def _hand_card(g: GameState, player: int, card_id: str, what: str, how: str) -> Card:
    card = g.card(card_id)
    if not hidden.take_from_hand(g, player, card_id, how):  # a known copy, else an unknown card identified
        raise illegal("zone", f"{what}: {describe(g, card_id)} is not in player {player}'s hand")
    return card


def _identify_payment(g: GameState, player: int, action: Mapping[str, Any]) -> None:
    """Table logs: the payment's unknown cards are identified with the played card (``identify.*`` ranks with
    ``zone``, before the action's own rulings and ``cost.*``); every play paying a cost calls it first."""
    pay = action.get("pay") or ()
    hidden.ensure_in_hand(g, player, [item["hand"] for item in pay if "hand" in item], "payment")
    hidden.ensure_face_up_points(g, player, [item["point"] for item in pay if "point" in item], "payment")


def _pay_for(g: GameState, player: int, action: Mapping[str, Any], cost: int | None, card: Card, trail: Trail,
             card_id: str) -> None:
    if cost is None:  # a symbol printed as the usage cost (△): no number to pay, so no play from the hand
        refuse(illegal("cost.amount", f"{describe(g, card_id)} has no numeric usage cost (it prints "
                                      f"{card.cost_symbol or 'none'}): it cannot be played from the hand"), "payment")
        cost = 0  # carried out as played: the payment named is paid
    items = check_cost(g, player, action.get("pay", ()), cost, trail, card=card, card_id=card_id)
    pay(g, player, items)
    g.players[player].played_this_turn += 1
    if g.cards.listened("paid_for_play"):  # hand cards put into the discard paying this play's cost may listen
        for zone, paid in items:
            if zone == "hand":
                fire_paid_for_play(g, player, paid, card_id, trail)


def _main_phase_play(g: GameState, player: int, what: str) -> None:
    """Summon, Support and Level Up belong to the Approacher's Main Phase."""
    if player != g.turn_player:
        refuse(illegal("turn.priority", f"{what}: only the Approacher (player {g.turn_player}) may do this, in the "
                                        "Main Phase"), "turn")
    if g.phase != "main":
        refuse(illegal("turn.step", f"{what} belongs to the Main Phase; the game is in {where(g)}{owed(g)}"), "turn")
    require_right(g, player, what)


def _declare_summon(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    if p != g.turn_player or g.phase != "main" or g.priority != p:  # the message is built only when needed
        if free_entry(g, p, card):
            require_right(g, p, f"summon of {describe(g, cid)}")
        else:
            _main_phase_play(g, p, f"summon of {describe(g, cid)}")
    cost = stats.hand_cost(g, p, cid)
    if card.type == "chara" and static_bans.bans(g):  # in the hand: a cost limit reads its cost there
        check_play_allowed(g, p, cid, f"summon of {describe(g, cid)}", summon=True)
    if not remove_copy(g.players[p].hand, cid):
        _hand_card(g, p, cid, f"summon of {describe(g, cid)}", "summon")
    if g.table:
        _identify_payment(g, p, a)
    me = g.players[p]
    if card.type != "chara":
        raise illegal("summon.area", f"{describe(g, cid)} is a {card.type} card, not a Character")
    if a["area"] == "main" and not card.has_stats:
        raise illegal("summon.area", f"{describe(g, cid)} has no AP/DP and cannot be summoned to the Main Area")
    replace = a.get("replace")
    if replace is not None and a["area"] == "main" and same_card(replace, cid):
        raise illegal("summon.main_full", f"{describe(g, cid)} cannot replace the same card (reading 5)")
    if area_holds(me, cid):
        raise illegal("summon.unique", f"player {p} already has {describe(g, cid)} on the Area")
    if a["area"] == "main":
        check_main_entry(g, p, cid, replace)
    elif replace is not None:
        raise illegal("summon.main_full", "replace applies only to a summon to the Main Area")
    if trail.keep:
        trail.check("summon.unique", f"no other {cid} on player {p}'s Area")
    _pay_for(g, p, a, cost, card, trail, cid)
    return Play(a, path, p, cid, card)


def free_entry(g: GameState, p: int, card: Card) -> bool:
    """〔自由登場〕, or a scripted text letting the card be summoned outside the own Main Phase while it holds."""
    if card.free_entry:
        return True
    return any(step.get("op") == "grant" and step.get("what") == "free_entry" and stats.condition_holds(g, p, eff.condition)
               for eff in card.continuous() for step in eff.script or ())


def _declare_support(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    what = f"Support {describe(g, cid)}"
    _main_phase_play(g, p, what)
    if static_bans.bans(g):
        check_play_allowed(g, p, cid, what)
    cost = stats.hand_cost(g, p, cid)
    _hand_card(g, p, cid, what, "Support")
    if g.table:
        _identify_payment(g, p, a)
    onto = find_chara(g.players[p], a["on"])
    if onto is None:
        raise illegal("zone", f"{what}: {describe(g, a['on'])} is not on player {p}'s Area")
    if card.type != "support":
        raise illegal("support.target", f"{describe(g, cid)} is a {card.type} card, not a Support card")
    if any(same_card(s.card, cid) for s in onto.supports):
        raise illegal("support.target", f"{describe(g, onto.card)} already holds a copy of {cid}")
    _check_support_spec(g, card, onto)
    if not stood("support.target"):
        trail.check("support.target", f"{cid} may be set on {describe(g, onto.card)}")
    _pay_for(g, p, a, cost, card, trail, cid)
    return Play(a, path, p, cid, card, onto=onto)


def _check_support_spec(g: GameState, card: Card, onto: Chara) -> None:
    """A scripted Support may name what it can be set on (a ``continuous`` entry's ``targets``)."""
    for eff in card.effects:
        if eff.kind == "continuous" and eff.targets:
            problem = effects._spec_problem(g, onto.owner, eff.targets[0], onto)
            if problem:  # as played it is set there all the same
                refuse(illegal("support.target", f"{describe(g, card.id)} cannot be set on {describe(g, onto.card)}: it "
                                                 f"{problem}"), "condition")


def _declare_level_up(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    what = f"Level Up with {describe(g, cid)}"
    if static_bans.bans(g):
        check_play_allowed(g, p, cid, what)
    if p != g.turn_player:
        refuse(illegal("turn.priority", f"{what}: only the Approacher (player {g.turn_player}) may Level Up"), "turn")
    if g.phase != "main":
        refuse(illegal("levelup.invalid", f"{what}: Level Up happens only in the own Main Phase; the game is in "
                                          f"{where(g)}"), "turn")
    require_right(g, p, what)
    cost = stats.hand_cost(g, p, cid)
    _hand_card(g, p, cid, what, "Level Up")
    if g.table:
        _identify_payment(g, p, a)
    me = g.players[p]
    onto = find_chara(me, a["onto"])
    if onto is None:
        raise illegal("zone", f"{what}: {describe(g, a['onto'])} is not on player {p}'s Area")
    if not card.level_up:  # as played the card goes on top all the same (docs/as-played.md)
        refuse(illegal("levelup.invalid", f"{describe(g, cid)} has no Level Up"), "condition")
    target = g.card(onto.card)
    if not set(conditions.names_now(g, card, p)) & set(conditions.names_now(g, target, p, onto)):
        refuse(illegal("levelup.invalid", f"{describe(g, cid)} and {describe(g, onto.card)} do not share a name"),
               "condition")
    if any(same_card(x, cid) for x in onto.ids()):
        raise illegal("levelup.invalid", f"{describe(g, onto.card)} already holds {cid}: no Level Up with the exact same card")
    if area_holds(me, cid):
        raise illegal("summon.unique", f"player {p} already has {describe(g, cid)} on the Area")
    turn, count = onto.levelups
    repeat = turn == g.turn and count >= 1
    if repeat:
        if "pay" not in a and (cost is None or cost > 0):
            refuse(illegal("levelup.invalid", f"{describe(g, onto.card)} already levelled up this turn; a further Level Up "
                                              f"must pay {cost}"), "payment")
        _pay_for(g, p, a, cost, card, trail, cid)
    else:
        if a.get("pay"):  # as played the cards named are paid all the same
            refuse(illegal("levelup.invalid", f"the first Level Up of {describe(g, onto.card)} this turn is free; it "
                                              "takes no payment"), "payment")
            pay(g, p, check_cost(g, p, a["pay"], 0, NullTrail()))
        if not stood("levelup.invalid"):
            trail.check("levelup.invalid", f"first Level Up of {describe(g, onto.card)} this turn: no cost")
        me.played_this_turn += 1
    onto.levelups = (g.turn, count + 1 if turn == g.turn else 1)
    return Play(a, path, p, cid, card, onto=onto)


def check_play_allowed(g: GameState, p: int, cid: str, what: str, *, summon: bool = False) -> None:
    """``effect.condition``: a ``forbid`` step bars player ``p`` from playing cards fitting its filter (``play``:
    any play of the card; ``summon``: its entry onto the Area, 登場させる, effects.entry_ban) this turn. The card is
    in the hand: a cost limit reads its cost there."""
    for q, kind, f, until in static_bans.bans(g):  # forbid ops' and continuous effects' (engine.pm.static_bans)
        if q == p and kind == "play" and (until is None or until >= g.turn) \
                and conditions.card_matches(g, g.card(cid), f, p, "hand"):
            refuse(illegal("effect.condition", f"{what}: an effect forbids player {p} to play cards fitting {f} this "
                                               "turn"), "condition")
    banned = effects.entry_ban(g, p, cid, "hand") if summon else None
    if banned is not None:
        refuse(illegal("effect.condition", f"{what}: an effect forbids player {p} to summon cards fitting {banned} "
                                           "this turn"), "condition")


def _declare_event(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    what = f"event {describe(g, cid)}"
    if static_bans.bans(g):
        check_play_allowed(g, p, cid, what)
    if not as_response:
        require_right(g, p, f"playing {what}")
    if card.type != "event":
        raise illegal("timing", f"{describe(g, cid)} is a {card.type} card, not an Event: it cannot be played as one")
    if card.timings:  # a modal Event: one of its modes' timings must fit
        held = False
        with waiving(()):  # as played, a mode that fits is looked for before a timing is let pass
            for timing in card.timings:
                try:
                    held = check_timing(g, p, timing, what, as_response=as_response)
                    break
                except IllegalAction:
                    pass
        if not held:
            held = check_timing(g, p, card.timings[0], what, as_response=as_response)
    else:
        held = check_timing(g, p, card.timing, what, as_response=as_response)
    if held:
        trail.check("timing", f"{cid} [{card.timing or '|'.join(map(str, card.timings))}] may be played in {where(g)}")
    if card.use_condition is not None:
        if not stats.condition_holds(g, p, card.use_condition):
            refuse(illegal("event.condition", f"the use condition of {what} does not hold for player {p}: "
                                              f"{dict(card.use_condition)}"), "condition")
        else:
            trail.check("event.condition", f"{cid}: its use condition holds")
    cost = stats.hand_cost(g, p, cid)
    _hand_card(g, p, cid, what, "Event")
    if g.table:
        _identify_payment(g, p, a)
    _pay_for(g, p, a, cost, card, trail, cid)
    eff = card.effects[0] if card.effects else None
    targets = _targets(g, p, a, eff)
    return Play(a, path, p, cid, card, effect=eff, targets=targets)


def _targets(g: GameState, p: int, a: Mapping[str, Any], eff: Effect | None,
             source: Chara | None = None) -> list[Chara | None]:
    """The action's targets (with ``ops`` alone, the Charas its ops name; None for a ``null``, a target left out),
    checked against a scripted spec; then the effect's own condition (``effect.condition``)."""
    refs = a.get("targets")
    from_ops = refs is None and eff is not None and eff.scripted and bool(eff.targets) and bool(a.get("ops"))
    if from_ops and eff is not None:
        refs = effects.targets_from_ops(eff, a["ops"])
    by = g.card(a["card"]).type if "card" in a else None
    charas = effects.target_charas(g, p, refs or (), by)
    if eff is not None and eff.scripted:
        if from_ops:
            charas = effects.slots_from_ops(g, p, eff, charas, source, by)
        effects.check_target_spec(g, p, eff, charas, source)
        check_condition(g, p, eff, source, a.get("card"))
    return charas


def check_condition(g: GameState, p: int, eff: Effect, source: Chara | None, card_id: object) -> None:
    """``effect.condition``: a scripted effect's own condition must hold when it is used (a leaving trigger's was
    checked as its Chara left)."""
    cond = eff.condition
    if cond and AT_CAUSE_KEYS.intersection(cond):
        cond = {k: v for k, v in cond.items() if k not in AT_CAUSE_KEYS}
    if cond and eff.trigger not in CHECKED_AT_CAUSE and not stats.condition_holds(g, p, cond, source):
        refuse(illegal("effect.condition", f"the condition of this effect of {describe(g, str(card_id))} does not hold: "
                                           f"{dict(eff.condition or {})}"), "condition")


#: triggers whose own condition is checked when their cause happens (their Chara is no longer there afterwards)
CHECKED_AT_CAUSE: Final = frozenset({"leave", "paid_for_text", "paid_for_play", "delayed"})
#: condition keys about the cause itself, checked only when it happens
AT_CAUSE_KEYS: Final = frozenset({"entered_by"})


def check_text_allowed(g: GameState, p: int, card_id: str, holder: Chara | None, what: str) -> None:
    """``effect.condition``: an effect forbids using this text (a ``no_text`` grant on the Chara, or a ``forbid``
    of the player's texts of cards fitting a filter). Checked for activated effects only: using a text is Effect
    Usage of a Movement effect (rule book 000 "Regarding Effect Usage"), which an automatic effect firing is not.
    A Chara whose text is negated (stats.text_negated) has no activated effect to use (a Support set on it keeps
    its own)."""
    if holder is not None and same_card(holder.card, card_id) and stats.text_negated(g, holder):
        refuse(illegal("effect.condition", f"{what}: the text of {describe(g, holder.card)} is negated (text_negated)"),
               "condition")
    if holder is not None and holder.grants and effects.no_text(g, holder):
        refuse(illegal("effect.condition", f"{what}: an effect forbids using the texts of {describe(g, holder.card)}"),
               "condition")
    for q, kind, f, until in g.bans:
        if q == p and kind == "text" and (until is None or until >= g.turn) and effects.ban_fits(g, card_id, f, holder):
            refuse(illegal("effect.condition", f"{what}: an effect forbids player {p} to use the texts of cards fitting "
                                               f"{f} this turn"), "condition")


def _effect_source(g: GameState, a: Mapping[str, Any]) -> tuple[Chara | None, Support | None]:
    p = a["p"]
    chara = find_chara(g.players[p], a["on"] if "on" in a else a["card"])
    if chara is None or "on" not in a:
        return chara, None
    sup = next((s for s in chara.supports if same_card(s.card, a["card"])), None)
    return chara, sup


def _declare_use_effect(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid, idx = a["p"], a["card"], a["effect"]
    card = g.card(cid)
    what = f"effect {idx} of {describe(g, cid)}"
    if not as_response:
        require_right(g, p, f"using {what}")
    activated = card.activated()
    if idx >= len(activated):
        raise illegal("effect.unknown", f"{describe(g, cid)} has {len(activated)} activated effect(s); there is no effect {idx}")
    eff = activated[idx]
    check_timing(g, p, eff.timing, what, as_response=as_response)
    chara, sup = _effect_source(g, a)
    if chara is None or ("on" in a and sup is None):
        where_ = f"set on {a['on']}" if "on" in a else "on the Area"
        raise illegal("zone", f"{what}: {describe(g, cid)} is not {where_} of player {p}")
    holder = sup if sup is not None else chara
    check_text_allowed(g, p, cid, chara, what)
    if g.table:
        _identify_payment(g, p, a)
    items = check_cost(g, p, a.get("pay", ()), eff.cost, trail, card=None, what=what)
    key = effect_key(cid, idx)
    if holder.used.get(key) == g.turn:
        refuse(illegal("effect.once", f"{what} was already used this turn"), "count")  # as played it is used again
    else:
        trail.check("effect.once", f"{what} not yet used this turn")
    if eff.cost_color and eff.cost > 0 and not any(g.card(c).color == eff.cost_color for _, c in items):
        raise illegal("effect.cost", f"{what}: the {eff.cost_color} cost needs a {eff.cost_color} card in the payment")
    rest = eff.rest or bool(a.get("rest"))
    if rest and chara.rested:
        raise illegal("effect.cost", f"{what}: the cost rests {describe(g, chara.card)}, which is already rested")
    name_cost = eff.discard_name
    discard = a.get("discard")
    if name_cost and not discard:
        raise illegal("effect.cost", f"{what}: the cost discards a card named {name_cost} from hand; none named")
    if discard:
        dcard = g.card(discard)
        if name_cost and name_cost not in conditions.names_now(g, dcard, p):
            raise illegal("effect.cost", f"{what}: the cost needs a card named {name_cost}; {describe(g, discard)} is not")
        hidden.ensure_in_hand(g, p, [discard, *(c for zone, c in items if zone == "hand" and same_card(c, discard))],
                              "effect cost")
        in_hand = sum(1 for h in g.players[p].hand if same_card(h, discard))
        paid_too = sum(1 for zone, c in items if zone == "hand" and same_card(c, discard))
        if in_hand <= paid_too:
            raise illegal("effect.cost", f"{what}: the cost discards {describe(g, discard)}, and player {p} has no "
                                         f"{'further ' if paid_too else ''}copy of it in hand")
    pay(g, p, items)
    if rest:
        chara.rested = True
        trail.check("effect.cost", f"{describe(g, chara.card)} rests to pay the cost")
        fire_others(g, "rested", chara, trail)
    if discard:
        remove_copy(g.players[p].hand, discard)
        g.players[p].discard.append(discard)
        trail.check("effect.cost", f"{describe(g, discard)} discarded to pay the cost")
    if g.cards.listened("paid_for_text"):  # cards put into the discard by this text's cost may listen
        for paid in [*(c for zone, c in items if zone == "hand"), *([discard] if discard else [])]:
            fire_card(g, p, paid, "paid_for_text", chara, trail)
    holder.used[key] = g.turn
    targets = _targets(g, p, a, eff, chara)
    return Play(a, path, p, cid, card, effect=eff, source=chara, targets=targets)


def _declare_backup(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    what = f"[Backup] of {describe(g, cid)}"
    if as_response:
        raise illegal("decline.timing", f"{what} has no [Decline] timing: it cannot be a response")
    require_right(g, p, f"using {what}")
    if card.backup is None:
        raise illegal("effect.unknown", f"{describe(g, cid)} has no [Backup]")
    eff = card.backup
    if eff.scripted:
        check_condition(g, p, eff, None, cid)
    _hand_card(g, p, cid, what, "Backup")
    g.players[p].discard.append(cid)
    trail.check("timing", f"{cid} discarded from hand to use its [Backup]")
    targets = _targets(g, p, a, eff)
    return Play(a, path, p, cid, card, effect=eff, targets=targets)


def _declare_break(g: GameState, a: Mapping[str, Any], path: str, trail: Trail, as_response: bool) -> Play:
    p, cid = a["p"], a["card"]
    card = g.card(cid)
    if not card.break_:
        raise illegal("break.invalid", f"{describe(g, cid)} has no [Break]")
    entry = next(((q, c) for q, c in g.break_ok if q == p and same_card(c, cid)), None)
    if entry is None:
        entry = hidden.break_unknown(g, p, cid)
    if entry is None:
        raise illegal(
            "break.invalid",
            f"{describe(g, cid)} was not put into player {p}'s Point Zone by the action just before",
        )
    if static_bans.bans(g):  # a Break plays the card (rules.md reading 9): bans on plays reach it (reader rd14)
        check_play_allowed(g, p, cid, f"break of {describe(g, cid)}", summon=card.type == "chara")
    g.break_ok.remove(entry)
    me = g.players[p]
    point = next((pt for pt in reversed(me.points) if pt[1] and same_card(pt[0], entry[1])), None)
    if point is None:
        raise illegal("break.invalid", f"{describe(g, cid)} is no longer face up in player {p}'s Point Zone")
    point[1] = False
    trail.check("break.invalid", f"{cid} was just put into the Point Zone: it turns face down and is played for free")
    eff = card.effects[0] if card.effects else None
    targets = _targets(g, p, a, eff)
    return Play(a, path, p, cid, card, effect=eff, targets=targets)


_DECLARE: Final = {
    "summon": _declare_summon,
    "set_support": _declare_support,
    "level_up": _declare_level_up,
    "play_event": _declare_event,
    "use_effect": _declare_use_effect,
    "backup": _declare_backup,
    "break": _declare_break,
}


# -- resolution -----------------------------------------------------------------


def resolve(g: GameState, play: Play, trail: Trail) -> bool:
    """Resolve responses (last-listed first), then the play; True when the play disables its parent.

    When the game ends inside the chain, the rest of it does not resolve.
    """
    for resp in reversed(play.responses):
        outer, g.answering = g.answering, (play.player, play.card_id, play.action["type"], play.usage_cost)
        try:
            disabled_it = resolve(g, resp, trail)
        finally:
            g.answering = outer
        if disabled_it:
            play.disabled = True
            trail.event("response", f"{describe(g, resp.card_id)} disables the play of {describe(g, play.card_id)}")
        if check_losing(g, trail):
            return False
    try:
        return _finish(g, play, trail)
    except IllegalAction as err:
        if not err.path_suffix:
            err.path_suffix = play.path
        raise


def _finish(g: GameState, play: Play, trail: Trail) -> bool:
    """Apply the play itself (responses are done); return True when it disables its parent."""
    kind = play.action["type"]
    me = g.players[play.player]
    what = describe(g, play.card_id) if trail.keep else ""  # named in trail messages only
    if play.disabled:
        if kind not in ("use_effect", "backup", "break"):
            me.discard.append(play.card_id)
        gone = "; the card goes to the discard" if kind not in ("use_effect", "backup", "break") else ""
        trail.event("response", f"{what} is disabled: its cost stays paid{gone}")
        return False
    if kind == "summon":
        replace = _replace_at_resolution(g, play)
        new = enter_area(g, play.player, play.card_id, play.action["area"], summoned=True, replace=replace)
        if trail.keep:
            replaced = f", replacing {play.action['replace']}" if play.action.get("replace") else ""
            trail.event("effect", f"{what} enters player {play.player}'s {play.action['area']} area active{replaced}")
        fire(g, "enter", [new], trail)
        fire_others(g, "enter", new, trail)
        return False
    if kind in ("set_support", "level_up"):
        onto = play.onto
        if onto is None or g.chara_by_uid(onto.uid) is None:
            me.discard.append(play.card_id)
            trail.event("response", f"{what} lost its Chara and goes to the discard")
            return False
        if kind == "set_support":
            onto.supports.append(Support(play.card_id, g.new_uid()))
            trail.event("effect", f"{what} is set on {describe(g, onto.card)}")
            if "set" in g.card(play.card_id).listens:  # "when this card is set" (セットされた場合): logged naming it
                fire_card(g, play.player, play.card_id, "set", None, trail)
            fire_others(g, "supported", onto, trail)  # "when a Support is set on your X" (round 25)
            return False
        onto.stack.append(onto.card)
        stats.area_changed(g, onto.card, play.card_id)
        onto.card = play.card_id
        trail.event("effect", f"{what} is stacked on the Chara: level {onto.level}")
        return False
    # effects: events, activated effects, backup, break
    if play.source is not None and g.chara_by_uid(play.source.uid) is None:
        trail.event("response", f"{what} left the Area before its effect resolved: no effect")
        return False
    if any(c is not None and g.chara_by_uid(c.uid) is None for c in play.targets):
        if kind == "play_event":
            me.discard.append(play.card_id)
        trail.event("response", f"{what} lost its target and has no effect")
        return False
    disables = run_effect(g, play.player, play.card_id, play.effect, play.action, play.targets, play.source, trail,
                          in_response="responses" in play.path)
    if kind == "play_event":
        me.discard.append(play.card_id)
    if kind == "play_event" or (kind == "break" and play.card.type == "event"):  # a Break plays it (reading 9)
        fire(g, "opp_event", g.players[1 - play.player].area(), trail)
        fire(g, "own_event", me.area(), trail)  # "your Event is played" (docs/log-extensions.md)
    return disables


def _replace_at_resolution(g: GameState, play: Play) -> str | None:
    """The Main Area may have changed while responses resolved: check room (and the replaced Chara) again."""
    if play.action["area"] != "main":
        return None
    me = g.players[play.player]
    replace = play.action.get("replace")
    old = find_chara(me, replace) if replace else None
    if old is not None and old.area != "main":
        old = None
    if old is not None and stats.stays_on_area(g, old):  # as played it is replaced all the same
        refuse(illegal("summon.main_full", f"when {describe(g, play.card_id)} resolves, {describe(g, old.card)} does not "
                                           "leave the Area (退場しない is in force on it) and cannot be replaced"),
               "condition")
    if len(me.main) >= MAIN_LIMIT and old is None:  # as played it enters all the same, one over the limit
        refuse(illegal("summon.main_full", f"when {describe(g, play.card_id)} resolves, player {play.player}'s Main Area "
                                           f"holds {len(me.main)} Charas and none is named to replace"), "count")
    return old.card if old is not None else None


def run_effect(
    g: GameState, player: int, card_id: str, eff: Effect | None, action: Mapping[str, Any],
    targets: list[Chara | None], source: Chara | None, trail: Trail, *, in_response: bool, entered: Sequence[int] = (),
) -> bool:
    """Apply an effect: its script's ops when scripted (given ops must be one outcome it allows), else the
    ops recorded, marked unverified; True when it disables what it answers."""
    given = action.get("ops")
    if eff is not None and eff.scripted and not (given is not None and waived("ops")):
        outer, g.effect_card = g.effect_card, card_id
        outer_player, g.effect_player = g.effect_player, player
        try:
            r = script.run(g, player, card_id, eff, targets, source, action, trail, in_response=in_response,
                           entered=entered)
        except IllegalAction as err:
            if given is not None and err.rule == "effect.result" and err.despite is None:
                err.despite = "ops"  # as played, the logged ops may stand instead (an extra draw)
            raise
        finally:
            g.effect_card, g.effect_player = outer, outer_player
        for why in r.unverified:
            trail.unverified("effect.result", f"{describe(g, card_id)}: {why}")
        return r.disables
    ops = list(given or ())
    why = f" ({eff.why})" if eff is not None and eff.why else ""
    if eff is not None and eff.scripted:  # as played: the script refused the logged ops, and the table let them stand
        trail.unverified("effect.result", f"{describe(g, card_id)}: the script does not allow the logged ops; "
                                          f"{len(ops)} recorded op(s) applied as played")
    elif ops:
        trail.unverified("effect.result", f"{describe(g, card_id)} is not scripted{why}: {len(ops)} recorded op(s) "
                                          "applied as recorded")
    elif eff is not None or g.card(card_id).unscripted:
        trail.unverified("effect.result", f"{describe(g, card_id)} is not scripted{why}: nothing recorded, unverified")
    disables = False
    outer, g.effect_card = g.effect_card, card_id  # recorded ops are this card's effect too (entered_by: GRAN 01-046)
    outer_player, g.effect_player = g.effect_player, player
    try:
        for op in ops:  # losing conditions wait until the action has fully resolved (reading 2)
            if apply_op(g, op, trail, verified=False, in_response=in_response):
                disables = True
    finally:
        g.effect_card, g.effect_player = outer, outer_player
    return disables
