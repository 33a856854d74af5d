"""The single entry point applying one action (§5–§7), with §11's gates before each handler.

An action with ``interrupts`` is a tree handled in two passes (§6.1): every node is declared depth first in log
order (checked and paid), then the declared nodes resolve in exactly the reverse order. A ruling in a nested node
carries its path (``15.interrupts.0.time.2``); any ruling rejects the whole top-level action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from engine.asplayed import refuse
from engine.clockwork import flow, setup
from engine.clockwork.cards import Ability
from engine.clockwork.effects import Source, check_designation, pass_memorions, resolve
from engine.clockwork.rules import check, event, illegal
from engine.clockwork.schema import PLAIN_CHECKS as _PLAIN
from engine.clockwork.schema import action_card_ids, action_problem_at
from engine.clockwork.state import ZONE_INDEX, Game, Player, Unit
from engine.clockwork.values import abilities_of, has, has_slot, is_active, mind, power, summon_level, words_matter
from engine.clockwork.words import ZONES
from engine.rulings import IllegalAction, Trail

#: what a declared action or interrupt does when it resolves: a function and its arguments (no closure: cheaper)
Resolver = tuple[Callable[..., None], tuple[Any, ...]]
Stack = list[tuple[Resolver, str]]
SETUP: dict[str, Callable[[Game, Mapping[str, Any], Trail], None]] = {
    "setup": setup.do_setup, "shuffle": setup.do_shuffle, "keep": setup.do_keep, "mulligan": setup.do_mulligan,
}
QUICK = frozenset({"recall", "activate", "deify"})
MAIN = frozenset({"summon", "inherit", "move", "move_memorion", "attack"})
RAMPAGE = 200


def apply_action(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    """Apply one action to ``g`` in place, or raise :class:`IllegalAction` for the first rule broken."""
    try:
        plain, handler = _FAST[a["type"]]
    except (KeyError, TypeError):  # no type, another type, not an object: the full checks below say what is wrong
        plain, handler = _NOT_PLAIN
    if g.phase in _LIVE and plain(a, g.cards.by_id):  # type: ignore[arg-type]  # most actions: plain, game going on
        handler(g, a, trail)
        g.last_end = (a["type"], a["p"]) if handler is _ending else None
        if g.losing or g.dirty or g.doomed or g.sequence or g.phase == "end":  # else flow.settle has nothing to do
            flow.settle(g, trail)
        return
    _apply_checked(g, a, trail)


def _apply_checked(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    """:func:`apply_action` for any action: the full shape and card checks first."""
    by_id = g.cards.by_id
    quick = _PLAIN.get(a.get("type")) if type(a) is dict else None  # type: ignore[arg-type]  # schema.well_formed, inlined
    if quick is None or not quick(a, by_id):  # type: ignore[arg-type]
        problem = action_problem_at(a)
        if problem is not None:
            err = illegal("log.schema", problem[1])
            err.path_suffix = problem[0]  # a nested item at fault: its path from the action (§11)
            raise err
        if not _ids_known(a, by_id):
            for path, cid in action_card_ids(a):
                if cid not in by_id:
                    raise illegal("log.card", f"{a['type']}: unknown card {cid!r} at {path or 'the action'}")
    kind = a["type"]
    if g.result is None and g.phase != "setup":  # the common path: one look-up to the action's handler
        handler = _IN_GAME.get(kind)
        if handler is not None:
            handler(g, a, trail)
            g.last_end = (kind, a["p"]) if handler is _ending else None
            flow.settle(g, trail)
            return
    if kind == "note":
        if trail.keep:
            event(trail, "note", f"note: {a['text']}")
        return
    if g.result is not None:
        raise illegal("game.over", f"the game is over ({g.result['reason']}); no {kind} after it")
    p = a["p"]
    if kind == "concede":
        if trail.keep:
            event(trail, "concede", f"player {p} concedes")
        flow.finish(g, 1 - p, "concede", trail)
        return
    if g.phase == "setup":
        if kind not in SETUP:
            raise illegal("setup.order", f"{kind} before turn 1: both players must finish setup first (HR 3)")
        SETUP[kind](g, a, trail)
        return
    if kind in SETUP:
        raise illegal("setup.order", f"{kind} belongs to setup, which ended when turn 1 began")
    if kind in QUICK:
        _tree(g, a, trail, _declare_quick(g, a, "", trail, in_time=False))
    elif kind == "trigger":
        _tree(g, a, trail, _declare_trigger(g, a, trail))
    else:
        _GATES[kind](g, p, a)
        if kind == "damage":
            assert g.turn_player is not None  # the gate let it through: a turn is under way
            _damage(g, g.turn_player, a, trail)
        elif kind in ("end_phase", "end_turn"):
            _end_by(g, p, kind, trail)
        elif kind == "discard":
            _discard(g, p, a, trail)
        else:
            _tree(g, a, trail, DECLARE[kind](g, p, a, trail))
    g.last_end = (kind, p) if kind in ("end_phase", "end_turn") else None
    flow.settle(g, trail)


def _ids_known(a: Mapping[str, Any], by_id: Mapping[str, Any]) -> bool:
    """True when every card id of a plain action is known (nested parts and ops: the slow path names them)."""
    if "ops" in a or "interrupts" in a or "time" in a:
        return False
    for key in ("card", "ruler", "limit", "memorion"):
        cid = a.get(key)
        if cid is not None and cid not in by_id:
            return False
    for key in ("cards", "order"):
        ids = a.get(key)
        if ids is not None and not by_id.keys() >= set(ids):  # (a shape already checked: a list of strings)
            return False
    return True


# -- the tree of interrupts (§6.1) ------------------------------------------------------------------

def _tree(g: Game, a: Mapping[str, Any], trail: Trail, top: Resolver) -> None:
    if not a.get("interrupts"):  # most actions: nothing declared after them
        top[0](*top[1])
        return
    stack: Stack = [(top, "")]
    _declare_interrupts(g, a, "", stack, trail)
    for resolver, path in reversed(stack):
        try:
            resolver[0](*resolver[1])
        except IllegalAction as err:
            if not err.path_suffix:
                err.path_suffix = path
            raise
        if g.result is not None:
            return


def _declare_interrupts(g: Game, a: Mapping[str, Any], path: str, stack: Stack, trail: Trail) -> None:
    for i, sub in enumerate(a.get("interrupts", ())):
        sub_path = f"{path}.interrupts.{i}" if path else f"interrupts.{i}"
        try:
            resolver = _declare_quick(g, sub, sub_path, trail, in_time=False)
        except IllegalAction as err:
            if not err.path_suffix:
                err.path_suffix = sub_path
            raise
        stack.append((resolver, sub_path))
        _declare_interrupts(g, sub, sub_path, stack, trail)


def _declare_quick(g: Game, a: Mapping[str, Any], path: str, trail: Trail, *, in_time: bool) -> Resolver:
    kind = a["type"]
    if kind not in QUICK:
        raise illegal("log.schema", f"{kind} cannot interrupt: only recall, activate and deify")
    if in_time and kind != "recall":
        raise illegal("timing.step", f"{kind} in a Recall Time: only recalls may be made there (CG Recall)")
    if kind == "recall":
        return _declare_recall(g, a, trail, path)
    if kind == "activate":
        return _declare_activate(g, a, trail)
    return _declare_deify(g, a, trail)


# -- gates ------------------------------------------------------------------------------------------

# -- gates: ``turn.priority``, ``turn.pending``, ``turn.phase``, ``turn.first``, ``timing.step`` for non-quick actions,
# in that order, one function per kind (each meets only the phase checks that concern it) ---------------------

def _not_turn_players(g: Game, kind: str) -> None:
    """A turn player's action by the other player: the owed step is ruled first (issue 25), then the priority."""
    _owed_first(g, kind)
    refuse(illegal("turn.priority", f"{kind} is the turn player's; it is player {g.turn_player}'s turn {g.turn}"), "turn")


