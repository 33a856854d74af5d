"""What happens by itself: events and triggers (§8.2), destruction and departure (§9.1–9.2), the check (§9.3),
the battle's later steps (§7 steps 4–6), the turn end and the turn start (§5)."""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from engine.clockwork.rules import event
from engine.clockwork.state import Game, Unit
from engine.clockwork.values import continuous_values, holder_fits, is_active, kinds, kings_on, slot_words, unit_kinds, words_matter
from engine.clockwork.words import ZONES
from engine.rulings import Trail

HAND_MAX = 7
_RESOLVED = itemgetter(4)  # a recall's place in the order recalls resolve
#: events that happen to a Ruler itself (HR 18); every other event happens to Successors
RULER_EVENTS = frozenset({"acted", "ruler_damaged"})


def draw(g: Game, p: int) -> str | None:
    """Draw one card (a failed draw from an empty deck is noted for the check)."""
    me = g.players[p]
    if not me.deck:
        me.failed_draw = g.losing = True
        return None
    cid = me.deck.pop()
    me.hand.append(cid)
    if g.turn:
        me.seen.setdefault(cid, g.turn)
    return cid


def _fire_on(g: Game, p: int, owner: Unit, ev: str, at: str | None, cause: int | None,
             out: list[dict[str, Any]]) -> None:
    """The abilities of ``owner`` (its own, then its King's Memorions') that ``ev`` fires, appended to ``out``
    (``at`` None: the Successor's zone, worked out only when something fires)."""
    k = owner.kinds or unit_kinds(g, owner)
    if not owner.memorions and not owner.recalls:  # printed words only: looked up
        hits = k.fires.get(ev)
        if hits:
            at = at or _zone_of(g, p, owner)
            for i in hits:
                out.append({"p": p, "at": at, "memorion": None, "ability": i, "event": ev, "uid": owner.uid,
                            "cause": cause, "card": owner.card})
        return
    cache = owner.fires
    if cache is None or cache[0] != owner.version:
        owner.fires = cache = (owner.version, _fire_table(g, owner, k))
    table_hits = cache[1].get(ev)  # (another name than ``hits`` above: another type)
    if table_hits:
        at = at or _zone_of(g, p, owner)
        for memorion, i in table_hits:
            out.append({"p": p, "at": at, "memorion": memorion, "ability": i, "event": ev, "uid": owner.uid,
                        "cause": cause, "card": owner.card})


def _fire_table(g: Game, owner: Unit, k: Any) -> dict[Any, list[tuple[str | None, int]]]:
    """What each event fires on a unit with words added: its active normal abilities whose trigger slot holds the
    event's word, then its King's Memorions' (printed words only), in that order (kept for the unit's version)."""
    table: dict[Any, list[tuple[str | None, int]]] = {}
    for i, ab, _full in k.normal:
        if is_active(g, owner, ab, i):
            for word in dict.fromkeys(slot_words(g, owner, ab, i, ab.trigger)):  # type: ignore[arg-type]
                table.setdefault(word, []).append((None, i))
    for king in kings_on(g, owner):
        for ev, indexes in kinds(king, None).fires.items():
            for i in indexes:
                if holder_fits(king.abilities[i].holder, owner):
                    table.setdefault(ev, []).append((king.id, i))
    return table


def _zone_of(g: Game, p: int, u: Unit) -> str:
    zones = g.players[p].zones
    return ZONES[zones.index(u)] if u in zones else "zone:0"


def fire(g: Game, ev: str, p: int, u: Unit, trail: Trail) -> None:
    """``ev`` happens to ``u`` (player ``p``'s): the abilities it fires become pending (§8.2)."""
    if ev not in g.heard:  # no card of this game prints or gives the event's word
        return
    fired: list[dict[str, Any]] = []
    if u.face is not None:  # a Ruler
        if ev not in RULER_EVENTS:
            return
        _fire_on(g, p, u, ev, "ruler", None, fired)
    elif ev != "ruler_damaged":
        if u.memorions or u.recalls or ev in (u.kinds or unit_kinds(g, u)).fires:  # else nothing to fire: no call
            _fire_on(g, p, u, ev, None, u.uid if ev == "destroyed" else None, fired)
        ruler = g.players[p].ruler
        if ruler is not None and (ruler.memorions or ruler.recalls or ev in (ruler.kinds or unit_kinds(g, ruler)).fires):
            _fire_on(g, p, ruler, ev, "ruler", u.uid if ev == "destroyed" else None, fired)
    if not fired:
        return
    pending = g.pending
    pending += fired
    if len(pending) > 1:  # the turn player's first (a stable sort)
        t = g.turn_player
        pending.sort(key=lambda e: e["p"] != t)
    if trail.keep:
        for e in fired:
            what = f"{e['memorion']}'s" if e["memorion"] else f"{e['at']}'s"
            event(trail, "fired", f"{ev} fires player {e['p']}'s {what} ability {e['ability']}: pending")


