"""Scripted effects: effect scripts as data, mapped onto the fixed set of ops.

A script is a list of steps in a card's effect entry (``"do"``). Each step names
an op and says whom it concerns; the engine turns it into concrete ops from the
action's ``targets``, then applies them with :mod:`engine.pm.ops`:

- ``{"op": "draw", "who": "self"|"opponent", "n": 2}``
- ``{"op": "modify", "target": T, "ap": 20, "dp": 20, "until": "turn_end"}``
- ``{"op": "grant", "target": T, "what": "active", "until": "turn_end"}``
- ``{"op": "rest"|"activate", "target": T}``
- ``{"op": "coin", "target": T, "coin": "+10/+10", "n": 1}``
- ``{"op": "move", "target": T, "to": "hand"|"discard"|"deck_bottom"|"removed"}``
- ``{"op": "put_point", "who": "self"|"opponent", "n": 1}``
- ``{"op": "disable"}`` (a [Decline] response that disables what it answers)

``T`` is ``"self"`` (the card whose effect it is), ``"target"`` / ``"target:K"``
(the K-th entry of the action's ``targets``), ``"all_own"`` or ``"all_opponent"``
(every Chara in that player's Main Area).

An effect's ``targets`` list says what each target must be:
``{"side": "opponent"|"self"|"any", "area": "main"|"support"|"any", "max_cost": 2,
"rested": true, "name": "...", "property": "..."}``.

>>> from engine.pm.effects import resolve_target_key
>>> resolve_target_key("target:1")
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Effect
from engine.pm import stats
from engine.pm.state import Chara, GameState
from engine.pm.zones import describe, find_chara
from engine.rulings import illegal


def resolve_target_key(key: str) -> int | None:
    """The targets index a ``"target"``/``"target:K"`` reference names, else None."""
    if key == "target":
        return 0
    if key.startswith("target:"):
        return int(key.split(":", 1)[1])
    return None


def target_charas(g: GameState, actor: int, refs: Sequence[Mapping[str, Any]]) -> list[Chara]:
    """The Charas an action's ``targets`` name; ``effect.target`` when one is absent or untargetable."""
    out = []
    for i, ref in enumerate(refs):
        c = find_chara(g.players[ref["p"]], ref["card"])
        if c is None:
            raise illegal("effect.target", f"target {i}: {describe(g, ref['card'])} is not on player {ref['p']}'s Area")
        if not stats.can_be_targeted(g, c, actor):
            raise illegal("effect.target", f"target {i}: {describe(g, c.card)} cannot be targeted")
        out.append(c)
    return out


def check_target_spec(g: GameState, actor: int, effect: Effect, charas: list[Chara]) -> None:
    """Check a scripted effect's targets against its ``targets`` spec."""
    spec = effect.targets
    if len(charas) < sum(1 for s in spec if not s.get("optional")):
        raise illegal("effect.target", f"the effect needs {len(spec)} target(s); {len(charas)} given")
    if len(charas) > len(spec):
        raise illegal("effect.target", f"the effect takes {len(spec)} target(s); {len(charas)} given")
    for i, (want, c) in enumerate(zip(spec, charas, strict=False)):
        problem = _spec_problem(g, actor, want, c)
        if problem:
            raise illegal("effect.target", f"target {i}: {describe(g, c.card)} {problem}")


def _spec_problem(g: GameState, actor: int, want: Mapping[str, Any], c: Chara) -> str | None:
    side = want.get("side", "any")
    if side == "self" and c.owner != actor:
        return "is not the player's own Chara"
    if side == "opponent" and c.owner == actor:
        return "is not an opponent's Chara"
    area = want.get("area", "any")
    if area != "any" and c.area != area:
        return f"is not in the {area} area"
    if "max_cost" in want and stats.chara_cost(g, c) > want["max_cost"]:
        return f"has usage cost {stats.chara_cost(g, c)} > {want['max_cost']}"
    if "rested" in want and c.rested != want["rested"]:
        return "is not rested" if want["rested"] else "is not active"
    card = g.card(c.card)
    if "name" in want and want["name"] not in card.names:
        return f"is not named {want['name']}"
    if "property" in want and want["property"] not in card.properties:
        return f"lacks the property {want['property']}"
    return None


def possible_targets(g: GameState, actor: int, effect: Effect, index: int = 0) -> list[Chara]:
    """Every Chara that could be the ``index``-th target of a scripted effect."""
    if index >= len(effect.targets):
        return []
    want = effect.targets[index]
    return [c for p in g.players for c in p.area()
            if stats.can_be_targeted(g, c, actor) and _spec_problem(g, actor, want, c) is None]


def can_resolve(g: GameState, actor: int, effect: Effect) -> bool:
    """False when a required target of a scripted effect has no candidate (the effect cannot be used)."""
    return all(s.get("optional") or possible_targets(g, actor, effect, i) for i, s in enumerate(effect.targets))


def compute_ops(
    g: GameState, actor: int, effect: Effect, targets: list[Chara], source: Chara | None,
) -> list[dict[str, Any]]:
    """The ops a scripted effect performs for these targets."""
    assert effect.script is not None
    ops: list[dict[str, Any]] = []
    for step in effect.script:
        kind = step["op"]
        if kind == "disable":
            ops.append({"op": "disable"})
        elif kind in ("draw", "put_point"):
            who = actor if step.get("who", "self") == "self" else 1 - actor
            op: dict[str, Any] = {"op": kind, "p": who, "n": step.get("n", 1)}
            if kind == "put_point" and "face" in step:
                op["face"] = step["face"]
            ops.append(op)
        else:
            for c in _subjects(g, actor, step.get("target", "self"), targets, source):
                ops.append(_chara_op(kind, step, c))
    return ops


def _subjects(g: GameState, actor: int, key: str, targets: list[Chara], source: Chara | None) -> list[Chara]:
    if key == "self":
        return [source] if source is not None else []
    if key == "all_own":
        return list(g.players[actor].main)
    if key == "all_opponent":
        return list(g.players[1 - actor].main)
    idx = resolve_target_key(key)
    if idx is None or idx >= len(targets):
        return []
    return [targets[idx]]


def _chara_op(kind: str, step: Mapping[str, Any], c: Chara) -> dict[str, Any]:
    op: dict[str, Any] = {"op": kind, "p": c.owner, "card": c.card}
    if kind == "modify":
        op["ap"] = step.get("ap", 0)
        op["dp"] = step.get("dp", 0)
        op["until"] = step.get("until", "turn_end")
    elif kind == "grant":
        op["what"] = step["what"]
        op["until"] = step.get("until", "turn_end")
    elif kind == "coin":
        op["coin"] = step.get("coin", "+10/+10")
        op["n"] = step.get("n", 1)
    elif kind == "move":
        op["from"] = c.area
        op["to"] = step["to"]
    return op


def same_ops(given: Sequence[Mapping[str, Any]], computed: Sequence[Mapping[str, Any]]) -> bool:
    """Compare ops with defaults filled (``until`` turn_end)."""
    def norm(op: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(op)
        if out["op"] in ("modify", "grant"):
            out.setdefault("until", "turn_end")
            if out["op"] == "modify":
                out.setdefault("ap", 0)
                out.setdefault("dp", 0)
        return out
    return [norm(o) for o in given] == [norm(o) for o in computed]
