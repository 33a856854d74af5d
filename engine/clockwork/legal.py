"""Legal actions (§14): every main and due action, and both players' quick actions as entries of their own.

Candidates are built from the state and each is confirmed by applying it to a clone, so every action returned is
one the fold accepts. Interrupt trees are not listed. Setup orders are canonical (the deck as it lies; self-play
shuffles them); ``concede`` and ``note`` are always legal and never listed.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

from engine.clockwork.actions import apply_action
from engine.clockwork.state import Game, Unit
from engine.clockwork.values import abilities_of, any_slot, is_active, slots_of
from engine.clockwork.words import ZONES
from engine.rulings import IllegalAction, NullTrail

Action = dict[str, Any]
_NULL = NullTrail()
#: the most target lists tried for one ability (readings 18; the pools are small: 4 zones, a hand, a pile)
MAX_TARGET_SETS = 4096
#: the cards a draw of a slot-valued count is taken to bring into the hand, for the choices after it
MAX_SLOT_DRAW = 4


def actor(g: Game) -> int | None:
    """None in setup and when over; else the first pending trigger's controller, the player owing a due action,
    or the turn player."""
    if g.result is not None or g.phase == "setup":
        return None
    if g.pending:
        return g.pending[0]["p"]
    if g.due is not None:
        return g.due["p"]
    return g.turn_player


def _ok(g: Game, a: Action) -> bool:
    try:
        apply_action(g.clone(), a, _NULL)
    except IllegalAction:
        return False
    return True


def legal_actions(g: Game) -> list[Action]:
    """Every listed action the fold would accept now."""
    if g.result is not None:
        return []
    if g.phase == "setup":
        return [a for p in (0, 1) for a in _setup(g, p)]
    out = [a for a in _candidates(g) if _ok(g, a)]
    seen: set[str] = set()
    unique = []
    for a in out:
        key = repr(sorted(a.items()))
        if key not in seen:
            seen.add(key)
            unique.append(a)
    return unique


def seat_legal(g: Game, seat: int) -> list[Action]:
    """``seat``'s own legal actions as it may see them (§12): a target naming a card it cannot see (one of the
    rival's hand or deck: a choice the effect makes there) becomes null, every deck order (a mulligan's ``order``)
    keeps its length with null ids, and the variants that then read alike are listed once."""
    from engine.clockwork.view import seen_action

    groups: dict[str, tuple[list[Action], dict[str, Action]]] = {}  # by all but the targets, in order of appearance
    seen: set[str] = set()
    for a in legal_actions(g):
        if a.get("p") != seat:
            continue
        a = seen_action(a, seat, placed=True)
        if "targets" in a:
            a["targets"] = _seen_targets(g, a, seat)
        variants = [a]
        for i in _drawn_positions(g, a, seat):  # a card the effect draws first, whatever the deck's top holds
            variants.append({**a, "targets": [None if j == i else t for j, t in enumerate(a["targets"])]})
        for a in variants:
            key = repr(sorted(a.items()))
            if key in seen:
                continue
            seen.add(key)
            shown, hidden = groups.setdefault(repr(sorted((k, v) for k, v in a.items() if k != "targets")), ([], {}))
            if None in a.get("targets", ()):
                hidden[key] = a
            else:
                shown.append(a)
    # within a group, the variants naming a hidden card (null) come after the others, in a fixed order: where they
    # were generated depends on the hidden cards themselves (the order of the rival's hand), which must not show
    return [a for shown, hidden in groups.values() for a in (*shown, *(hidden[k] for k in sorted(hidden)))]


def _seen_targets(g: Game, a: Action, seat: int) -> list[Any]:
    """``a``'s targets with each card ``seat`` cannot see null: a card chosen from the rival's hand or deck, or from
    the seat's own hand where it does not hold that card now (one an earlier op of the effect would draw)."""
    targets = list(a["targets"])
    for i, (t, key, who) in enumerate(_choosers(_action_effect(g, a), _controller(a))):
        if i >= len(targets) or key != "card" or targets[i] is None:
            continue
        place = t["from"]
        rivals = who != seat and place in ("hand", "deck")
        if rivals or (place == "hand" and targets[i] not in g.players[seat].hand):
            targets[i] = None
    return targets


def _drawn_positions(g: Game, a: Action, seat: int) -> list[int]:
    """The positions of ``a``'s targets that choose a card of ``seat``'s own hand after an earlier op of the effect
    draws into it from a deck that is not empty: one of those may be a card only the draw brings, so the seat's view
    offers that choice (null) whatever the deck's top holds (its presence must not tell whether the drawn card
    matches one already in the hand)."""
    if "targets" not in a:
        return []
    effect, controller = _action_effect(g, a), _controller(a)
    out: list[int] = []
    for i, (t, key, who) in enumerate(_choosers(effect, controller)):
        before = effect[:effect.index(t)]
        drawing = any(e["op"] == "draw" and (controller if e["p"] == "self" else 1 - controller) == seat
                      for e in before) and bool(g.players[seat].deck)
        if drawing and key == "card" and who == seat and t["from"] == "hand" and t["op"] != "summon":
            out.append(i)
    return out


