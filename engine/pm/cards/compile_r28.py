"""Readings of the twenty-eighth compiler round (issue 20, helper h20r28).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from engine.pm.cards import compile_phrases as ph

_MODAL_HEAD = "このカードをプレイする場合、以下から1つ選択する。"
_MODE = re.compile(r"[・･]\[(?P<phase>メイン|アプローチ)/(?P<side>自分|相手|両方)\]:(?P<text>[^・･]+)")
_PHASES = {"メイン": "main", "アプローチ": "approach"}
_SIDES = {"自分": True, "相手": False, "両方": None}


def timed_modes(text: str, ctx: ph.Ctx) -> ph.Got | None:
    """A modal Event whose modes differ (このカードをプレイする場合、以下から1つ選択する。・[T1]:A。・[T2]:B): a mode
    may be chosen only in its own timing (rule book 001 on the timing brackets: [メイン] the Main Phase, [アプローチ]
    the Approach Phase, [自分] / [相手] / [両方] whose turn), so where no two timings overlap the play's timing names
    the one mode and there is no choice to log: each mode is an ``if`` on its timing (``phase``, ``own_turn``).
    A mode's targets are required when the play's timing runs it and never named otherwise (round 29: each target
    made in a mode carries the mode's timing as ``required_if``; rule book 000, playing a card, step 3, and 001 on
    targets: the running mode's target must be designated). Timings that overlap (the player would choose,
    unlogged), a [拒否] mode, a mode not read, or a mode acting on another mode's target: not read. None: not this
    shape."""
    if not ctx.card.timings or not text.startswith(_MODAL_HEAD):
        return None
    rest = text[len(_MODAL_HEAD):]
    modes = list(_MODE.finditer(rest))
    if len(modes) < 2 or "".join(m[0] for m in modes) != rest:
        raise ph.NotUnderstood(rest)
    when = [(_PHASES[m["phase"]], _SIDES[m["side"]]) for m in modes]
    for (p1, s1), (p2, s2) in combinations(when, 2):
        if p1 == p2 and (s1 is None or s2 is None or s1 == s2):
            raise ph.NotUnderstood("two modes in one timing: the player's choice, not logged")
    if ctx.targets:
        raise ph.NotUnderstood("a target named before the modes")
    ctx.in_mode = True  # a target of a mode is chosen only when the mode is
    steps = []
    for m, (phase, side) in zip(modes, when, strict=True):
        cond: dict[str, Any] = {"phase": phase} | ({} if side is None else {"own_turn": side})
        before = len(ctx.targets)
        do = ph.body(m["text"].rstrip("。"), ctx)
        if ctx.may or ctx.condition or not do:
            raise ph.NotUnderstood(m["text"])
        for t in ctx.targets[before:]:
            t["required_if"] = dict(cond)  # (one the text lets the player leave out, まで, stays so: up_to)
        if _names_earlier_targets(do, before):
            raise ph.NotUnderstood("a mode acting on a target of another mode")
        steps.append({"op": "if", "cond": cond, "do": do})
    ctx.in_mode = False
    return ph.Got(steps)


def _names_earlier_targets(x: Any, before: int) -> bool:
    """Whether a mode's steps ``x`` name one of the first ``before`` targets (made by an earlier mode, never named
    with this one)."""
    if isinstance(x, dict):
        return any(_names_earlier_targets(v, before) for v in x.values())
    if isinstance(x, list):
        return any(_names_earlier_targets(v, before) for v in x)
    return isinstance(x, str) and (x == "target" or (x.startswith("target:") and int(x[7:]) < before)) and before > 0


_DESIGNATED = r"(?:指定された|指定した)キャラ"


def _designated(ctx: ph.Ctx) -> list[str]:
    """The targets the last clause that named Charas named (指定したキャラ: all the Charas designated there)."""
    if not ctx.targets:
        raise ph.NotUnderstood("no Chara was designated")
    last = ctx.target_clause[-1]
    return [f"target:{k}" for k, c in enumerate(ctx.target_clause) if c == last]


def _one_designated(ctx: ph.Ctx) -> str:
    (key,) = _designated(ctx) if len(_designated(ctx)) == 1 else (None,)
    if key is None:
        raise ph.NotUnderstood("several Charas designated: which one? not read")
    return key


@ph.reads(rf"(?:このターン、)?{_DESIGNATED}は、(?:このターン、)?このカードを妨害(?:することが)?できない")
def _designated_cannot_interfere_this(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"This turn, the designated Charas cannot interfere this card" (every Chara the clause before designated): a
    ``cannot_interfere_with`` grant naming this Chara (``chara`` ``self``: bound to it when granted)."""
    if ctx.may or ctx.card.type != "chara" or ctx.in_discard or ctx.in_point:
        raise ph.NotUnderstood(m[0])
    return [{"op": "grant", "target": t, "what": {"cannot_interfere_with": {"chara": "self"}}, "until": "turn_end"}
            for t in _designated(ctx)]


@ph.reads(rf"(?:このターン、)?(?P<np>[^、。]+?)(?P<n>\d+)枚は、(?:このターン、)?{_DESIGNATED}"
          r"(?P<how>を妨害(?:することが)?できない|に妨害されない)")
def _against_designated(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"This turn, N X cannot interfere the designated Chara / are not interfered by the designated Chara": a
    ``cannot_interfere_with`` / ``not_interfered_by`` grant naming the one Chara designated before (``chara``: its
    target, bound to it when granted). Several designated, or a "may": not read."""
    if ctx.may:
        raise ph.NotUnderstood(m[0])
    named = _one_designated(ctx)
    key = "cannot_interfere_with" if m["how"].startswith("を") else "not_interfered_by"
    return [{"op": "grant", "target": t, "what": {key: {"chara": named}}, "until": "turn_end"}
            for t in ph._subjects(m["np"], m["n"], ctx)]


def none_there(text: str, ctx: ph.Ctx) -> dict[str, Any] | None:
    """"No X is there" (自分のキャラがいない, 自分の「A」がいない): the condition "X is there" (…がいる, as read) not
    holding; under this card's entry (…がいない状態で登場した場合) the entering card is not one of them
    (compile_phrases ``_trigger``). None: not this wording."""
    m = re.fullmatch(r"(?P<np>[^、。]+?)がいない", text)
    if m is None:
        return None
    there = ph.condition(f"{m['np']}がいる", ctx)
    if set(there) - {"count", "has_name"}:
        raise ph.NotUnderstood(text)
    return {"not": there}


ph.MORE_CONDITIONS.append(none_there)


@ph.reads(r"(?P<np>[^、。]+?)(?P<n>1)枚をメインエリアまたはサポートエリアに移す")
def _to_either_area(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"Move one X to the Main Area or the Support Area": the player chooses the area (a ``choose`` of two ``move``
    modes on the one Chara; the area it is in already does nothing, so the engine holds the player to the other
    when that one can be done). A "may" other than the effect's own (its opening clause): not read."""
    if ctx.may and not ctx.opening:
        raise ph.NotUnderstood(m[0])
    who = ph._subjects(m["np"], m["n"], ctx)
    if len(who) != 1 or not str(who[0]).startswith("target:"):
        raise ph.NotUnderstood(m[0])
    return [{"op": "choose", "n": 1, "modes": [[{"op": "move", "target": who[0], "to": area}] for area in ("main", "support")]}]
