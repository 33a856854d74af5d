"""Legal-action generation: what the player who may act could do now.

Candidates are built from the state (canonical payments, not every subset) and
each is confirmed by applying it to a clone, so every generated action is one
the fold accepts.

>>> from engine.pm.legal import canonical_payment
>>> canonical_payment.__name__
'canonical_payment'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from engine.pm import script, stats
from engine.pm.actions import apply_action, registered_targets
from engine.pm.cards import Card, Effect
from engine.pm.conditions import names_now
from engine.pm.cost import FOUR_COLORS
from engine.pm.effects import possible_targets, target_required, target_unused
from engine.pm.state import Chara, GameState
from engine.pm.turns import settle, turn_end_waits
from engine.pm.zones import find_chara, same_card
from engine.rulings import IllegalAction, NullTrail, Trail

Action = dict[str, Any]


def settled(g: GameState) -> GameState:
    """``g``, or at a waiting Turn End a copy where the next turn has started (what any next action sees)."""
    if not turn_end_waits(g):
        return g
    g = g.clone()
    settle(g, NullTrail())
    return g


def actor(g: GameState) -> int | None:
    """The player whose decision the game waits for (None when over or in setup)."""
    g = settled(g)
    if g.result is not None:
        return None
    if g.pending_triggers:
        return g.pending_triggers[0][0]
    if g.priority is not None:
        return g.priority
    if g.phase == "approach":
        if g.step in ("assign_approach",):
            return g.turn_player
        if g.step in ("assign_interfere", "choose_elimination"):
            return g.interferer
    if g.phase == "end" and g.step == "hand_adjust":
        return g.turn_player
    return None


def _value(card: Card) -> tuple[int, int]:
    """Lower is cheaper to give up: fillers and small Charas first."""
    return ((card.cost or 0) + (card.ap or 0) // 10, card.source or 0)


def canonical_payment(g: GameState, player: int, cost: int | None, card: Card | None, exclude: str | None = None,
                      *, use_points: bool = True) -> list[dict[str, str]] | None:
    """A minimal sufficient payment: one identity card first, then the cheapest cards; None if impossible (a card
    with no numeric usage cost, ``cost`` None, is never played from the hand; a card with no source never pays)."""
    if cost is None:
        return None
    if cost <= 0 and (card is None or card.combo is None):
        return []
    p = g.players[player]
    pool: list[tuple[str, str]] = []
    skipped = False
    for cid in p.hand:
        if cid is None:  # an unknown card (table logs) cannot be named in a payment generated here
            continue
        if cid == exclude and not skipped:
            skipped = True
            continue
        pool.append(("hand", cid))
    if use_points:
        pool += [("point", cid) for cid, up in p.points if up and cid is not None]
    cards = g.cards
    pool = [z for z in pool if cards.get(z[1]).source is not None]
    pool.sort(key=lambda z: (z[0] != "point", _value(cards.get(z[1]))))
    chosen: list[tuple[str, str]] = []

    def take(pred: Any) -> bool:
        for item in pool:
            if item not in chosen and pred(cards.get(item[1])):
                chosen.append(item)
                return True
        return False

    if card is not None:
        if card.combo is not None and not take(lambda c: c.type == "chara" and set(card.combo) & set(c.names)):
            return None
        if card.color == "purple":
            if cost > 0 and not any(_pays_purple(cards, cards.get(cid), card) for _, cid in chosen) \
                    and not take(lambda c: _pays_purple(cards, c, card)) and not _take_four_colors(take, cards, card):
                return None
        elif cost > 0 and not any(_matches(cards, cards.get(cid), card) for _, cid in chosen) \
                and not take(lambda c: _matches(cards, c, card)):
            return None
    total = sum(cards.get(cid).source or 0 for _, cid in chosen)
    for item in pool:
        if total >= cost:
            break
        if item in chosen:
            continue
        chosen.append(item)
        total += cards.get(item[1]).source or 0
    if total < cost:
        return None
    return [{z: cid} for z, cid in chosen]


def _matches(cards: Any, payer: Card, card: Card) -> bool:
    return payer.color == card.color or cards.same_series(payer, card)


def _pays_purple(cards: Any, payer: Card, card: Card) -> bool:
    """One card that settles a purple cost alone: same series, and same name or purple (cost.purple)."""
    return cards.same_series(payer, card) and bool(set(payer.names) & set(card.names) or payer.color == "purple")


def _take_four_colors(take: Any, cards: Any, card: Card) -> bool:
    """The other way to pay a purple cost: one card of each of the four colors of its series."""
    return all(take(lambda c, color=color: c.color == color and cards.same_series(c, card)) for color in FOUR_COLORS)


def candidates(g: GameState) -> Iterator[Action]:
    """Plausible actions for the acting player (some may still be illegal), then the optional triggers
    whose cause just happened (their owner may log them now: at a waiting Turn End, the turn-end
    ones, and the turn-start ones the next turn would fire)."""
    later = settled(g)
    yield from _decisions(later)
    for state in (g, later) if later is not g else (g,):
        yield from _optional_triggers(state)


def _optional_triggers(g: GameState) -> Iterator[Action]:
    for owner, uid, idx in g.available_triggers:
        yield from _trigger_actions(g, owner, owner, uid, idx)


def _trigger_actions(g: GameState, p: int, owner: int, uid: int, idx: int) -> Iterator[Action]:
    """The trigger action of key ``(owner, uid, idx)``: of a Chara on the Area, of a card off it (``from`` its
    zone), or of a delayed effect (docs/log-extensions.md)."""
    c = g.chara_by_uid(uid)
    if c is not None:
        card = g.card(c.card)
        yield from _with_targets(g, p, {"type": "trigger", "p": owner, "card": c.card, "effect": idx},
                                 card, card.automatic()[idx])
        return
    reg = g.delayed.get(uid)
    cid = g.departed.get(uid) or (reg["card"] if reg else None)
    if cid is None:
        return
    card = g.card(cid)
    autos = card.automatic()
    eff = autos[idx] if idx < len(autos) else script.delayed_slots(card)[idx - len(autos)]
    action: Action = {"type": "trigger", "p": owner, "card": cid, "effect": idx}
    src = g.chara_by_uid(reg["source"]) if reg and reg.get("source") is not None else None
    on_support = card.type == "support" and any(same_card(s.card, cid) for c in g.players[owner].area()
                                                  for s in c.supports)
    if not on_support and (src is None or not same_card(src.card, cid)):  # a set Support: named without ``from``
        zone = zone_of(g, owner, cid, g.departed_to.get(uid))
        if zone is not None:
            action["from"] = zone
        elif reg is not None or find_chara(g.players[owner], cid) is None:
            return  # else it came back onto the Area: named there (actions._fired_on_departure)
    if reg is not None and not eff.targets:  # its Chara and targets are the ones it was set up with
        named = registered_targets(g, reg)
        yield from _with_choices(g, p, action, Effect("auto", script=eff.script), named, src)
    else:
        yield from _with_targets(g, p, action, card, eff)


def zone_of(g: GameState, p: int, cid: str, went: str | None = None) -> str | None:
    """The zone off the Area that holds a copy of ``cid`` (discard, removed, hand, EX deck, Point Zone, deck): ``went``
    first (where the Chara whose trigger it is went when it left: a copy elsewhere is another card)."""
    me = g.players[p]
    zones: list[tuple[str, Sequence[str | None]]] = [
        ("discard", me.discard), ("removed", me.removed), ("hand", me.hand), ("ex_deck", me.ex_deck),
        ("point", [x for x, _ in me.points]), ("deck", me.deck)]
    for zone, cards in sorted(zones, key=lambda z: z[0] != went):
        if any(x is not None and same_card(x, cid) for x in cards):
            return zone
    return None


def _decisions(g: GameState) -> Iterator[Action]:
    p = actor(g)
    if p is None:
        return
    me = g.players[p]
    if g.pending_triggers:
        owner, uid, idx = g.pending_triggers[0]
        yield from _trigger_actions(g, p, owner, uid, idx)
        return
    if g.phase == "end":
        need = len(me.hand) - g.hand_limit
        known = [c for c in me.hand if c is not None]  # unknown cards (table logs) are named by the log, not here
        if 0 < need <= len(known):
            yield {"type": "hand_adjust", "p": p, "discard": known[-need:]}
        return
    for q, cid in g.break_ok:
        if not cid.startswith("?"):  # an unknown card placed just now (table logs) is named by the log
            yield {"type": "break", "p": q, "card": cid}
    if g.phase == "approach" and g.step == "assign_approach":
        if g.turn > 1:
            for c in me.main:
                yield {"type": "approach", "p": p, "card": c.card}
                card = g.card(c.card)
                if card.reinforcement:
                    for o in me.main:
                        if o is not c:
                            yield {"type": "approach", "p": p, "card": c.card, "with": o.card}
        yield {"type": "end_approach", "p": p}
        return
    if g.phase == "approach" and g.step == "assign_interfere":
        for c in me.main:
            yield {"type": "interfere", "p": p, "card": c.card}
        yield {"type": "no_interfere", "p": p}
        return
    if g.phase == "approach" and g.step == "choose_elimination":
        assert g.approach is not None
        for uid in g.approach.choices:
            c = g.chara_by_uid(uid)
            if c is not None:
                yield {"type": "choose_elimination", "p": p, "card": c.card}
        yield {"type": "choose_elimination", "p": p, "card": None}
        return
    # a window
    yield {"type": "pass", "p": p}
    seen: set[str] = set()
    for cid in me.hand:
        if cid is None or cid in seen:  # unknown cards (table logs) offer no generated action
            continue
        seen.add(cid)
        card = g.card(cid)
        cost = stats.hand_cost(g, p, cid)
        if card.type == "chara" and p == g.turn_player and g.phase == "main":
            pay = canonical_payment(g, p, cost, card, exclude=cid)
            if pay is not None:
                for area in ("main", "support") if card.has_stats else ("support",):
                    action: Action = {"type": "summon", "p": p, "card": cid, "area": area, "pay": pay}
                    if area == "main" and len(me.main) >= 5:
                        weakest = replaceable(g, me.main)
                        if weakest is None:
                            continue
                        action["replace"] = weakest.card
                    yield action
            if card.level_up:
                for c in me.area():
                    if set(names_now(g, card, p)) & set(names_now(g, g.card(c.card), p, c)):
                        yield {"type": "level_up", "p": p, "card": cid, "onto": c.card}
        elif card.type == "support" and p == g.turn_player and g.phase == "main":
            pay = canonical_payment(g, p, cost, card, exclude=cid)
            if pay is not None:
                for c in me.area():
                    yield {"type": "set_support", "p": p, "card": cid, "on": c.card, "pay": pay}
        elif card.type == "event":
            pay = canonical_payment(g, p, cost, card, exclude=cid)
            if pay is not None:
                yield from _with_targets(g, p, {"type": "play_event", "p": p, "card": cid, "pay": pay}, card)
        if card.backup is not None:
            yield from _with_targets(g, p, {"type": "backup", "p": p, "card": cid}, card, card.backup)
    for c in me.area():
        card = g.card(c.card)
        for idx, eff in enumerate(card.activated()):
            if not eff.scripted:
                continue
            pay = canonical_payment(g, p, eff.cost, None)
            if pay is None:
                continue
            action = {"type": "use_effect", "p": p, "card": c.card, "effect": idx, "pay": pay}
            if eff.rest:
                action["rest"] = True
            if eff.discard_name:
                named = next((h for h in me.hand if h is not None and eff.discard_name in names_now(g, g.card(h), p)),
                             None)
                if named is None:
                    continue
                action["discard"] = named
            yield from _with_targets(g, p, action, card, eff)


def replaceable(g: GameState, main: list[Any]) -> Any:
    """The Chara a summon to a full Main Area gives up: the weakest one that may leave (None: each stays)."""
    free = [c for c in main if not stats.stays_on_area(g, c)]
    return min(free, key=lambda c: stats.ap_dp(g, c)[0]) if free else None


def _with_targets(g: GameState, p: int, action: Action, card: Card, eff: Any = None) -> Iterator[Action]:
    eff = eff if eff is not None else (card.effects[0] if card.effects else None)
    if eff is None or not eff.scripted:
        if eff is None or not card.unscripted:
            yield action
        return
    # a card off the Area (``from``) is no Chara there, even with a copy of it on the Area
    on_area = action["type"] in ("use_effect", "trigger") and "from" not in action
    source = find_chara(g.players[action["p"]], action["card"]) if on_area else None
    if not eff.targets:
        yield from _with_choices(g, p, action, eff, [], source)
        return
    # a timed mode's target (``required_if``): required when its mode runs now, never named when it does not
    required = [target_required(g, p, spec, source) for spec in eff.targets]
    choices = [[] if target_unused(g, p, spec, source) else possible_targets(g, p, eff, i, source, card.type)
               for i, spec in enumerate(eff.targets)]
    if any(not c and required[i] for i, c in enumerate(choices)):
        return
    for first in choices[0] or [None]:
        picked: list[Chara | None] = [first]
        for i, options in enumerate(choices[1:], 1):  # each later target: the first option not named yet
            taken = {c.uid for c in picked if c is not None} if eff.targets[i].get("distinct", True) else set()
            picked.append(next((c for c in options if c.uid not in taken), None))
        if any(c is None and required[i] for i, c in enumerate(picked)):
            continue
        while picked and picked[-1] is None:
            picked.pop()
        # targets are positional: one with no Chara to name before one named is null (docs/log-extensions.md)
        refs = [None if c is None else {"p": c.owner, "card": c.card} for c in picked]
        yield from _with_choices(g, p, {**action, "targets": refs}, eff, picked, source)


def _with_choices(g: GameState, p: int, action: Action, eff: Any, targets: list[Any], source: Any) -> Iterator[Action]:
    """The action with the first option at each decision its script leaves to the player; where it puts a card onto
    the field (場に出す), also the same with that card in the other area (its ``ops`` name it) where there is room."""
    if not script.has_decisions(eff.script):
        yield action
        return
    heard = action.get("from")
    choices = script.auto_choices(g, p, action["card"], eff, targets, source, heard)
    yield {**action, "choices": choices}
    if script.has_chooser(eff.script):  # the opponent's choices among their own Charas: each one offered
        yield from opponent_variants(g, {**action, "choices": choices})
    for ops in script.other_area_ops(g, p, action["card"], eff, targets, source, choices, heard):
        yield {**action, "choices": choices, "ops": ops}


#: at most this many sets of cards offered for one choice of the opponent's (two of a hand of 12 is 66)
OPPONENT_SETS = 64


def opponent_variants(g: GameState, action: Action) -> list[Action]:
    """``action`` (an effect's, with its ``choices``) with each other choice the opponent may make where its effect
    leaves it to them (engine.pm.script.Run.opponent_made): each other set of the Charas they choose (``chosen_by``)
    or of the cards of their own pick (as many as it takes; copies alike, each set once, at most
    :data:`OPPONENT_SETS`), and none where they may leave it out (round 29)."""
    g2 = g.clone()
    with script.watch() as runs:
        try:
            apply_action(g2, action, Trail())
        except IllegalAction:
            return []
    made = list(action.get("choices") or ())
    out = []
    for r in runs:
        for i, pool, n, none_ok in r.opponent_made if r.card_id == action.get("card") else ():
            if i >= len(made):
                continue
            had = made[i] if isinstance(made[i], list) else [made[i]] if made[i] is not None else None
            seen = {tuple(sorted(had))} if had is not None else set()
            for combo in combinations(pool, min(n, len(pool))):
                if len(seen) > OPPONENT_SETS:  # the one made and this many others
                    break
                if combo and tuple(sorted(combo)) not in seen:
                    seen.add(tuple(sorted(combo)))
                    out.append({**action, "choices": [*made[:i], list(combo), *made[i + 1:]]})
            if none_ok and made[i] not in ([], None):
                out.append({**action, "choices": [*made[:i], [], *made[i + 1:]]})
        if r.card_id == action.get("card"):
            break
    return out


def is_legal(g: GameState, action: Action) -> bool:
    """True when the fold accepts ``action`` now (checked on a clone)."""
    try:
        apply_action(g.clone(), action, Trail())
    except IllegalAction:
        return False
    return True


def legal_actions(g: GameState) -> list[Action]:
    """Every generated action the fold accepts, for the player who may act."""
    return [a for a in candidates(g) if is_legal(g, a)]