def finish(g: Game, winner: int | None, reason: str, trail: Trail) -> None:
    g.result = {"winner": winner, "reason": reason}
    g.phase, g.step, g.due, g.pending, g.battle, g.sequence = "over", None, None, [], None, []
    if trail.keep:
        who = "a draw" if winner is None else f"player {winner} wins"
        if trail.keep:
            event(trail, "end", f"the game ends: {who} ({reason}); Life {g.players[0].life} - {g.players[1].life}")


def losses(g: Game, trail: Trail) -> bool:
    """§9.3 step 1: players at 0 Life or with a failed draw lose (both: a draw). True when the game ended."""
    lost = [p for p, pl in enumerate(g.players) if pl.life <= 0 or pl.failed_draw]
    if not lost:
        return False
    if len(lost) == 2:
        finish(g, None, "draw", trail)
    else:
        pl = g.players[lost[0]]
        finish(g, 1 - lost[0], "life" if pl.life <= 0 else "deck_out", trail)
    return True


def incapacitated(g: Game, p: int, u: Unit) -> bool:
    if g.battle is None:
        return False
    uid = u.uid
    for x in g.battle["incapacitated"]:  # noqa: SIM110 (a plain loop: no generator per unit swept)
        if x[2] == uid:
            return True
    return False


def destroy(g: Game, p: int, u: Unit, trail: Trail) -> None:
    """``u`` is destroyed: it stays in its zone, marked, while its ``destroyed`` triggers are pending (§9.1)."""
    if u.destroyed:
        return
    u.destroyed = True
    g.doomed += 1
    if trail.keep:
        event(trail, "destroyed", f"player {p}'s {u.card} is destroyed")
    fire(g, "destroyed", p, u, trail)


def sweep(g: Game, trail: Trail) -> None:
    """Outside Recall Time, every Successor at Mind 0 is destroyed at once, except those a damage step
    incapacitated (they wait for the destruction step). Only the units whose Mind may have changed since the last
    sweep (:attr:`Game.suspects`) can be at 0 now (the others were above 0, incapacitated or destroyed then)."""
    if g.recall_time or not g.dirty:
        return
    g.dirty = False
    suspects, g.suspects = g.suspects, []
    zero: list[Unit] | None = None  # None: every unit is looked at
    if suspects is not None:
        zero = []
        for suspect in suspects:
            if not suspect.destroyed and at_zero(g, suspect):
                zero.append(suspect)
        if not zero:
            return
    for p, pl in enumerate(g.players):  # in zone order
        for u in pl.zones:
            if u is None or u.destroyed or not (at_zero(g, u) if zero is None else u in zero):
                continue
            if not incapacitated(g, p, u):
                destroy(g, p, u, trail)


def at_zero(g: Game, u: Unit) -> bool:
    """Whether a Successor's Mind is 0 (values.mind, inlined: printed Mind, damage, turn-long changes, continuous
    abilities; a printed Mind alone is at least 1)."""
    card = g.cards.by_id[u.card]
    if u.memorions or u.recalls or card.continuous:
        value = card.mind - u.damage + continuous_values(g, u)[1]
    elif u.damage or u.mods:
        value = card.mind - u.damage
    else:
        return False
    for m in u.mods:
        value += m[1]
    return value <= 0


def leave(g: Game, p: int, u: Unit, trail: Trail, *, to_storage: bool = True, memorions: bool = True) -> None:
    """``u`` leaves its zone: to the Storage Zone (its Memorions with it unless they stay), recalled cards to
    the recallers' Drop Zones (§9.2)."""
    pl = g.players[p]
    pl.zones[pl.zones.index(u)] = None
    if u.destroyed:
        g.doomed -= 1
    if to_storage:
        pl.storage.append(u.card)
        if memorions:
            pl.storage += [m[0] for m in u.memorions]
    for r in u.recalls:
        g.players[r[1]].drop.append(r[0])
    u.recalls = []
    u.version += 1


def departures(g: Game, trail: Trail, *, battle_too: bool = False) -> None:
    """Destroyed Successors whose destruction fired nothing still pending go to Storage, per player in zone order."""
    if not g.doomed:
        return
    causes = {e["cause"] for e in g.pending if e["cause"] is not None} if g.pending else ()
    for p, pl in enumerate(g.players):
        for u in list(pl.zones):
            if u is not None and u.destroyed and u.uid not in causes and (battle_too or not incapacitated(g, p, u)):
                leave(g, p, u, trail)
                if trail.keep:
                    event(trail, "departure", f"player {p}'s {u.card} goes to the Storage Zone")


def run_check(g: Game, trail: Trail) -> bool:
    """§9.3: losses, destruction, departure. True when the game ended."""
    if g.losing:  # a Life loss or a failed draw since the last check
        if losses(g, trail):
            return True
        g.losing = False
    if g.dirty:
        sweep(g, trail)
    if g.doomed:
        departures(g, trail)
    return False