def _controller(a: Action) -> int:
    """Whose effect the action's targets serve: a King's Memorion's on_recall is its target's controller's."""
    return a["target"].get("p", a["p"]) if a["type"] == "recall" else a["p"]


def _action_effect(g: Game, a: Action) -> tuple[dict[str, Any], ...]:
    """The template ops whose choices a listed ``trigger``, ``activate`` or King's Memorion ``recall`` names."""
    if a["type"] == "trigger":
        for e in g.pending:
            if (e["p"], e["at"], e["ability"], e["memorion"]) == (a["p"], a["at"], a["ability"], a.get("memorion")):
                return _effect_of(g, e) or ()
    elif a["type"] == "activate":
        unit = g.players[a["p"]].unit_at(a["at"])
        if unit is not None:
            return abilities_of(g, unit)[a["ability"]].effect or ()
    elif a["type"] == "recall":
        card = g.card(a["card"])
        if card.on_recall is not None:
            return card.on_recall[1] or ()
    return ()


def _setup(g: Game, p: int) -> Iterator[Action]:
    me = g.players[p]
    if me.stage == "setup":
        ruler = next(c for c in me.deck if g.card(c).type == "ruler")
        limit = next(c for c in me.deck if g.card(c).type == "summon_limit")
        for face, rotated in itertools.product(("a", "b"), (False, True)):
            yield {"type": "setup", "p": p, "ruler": ruler, "limit": limit, "face": face, "rotated": rotated}
    elif me.stage == "shuffle":
        yield {"type": "shuffle", "p": p, "order": list(reversed(me.deck))}
    elif me.stage == "decide":
        yield {"type": "keep", "p": p}
        for cid in sorted(set(me.hand)):
            yield {"type": "mulligan", "p": p, "cards": [cid], "order": [*list(reversed(me.deck)), cid]}
        yield {"type": "mulligan", "p": p, "cards": list(me.hand), "order": list(reversed(me.deck)) + list(me.hand)}


def _units(g: Game, p: int) -> Iterator[tuple[str, Unit]]:
    me = g.players[p]
    if me.ruler is not None:
        yield "ruler", me.ruler
    for i, u in enumerate(me.zones):
        if u is not None and not u.destroyed:
            yield f"zone:{i}", u


def _candidates(g: Game) -> Iterator[Action]:
    t = g.turn_player
    assert t is not None
    if g.pending:
        first = g.pending[0]["p"]
        for e in g.pending:
            if e["p"] == first:
                base = {"type": "trigger", "p": first, "at": e["at"], "ability": e["ability"]}
                if e["memorion"] is not None:
                    base["memorion"] = e["memorion"]
                yield from _with_targets(g, base, _effect_of(g, e), first)
    elif g.due is not None:
        yield from _due(g)
    else:
        yield from _main(g, t)
    for p in (t, 1 - t):
        yield from _quick(g, p)


def _effect_of(g: Game, e: dict[str, Any]) -> tuple[dict[str, Any], ...] | None:
    if e["memorion"] is not None:
        return g.card(e["memorion"]).abilities[e["ability"]].effect
    found = g.find(e["uid"])
    unit = g.players[found[0]].unit_at(found[1]) if found is not None else g.new_unit(e["card"])
    return abilities_of(g, unit)[e["ability"]].effect  # type: ignore[arg-type]


def _choosers(effect: tuple[dict[str, Any], ...], p: int) -> Iterator[tuple[dict[str, Any], str, int]]:
    """``(template op, field, player)`` for each ``"choose"`` of ``effect`` (controller ``p``), in the order the
    action's ``targets`` give them (§8.1): per op its ``at``, then its ``card`` or ``memorion``."""
    for t in effect:
        who = p if t["p"] == "self" else 1 - p
        for key in ("at", "card", "memorion"):
            if t.get(key) == "choose":
                yield t, key, who


