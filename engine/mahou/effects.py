"""Effects as data (§6): op templates of card data become concrete ops, applied in order over a fixed set of ops.

>>> build_ops(({"op": "damage", "p": "rival", "pos": "active", "n": 2},), 0, [])
[{'op': 'damage', 'p': 1, 'pos': 'active', 'n': 2}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.asplayed import refuse, waived
from engine.mahou.cards import CARD_ID, MsCard
from engine.mahou.field import draw
from engine.mahou.rules import check, event, illegal, unverified
from engine.mahou.state import POSITIONS, MsState
from engine.rulings import Trail

Op = dict[str, Any]


class OpFailed(Exception):
    """An op that cannot be applied where the game stands; the message says why."""


def build_ops(template: Sequence[Mapping[str, Any]], player: int, targets: Sequence[str]) -> list[Op]:
    """Concrete ops for ``player`` from a card's templates, taking one target per ``"choose"`` in order.

    Raises ``effect.target`` for a missing, extra or unfitting target.
    """
    out: list[Op] = []
    k = 0
    for t in template:
        op: Op = {"op": t["op"]}
        for key, v in t.items():
            if key == "op":
                continue
            if key == "p":
                v = player if v == "self" else 1 - player
            elif v == "choose":
                if k >= len(targets):
                    raise illegal("effect.target", f"missing target {k + 1}: a {key} for {t['op']} is to be chosen "
                                                   f"({len(targets)} given)")
                v = targets[k]
                fits = v in POSITIONS if key == "pos" else bool(CARD_ID.fullmatch(v))
                if not fits:
                    want = "a position (active, squad:0-2)" if key == "pos" else "a card id"
                    raise illegal("effect.target", f"target {k + 1} {v!r} does not fit: {t['op']} needs {want}")
                k += 1
            op[key] = v
        out.append(op)
    if k < len(targets):
        raise illegal("effect.target", f"{len(targets) - k} extra target(s): {', '.join(targets[k:])} "
                                       f"(the effect chooses {k})")
    return out


def _fighter(g: MsState, op: Mapping[str, Any]) -> Any:
    f = g.players[op["p"]].fighter_at(op["pos"])
    if f is None:
        raise OpFailed(f"player {op['p']}'s {op['pos']} position is empty")
    return f


def _damage(g: MsState, op: Mapping[str, Any]) -> str:
    if op["pos"] != "active":
        raise OpFailed(f"damage only hits the Active fighter, not {op['pos']}")
    f = _fighter(g, op)
    f.hp -= op["n"]
    return f"player {op['p']}'s {f.hero} loses {op['n']} HP, now {f.hp}"


def _heal(g: MsState, op: Mapping[str, Any]) -> str:
    f = _fighter(g, op)
    f.hp = min(f.max_hp, f.hp + op["n"])
    return f"player {op['p']}'s {f.hero} heals {op['n']} up to max HP {f.max_hp}, now {f.hp}"


def _boost(g: MsState, op: Mapping[str, Any]) -> str:
    f = _fighter(g, op)
    if op["until"] == "turn_end":
        f.boost_turn += op["atk"]
    else:
        f.boost_perm += op["atk"]
    return f"player {op['p']}'s {f.hero} gets ATK {op['atk']:+d} ({op['until']}), now {f.atk(g.cards)}"


def _mgk(g: MsState, op: Mapping[str, Any]) -> str:
    f = _fighter(g, op)
    if f.girl is None:
        raise OpFailed(f"player {op['p']}'s {f.hero} at {op['pos']} has no Magical Girl")
    if f.grand is not None:
        raise OpFailed(f"player {op['p']}'s {f.hero} at {op['pos']} has a Grand MG (its MGK stays 0)")
    f.mgk = max(0, f.mgk + op["n"])
    return f"player {op['p']}'s {f.girl} MGK {op['n']:+d}, now {f.mgk}"


def _draw(g: MsState, op: Mapping[str, Any], trail: Trail) -> str:
    drawn = 0
    for _ in range(op["n"]):
        if draw(g, op["p"], trail) is None:
            break
        drawn += 1
    return f"player {op['p']} draws {drawn} of {op['n']}"


def _discard(g: MsState, op: Mapping[str, Any]) -> str:
    me = g.players[op["p"]]
    if op["card"] not in me.hand:
        raise OpFailed(f"{op['card']} is not in player {op['p']}'s hand")
    me.hand.remove(op["card"])
    me.dreamscape.append(op["card"])
    return f"player {op['p']} discards {op['card']} from hand"


def _detach(g: MsState, op: Mapping[str, Any]) -> str:
    f = _fighter(g, op)
    if op["card"] not in f.pets:
        raise OpFailed(f"{op['card']} is not a Pet attached to player {op['p']}'s {f.hero} at {op['pos']}")
    f.pets.remove(op["card"])
    g.players[op["p"]].dreamscape.append(op["card"])
    return f"{op['card']} leaves player {op['p']}'s {f.hero} for the Dreamscape"


#: the fixed set of ops; each returns a description of what it did, or raises :class:`OpFailed`
OPS: dict[str, Callable[[MsState, Mapping[str, Any]], str]] = {
    "damage": _damage, "heal": _heal, "boost": _boost, "mgk": _mgk, "discard": _discard, "detach": _detach,
}


def apply_op(g: MsState, op: Mapping[str, Any], trail: Trail) -> str:
    """Apply one concrete op (:class:`OpFailed` when it cannot be)."""
    if op["op"] == "draw":
        return _draw(g, op, trail)
    return OPS[op["op"]](g, op)


def resolve(g: MsState, p: int, card: MsCard, a: Mapping[str, Any], trail: Trail) -> None:
    """Resolve a Power's or Event's effect for player ``p`` as the action logs it (§6)."""
    given = a.get("ops")
    if card.effect is not None and given is not None and waived("ops"):  # as played: the logged ops stood
        for j, op in enumerate(given):
            try:
                what = apply_op(g, op, trail)
            except OpFailed as err:
                raise illegal("effect.result", f"logged op {j} ({op['op']}) of {card.id} fails: {err}") from None
            event(trail, "effect", f"as played: {what}")
        return
    if card.effect is None:  # unscripted: the log's ops as recorded
        for j, op in enumerate(given or ()):
            try:
                what = apply_op(g, op, trail)
            except OpFailed as err:
                raise illegal("effect.result", f"recorded op {j} ({op['op']}) of {card.id} fails: {err}") from None
            unverified(trail, "effect", f"{card.id} is not scripted; applied as recorded: {what}")
        if not given:
            unverified(trail, "effect", f"{card.id} is not scripted and no ops are recorded: nothing applied")
        return
    ops = build_ops(card.effect, p, a.get("targets", ()))
    for j, op in enumerate(ops):
        try:
            what = apply_op(g, op, trail)
        except OpFailed as err:
            raise illegal("effect.target", f"op {j} ({op['op']}) of {card.id} fails: {err}") from None
        event(trail, "effect", what)
    if given is not None:
        if list(given) != ops:
            refuse(illegal("effect.result", f"the logged ops of {card.id} differ from its script: "
                                            f"logged {list(given)}, scripted {ops}"), "ops")
        else:
            check(trail, "effect.result", f"the logged ops of {card.id} match its script")