def settle(g: Game, trail: Trail) -> None:
    """After an action: the check, then whatever happens by itself once no trigger is pending (the battle's
    later steps, the turn end, the next turn start), repeated until something waits."""
    while True:
        if (g.losing or g.dirty or g.doomed) and run_check(g, trail):  # most actions leave the check nothing to do
            return
        if g.pending:
            return
        if g.sequence:
            _battle_step(g, g.sequence.pop(0), trail)
            continue
        if g.phase == "end" and g.due is None:
            if _owe_discard(g, trail):
                return
            _turn_end(g, trail)
            if run_check(g, trail):
                return
            start_turn(g, 1 - (g.turn_player or 0), trail)
            continue
        return


def _battle_step(g: Game, step: str, trail: Trail) -> None:
    b = g.battle
    assert b is not None
    if step == "late":
        for ev, p, uid in b["late"]:
            found = g.players[p].place_of(uid)  # (a unit never changes sides)
            if found is not None:
                fire(g, ev, p, found[1], trail)
    elif step == "destruction":
        for p, pos, uid in b["incapacitated"]:
            found = g.locate(uid, (p, pos))
            if found is not None:
                destroy(g, p, found[1], trail)
    else:  # departure: the attack is over
        departures(g, trail, battle_too=True)
        g.battle, g.step = None, "declare"
        if trail.keep:
            event(trail, "damage", "the attack is over")


def _owe_discard(g: Game, trail: Trail) -> bool:
    """At the turn end, a hand over 7 owes a discard (CG Hand): set it due and say so in the trail."""
    players = g.players
    if len(players[0].hand) <= HAND_MAX and len(players[1].hand) <= HAND_MAX:  # most turn ends
        return False
    t = g.turn_player or 0
    for p in (t, 1 - t):
        n = len(g.players[p].hand)
        if n > HAND_MAX:
            g.due = {"p": p, "what": "discard", "n": n - HAND_MAX}
            event(trail, "turn.end", f"a discard by player {p} became due: {n} cards in hand, {n - HAND_MAX} over "
                                     f"{HAND_MAX}, to discard before play goes on")
            return True
    return False


def _turn_end(g: Game, trail: Trail) -> None:
    """Recalls end, turn-long effects end, damage is removed, the turn's counts reset (§5, HR 25)."""
    ended: list[list[Any]] = []
    changed = False
    for pl in g.players:
        ruler = pl.ruler
        if ruler is not None:
            changed = _turn_long_end(g, ruler, ended) or changed  # (a Ruler is never swept: no suspect)
            ruler.level_mods = 0  # (only a Ruler has summon level ops; only Successors damage and battle counts)
    for u in g.turn_units:  # (the others have nothing to reset)
        if (u.recalls or u.mods or u.grants) and _turn_long_end(g, u, ended):
            changed = True
            g.suspect(u)
        u.damage = u.attacks = u.blocks = 0
    g.turn_units = []
    if ended:
        ended.sort(key=_RESOLVED)
        for r in ended:  # in the order the recalls resolved (§9.2)
            g.players[r[1]].drop.append(r[0])
    g.dirty = g.dirty or changed  # only a turn-long change or a recall that matters ending can lower a Mind
    g.used = {"inherit": False, "move": False}
    if trail.keep:
        event(trail, "turn.end", f"turn {g.turn} ends: recalls and turn-long effects end, damage is removed")


def _turn_long_end(g: Game, u: Unit, ended: list[list[Any]]) -> bool:
    """The unit's recalls (added to ``ended``), turn-long changes and keywords end; True when its Mind may have
    changed (a turn-long change ended, or a recalled card that matters to it, values.words_matter)."""
    changed = False
    if u.recalls:
        for r in u.recalls:
            if words_matter(g, u, r[0]):
                changed = True
                break
        ended += u.recalls
        u.recalls = []
        u.version += 1
    u.grants = []
    if u.mods:
        u.mods = []
        return True
    return changed


def start_turn(g: Game, p: int, trail: Trail) -> None:
    """Stand-up, draw 1, +1 Memory Counter; Main I begins (HR 10, HR 11)."""
    g.turn += 1
    g.turn_player = p
    g.phase, g.step, g.due = "main1", None, None
    me = g.players[p]
    for u in (me.ruler, *me.zones):
        if u is not None:
            u.state = "stand"
    cid = draw(g, p)
    me.counters += 1
    if trail.keep:
        got = "an empty deck: the draw fails" if cid is None else "1 card"
        if trail.keep:
            event(trail, "turn.start", f"turn {g.turn}: player {p} stands up, draws {got}, gains a Memory Counter")


def losses_now(g: Game, trail: Trail) -> bool:
    """A loss is immediate outside Recall Time (§9.3, HR 26)."""
    return not g.recall_time and losses(g, trail)
