"""Clause readers for steps whose decision is not simply the effect owner's (issue 20, eighth round), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- an optional step on a Chara named before (その後、そのキャラを活動状態にすることができる): the step with ``may``, which
  a log can leave out (engine.pm.script: a ``true`` / ``false`` choice, or the ops);
- a player choosing among their own Charas as the step resolves (相手は、自分のキャラ1枚を捨て札にする; 全てのプレイヤー
  は、…: each player, the effect's player first): the step's target ``{"chosen_by", "spec", "n"}``.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re

from engine.pm.cards.compile_np import phrase
from engine.pm.cards.compile_phrases import _ZONE_TO, Ctx, NotUnderstood, Step, _subjects, reads


@reads(r"そのキャラを(?P<m>休息|活動)状態にする")
def _may_on_that_chara(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(Then / if so,) you may rest / stand that Chara": the Chara named before, a step the player may leave out
    (``may``). Only as a later step: a "may" opening an automatic effect makes the effect optional instead."""
    if not ctx.may or ctx.opening or ctx.in_mode or ctx.alternative:
        raise NotUnderstood(m[0])
    ctx.may = False  # the Chara is one named before: _subjects refuses a "may" on it, which is this step's
    try:
        who = _subjects("そのキャラ", None, ctx)
    finally:
        ctx.may = True
    op = "rest" if m["m"] == "休息" else "activate"
    return [{"op": op, "target": t, "may": True} for t in who]


#: what a player does to the Charas they choose: verb -> (op, extra fields)
_CHOSEN_VERBS = {"休息状態にする": ("rest", {}), "活動状態にする": ("activate", {}),
                 **{verb: ("move", {"to": zone}) for verb, zone in _ZONE_TO.items()
                    if zone in ("hand", "deck_bottom", "discard", "removed") and not verb.startswith("相手")}}


@reads(r"(?P<who>相手|全てのプレイヤー)は、(?P<np>[^、。]+?)(?P<n>\d+)枚を(?P<verb>"
       + "|".join(_CHOSEN_VERBS) + ")")
def _chosen_by_owner(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The opponent (every player) <does> N of their own X": each such player chooses among their own Charas fitting
    X as the step resolves (``chosen_by``); the effect's player does not choose for them."""
    if ctx.may or ctx.in_mode or (ctx.kind == "continuous" and ctx.card.type != "event"):
        raise NotUnderstood(m[0])  # "the opponent may …": their choice whether to; not read. Not a continuous effect
    p = phrase(m["np"], ctx.card.series)
    if p is None or p.head != "chara" or p.all or p.same_name or p.other_than_that or p.spec.get("side") != "self" \
            or "not_self" in p.spec:
        raise NotUnderstood(m["np"])  # their own Charas only ("自分の" seen from the chooser)
    spec = {k: v for k, v in p.spec.items() if k != "side"}
    op, extra = _CHOSEN_VERBS[m["verb"]]
    whom = ["opponent"] if m["who"] == "相手" else ["self", "opponent"]
    return [{"op": op, "target": {"chosen_by": who, "spec": spec, "n": int(m["n"])}, **extra} for who in whom]
