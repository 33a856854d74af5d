"""The Approach Phase decisions (P13–P15, P22): approach, interference, the
Reinforcement choice, and ending the phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.asplayed import refuse, stood
from engine.pm import approach_limits, conditions, must_approach, stats
from engine.pm.state import Chara, GameState
from engine.pm.triggers import fire, fire_eliminated_opponent, fire_others
from engine.pm.turns import (
    begin_approach,
    breaks_through,
    check_losing,
    eliminate,
    end_approach_phase,
    owed,
    place_point,
    point_given,
    through_point,
    to_after_elimination,
    where,
)
from engine.pm.zones import describe, find_chara, same_card
from engine.rulings import Trail, illegal


def _decision(g: GameState, player: int, step: str, who: int, what: str, *, moves: bool = True) -> None:
    """Rule on a decision of ``step`` by ``player`` (``who``'s); as played, one out of its step moves the game to
    step ① when it ``moves`` (an end_approach by the other player ends nothing, so it moves nothing)."""
    if g.phase != "approach" or g.step != step:
        err = illegal("turn.step", f"{what} does not belong to {where(g)}{owed(g)}")
        if step != "assign_approach" or g.phase not in ("main", "approach"):
            raise err  # the later decisions need the approach they answer
        refuse(err, "turn")
        if moves:  # as played: the table went on to step ①
            g.phase, g.step, g.priority = "approach", step, None
    if player != who:
        role = "Approacher" if who == g.turn_player else "Interferer"
        refuse(illegal("turn.priority", f"{what} is the {role}'s decision (player {who}), not player {player}'s"),
               "turn")


def _may_approach(g: GameState, player: int, c: Chara | None, card_id: str, trail: Trail) -> Chara:
    if c is None or c.area != "main" or c.rested or c.owner != player:
        if c is None:
            why = f"is not on player {player}'s Area"
        elif c.area != "main":
            why = "is in the Support Area"
        else:
            why = "is rested"
        err = illegal("approach.chara", f"{describe(g, card_id)} {why}")
        if c is None or c.area != "main" or c.owner != player:
            raise err
        refuse(err, "condition")  # as played a rested Chara approaches all the same (it stays rested)
    if stats.has_grant(g, c, "cannot_approach"):
        refuse(illegal("approach.chara", f"{describe(g, card_id)} cannot approach this turn (an effect forbids it)"),
               "condition")
    if c.summoned_turn == g.turn and not stats.has_active(g, c):
        refuse(illegal("approach.summoned", f"{describe(g, card_id)} was summoned this turn (turn {g.turn}) and has no "
                                            "[Active]"), "turn")
    if c.approached_turn == g.turn and not _again(c):
        refuse(illegal("approach.again", f"{describe(g, card_id)} already approached this turn"), "count")
    return c


def _again(c: Chara) -> bool:
    """An ``approach_again`` grant lets the Chara approach once more this turn (used up by that approach)."""
    for i, (what, _) in enumerate(c.grants):
        if what == "approach_again":
            del c.grants[i]
            return True
    return False


def do_approach(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _decision(g, p, "assign_approach", g.turn_player, "approach")
    if g.turn == 1:  # as played the approach happens (docs/as-played.md)
        refuse(illegal("approach.first_turn", "the first player cannot approach on the first turn"), "turn")
    me = g.players[p]
    c = _may_approach(g, p, find_chara(me, a["card"]), a["card"], trail)
    attackers = [c]
    partner_id = a.get("with")
    if partner_id is not None:
        partner = _check_partner(g, p, c, partner_id)
        attackers.append(partner)
    if g.bans:  # a limit on how many Charas approach this turn (engine.pm.approach_limits)
        approach_limits.check(g, p, attackers)
    for x in attackers:
        x.rested = True
        x.approached_turn = g.turn
        me.turn_log.append(("approach", x.card, x.uid))
    begin_approach(g, [x.uid for x in attackers])
    if trail.keep:
        names = " and ".join(describe(g, x.card) for x in attackers)
        if not stood("approach.chara"):
            trail.check("approach.chara", f"{names} active in the Main Area, may approach: rested")
        trail.event("approach", f"{names} approach(es); step ② window, player {p} acts first")
    fire(g, "approach", attackers, trail)
    for x in attackers:
        fire_others(g, "approach", x, trail)
        fire_others(g, "rested", x, trail)


def _check_partner(g: GameState, p: int, lead: Chara, partner_id: str) -> Chara:
    card = g.card(lead.card)
    if card.reinforcement is None:
        raise illegal("approach.reinforcement", f"{describe(g, lead.card)} has no [Reinforcement]")
    partner = find_chara(g.players[p], partner_id)
    if partner is None or partner is lead:
        raise illegal("approach.reinforcement", f"{describe(g, partner_id)} is not another Chara on player {p}'s Area")
    pcard = g.card(partner.card)
    kind, value = card.reinforcement
    if kind == "name" and value not in conditions.names_now(g, pcard, p, partner):
        raise illegal("approach.reinforcement", f"{describe(g, partner_id)} is not named {value}")
    if kind == "property" and value not in pcard.properties:
        raise illegal("approach.reinforcement", f"{describe(g, partner_id)} lacks the property {value}")
    if pcard.combo is not None:
        raise illegal("approach.reinforcement", f"{describe(g, partner_id)} is a Combo card and cannot join")
    try:
        _may_approach(g, p, partner, partner_id, Trail())
    except Exception as err:  # the partner must be able to approach itself
        raise illegal("approach.reinforcement", f"partner {describe(g, partner_id)} could not approach itself: {err}") from None
    return partner


def do_end_approach(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    """End the Approach Phase. As played (its rulings stood), one by the player whose turn it is not ends nothing when
    it repeats the end_approach logged just before it by that player (a duplicate); any other is the turn player's,
    logged under the wrong name, and ends the phase (docs/as-played.md)."""
    p = a["p"]
    repeat = p != g.turn_player and g.last_end == ("end_approach", p)
    _decision(g, p, "assign_approach", g.turn_player, "end_approach", moves=not repeat)
    if repeat:
        if trail.keep:
            trail.event("approach", f"player {p}'s end_approach repeats the one before it and ends nothing: it stays "
                                    f"player {g.turn_player}'s turn {g.turn}, in {where(g)}")
        return
    must_approach.check_end(g, g.turn_player)  # a Chara that must approach if able (engine.pm.must_approach)
    if trail.keep:
        trail.event("approach", f"player {p} ends the Approach Phase" if p == g.turn_player else
                    f"player {p}'s end_approach is carried out as player {g.turn_player}'s, whose turn it is: the "
                    "Approach Phase ends")
    end_approach_phase(g, trail)


def do_interfere(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _decision(g, p, "assign_interfere", g.interferer, "interfere")
    if p == g.turn_player:  # the approaching side cannot interfere with its own approach: not carried out as played
        raise illegal("interfere.chara", f"player {p} approaches: only the other player's Chara can interfere "
                                         f"({describe(g, a['card'])} is not one)")
    c = find_chara(g.players[p], a["card"])
    if c is None or c.area != "main":
        why = "is not on the Area" if c is None else "is in the Support Area"
        raise illegal("interfere.chara", f"{describe(g, a['card'])} {why}: it cannot interfere")
    if c.rested:  # as played a rested Chara interferes all the same
        refuse(illegal("interfere.chara", f"{describe(g, a['card'])} is rested: it cannot interfere"), "condition")
    if stats.has_grant(g, c, "cannot_interfere"):
        refuse(illegal("interfere.chara", f"{describe(g, a['card'])} cannot interfere this turn (an effect forbids it)"),
               "condition")
    assert g.approach is not None
    _interference_limits(g, c)
    cost = stats.chara_cost(g, c)
    attackers = [x for x in map(g.chara_by_uid, g.approach.attackers) if x is not None]
    for att in attackers:
        ignore = stats.ignore_value(g, att)
        if ignore is not None and cost is not None and cost <= ignore:
            refuse(illegal(
                "interfere.ignore",
                f"{describe(g, att.card)} has [Ignore {ignore}]; {describe(g, c.card)} has usage cost {cost} <= {ignore}",
            ), "condition")
    c.rested = True
    g.approach.interferer = c.uid
    g.step = "after_interfere"
    g.priority = g.turn_player
    g.approacher_passed = False
    if trail.keep:
        if not stood("interfere.chara"):
            trail.check("interfere.chara", f"{describe(g, c.card)} active in the Main Area: rests to interfere")
        trail.event("interfere", f"step ④ window, player {g.turn_player} acts first")
    for x in attackers:
        g.players[x.owner].turn_log.append(("interfered", x.card, x.uid))
    fire(g, "interfered", attackers, trail)
    for x in attackers:
        fire_others(g, "interfered", x, trail)
    fire(g, "interfering", [c], trail)  # "when this card interferes" (妨害に参加した場合; docs/log-extensions.md)
    fire_others(g, "interfering", c, trail)  # round 28: "when your X interferes" (自分のXが妨害に参加した場合)
    fire_others(g, "rested", c, trail)  # it rested to interfere (reader rd15: GP 01-073)


def _interference_limits(g: GameState, c: Chara) -> None:
    """Effects that keep an approaching Chara from being interfered by some Charas (``not_interfered_by``), or
    keep a Chara from interfering some Charas (``cannot_interfere_with``): docs/log-extensions.md."""
    assert g.approach is not None
    if not stats.may_hold_grants(g, c) and not any(
            stats.may_hold_grants(g, x) for x in map(g.chara_by_uid, g.approach.attackers) if x is not None):
        return
    for uid in g.approach.attackers:
        att = g.chara_by_uid(uid)
        if att is None:
            continue
        for spec in stats.grant_values(g, att, "not_interfered_by"):
            if conditions.chara_problem(g, att.owner, spec, c, att) is None:
                refuse(illegal("interfere.chara", f"{describe(g, att.card)} cannot be interfered by {describe(g, c.card)} "
                                                  f"(an effect: {dict(spec)})"), "condition")
        for spec in stats.grant_values(g, c, "cannot_interfere_with"):
            if conditions.chara_problem(g, c.owner, spec, att, c) is None:
                refuse(illegal("interfere.chara", f"{describe(g, c.card)} cannot interfere {describe(g, att.card)} this turn "
                                                  f"(an effect: {dict(spec)})"), "condition")


def do_no_interfere(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _decision(g, p, "assign_interfere", g.interferer, "no_interfere")
    attackers = [x for x in (g.chara_by_uid(u) for u in g.approach.attackers) if x is not None] if g.approach else []
    placed, cid = place_point(g, p, attackers, a.get("card"), "no_interfere", trail)
    if check_losing(g, trail):
        return
    to_after_elimination(g, trail, "no interference")
    if placed:  # the approach gave a point
        point_given(g, p, attackers, cid, trail)


def do_choose_elimination(g: GameState, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _decision(g, p, "choose_elimination", g.interferer, "choose_elimination")
    ap = g.approach
    assert ap is not None
    chosen = a["card"]
    candidates = [c for c in (g.chara_by_uid(u) for u in ap.choices) if c is not None]
    if chosen is None:
        if candidates:
            names = ", ".join(describe(g, c.card) for c in candidates)
            raise illegal("elimination.choice", f"an approaching Chara must be chosen: {names} can be eliminated")
        target = None
    else:
        target = next((c for c in candidates if same_card(c.card, chosen)), None)
        if target is None:
            raise illegal(
                "elimination.choice",
                f"{describe(g, chosen)} cannot be chosen: it is not an approaching Chara whose DP <= the interfering Chara's AP",
            )
    out = []
    blocker = g.chara_by_uid(ap.interferer) if ap.interferer is not None else None
    attackers = [x for x in (g.chara_by_uid(u) for u in ap.attackers) if x is not None and x.area == "main"]
    b_dp = stats.used(stats.ap_dp(g, blocker)[1]) if blocker is not None else 0
    if ap.eliminate_interferer and blocker is not None:
        out.append(blocker)
    if target is not None:
        out.append(target)
        trail.check("elimination.choice", f"{describe(g, target.card)} chosen: it is eliminated")
    else:
        trail.check("elimination.choice", "no approaching Chara can be eliminated")
    through = [x for x in attackers if breaks_through(g, x, b_dp)] if blocker is not None else []
    eliminate(g, out, trail)
    placed, cid = through_point(g, through, trail)
    if placed and check_losing(g, trail):
        return
    to_after_elimination(g, trail, "Elimination Judgement done")
    if placed:
        point_given(g, g.interferer, [x for x in through if g.chara_by_uid(x.uid) is not None], cid, trail)
    if ap.eliminate_interferer and blocker is not None and g.chara_by_uid(blocker.uid) is None:
        fire_eliminated_opponent(g, attackers, trail)  # after a Reinforcement choice too (lead's decision, session 8)