def _gate_block(g: Game, p: int, a: Mapping[str, Any]) -> None:
    due = g.due
    if p == g.turn_player:
        raise illegal("turn.priority", "block is the rival's: the attacking player cannot block")
    if g.pending or (due is not None and due["what"] != "block"):
        _owed_first(g, "block")
    if due is None:
        raise illegal("turn.phase", "no block is due now")


def _gate_discard(g: Game, p: int, a: Mapping[str, Any]) -> None:
    due = g.due
    if due is not None and due["what"] == "discard" and due["p"] != p:
        raise illegal("turn.priority", f"the discard due is player {due['p']}'s, not player {p}'s")
    if g.pending or (due is not None and due["what"] != "discard"):
        _owed_first(g, "discard")
    if due is None:
        raise illegal("turn.phase", "no discard is due now")


def _gate_damage(g: Game, p: int, a: Mapping[str, Any]) -> None:
    due = g.due
    if p != g.turn_player:
        _not_turn_players(g, "damage")
    if g.pending or (due is not None and due["what"] != "damage"):
        _owed_first(g, "damage")
    if due is None:
        raise illegal("turn.phase", "no damage is due now")
    if a.get("interrupts"):
        raise illegal("timing.step", "no recall or activation in the Damage step: damage takes no interrupts (CG Battle)")


def _gate_end(g: Game, p: int, a: Mapping[str, Any]) -> None:
    kind = a["type"]
    if p != g.turn_player:
        _not_turn_players(g, kind)
    due = g.due
    if g.pending or (due is not None and due["what"] != kind):
        _owed_first(g, kind)
    if g.battle is not None:
        raise illegal("turn.pending", f"an attack is in progress: no {kind} before it is over")
    if g.phase not in _END_PHASES:
        raise illegal("turn.phase", f"{kind} only in Main I, Battle or Main II; it is {g.phase}")


def _gate_summon(g: Game, p: int, a: Mapping[str, Any]) -> None:
    if p != g.turn_player:
        _not_turn_players(g, "summon")
    due = g.due
    if g.pending or due is not None:
        _owed_first(g, "summon")
    if g.phase != "main1":
        raise illegal("turn.phase", f"summon is a Main I action; it is {g.phase}")


def _gate_attack(g: Game, p: int, a: Mapping[str, Any]) -> None:
    if p != g.turn_player:
        _not_turn_players(g, "attack")
    due = g.due
    if g.pending or due is not None:
        _owed_first(g, "attack")
    if g.phase != "battle" or g.battle is not None:
        raise illegal("turn.phase", "attack is a Battle action, with no attack in progress")


def _gate_main(g: Game, p: int, a: Mapping[str, Any]) -> None:
    """inherit, move, move_memorion."""
    kind = a["type"]
    if p != g.turn_player:
        _not_turn_players(g, kind)
    due = g.due
    if g.pending or due is not None:
        _owed_first(g, kind)
    if g.phase not in _MAINS:
        raise illegal("turn.phase", f"{kind} is a Main I or Main II action; it is {g.phase}")
    if g.turn in (1, 2):
        raise illegal("turn.first", f"{kind} is not possible on player {p}'s first turn (CG FirstTurn)")


_GATES: dict[str, Callable[[Game, int, Mapping[str, Any]], None]] = {
    "block": _gate_block, "discard": _gate_discard, "damage": _gate_damage, "end_phase": _gate_end, "end_turn": _gate_end,
    "summon": _gate_summon, "attack": _gate_attack, "inherit": _gate_main, "move": _gate_main, "move_memorion": _gate_main,
}


