"""Clause readers of the twenty-first compiler round (issue 20, helper h20r21), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

- "X gets, until the end of the turn, usage cost ±N with keywords and / or ±A/±D" (…は、ターン終了時まで使用コスト+N、
  +A/-Dを得る; 〔我慢〕、使用コスト+Nを得る): a cost ``grant`` (engine.pm.stats.chara_cost reads it on the Area) beside
  the keyword grants and the AP/DP change, in the order written.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import MOD, Ctx, NotUnderstood, Step, reads

#: a run of keywords granted (〔アクティブ〕〔我慢〕…), possibly empty; named ``g``
_KW_RUN = r"(?:〔(?:アクティブ|強引|我慢|突破\d+|天然\+?\d+)〕、?)*"


@reads(rf"{ph._WHO_N}は、ターン終了時まで(?P<a>{_KW_RUN})使用コスト(?P<cost>[+-]\d+)(?:、(?P<b>{_KW_RUN})(?:{MOD})?)?を得る")
def _cost_with_gains(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X gets usage cost ±N (and keywords, ±A/±D) until the end of the turn": a ``grant`` ``{"cost": N}`` on each
    subject, the keywords written before and after it, then the AP/DP change. Something after the cost must be
    there (a cost alone is compile_r15's reading)."""
    if not (m["a"] or m["b"] or m["ap"] is not None):
        raise NotUnderstood(m[0])
    out: list[Step] = []
    for t in ph._subjects(m["np"], m["n"], ctx):
        out.extend(ph.kw_grants(m["a"], t))
        out.append({"op": "grant", "target": t, "what": {"cost": int(m["cost"])}, "until": "turn_end"})
        out.extend(ph.kw_grants(m["b"], t))
        if m["ap"] is not None:
            out.append(ph._mod_step(t, m["ap"], m["dp"], "turn_end"))
    return out


#: "for each card the step before moved" without この効果で (捨て札にした場合、捨て札にしたカード1枚につき): the zone
_MOVED = {"捨て札にした": "discard", "手札に移した": "hand", "手札に加えた": "hand", "手札に戻した": "hand"}


def _per_moved(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"For each card (that was) discarded / moved to the hand" (捨て札にしたカード1枚につき、, 手札に移した…): the cards
    the pick before moved, as compile_r10's この効果で… (the compiler keeps it only first in the ``then`` of a pick to
    that zone: compiler._per_picked)."""
    m = re.fullmatch(r"(?P<v>" + "|".join(_MOVED) + r")カード1枚につき、?", text)
    if m is None:
        return None
    return {"picked": "cards", "_moved": _MOVED[m["v"]]}


ph.MORE_PERS.insert(0, _per_moved)


@reads(r"(?P<per>[^、。]+?1枚につき、?)デッキの上のカード(?P<n>\d+)枚を自分のポイント置き場に(?P<face>表向きで|裏向きで)?置く")
def _put_point_per(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"For each card moved, put N from the deck's top into your Point Zone": ``put_point`` with ``per`` (counted
    when it runs, engine.pm.script._put_point)."""
    per = ph._per(m["per"] if m["per"].endswith("、") else m["per"] + "、", ctx)
    if not per or "picked" not in per:
        raise NotUnderstood(m[0])
    step: Step = {"op": "put_point", "who": "self", "n": int(m["n"]), "per": per}
    if m["face"] == "裏向きで":
        step["face"] = "down"
    return [step]