def _with_targets(g: Game, base: Action, effect: tuple[dict[str, Any], ...] | None, p: int) -> Iterator[Action]:
    """``base`` with every combination of targets and choices its effect may need (confirmed later): a card chosen
    from a hand after an op that draws or puts cards there may be one of those (draw 2, then discard 1)."""
    if not effect:
        yield base
        return
    pools: list[list[Any]] = []
    choices: list[list[Any]] = []
    into_hand: dict[int, set[str]] = {0: set(), 1: set()}  # cards earlier ops of the effect may bring to a hand
    for t in effect:
        who = p if t["p"] == "self" else 1 - p
        pl = g.players[who]
        for _, key, what in _choosers((t,), p):
            pools.append(_pool(g, t, key, what, into_hand[what]))
        if t["op"] == "draw":  # the cards it may draw: the top of the deck (a slot value: a few)
            n = t["n"] if isinstance(t["n"], int) else MAX_SLOT_DRAW
            into_hand[who].update(pl.deck[-n:] if n > 0 else ())
        elif t["op"] == "put" and (t["to"] == "hand" or isinstance(t["to"], dict)):
            src = {"deck": pl.deck, "deck_top": pl.deck[-t.get("n", 1):], "storage": pl.storage, "drop": pl.drop,
                   "hand": ()}.get(t["from"], ())
            into_hand[who].update(src)
    for t in effect:
        for key, words in (("state", ("stand", "action")), ("to", ("hand", "deck_top", "deck_bottom", "storage", "drop"))):
            if isinstance(t.get(key), dict):
                choices.append([[]] + [[w] for w in words])
    for targets in itertools.islice(itertools.product(*pools), MAX_TARGET_SETS):
        for chosen in itertools.product(*choices):
            a = dict(base)
            if targets:
                a["targets"] = list(targets)
            flat = [w for c in chosen for w in c]
            if flat:
                a["choices"] = flat
            yield a


def _pool(g: Game, t: dict[str, Any], key: str, who: int, drawn: set[str]) -> list[Any]:
    """What a ``"choose"`` of template op ``t`` may name (null when nothing): a Successor of player ``who``, a card
    of the named place (a hand with the cards earlier ops of the effect may bring, ``drawn``), a Memorion held."""
    pl = g.players[who]
    if key == "at":
        return [f"zone:{i}" for i, u in enumerate(pl.zones) if u is not None and not u.destroyed] or [None]
    if key == "card":
        where = list({"hand": pl.hand, "storage": pl.storage, "deck": pl.deck, "drop": pl.drop}.get(t["from"], []))
        if t["from"] == "hand":
            where += drawn
        if t["op"] == "summon":
            where = [c for c in where if g.card(c).type == "successor"]
        return sorted(set(where)) or [None]
    return sorted({m[0] for _, u in _units(g, who) for m in u.memorions}) or [None]


def _due(g: Game) -> Iterator[Action]:
    due = g.due
    assert due is not None
    p = due["p"]
    me = g.players[p]
    if due["what"] == "block":
        stand = [f"zone:{i}" for i, u in enumerate(me.zones) if u is not None and u.state == "stand" and not u.destroyed]
        for k in range(len(stand) + 1):  # every set of blockers, [] (no block) first
            for chosen in itertools.combinations(stand, k):
                yield {"type": "block", "p": p, "with": list(chosen)}
    elif due["what"] == "damage":
        yield {"type": "damage", "p": p}
        yield from _splits(g, p)
    else:
        seen: set[tuple[str, ...]] = set()
        for cards in itertools.combinations(sorted(me.hand), due["n"]):  # every choice of cards (copies alike)
            if cards not in seen:
                seen.add(cards)
                yield {"type": "discard", "p": p, "cards": list(cards)}


#: the most damage splits listed for one damage step (readings 18): beyond it, a representative few
MAX_SPLITS = 2000


def _compositions(total: int, parts: int, unit: int) -> Iterator[list[int]]:
    """Every way to write ``total`` as ``parts`` amounts ≥ 0 in steps of ``unit`` (``total`` a multiple of it)."""
    if parts == 1:
        yield [total]
        return
    for first in range(0, total + 1, unit):
        for rest in _compositions(total - first, parts - 1, unit):
            yield [first, *rest]