_ENDS = frozenset({"end_phase", "end_turn"})
_END_PHASES = frozenset({"main1", "battle", "main2"})
_MAINS = frozenset({"main1", "main2"})


def trigger_named(g: Game, e: Mapping[str, Any]) -> str:
    """A pending trigger as a judge reads it: "player 0's CWX 010 (name)'s ability 0 'When ...' (zone:0)"."""
    owner = e.get("memorion") or e["card"]
    card = g.cards.by_id[owner]
    face = None
    if card.type == "ruler":
        found = g.locate(e["uid"])
        face = found[1].face if found is not None else None
    abilities = card.face_abilities(face) if face is not None else card.abilities
    i = e["ability"]
    text = abilities[i].text if 0 <= i < len(abilities) else None
    quoted = ""
    if text:
        words = " ".join(text.split())
        quoted = f" '{words[:77]}...'" if len(words) > 80 else f" '{words}'"
    return f"player {e['p']}'s {owner} ({card.name})'s ability {i}{quoted} ({e['at']})"


def _owed_first(g: Game, kind: str) -> None:
    """Issue 25: while a trigger or a due step is owed, an action that skips it is ruled with it (``turn.pending``,
    naming it); as played the triggers never logged lapse. Idempotent: a second call finds nothing owed."""
    if g.pending:
        refuse(illegal("turn.pending", f"{trigger_named(g, g.pending[0])} must be logged before this {kind}"), "trigger")
        g.pending = []  # as played: the triggers never logged lapse
    due = g.due
    if due is not None and due["what"] != kind:
        raise illegal("turn.pending", f"a {due['what']} by player {due['p']} is due: no {kind} before it")


def _unit(g: Game, p: int, pos: str, what: str) -> Unit:
    pl = g.players[p]
    u = pl.ruler if pos == "ruler" else pl.zones[ZONE_INDEX[pos]]  # (Player.unit_at, inlined)
    if u is None:
        raise illegal("zone", f"{what}: player {p}'s {pos} is empty")
    return u


def _in(cards: list[str], cid: str, p: int, where: str) -> None:
    if cid not in cards:
        raise illegal("zone", f"{cid} is not in player {p}'s {where}")


def _word(g: Game, p: int, cid: str) -> None:
    given = g.cards.by_id[cid].word_given()
    if given is not None:
        words = g.players[p].words
        if given[1] not in words:
            words.append(given[1])


# -- Main actions ----------------------------------------------------------------------------------

