"""Scripted effects: effect scripts as data over the fixed set of ops, and the targets they take.

A script (a card effect entry's ``"do"``) is a list of steps run by :mod:`engine.pm.script`;
the steps, Chara specs, filters and conditions are listed in docs/log-extensions.md. A step
names whom it concerns with ``target``: ``"self"`` (the effect's own Chara), ``"target"`` /
``"target:K"`` (the K-th entry of the action's ``targets``), ``"all_own"``, ``"all_opponent"``,
``{"all": spec}`` (every Chara fitting a spec) or ``"subject"`` (round 30: in an automatic effect listening for another
Chara's event, the Chara it happened to, while it stays on the Area: そのキャラ).

An effect's ``targets`` list says what each target must be: a Chara spec
(:mod:`engine.pm.conditions`), e.g. ``{"side": "opponent", "area": "main", "max_cost": 2}``;
``"optional": true`` lets it be left out when no Chara could be it as the step using it runs
(engine.pm.script.Run.require_target), ``"up_to": true`` besides lets it be left out anyway (まで),
``"distinct": false`` lets it repeat an earlier one. ``"required_if": condition`` (round 29) is the target of a mode
that runs exactly when the condition holds (a timed mode of an Event: its ``phase`` / ``own_turn``): when it holds
the target is required as a non-optional one is, when it does not the target is never named (:func:`target_required`,
:func:`target_unused`). A ``null`` in the action's ``targets`` leaves that target out while naming later ones (a
target that only a mode not chosen uses: docs/log-extensions.md); a step that uses it reads it as left out.

>>> from engine.pm.effects import resolve_target_key
>>> resolve_target_key("target:1")
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.asplayed import refuse
from engine.pm import conditions, static_bans, stats
from engine.pm.cards import Effect
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


def targetable(g: GameState, c: Chara, actor: int, by: str | None = None) -> bool:
    """Whether ``actor``'s effect may choose ``c`` as its target: not when ``c`` is the opponent's and untargetable
    (engine.pm.stats.can_be_targeted), nor when it holds an ``{"untargetable_by": kind}`` grant for the kind of card
    ``by`` names (the effect's own card: ``"event"``, ``"chara"``, ``"support"``; 相手のイベントカードの効果の対象に
    ならない: rule book 001's glossary, 「対象にならない」: such a card cannot be designated)."""
    if not stats.can_be_targeted(g, c, actor):
        return False
    if by is None or c.owner == actor or not stats.may_hold_grants(g, c):
        return True
    return by not in stats.grant_values(g, c, "untargetable_by")


def target_charas(g: GameState, actor: int, refs: Sequence[Mapping[str, Any] | None],
                  by: str | None = None) -> list[Chara | None]:
    """The Charas an action's ``targets`` name (None for a ``null``: a target left out); ``effect.target`` when one
    is absent or untargetable (``by``: the kind of the effect's card, see :func:`targetable`)."""
    out: list[Chara | None] = []
    for i, ref in enumerate(refs):
        if ref is None:
            out.append(None)
            continue
        c = find_chara(g.players[ref["p"]], ref["card"])
        if c is None:
            raise illegal("effect.target", f"target {i}: {describe(g, ref['card'])} is not on player {ref['p']}'s Area")
        if not targetable(g, c, actor, by):  # as played it is taken all the same (docs/as-played.md)
            refuse(illegal("effect.target", f"target {i}: {describe(g, c.card)} cannot be targeted"), "target")
        out.append(c)
    return out


def target_required(g: GameState, actor: int, want: Mapping[str, Any], source: Chara | None = None) -> bool:
    """Whether a target must be named now: a non-optional one, or the target of a mode that runs now (its
    ``required_if`` holds; not one the text lets the player leave out anyway, ``up_to``). Rule book 000 (playing a
    card, step 3) and 001 on targets: the effect being used designates its targets, and one it requires that cannot
    be designated stops the play."""
    if not want.get("optional"):
        return True
    cond = want.get("required_if")
    return cond is not None and not want.get("up_to") and conditions.holds(g, actor, cond, source)


def target_unused(g: GameState, actor: int, want: Mapping[str, Any], source: Chara | None = None) -> bool:
    """Whether a target belongs to a mode that does not run now (its ``required_if`` does not hold): it is not
    designated, so it may not be named."""
    cond = want.get("required_if")
    return cond is not None and not conditions.holds(g, actor, cond, source)


def check_target_spec(g: GameState, actor: int, effect: Effect, charas: list[Chara | None],
                      source: Chara | None = None) -> None:
    """Check a scripted effect's targets against its ``targets`` spec (a None, a ``null`` in the log, is a target
    left out: only an optional one may be; whether it had to be named is ruled when a step uses it,
    engine.pm.script.Run.require_target; the target of a mode that runs now must be named, one of a mode that
    does not run may not be: ``required_if``)."""
    spec = effect.targets
    if len(charas) < sum(1 for s in spec if not s.get("optional")):
        raise illegal("effect.target", f"the effect needs {len(spec)} target(s); {len(charas)} given")
    if len(charas) > len(spec):
        raise illegal("effect.target", f"the effect takes {len(spec)} target(s); {len(charas)} given")
    for i, want in enumerate(spec):
        if "required_if" not in want:
            continue
        named = i < len(charas) and charas[i] is not None
        if not named and target_required(g, actor, want, source):
            raise illegal("effect.target", f"target {i} is left out: the mode this play runs now "
                                           f"({dict(want['required_if'])}) needs it")
        if named and target_unused(g, actor, want, source):
            raise illegal("effect.target", f"target {i} belongs to a mode that does not run now "
                                           f"({dict(want['required_if'])} does not hold): it is not designated")
    for i, (want, c) in enumerate(zip(spec, charas, strict=False)):
        if c is None:
            if not want.get("optional"):
                raise illegal("effect.target", f"target {i} is null: the effect needs it")
            continue
        problem = _spec_problem(g, actor, want, c, source)
        if problem:  # as played a Chara that does not fit is taken all the same
            refuse(illegal("effect.target", f"target {i}: {describe(g, c.card)} {problem}"), "target")
        elif want.get("distinct", True) and any(x is not None and x.uid == c.uid for x in charas[:i]):
            raise illegal("effect.target", f"target {i}: {describe(g, c.card)} is named twice")


def _spec_problem(g: GameState, actor: int, want: Mapping[str, Any], c: Chara, source: Chara | None = None) -> str | None:
    return conditions.chara_problem(g, actor, want, c, source)


def possible_targets(g: GameState, actor: int, effect: Effect, index: int = 0, source: Chara | None = None,
                     by: str | None = None) -> list[Chara]:
    """Every Chara that could be the ``index``-th target of a scripted effect (``by``: its card's kind)."""
    if index >= len(effect.targets):
        return []
    want = effect.targets[index]
    return [c for p in g.players for c in p.area()
            if targetable(g, c, actor, by) and _spec_problem(g, actor, want, c, source) is None]


def can_resolve(g: GameState, actor: int, effect: Effect, source: Chara | None = None, by: str | None = None) -> bool:
    """False when a required target of a scripted effect has no candidate, or its condition does not hold."""
    if effect.condition and not conditions.holds(g, actor, effect.condition, source):
        return False
    return targets_available(g, actor, effect, source, by)


def targets_available(g: GameState, actor: int, effect: Effect, source: Chara | None = None,
                      by: str | None = None) -> bool:
    """False when a required target of a scripted effect has no candidate on the Area now (``by``: its card's
    kind)."""
    required = [i for i, s in enumerate(effect.targets) if target_required(g, actor, s, source)]
    if not required:
        return True
    if len(required) == 1:  # the common case: one candidate is enough
        want = effect.targets[required[0]]
        return any(targetable(g, c, actor, by) and _spec_problem(g, actor, want, c, source) is None
                   for p in g.players for c in p.area())
    options = {i: possible_targets(g, actor, effect, i, source, by) for i in required}
    if not all(options.values()):
        return False
    distinct = [i for i in required if effect.targets[i].get("distinct", True)]  # each a different Chara
    return len({c.uid for i in distinct for c in options[i]}) >= len(distinct)


def no_text(g: GameState, c: Chara) -> bool:
    """True when a grant bars ``c``'s texts now: ``no_text``, or ``{"no_text_from": turn}`` from that turn on ("during
    the next turn", MHK 01-119)."""
    return any(w == "no_text" or (isinstance(w, dict) and "no_text_from" in w and g.turn >= int(w["no_text_from"]))
               for w, _ in c.grants)


def text_forbidden(g: GameState, c: Chara) -> bool:
    """True when an effect forbids using ``c``'s texts (as :func:`engine.pm.play.check_text_allowed` rules). Using a
    text is Effect Usage of a Movement (activated) effect (rule book 000 "Regarding Effect Usage"): an automatic effect
    that fires or a continuous one is no use, so this bars activated effects only."""
    if c.grants and no_text(g, c):
        return True
    return any(q == c.owner and kind == "text" and (until is None or until >= g.turn) and ban_fits(g, c.card, f, c)
               for q, kind, f, until in g.bans)


def entry_ban(g: GameState, p: int, card_id: str, zone: str) -> Mapping[str, Any] | None:
    """The card filter of a ``forbid`` ``summon`` (登場させることができない) that bars ``card_id`` from entering player
    ``p``'s Area from ``zone`` now, else None. 登場 is every entry onto the Area (rule book 000 "Regarding 'Appear in
    Area'"), by a summon or by an effect; "cost N or more" of a card in the hand reads its cost as changed there."""
    for q, kind, f, until in static_bans.bans(g):  # forbid ops' and continuous effects' (engine.pm.static_bans)
        if q == p and kind == "summon" and (until is None or until >= g.turn) \
                and conditions.card_matches(g, g.card(card_id), f, p, zone):
            return f
    return None


def ban_fits(g: GameState, card_id: str, f: Mapping[str, Any], holder: Chara | None) -> bool:
    """Whether a text ban's card filter fits ``card_id``; for a Chara on the Area its usage cost there counts
    (stats.chara_cost: levels and cost grants), as "Charas of usage cost N" names the Charas as they stand."""
    if holder is None or not ({"max_cost", "min_cost"} & f.keys()):
        return conditions.card_matches(g, g.card(card_id), f, holder.owner if holder is not None else 0)
    cost = stats.chara_cost(g, holder)
    if cost is None or ("max_cost" in f and cost > int(f["max_cost"])) or ("min_cost" in f and cost < int(f["min_cost"])):
        return False
    rest = {k: v for k, v in f.items() if k not in ("max_cost", "min_cost")}
    return conditions.card_matches(g, g.card(card_id), rest, holder.owner)


def targets_from_ops(effect: Effect, ops: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """With ``ops`` alone, the targets are the Charas the ops name, in order (as many as the spec takes)."""
    refs: list[dict[str, Any]] = []
    for op in ops:
        if "card" in op and op.get("op") in CHARA_OPS and (op.get("op") != "move" or op.get("from") in ("main", "support")):
            ref = {"p": op["p"], "card": op["card"]}
            if ref not in refs:
                refs.append(ref)
    return refs[: len(effect.targets)]


def slots_from_ops(g: GameState, actor: int, effect: Effect, charas: list[Chara | None], source: Chara | None = None,
                   by: str | None = None) -> list[Chara | None]:
    """The Charas ops alone name (:func:`targets_from_ops`), in the targets they fit: as they come when each fits its
    position, else each in the first target from there on that it fits, the ones passed over left out (a mode's
    target named while an earlier mode's is not: ops alone stand for the choice they show). When they cannot all be
    placed so, as they come (the spec check says what is wrong)."""
    specs = effect.targets

    def fits(c: Chara, i: int) -> bool:
        return targetable(g, c, actor, by) and _spec_problem(g, actor, specs[i], c, source) is None \
            and not target_unused(g, actor, specs[i], source)

    if all(c is None or fits(c, i) for i, c in enumerate(charas)):
        return charas
    out: list[Chara | None] = []
    for c in charas:
        if c is None:
            return charas
        while len(out) < len(specs) and not fits(c, len(out)):
            if target_required(g, actor, specs[len(out)], source):
                return charas
            out.append(None)
        if len(out) == len(specs):
            return charas
        out.append(c)
    return out


CHARA_OPS: Final = frozenset({"modify", "grant", "coin", "rest", "activate", "move"})