def _splits(g: Game, p: int) -> Iterator[Action]:
    """The attacker's Power shared among the remaining blockers (§7 step 3): every split in steps of 100 (of 1
    when the amounts are not multiples of 100) while they number at most MAX_SPLITS, else each blocker taking all,
    the blockers' Minds met in order, and the Breakthrough excess; each with and without a Ruler share."""
    from engine.clockwork.values import mind, power

    b = g.battle
    assert b is not None
    found = g.find(b["uid"])
    attacker = None if found is None else g.players[p].unit_at(found[1])
    rival = g.players[1 - p]
    remaining = [(pos, u) for pos in b["blockers"] if (u := rival.unit_at(pos)) is not None and not u.destroyed
                 and u.uid in b["uids"]]
    if attacker is None or not remaining:
        return
    pw = power(g, attacker)
    positions = [pos for pos, _ in remaining]
    minds = [mind(g, u) for _, u in remaining]
    excess = pw - sum(minds)
    rulers: list[int] = [0] + ([excess] if excess > 0 else [])
    for share in rulers:
        total = pw - share
        unit = 100 if total % 100 == 0 else 1
        k = len(positions)
        many = math.comb(total // unit + k - 1, k - 1) > MAX_SPLITS
        if many:  # a representative few: all to one blocker; the Minds met in order, the rest on the first
            amounts = [[total if j == i else 0 for j in range(k)] for i in range(k)]
            met, left = [], total
            for m in minds:
                met.append(min(m, left))
                left -= met[-1]
            met[0] += left
            amounts.append(met)
        for ns in amounts if many else _compositions(total, k, unit):
            split = [{"at": pos, "n": n} for pos, n in zip(positions, ns, strict=True)]
            if share == 0:
                yield {"type": "damage", "p": p, "split": split}
            yield {"type": "damage", "p": p, "split": [*split, {"at": "ruler", "n": share}]}


def _main(g: Game, t: int) -> Iterator[Action]:
    me = g.players[t]
    if g.phase == "main1":
        for cid in sorted(set(me.hand)):
            if g.card(cid).type == "successor":
                for z in ZONES:
                    occupant = me.unit_at(z)
                    base = {"type": "summon", "p": t, "card": cid, "at": z}
                    if occupant is None or not occupant.memorions:
                        yield base
                    else:  # every designation of the Memorions passing to the newcomer (§5.1)
                        new = g.new_unit(cid)
                        options = [_designations(g, new, m[0]) for m in occupant.memorions]
                        for slots in itertools.product(*options):
                            yield {**base, "slots": list(slots)}
    if g.phase in ("main1", "main2") and not g.first_turn():
        for cid in sorted(set(me.hand)):
            card = g.card(cid)
            if card.type not in ("memorion", "kings_memorion"):
                continue
            for pos, u in _units(g, t):
                for slot in _designations(g, u, cid):
                    yield {"type": "inherit", "p": t, "card": cid, "at": pos, "slot": slot}
        for i in range(4):
            for j in (i - 1, i + 1):
                if 0 <= j < 4 and me.zones[i] is not None:
                    yield {"type": "move", "p": t, "from": ZONES[i], "to": ZONES[j]}
        units = list(_units(g, t))
        for pos, u in units:
            for m in u.memorions:
                for pos2, u2 in units:
                    if pos2 != pos:
                        for slot in _designations(g, u2, m[0]):
                            yield {"type": "move_memorion", "p": t, "card": m[0], "from": pos, "to": pos2, "slot": slot}
    if g.phase == "battle" and g.battle is None:
        for i, u in enumerate(me.zones):
            if u is not None and u.state == "stand" and not u.destroyed:
                yield {"type": "attack", "p": t, "at": ZONES[i]}
    yield {"type": "end_phase", "p": t}
    yield {"type": "end_turn", "p": t}


def _designations(g: Game, u: Unit, cid: str) -> list[Any]:
    card = g.card(cid)
    if card.type == "kings_memorion":
        return [None]
    genre = card.genre or ""
    return slots_of(g, u, genre) if any_slot(g, u, genre) else [None]


def _quick(g: Game, p: int) -> Iterator[Action]:
    me = g.players[p]
    if me.ruler is not None and me.ruler.face == "normal":
        yield {"type": "deify", "p": p}
    for pos, u in _units(g, p):
        for i, ab in enumerate(abilities_of(g, u)):
            if ab.kind == "activated" and is_active(g, u, ab, i):
                yield from _with_targets(g, {"type": "activate", "p": p, "at": pos, "ability": i}, ab.effect, p)
    sources = [("hand", c) for c in sorted(set(me.hand)) if g.card(c).type in ("memorion", "kings_memorion")]
    sources += [("storage", c) for c in sorted(set(me.storage))]
    for source, cid in sources:
        card = g.card(cid)
        owners = (p, 1 - p) if source == "hand" else (p,)
        for owner in owners:
            for pos, u in _units(g, owner):
                target = {"p": owner, "at": pos}
                base = {"type": "recall", "p": p, "card": cid, "from": source, "target": target}
                if card.type == "kings_memorion":  # its on_recall's choices only where it happens (§6.3)
                    happens = card.on_recall is not None and card.on_recall[0] in ("any", "ruler" if u.is_ruler else "successor")
                    effect = card.on_recall[1] if happens and card.on_recall is not None else None
                    yield from _with_targets(g, base, effect, owner)
                    continue
                given = card.word_given()
                if given is None:
                    continue
                for slot in slots_of(g, u, given[0]):
                    for mode in ("add", "rewrite"):
                        yield {**base, "slot": slot, "mode": mode}