def _declare_summon(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    me = g.players[p]
    cid, at = a["card"], a["at"]
    _in(me.hand, cid, p, "hand")
    card = g.cards.by_id[cid]
    if card.type != "successor":
        raise illegal("card.type", f"{cid} ({card.name}) is a {card.type}, not a Successor")
    z = int(at[5:])
    occupant = me.zones[z]
    if occupant is not None and occupant.destroyed:
        raise illegal("zone", f"player {p}'s {at} holds a destroyed Successor not yet departed")
    limit = me.limit
    assert limit is not None
    allowed = g.cards.by_id[limit[0]].allows(limit[1], limit[2], z)
    if card.emotion not in allowed:
        raise illegal("summon.limit", f"{at} allows {', '.join(allowed)}, not {card.emotion} ({cid})")
    level = summon_level(g, p)
    if card.level > level:
        raise illegal("summon.level", f"{cid} has level {card.level}, above the Ruler's summon level {level}")
    if trail.keep:
        check(trail, "summon.level", f"{cid} level {card.level} is within summon level {level}; {at} allows {card.emotion}")
    me.hand.remove(cid)
    new = g.new_unit(cid)
    g.summoning = [p, new]

    return _resolve_summon, (g, p, a, trail, at, cid, me, new, z)


def _resolve_summon(g: Game, p: int, a: Mapping[str, Any], trail: Trail, at: str, cid: str, me: Player, new: Unit, z: int) -> None:
    g.summoning = None
    old = me.zones[z]
    slots = a.get("slots")
    if old is not None and old.destroyed:  # destroyed by the interrupts: departs now (§5.1)
        if slots not in (None, []):
            raise illegal("memory.slot", "the occupant was destroyed: slots must be absent")
        flow.leave(g, p, old, trail)
    elif old is not None:
        pass_memorions(g, old, new, slots)
        flow.leave(g, p, old, trail, memorions=False)
    elif slots not in (None, []):
        raise illegal("memory.slot", f"{at} is empty: slots must be absent or []")
    me.zones[z] = new
    if g.levels:
        g.watch_levels(p, new)
    me.played.setdefault(cid, g.turn)
    if trail.keep:
        event(trail, "summon", f"player {p} summons {cid} to {at}")
    flow.fire(g, "summoned", p, new, trail)
    if g.recall_time:  # its Mind is not looked at now: the next sweep does
        g.suspect(new)
    elif mind(g, new) == 0:
        flow.destroy(g, p, new, trail)


def _declare_inherit(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    me = g.players[p]
    cid, at, slot = a["card"], a["at"], a["slot"]
    _in(me.hand, cid, p, "hand")
    holder = _unit(g, p, at, "inherit")
    card = g.cards.by_id[cid]
    if card.type not in ("memorion", "kings_memorion"):
        raise illegal("card.type", f"{cid} ({card.name}) is a {card.type}, not a Memorion")
    if g.used["inherit"]:
        refuse(illegal("inherit.once", f"player {p} has inherited once this turn already (V14)"), "count")
    if holder.destroyed:
        raise illegal("inherit.target", f"player {p}'s {at} holds a destroyed Successor")
    if card.type == "kings_memorion":
        for u in (me.ruler, *me.zones):
            if u is not None and any(g.card(m[0]).name == card.name for m in u.memorions):
                raise illegal("inherit.king", f"player {p}'s cards already hold a King's Memorion named {card.name!r}")
    check_designation(g, holder, cid, slot)
    me.hand.remove(cid)
    g.used["inherit"] = True
    uid = holder.uid

    return _resolve_inherit, (g, p, trail, at, cid, me, slot, uid)


def _resolve_inherit(g: Game, p: int, trail: Trail, at: str, cid: str, me: Player, slot: Any, uid: int) -> None:
    found = g.locate(uid, (p, at))
    me.played.setdefault(cid, g.turn)
    if found is None or found[1].destroyed:  # destroyed by the interrupts: it cannot be inherited onto (§9.1)
        me.drop.append(cid)
        if trail.keep:
            gone = "has left" if found is None else "is destroyed"
            event(trail, "inherit", f"the holder {gone}: {cid} goes to the Drop Zone")
        return
    holder = found[1]
    holder.memorions.append([cid, slot])
    holder.version += 1
    if cid in g.levels:
        g.watch_levels(p, holder)
    if words_matter(g, holder, cid):
        g.dirty = True
        g.suspect(holder)
    _word(g, p, cid)
    if trail.keep:
        event(trail, "inherit", f"player {p}'s {g.find(uid)[1]} inherits {cid} ({slot})")  # type: ignore[index]


def _declare_move(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    me = g.players[p]
    src, dst = a["from"], a["to"]
    mover = _unit(g, p, src, "move")
    if g.used["move"]:
        refuse(illegal("move.once", f"player {p} has moved once this turn already (V14)"), "count")
    if abs(int(src[5:]) - int(dst[5:])) != 1:
        raise illegal("move.path", f"{dst} is not adjacent to {src}")
    partner = me.unit_at(dst)
    for u in (mover, partner):
        if u is not None and (u.destroyed or has(g, u, "cannot_move")):
            raise illegal("move.blocked", f"{u.card} cannot move ({'destroyed' if u.destroyed else 'cannot_move'})")
    g.used["move"] = True
    movers = [(mover.uid, src, dst)] + ([] if partner is None else [(partner.uid, dst, src)])

    return _resolve_move, (g, p, trail, dst, me, movers, src)


def _resolve_move(g: Game, p: int, trail: Trail, dst: str, me: Player, movers: list[tuple[int, str, str]], src: str) -> None:
    placed: list[tuple[Unit, str]] = []
    for uid, was, target in movers:
        found = me.place_of(uid, was)  # (a unit never changes sides)
        if found is None:
            continue
        pos, u = found
        z = ZONE_INDEX[pos]
        me.zones[z] = None
        if u.destroyed:  # destroyed by the interrupts: departs now (§5.3, HR 13)
            me.zones[z] = u
            flow.leave(g, p, u, trail)
        else:
            placed.append((u, target))
    for u, target in placed:
        me.zones[ZONE_INDEX[target]] = u
    if trail.keep:
        event(trail, "move", f"player {p} moves {src} -> {dst}")
    for u, _ in placed:
        flow.fire(g, "moving", p, u, trail)


def _declare_move_memorion(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    cid, src, dst, slot = a["card"], a["from"], a["to"], a["slot"]
    holder = _unit(g, p, src, "move_memorion")
    for m in holder.memorions:
        if m[0] == cid:
            break
    else:
        raise illegal("zone", f"{cid} is not memorised by player {p}'s {src}")
    target = _unit(g, p, dst, "move_memorion")
    if g.used["move"]:
        refuse(illegal("move.once", f"player {p} has moved once this turn already (V14)"), "count")
    if src == dst:
        raise illegal("move.path", f"{cid} is already on {src}")
    check_designation(g, target, cid, slot)
    g.used["move"] = True
    uids = (holder.uid, target.uid)

    return _resolve_move_memorion, (g, p, trail, cid, dst, slot, src, uids)


def _resolve_move_memorion(g: Game, p: int, trail: Trail, cid: str, dst: str, slot: Any, src: str, uids: tuple[int, int]) -> None:
    me = g.players[p]
    a_at, b_at = me.place_of(uids[0], src), me.place_of(uids[1], dst)  # (a unit never changes sides)
    if a_at is None or b_at is None:
        return
    h, t = a_at[1], b_at[1]
    if h.destroyed or t.destroyed:  # destroyed by the interrupts: it cannot be changed or moved onto (§9.1)
        if trail.keep:
            event(trail, "move", f"{cid} stays on {src}: {'the holder' if h.destroyed else 'the target'} is destroyed")
        return
    held = None
    for m in h.memorions:
        if m[0] == cid:
            held = m
            break
    if held is not None:
        h.memorions.remove(held)
        t.memorions.append([cid, slot])
        h.version += 1
        t.version += 1
        if cid in g.levels:
            g.watch_levels(p, t)
        for u in (h, t):
            if words_matter(g, u, cid):
                g.dirty = True
                g.suspect(u)
    if trail.keep:
        event(trail, "move", f"player {p} moves {cid} from {src} to {dst}")


def _rampage(g: Game, p: int, u: Unit, trail: Trail) -> None:
    me = g.players[p]
    z = me.zones.index(u)
    for n in (z - 1, z + 1):
        v = me.zones[n] if 0 <= n < 4 else None
        if v is not None and not v.destroyed:
            v.damage += RAMPAGE
            g.turn_units.append(v)
            g.dirty = True
            g.suspect(v)
            flow.fire(g, "damaged", p, v, trail)


def _turn(g: Game, p: int, u: Unit, keyword: str, count: int, trail: Trail) -> None:
    if not (has(g, u, keyword) and count == 0):
        u.state = "action"
        flow.fire(g, "acted", p, u, trail)


def _declare_attack(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    u = _unit(g, p, a["at"], "attack")
    if u.state != "stand" or u.destroyed:
        raise illegal("attack.successor", f"{u.card} at {a['at']} is {'destroyed' if u.destroyed else 'in the action state'}")
    _turn(g, p, u, "master", u.attacks, trail)
    u.attacks += 1
    g.turn_units.append(u)
    flow.fire(g, "attacking", p, u, trail)
    if has(g, u, "rampage"):
        _rampage(g, p, u, trail)
    flow.sweep(g, trail)
    g.battle = {"p": p, "attacker": a["at"], "uid": u.uid, "blockers": [], "uids": [], "incapacitated": [], "late": []}
    g.step, g.due = "block", {"p": 1 - p, "what": "block"}

    return _resolve_attack, (p, trail, u)


def _resolve_attack(p: int, trail: Trail, u: Unit) -> None:
    if trail.keep:
        event(trail, "attack", f"player {p}'s {u.card} attacks the rival's Ruler")


def _declare_block(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> Resolver:
    blockers: list[Unit] = []
    uids: list[int] = []
    for pos in a["with"]:  # (plain loops: no comprehension frames on the common path)
        u = _unit(g, p, pos, "block")
        blockers.append(u)
        uids.append(u.uid)
    if len(set(a["with"])) != len(a["with"]):
        raise illegal("block.successor", "a blocker is listed twice")
    for pos, u in zip(a["with"], blockers, strict=True):
        if u.state != "stand" or u.destroyed:
            raise illegal("block.successor", f"{u.card} at {pos} is {'destroyed' if u.destroyed else 'in the action state'}")
    b = g.battle
    assert b is not None
    for u in blockers:
        _turn(g, p, u, "endurance", u.blocks, trail)
        u.blocks += 1
        g.turn_units.append(u)
    attacker_at = g.locate(b["uid"], (b["p"], b["attacker"]))
    attacker = None if attacker_at is None else attacker_at[1]
    if blockers and attacker is not None:
        flow.fire(g, "blocked", 1 - p, attacker, trail)
    for u in blockers:
        flow.fire(g, "blocking", p, u, trail)
    for u in blockers:
        if has(g, u, "rampage"):
            _rampage(g, p, u, trail)
    flow.sweep(g, trail)
    b["blockers"], b["uids"] = list(a["with"]), uids
    g.step, g.due = "damage", {"p": 1 - p, "what": "damage"}

    return _resolve_block, (p, a, trail)


def _resolve_block(p: int, a: Mapping[str, Any], trail: Trail) -> None:
    if trail.keep:
        event(trail, "block", f"player {p} blocks with {', '.join(a['with']) or 'nothing'}")


def _damage(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    """The damage step (§7 step 3–4): all battle damage at once, then the first group of events."""
    b = g.battle
    assert b is not None
    rival = g.players[1 - p]
    found = g.players[p].place_of(b["uid"], b["attacker"])  # (a unit never changes sides: its owner's side only)
    attacker = None if found is None or found[1].destroyed else found[1]
    remaining: list[tuple[str, Unit]] = []
    for uid, pos in zip(b["uids"], b["blockers"], strict=True):
        f = rival.place_of(uid, pos)
        if f is not None and not f[1].destroyed:
            remaining.append(f)
    split = a.get("split")
    shares: dict[str, int] = {}
    if split is not None and (attacker is None or not remaining):
        raise illegal("damage.split", "there is no remaining blocker to share the damage among: split must be absent")
    if attacker is not None:
        pw = power(g, attacker)
        breakthrough = has(g, attacker, "breakthrough")
        if not b["uids"]:
            shares["ruler"] = pw
        elif not remaining:
            if breakthrough:
                shares["ruler"] = pw
        else:
            minds = sum(mind(g, u) for _, u in remaining)
            choice = len(remaining) >= 2 or (breakthrough and pw > mind(g, remaining[0][1]))
            if choice and split is None:
                raise illegal("damage.split", f"{len(remaining)} remaining blocker(s): split is required")
            if not choice and split is not None:
                raise illegal("damage.split", "there is nothing to share out: split must be absent")
            if split is None:
                shares[remaining[0][0]] = pw
            else:
                shares = _split(split, [pos for pos, _ in remaining], pw, breakthrough, pw - minds)
    if trail.keep:
        check(trail, "damage.split", f"the damage is shared out: {shares or 'nothing'}")
    taken: list[tuple[Unit, int]] = []
    powers: list[int] = []  # (damage leaves Power as it is)
    back = 0
    for pos, u in remaining:
        taken.append((u, shares.get(pos, 0)))
        if attacker is not None:
            pw = power(g, u)
            powers.append(pw)
            back += pw
    # (no sweep owed: a unit hit and at Mind 0 now waits, incapacitated, for the destruction step; none else changed)
    dealt = 0
    turn_units = g.turn_units
    for u, n in taken:
        u.damage += n
        turn_units.append(u)
        dealt += n
    if attacker is not None:
        attacker.damage += back
        turn_units.append(attacker)
    ruler_share = shares.get("ruler", 0)
    rival.life = max(0, rival.life - ruler_share)
    g.losing = g.losing or rival.life <= 0
    g.dirty = g.dirty or g.losing  # (as a sweep would: a game that ends at the check never reaches it)
    if trail.keep:
        event(trail, "damage", f"battle damage: {shares}; the attacker takes {back}; Life {rival.life}")
    # the moment's events, in this order (firing changes nothing these tests read)
    fire = flow.fire
    if attacker is not None and dealt >= 100:
        fire(g, "dealt_successor", p, attacker, trail)
    for (_, u), pw in zip(remaining, powers, strict=False):  # (no powers: no attacker)
        if pw >= 100:
            fire(g, "dealt_successor", 1 - p, u, trail)
    if attacker is not None and back >= 100:
        fire(g, "damaged", p, attacker, trail)
    for u, n in taken:
        if n >= 100:
            fire(g, "damaged", 1 - p, u, trail)
    late = []
    if attacker is not None and ruler_share >= 100:
        late.append(["dealt_ruler", p, attacker.uid])
    if ruler_share >= 100 and rival.ruler is not None:
        late.append(["ruler_damaged", 1 - p, rival.ruler.uid])
    b["late"] = late
    # the units hit at Mind 0, per side (the attacker's first), in zone order as the state JSON lists them
    incapacitated = b["incapacitated"]
    if attacker is not None:
        zones = g.players[p].zones
        if attacker in zones and not attacker.destroyed and mind(g, attacker) == 0:
            incapacitated.append([p, ZONES[zones.index(attacker)], attacker.uid])
    if taken:
        zones = rival.zones
        hit = [(zones.index(u), u) for u, _ in taken if u in zones and not u.destroyed and mind(g, u) == 0]
        if len(hit) > 1:
            hit.sort(key=_first)
        for i, u in hit:
            incapacitated.append([1 - p, ZONES[i], u.uid])
    g.due = None
    g.sequence = ["late", "destruction", "departure"]


def _first(item: tuple[int, Unit]) -> int:
    return item[0]


def _split(split: list[Any], remaining: list[str], pw: int, breakthrough: bool, excess: int) -> dict[str, int]:
    shares: dict[str, int] = {}
    for item in split:
        at, n = item["at"], item["n"]
        if at in shares:
            raise illegal("damage.split", f"{at} is named twice")
        if at == "ruler":
            if not breakthrough:
                raise illegal("damage.split", "a Ruler share needs Breakthrough")
            if n != 0 and n != excess:
                raise illegal("damage.split", f"the Ruler share is 0 or exactly the excess {max(excess, 0)}, not {n}")
        elif at not in remaining:
            raise illegal("damage.split", f"{at} is not a remaining blocker ({', '.join(remaining)})")
        shares[at] = n
    if sum(shares.values()) != pw:
        raise illegal("damage.split", f"the shares sum to {sum(shares.values())}, not the attacker's power {pw}")
    return shares


def _end(g: Game, kind: str, trail: Trail) -> None:
    if kind == "end_phase" and g.phase == "main1" and not g.first_turn():
        g.phase, g.step = "battle", "declare"
    elif kind == "end_phase" and g.phase == "battle":
        g.phase, g.step = "main2", None
    else:
        g.phase, g.step = "end", None
    if trail.keep:
        event(trail, "turn.end", f"{kind}: {g.phase}")


def _discard(g: Game, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    me = g.players[p]
    cards = a["cards"]
    missing = Counter(cards) - Counter(me.hand)
    if missing:
        raise illegal("zone", f"player {p}'s hand does not hold {', '.join(sorted(missing.elements()))}")
    n = g.due["n"]  # type: ignore[index]
    if len(cards) != n:
        raise illegal("hand.discard", f"player {p} holds {len(me.hand)} cards: exactly {n} must be discarded, not {len(cards)}")
    for cid in cards:
        me.hand.remove(cid)
        me.drop.append(cid)
    g.due = None
    if trail.keep:
        event(trail, "turn.end", f"player {p} discards {', '.join(cards)}")


# -- quick actions and triggers --------------------------------------------------------------------

def _declare_trigger(g: Game, a: Mapping[str, Any], trail: Trail) -> Resolver:
    p, at, ability, memorion = a["p"], a["at"], a["ability"], a.get("memorion")
    pending = g.pending
    entry, i = None, 0
    for e in pending:
        if e["p"] == p and e["at"] == at and e["ability"] == ability and e["memorion"] == memorion:
            entry = e
            break
        i += 1
    if entry is None:
        raise illegal("trigger.pending", f"player {p} has no pending trigger {at} ability {ability}"
                                         f"{'' if memorion is None else ' of ' + memorion}")
    t = g.turn_player
    if p != t and any(e["p"] == t for e in pending):
        raise illegal("trigger.pending", f"the turn player's (player {t}) triggers come first")
    del pending[i]
    if trail.keep:
        event(trail, "trigger", f"player {p} logs the trigger of {entry['card']} ({entry['event']})")

    return _resolve_trigger, (g, p, a, trail, ability, entry, memorion)


def _resolve_trigger(g: Game, p: int, a: Mapping[str, Any], trail: Trail, ability: int, entry: dict[str, Any],
                     memorion: str | None) -> None:
    found = g.locate(entry["uid"], (entry["p"], entry["at"]))
    unit = found[1] if found is not None else g.new_unit(entry["card"])
    if memorion is None:
        ab, idx = abilities_of(g, unit)[ability], ability  # type: ignore[arg-type]
    else:
        ab, idx = g.card(memorion).abilities[ability], None
    if not is_active(g, unit, ab, idx):
        event(trail, "trigger", "the ability has become inactive: it does nothing")
        # it builds no ops: logged ops must be none (effect.result), targets and choices none (effect.target)
        resolve(g, Source(p, unit, ab, idx, entry["card"], ability), (), a, trail)
        return
    resolve(g, Source(p, unit, ab, idx, entry["card"], ability), ab.effect, a, trail)


def _declare_activate(g: Game, a: Mapping[str, Any], trail: Trail) -> Resolver:
    p, at, idx = a["p"], a["at"], a["ability"]
    u = _unit(g, p, at, "activate")
    if u.destroyed:
        raise illegal("zone", f"player {p}'s {at} holds a destroyed Successor")
    abilities = abilities_of(g, u)
    if not 0 <= idx < len(abilities) or abilities[idx].kind != "activated":
        raise illegal("activate.ability", f"{u.card} has no activated ability {idx}")
    ab = abilities[idx]
    if not is_active(g, u, ab, idx):
        raise illegal("activate.blank", f"{u.card}'s ability {idx} has a blank slot: it is inactive")
    me = g.players[p]
    turns = ab.cost_action
    if turns and u.state != "stand":  # as played: it stays in the action state (nothing is turned)
        refuse(illegal("activate.cost", f"{u.card} is in the action state: it cannot be turned to pay"), "payment")
        turns = False
    if me.counters < ab.cost_counters:  # as played: the counters there are are spent
        refuse(illegal("activate.cost", f"player {p} has {me.counters} Memory Counters; the cost is {ab.cost_counters}"),
               "payment")
    me.counters = max(0, me.counters - ab.cost_counters)
    if turns:
        u.state = "action"
        flow.fire(g, "acted", p, u, trail)
    if trail.keep:
        event(trail, "activate", f"player {p} activates {u.card}'s ability {idx}")

    return _resolve_activate, (g, p, a, trail, ab, idx, u)


def _resolve_activate(g: Game, p: int, a: Mapping[str, Any], trail: Trail, ab: Ability, idx: int, u: Unit) -> None:
    resolve(g, Source(p, u, ab, idx, u.card, idx), ab.effect, a, trail)


def deify_holds(g: Game, p: int) -> bool:
    """Whether player ``p``'s Ruler's Deification condition holds (§9.4)."""
    me = g.players[p]
    if me.ruler is None:
        return False
    have = {"counters": me.counters, "turn_at_least": g.turn, "storage_at_least": len(me.storage),
            "successors_at_least": sum(u is not None and not u.destroyed for u in me.zones),
            "memorions_at_least": len(me.ruler.memorions)}
    for key, n in g.card(me.ruler.card).deify.items():
        if key == "life_at_most":
            ok = me.life <= n
        elif key == "life_at_least":
            ok = me.life >= n
        else:
            ok = have[key] >= n
        if not ok:
            return False
    return True


def _declare_deify(g: Game, a: Mapping[str, Any], trail: Trail) -> Resolver:
    p = a["p"]
    me = g.players[p]
    ruler = me.ruler
    assert ruler is not None
    if ruler.face == "deified":
        raise illegal("deify.once", f"player {p}'s Ruler is deified already")
    if not deify_holds(g, p):
        raise illegal("deify.condition", f"player {p}'s Deification condition {g.card(ruler.card).deify} does not hold")

    return _resolve_deify, (g, p, trail, me, ruler)


def _resolve_deify(g: Game, p: int, trail: Trail, me: Player, ruler: Unit) -> None:
    if ruler.face == "deified" or not deify_holds(g, p):
        event(trail, "deify", "the condition no longer holds: nothing happens")
        return
    me.counters -= g.card(ruler.card).deify.get("counters", 0)
    ruler.face = "deified"
    ruler.kinds = None
    ruler.version += 1
    me.deified_turn = g.turn
    if trail.keep:
        event(trail, "deify", f"player {p}'s Ruler turns to its deified face")


def _declare_recall(g: Game, a: Mapping[str, Any], trail: Trail, path: str = "") -> Resolver:
    p, cid, source = a["p"], a["card"], a["from"]
    me = g.players[p]
    _in(me.hand if source == "hand" else me.storage, cid, p, source)
    card = g.cards.by_id[cid]
    king = card.type == "kings_memorion"
    if source == "hand" and card.type not in ("memorion", "kings_memorion"):
        raise illegal("card.type", f"{cid} ({card.name}) is a {card.type}: only Memorions are recalled from the hand")
    given = card.word_given()
    if not king and given is None:
        raise illegal("card.type", f"{cid} ({card.name}) gives no word")
    target = a["target"]
    if target["at"] == "summoning":
        if g.summoning is None:
            raise illegal("recall.target", "nothing is being summoned")
        owner, unit = g.summoning
    else:
        owner = target["p"]
        unit = _unit(g, owner, target["at"], "recall target")
    if source == "storage" and owner != p:
        raise illegal("recall.source", f"{cid} comes from Storage: it may only be recalled onto player {p}'s own cards")
    if unit.destroyed:
        raise illegal("recall.target", f"the target {unit.card} is destroyed")
    slot, mode = a.get("slot"), a.get("mode")
    if king:
        if "slot" in a or "mode" in a:
            raise illegal("recall.target", f"{cid} is a King's Memorion: it names no slot and no mode")
    else:
        assert given is not None
        if slot is None or mode is None:
            raise illegal("recall.target", f"recalling {cid} needs a slot and a mode")
        if not has_slot(g, unit, slot, given[0]):
            raise illegal("recall.target", f"{unit.card} has no {given[0]} slot at {slot}")
    (me.hand if source == "hand" else me.storage).remove(cid)
    uid = unit.uid
    if trail.keep:
        event(trail, "recall", f"player {p} recalls {cid} onto {unit.card}")

    return _resolve_recall, (g, p, a, trail, cid, given, king, me, owner, path, slot, target, uid, unit)


def _resolve_recall(g: Game, p: int, a: Mapping[str, Any], trail: Trail, cid: str, given: tuple[str, Any] | None, king: bool,
                    me: Player, owner: int, path: str, slot: Any, target: Any, uid: int, unit: Unit) -> None:
    found = g.locate(uid, (owner, target["at"]))
    summoning = g.summoning is not None and g.summoning[1].uid == uid
    u = unit if summoning else (None if found is None else found[1])
    me.played.setdefault(cid, g.turn)
    me.recalls_made += 1
    if u is None or u.destroyed or (not king and not has_slot(g, u, slot, given[0])):  # type: ignore[index]
        me.drop.append(cid)
        if a.get("time"):
            raise illegal("recall.target", f"the recall of {cid} fails: it opens no Recall Time, so time must be empty")
        if trail.keep:
            event(trail, "recall", f"the recall of {cid} fails: it goes to the Drop Zone")
        resolve(g, Source(owner, u, None, None, cid, None), (), a, trail)  # nothing happens: no targets, no ops
        return
    opened = not g.recall_time
    g.recall_time = True
    me.recall_times += opened
    _recall_effect(g, p, u, owner if found is None else found[0], a, trail)
    if opened:
        for j, sub in enumerate(a.get("time", ())):
            sub_path = f"{path}.time.{j}" if path else f"time.{j}"
            try:
                resolve_sub, args = _declare_quick(g, sub, sub_path, trail, in_time=True)
                resolve_sub(*args)
            except IllegalAction as err:
                if not err.path_suffix:
                    err.path_suffix = sub_path
                raise
            me_time = g.players[sub["p"]]
            me_time.recall_time += 1
        g.recall_time = False
        if trail.keep:
            event(trail, "recall_time", f"Recall Time ends after {len(a.get('time', ()))} further recall(s)")
        flow.run_check(g, trail)


def _recall_effect(g: Game, p: int, u: Unit, owner: int, a: Mapping[str, Any], trail: Trail) -> None:
    cid = a["card"]
    card = g.cards.by_id[cid]
    g.next_uid += 1  # also the recall's place in the order recalls resolve (the turn end keeps it)
    u.recalls.append([cid, p, a.get("slot"), a.get("mode"), g.next_uid])
    g.turn_units.append(u)
    if cid in g.levels:
        g.watch_levels(owner, u)
    u.version += 1
    if words_matter(g, u, cid):
        g.dirty = True
        g.suspect(u)
    _word(g, p, cid)
    effect: tuple[dict[str, Any], ...] = ()  # no on_recall happens: no targets, choices or ops (§8.1)
    if card.type == "kings_memorion" and card.on_recall is not None:
        holder = card.on_recall[0]
        if holder == "any" or (holder == "ruler") == u.is_ruler:
            effect = card.on_recall[1]
    resolve(g, Source(owner, u, None, None, cid, None), effect, a, trail)


DECLARE: dict[str, Callable[[Game, int, Mapping[str, Any], Trail], Resolver]] = {
    "summon": _declare_summon, "inherit": _declare_inherit, "move": _declare_move,
    "move_memorion": _declare_move_memorion, "attack": _declare_attack, "block": _declare_block,
}


Handler = Callable[[Game, Mapping[str, Any], Trail], None]


def _with_tree(declare: Callable[[Game, Mapping[str, Any], Trail], Resolver]) -> Handler:
    """The handler of a quick action or a trigger: declared, then resolved with its interrupts (§6.1)."""
    def handler(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
        top = declare(g, a, trail)
        if "interrupts" in a and a["interrupts"]:  # noqa: RUF019 (no method call: most actions have none)
            _tree(g, a, trail, top)
        else:
            top[0](*top[1])
    return handler


def _gated_tree(kind: str) -> Handler:
    """The handler of a Main or Battle action: its gates, then declared and resolved with its interrupts."""
    gate, declare = _GATES[kind], DECLARE[kind]

    def handler(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
        p = a["p"]
        gate(g, p, a)
        top = declare(g, p, a, trail)
        if "interrupts" in a and a["interrupts"]:  # noqa: RUF019 (as above)
            _tree(g, a, trail, top)
        else:
            top[0](*top[1])
    return handler


def _damage_step(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    _gate_damage(g, a["p"], a)
    assert g.turn_player is not None  # the gate let it through: a turn is under way
    _damage(g, g.turn_player, a, trail)  # the attack's damage, also when logged by the other player (as played)


def _ending(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _gate_end(g, p, a)
    _end_by(g, p, a["type"], trail)


def _end_by(g: Game, p: int, kind: str, trail: Trail) -> None:
    """End the phase or turn. As played (its ``turn.priority`` stood), one by player ``p`` whose turn it is not ends
    nothing when it repeats the end logged just before it (the same ``kind`` by ``p``: a duplicate); any other is the
    turn player's end logged under the wrong name, and ends the phase or turn (docs/as-played.md)."""
    if p != g.turn_player and g.last_end == (kind, p):
        if trail.keep:
            event(trail, "turn.end", f"player {p}'s {kind} repeats the one before it and ends nothing: it stays "
                                     f"player {g.turn_player}'s {g.phase}")
        return
    if p != g.turn_player and trail.keep:
        event(trail, "turn.end", f"player {p}'s {kind} is carried out as player {g.turn_player}'s, whose turn it is")
    _end(g, kind, trail)


def _discarding(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    p = a["p"]
    _gate_discard(g, p, a)
    _discard(g, p, a, trail)


#: the handler of each action type once setup is over and while the game goes on (apply_action's common path)
_IN_GAME: dict[str, Handler] = {
    "recall": _with_tree(_declare_recall),
    "activate": _with_tree(_declare_activate), "deify": _with_tree(_declare_deify), "trigger": _with_tree(_declare_trigger),
    **{kind: _gated_tree(kind) for kind in DECLARE},
    "damage": _damage_step, "end_phase": _ending, "end_turn": _ending, "discard": _discarding,
}
def _not_plain(a: Any, by_id: Any) -> bool:
    return False


def _no_handler(g: Game, a: Mapping[str, Any], trail: Trail) -> None:
    raise AssertionError("apply_action: no common-path handler for this action")


#: the (check, handler) of an action apply_action's common path does not take: the check fails
_NOT_PLAIN: tuple[Callable[[Any, Any], bool], Handler] = (_not_plain, _no_handler)
#: the phases of a game going on (after setup, before the end)
_LIVE = frozenset({"main1", "battle", "main2", "end"})
#: action type -> (its quick shape check, its handler) for apply_action's common path
_FAST: dict[str, tuple[Callable[[dict[str, Any], Any], bool], Handler]] = {
    kind: (check, _IN_GAME[kind]) for kind, check in _PLAIN.items() if kind in _IN_GAME}
