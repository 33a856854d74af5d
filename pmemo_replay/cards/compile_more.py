"""More clause readers (registered with :func:`pmemo_replay.cards.compile_phrases.reads`, tried after the first ones).

Each reads one stock clause into steps, like those in :mod:`compile_phrases`; a part it does not know raises
:class:`~pmemo_replay.cards.compile_phrases.NotUnderstood`.
"""

from __future__ import annotations

import re
from typing import Any

from pmemo_replay.cards.compile_phrases import Ctx, NotUnderstood, Step, _np, _pick, _subjects, clause, reads


@reads(r"(?P<np>[^、。]+?)は、(?P<a>[^、。]+?を得る)とともに、(?P<b>.+)")
def _and_also(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X gets A and B": both, on the same Chara (this card, or the one Chara the first part names)."""
    if ctx.may:
        raise NotUnderstood(m[0])  # "…and may B": which part is optional is not read
    before = len(ctx.targets)
    first = clause(f"{m['np']}は、{m['a']}", ctx)
    if ctx.may:
        raise NotUnderstood(m[0])
    if m["np"] == "このカード":
        who = "このカード"
    elif len(ctx.targets) == before + 1:
        who = "指定したキャラ"
    else:
        raise NotUnderstood(m[0])  # several Charas, or every such Chara: "and" over each is not read
    second = clause(f"{who}は、{m['b']}", ctx)
    if ctx.may:
        raise NotUnderstood(m[0])
    return first + second


@reads(r"(?P<np>[^、。]+?)は、?(?P<end>ターン終了時に)?活動状態になる")
def _becomes_active(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X stands (at the end of the turn)": for this card or a Chara named before."""
    if m["np"] not in ("このカード", "指定したキャラ", "そのキャラ", "指定されたキャラ"):
        raise NotUnderstood(m[0])
    steps: list[Step] = [{"op": "activate", "target": t} for t in _subjects(m["np"], None, ctx)]
    return [{"op": "delay", "on": "turn_end", "do": steps}] if m["end"] else steps


@reads(r"EXデッキから(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?抜き出し、(?P<rested>休息状態で)?場に出す")
def _ex_to_area(m: re.Match[str], ctx: Ctx) -> list[Step]:
    extra: dict[str, Any] = {"rested": True} if m["rested"] else {}
    return [_pick("ex_deck", "area", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **extra)]


@reads(r"このターン、(?P<who>相手|自分)は、(?P<np>.+?)のテキストを使用(?:することが)?できない")
def _no_texts(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This turn, the opponent cannot use the texts of X": a ban on the player."""
    p = _np(m["np"], ctx)
    if p.all or p.same_name or "side" in p.spec:
        raise NotUnderstood(m[0])
    return [{"op": "forbid", "who": "opponent" if m["who"] == "相手" else "self", "what": "text",
             "filter": p.card_filter()}]


@reads(r"(?P<np>[^、。]+?)は、(?:このターン、|ターン終了時まで、?)妨害されない")
def _not_interfered(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X cannot be interfered with this turn": by any Chara."""
    return [{"op": "grant", "target": t, "what": {"not_interfered_by": {}}, "until": "turn_end"}
            for t in _subjects(m["np"], None if m["np"] == "このカード" else "1", ctx)]
