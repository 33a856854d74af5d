"""Readers of the fourteenth compiler round (issue 20, helper h20r14): a card's own usage-cost change on the Area as a
continuous effect."""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards.compile_phrases import _KWS, MOD, Ctx, Got, NotUnderstood, _mod_step, condition, kw_grants

#: a run of keywords written after the cost (使用コスト+N、〔我慢〕を得る)
_KW_RUN = r"(?:〔(?:アクティブ|強引|我慢|突破\d+|天然\+?\d+)〕)+"
#: condition keys that read a usage cost: a condition on a cost change that reads costs would ask for itself
_COST_KEYS = frozenset({"max_cost", "min_cost", "target_cost", "cost"})


def _reads_cost(x: Any) -> bool:
    if isinstance(x, dict):
        return any(k in _COST_KEYS or _reads_cost(v) for k, v in x.items())
    return isinstance(x, list) and any(_reads_cost(v) for v in x)


def own_cost(rest: str, ctx: Ctx) -> Got | None:
    """"This card gets usage cost ±N ((while) C)" (このカードは、(C場合/間、)使用コスト±Nを得る) as a continuous effect:
    a ``grant`` ``{"cost": N}`` on this card, read by engine.pm.stats.chara_cost while it is on the Area (its usage
    cost there, as the decided reading of "usage cost" of a Chara on the Area has it), with the keywords written before
    it (〔天然+4〕、使用コスト+4を得る) or after it (使用コスト+5、〔我慢〕を得る, round 21). None: not this shape. A
    condition that reads a usage cost itself is not read (it could ask for the cost it changes). Round 25: AP/DP after
    the cost (使用コスト+2、+10/+10を得る) and two conditions (自分のターンの間、C場合、), both to hold, of different kinds."""
    m = re.fullmatch(rf"(?:(?P<c>[^、]+?)(?:場合|間)、)?(?:(?P<c2>[^、]+?)(?:場合|間)、)?{_KWS}使用コスト(?P<n>[+-]\d+)"
                     rf"(?:、(?P<after>{_KW_RUN}))?(?:、{MOD})?を得る", rest)
    if m is None or any(c and "手札" in c for c in (m["c"], m["c2"])):
        return None  # not this shape, or the cost in the hand (read with the hand's effects)
    cond = condition(m["c"], ctx) if m["c"] else {}
    if m["c2"]:
        if set(more := condition(m["c2"], ctx)) & set(cond):
            raise NotUnderstood(rest)
        cond.update(more)
    if _reads_cost(cond):
        raise NotUnderstood(rest)
    stats = [_mod_step("self", m["ap"], m["dp"], "turn_end")] if m["ap"] is not None else []
    return Got([*kw_grants(m["kws"], "self"), {"op": "grant", "target": "self", "what": {"cost": int(m["n"])},
                                                 "until": "turn_end"}, *kw_grants(m["after"], "self"), *stats],
               condition=cond)
