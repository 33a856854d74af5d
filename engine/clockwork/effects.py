"""Ops (§8.1): building the concrete ops of a scripted ability and applying concrete ops.

A scripted ability is built op by op against the state as the earlier ops left it (a ``deck_top`` op names the card
then on top), from the action's ``targets`` and ``choices``; ``ops``, when logged, must equal what was built. An
unscripted ability applies the logged ``ops`` as recorded and is marked unverified.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.asplayed import refuse, waived
from engine.clockwork import flow
from engine.clockwork.cards import Ability
from engine.clockwork.rules import event, illegal, unverified
from engine.clockwork.state import Game, Unit
from engine.clockwork.values import any_slot, has_slot, slot_value, slot_words, words_matter
from engine.clockwork.words import POSITIONS
from engine.rulings import Trail


class OpFailed(Exception):
    """A concrete op that cannot be applied (§8.1's "fails when")."""


@dataclass(slots=True)
class Source:
    """Whose ability resolves: its controller ``p``, the card (``unit``, ``uid``; None for none), the ability and
    its index among the unit's abilities (None: a King's Memorion's, whose slots hold their printed words); ``card``
    and ``number`` (the ability's number as logged; None: a King's Memorion's effect on recall) name it in rulings."""

    p: int
    unit: Unit | None
    ability: Ability | None
    a_index: int | None
    card: str
    number: int | None

    @property
    def name(self) -> str:
        """How rulings name it (built only when one is written)."""
        return f"{self.card} on recall" if self.number is None else f"{self.card} ability {self.number}"


def _number(g: Game, src: Source, v: Any) -> int:
    if isinstance(v, dict):
        assert src.ability is not None
        s = v["slot"]
        return slot_value(slot_words(g, src.unit, src.ability, src.a_index, s), src.ability.slots[s].signed)
    return v


def _words(g: Game, src: Source, v: Any) -> list[Any]:
    if isinstance(v, dict):
        assert src.ability is not None
        return slot_words(g, src.unit, src.ability, src.a_index, v["slot"])
    return [v]


class _Builder:
    def __init__(self, g: Game, src: Source, action: Mapping[str, Any]) -> None:
        self.g, self.src = g, src
        self.targets = action.get("targets", ())  # (read only)
        self.choices = action.get("choices", ())
        self.ti = self.ci = 0

    def target(self) -> Any:
        if self.ti >= len(self.targets):
            raise illegal("effect.target", f"{self.src.name}: a target is missing (targets has {len(self.targets)})")
        self.ti += 1
        return self.targets[self.ti - 1]

    def choice(self, words: list[Any]) -> Any:
        if len(words) == 1:
            return words[0]
        if self.ci >= len(self.choices):
            raise illegal("effect.target", f"{self.src.name}: the slot holds {words}: a choice is missing")
        self.ci += 1
        word = self.choices[self.ci - 1]
        if word not in words:
            raise illegal("effect.target", f"{self.src.name}: choice {word!r} is not one of {words}")
        return word

    def own_zone(self) -> int | None:
        u = self.src.unit
        found = None if u is None else self.g.players[self.src.p].place_of(u.uid)  # (the controller's own unit)
        if found is None or found[0] == "ruler":
            return None
        return int(found[0][5:])

    def position(self, t: Mapping[str, Any], p: int) -> str | None:
        at = t["at"]
        if at in POSITIONS:
            return at
        if at == "self":
            u = self.src.unit
            found = None if u is None else self.g.players[self.src.p].place_of(u.uid)
            return None if found is None else found[0]
        if at in ("left", "right"):
            z = self.own_zone()
            if z is None:
                return None
            z += -1 if at == "left" else 1
            if not 0 <= z < 4 or self.g.players[p].zones[z] is None:
                return None  # off the row or an empty zone: nothing there, the op is skipped (readings 3)
            return f"zone:{z}"
        chosen = self.target()  # "choose": a Successor of player p
        pl = self.g.players[p]
        choosable = [f"zone:{i}" for i, u in enumerate(pl.zones) if u is not None and not u.destroyed]
        if chosen is None:
            if choosable:
                raise illegal("effect.target", f"{self.src.name}: a target is null though {', '.join(choosable)} can be chosen")
            return None
        if chosen not in choosable:
            raise illegal("effect.target", f"{self.src.name}: target {chosen!r} is not a Successor of player {p} that can be chosen")
        return chosen

    def build(self, t: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The concrete ops of template op ``t`` (none: a skipped op, §8.1, HR 31)."""
        g, src = self.g, self.src
        name = t["op"]
        p = src.p if t["p"] == "self" else 1 - src.p
        op: dict[str, Any] = {"op": name, "p": p}
        if "at" in t and name != "summon":
            at = self.position(t, p)
            if at is None:
                return []
            op["at"] = at
        if name in ("damage", "life", "draw", "counter", "summon_level"):
            n = _number(g, src, t["n"])
            if (name == "damage" and n < 0) or (name == "draw" and n < 1) or (name not in ("damage", "draw") and n == 0):
                return []
            op["n"] = n
        elif name == "modify":
            for key in ("power", "mind"):
                if key in t:
                    op[key] = _number(g, src, t[key])
        elif name == "grant":
            return [{**op, "keyword": w} for w in _words(g, src, t["keyword"])]
        elif name == "state":
            words = _words(g, src, t["state"])
            if not words:
                return []
            op["state"] = self.choice(words)
        elif name == "destroy" and "memorion" in t:
            mem = self.target() if t["memorion"] == "choose" else t["memorion"]
            if mem is None:
                return []
            op["memorion"] = mem
        elif name in ("put", "discard"):
            return self._moves(t, op, p)
        elif name == "summon":
            card = self.target() if t["card"] == "choose" else t["card"]
            if card is None:
                return []
            at = t["at"]
            if at == "self":
                z = self.own_zone()
                if z is None:
                    return []
                at = f"zone:{z}"
            op.update({"card": card, "from": t["from"], "at": at})
        return [op]

    def _moves(self, t: Mapping[str, Any], op: dict[str, Any], p: int) -> list[dict[str, Any]]:
        op["from"] = t["from"]
        if t["op"] == "put":
            words = _words(self.g, self.src, t["to"])
            if not words:
                return []
            op["to"] = self.choice(words)
        if t["from"] != "deck_top":
            card = self.target() if t["card"] == "choose" else t["card"]
            return [] if card is None else [{**op, "card": card}]
        deck = self.g.players[p].deck
        n = t.get("n", 1)
        if len(deck) < n and not t.get("upto", False):
            return []
        return [{**op, "card": None, "_top": True} for _ in range(min(n, len(deck)))]

    def leftovers(self) -> None:
        if self.ti != len(self.targets):
            raise illegal("effect.target", f"{self.src.name}: {len(self.targets) - self.ti} extra target(s)")
        if self.ci != len(self.choices):
            raise illegal("effect.target", f"{self.src.name}: {len(self.choices) - self.ci} extra choice(s)")


def _lost(g: Game) -> bool:
    """Whether a player is at 0 Life or failed a draw (the check then decides)."""
    p0, p1 = g.players
    return p0.life <= 0 or p1.life <= 0 or p0.failed_draw or p1.failed_draw


def resolve(g: Game, src: Source, effect: tuple[dict[str, Any], ...] | None, action: Mapping[str, Any],
            trail: Trail) -> None:
    """Resolve an ability's effect for ``action`` (its targets, choices, ops, slots)."""
    slots = action.get("slots")
    if effect is not None and "ops" in action and waived("ops"):  # as played: the logged ops stand as recorded
        effect = None
    elif effect is None:
        unverified(trail, "effect", f"{src.name} is unscripted: {len(action.get('ops', ()))} logged op(s) applied as recorded")
    if effect is None:
        ops = action.get("ops", ())
        for j, op in enumerate(ops):
            try:
                apply_op(g, op, src, slots, trail)
            except OpFailed as err:
                raise illegal("effect.result", f"{src.name}: recorded op {j} ({op['op']}) fails: {err}") from None
            if g.dirty:
                flow.sweep(g, trail)
            if g.result is not None or (g.losing and _lost(g) and flow.losses_now(g, trail)):
                return
        return
    builder = _Builder(g, src, action)
    built: list[dict[str, Any]] = []
    for t in effect:
        for op in builder.build(t):
            if op.pop("_top", False):
                deck = g.players[op["p"]].deck
                op["card"] = deck[-1]
            built.append(op)
            try:
                apply_op(g, op, src, slots, trail)
            except OpFailed as err:
                raise illegal("effect.target", f"{src.name}: op {op['op']} fails: {err}") from None
            if g.dirty:
                flow.sweep(g, trail)
            if g.result is not None or (g.losing and _lost(g) and flow.losses_now(g, trail)):
                builder.leftovers()
                return
    builder.leftovers()
    given = action.get("ops")
    if given is not None and list(given) != built:
        refuse(illegal("effect.result", f"{src.name}: the logged ops differ from the scripted ones {built}"), "ops")


def _unit(g: Game, op: Mapping[str, Any]) -> Unit:
    u = g.players[op["p"]].unit_at(op["at"])
    if u is None:
        raise OpFailed(f"player {op['p']}'s {op['at']} is empty")
    return u


def _take(g: Game, p: int, card: str, where: str) -> None:
    pl = g.players[p]
    if where == "deck_top":
        if not pl.deck or pl.deck[-1] != card:
            raise OpFailed(f"{card} is not on top of player {p}'s deck")
        pl.deck.pop()
        return
    zone = {"hand": pl.hand, "deck": pl.deck, "storage": pl.storage, "drop": pl.drop}[where]
    if card not in zone:
        raise OpFailed(f"{card} is not in player {p}'s {where}")
    zone.remove(card)


def apply_op(g: Game, op: Mapping[str, Any], src: Source, slots: Any, trail: Trail) -> None:
    """Apply one concrete op, or raise :class:`OpFailed`."""
    name, p = op["op"], op["p"]
    pl = g.players[p]
    if name == "damage":
        u = _unit(g, op)
        if u.is_ruler:
            pl.life = max(0, pl.life - op["n"])
            g.losing = g.losing or pl.life <= 0
        elif not u.destroyed:
            u.damage += op["n"]
            g.turn_units.append(u)
            g.dirty = True
            g.suspect(u)
            if op["n"] >= 100:
                flow.fire(g, "damaged", p, u, trail)
    elif name == "modify":
        u = _unit(g, op)
        if not u.is_ruler and not u.destroyed:
            u.mods.append((op.get("power", 0), op.get("mind", 0)))
            g.turn_units.append(u)
            g.dirty = True
            g.suspect(u)
    elif name == "life":
        pl.life = max(0, pl.life + op["n"])
        g.losing = g.losing or pl.life <= 0
    elif name == "draw":
        for _ in range(op["n"]):
            flow.draw(g, p)
    elif name == "counter":
        if pl.counters + op["n"] < 0:
            raise OpFailed(f"player {p} has {pl.counters} Memory Counters")
        pl.counters += op["n"]
    elif name == "summon_level":
        if pl.ruler is not None:
            pl.ruler.level_mods += op["n"]
    elif name == "discard":
        _take(g, p, op["card"], op["from"])
        pl.drop.append(op["card"])
    elif name == "put":
        _take(g, p, op["card"], op["from"])
        to = op["to"]
        if to == "hand":
            pl.hand.append(op["card"])
            if op["from"] in ("deck", "deck_top") and g.turn:
                pl.seen.setdefault(op["card"], g.turn)
        elif to == "deck_top":
            pl.deck.append(op["card"])
        elif to == "deck_bottom":
            pl.deck.insert(0, op["card"])
        else:
            (pl.storage if to == "storage" else pl.drop).append(op["card"])
    elif name == "destroy":
        u = _unit(g, op)
        if "memorion" in op:
            held = [m for m in u.memorions if m[0] == op["memorion"]]
            if not held:
                raise OpFailed(f"{op['memorion']} is not memorised by player {p}'s {op['at']}")
            u.memorions.remove(held[0])
            u.version += 1
            g.dirty = True
            g.suspect(u)
            pl.drop.append(op["memorion"])
        elif u.is_ruler or u.destroyed:
            raise OpFailed(f"player {p}'s {op['at']} cannot be destroyed")
        else:
            flow.destroy(g, p, u, trail)
    elif name == "state":
        u = _unit(g, op)
        if u.destroyed:
            return
        turned = u.state == "stand" and op["state"] == "action"
        u.state = op["state"]
        if turned:
            flow.fire(g, "acted", p, u, trail)
    elif name == "grant":
        u = _unit(g, op)
        if not u.is_ruler and not u.destroyed:
            u.grants.append(op["keyword"])
            g.turn_units.append(u)
    elif name == "summon":
        summon_by_op(g, op, src, slots, trail)
    if trail.keep:
        event(trail, "effect", f"{src.name}: {dict(op)}")


def summon_by_op(g: Game, op: Mapping[str, Any], src: Source, slots: Any, trail: Trail) -> None:
    """A summon by an effect (HR 34): under the Summon Limit, into an empty zone or the source's own zone."""
    p, card_id, at = op["p"], op["card"], op["at"]
    card = g.cards.by_id.get(card_id)
    if card is None or card.type != "successor":
        raise OpFailed(f"{card_id} is not a Successor")
    pl = g.players[p]
    z = int(at[5:])
    occupant = pl.zones[z]
    own = src.unit is not None and occupant is not None and occupant.uid == src.unit.uid
    if occupant is not None and not own:
        raise OpFailed(f"player {p}'s {at} is occupied")
    if occupant is not None and occupant.destroyed:
        raise OpFailed(f"player {p}'s {at} holds a destroyed Successor")
    if pl.limit is None or card.emotion not in g.cards.by_id[pl.limit[0]].allows(pl.limit[1], pl.limit[2], z):
        raise OpFailed(f"the Summon Limit forbids {card.emotion} in {at}")
    _take(g, p, card_id, op["from"])
    new = g.new_unit(card_id)
    if occupant is not None:
        pass_memorions(g, occupant, new, slots)
        flow.leave(g, p, occupant, trail, memorions=False)
    elif slots not in (None, []):
        raise illegal("memory.slot", f"{at} is empty: slots must be absent or []")
    pl.zones[z] = new
    g.suspect(new)  # (its Mind is not looked at now: the next sweep does)
    if g.levels:
        g.watch_levels(p, new)
    pl.played.setdefault(card_id, g.turn)
    flow.fire(g, "summoned", p, new, trail)


def limit_zones(g: Game, p: int) -> list[list[str]]:
    card, face, rotated = g.players[p].limit  # type: ignore[misc]
    return g.cards.by_id[card].limit_zones(face, rotated)


def pass_memorions(g: Game, old: Unit, new: Unit, slots: Any) -> None:
    """The occupant's Memorions pass to the newcomer, each designated anew by ``slots`` (§5.1, HR 8)."""
    slots = [] if slots is None else slots
    if len(slots) != len(old.memorions):
        raise illegal("memory.slot", f"the occupant holds {len(old.memorions)} Memorion(s): slots must give one "
                                     f"entry each, not {len(slots)}")
    for m, sl in zip(old.memorions, slots, strict=True):
        check_designation(g, new, m[0], sl)
        new.memorions.append([m[0], sl])
        if words_matter(g, new, m[0]):
            g.dirty = True
            g.suspect(new)
    old.memorions = []
    old.version += 1
    new.version += 1


def check_designation(g: Game, holder: Unit, card_id: str, slot: Any) -> None:
    """§5.2's slot rule (``memory.slot``)."""
    card = g.cards.by_id[card_id]
    if card.type == "kings_memorion":
        if slot is not None:
            raise illegal("memory.slot", f"{card_id} is a King's Memorion: it designates no slot")
        return
    genre = card.genre or ""
    if slot is None:
        if any_slot(g, holder, genre):
            raise illegal("memory.slot", f"{holder.card} has a {genre} slot: {card_id} must designate one")
        return
    if not has_slot(g, holder, slot, genre):
        raise illegal("memory.slot", f"{holder.card} has no {genre} slot at {slot}")
