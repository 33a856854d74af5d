"""Clause readers of the tenth round (issue 20, helper h20r10), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- every card of a kind in a zone moved ("all players' / your / the opponent's discard (hand): all X to Y"): one
  ``pick`` ``all`` per player whose zone it is, nothing to choose;
- "for each card this effect discarded / removed" (この効果で捨て札にしたカード1枚につき): the cards the pick before
  moved (``per: {"picked": "cards"}``, checked by the compiler to stand in that pick's ``then``).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np, reads

#: whose zone (the words before it): the players whose cards move
_WHOSE = {"": ["self"], "自分の": ["self"], "相手の": ["opponent"], "全てのプレイヤーの": ["self", "opponent"]}
#: the zone named, and whether the words may name another player's (the hand is named without 自分の)
_ZONE = {"捨て札置き場": "discard", "手札": "hand"}
_TO = {"捨て札にする": "discard", "ゲームから取り除く": "removed", "手札に加える": "hand", "手札に戻す": "hand"}


@reads(r"(?P<whose>自分の|相手の|全てのプレイヤーの)?(?P<zone>捨て札置き場|手札)にある全ての(?P<np>[^、。]+?)を"
       r"(?P<to>" + "|".join(_TO) + ")")
def _all_in_zone(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(Every player's / your / the opponent's) discard (hand): every X to Y": all of them, none chosen, so whose
    choice it is does not matter; each player's cards are one ``pick`` ``all`` from their own zone."""
    src, dst = _ZONE[m["zone"]], _TO[m["to"]]
    if src == dst or ctx.may or (src == "hand" and m["whose"] is not None) or (src == "discard" and not m["whose"]):
        raise NotUnderstood(m[0])  # "your hand" is written 手札; a discard is always named with its owner
    p = _np(m["np"], ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or not p.holds_card_filter():
        raise NotUnderstood(m[0])
    return [{"op": "pick", "who": who, "from": src, "to": dst, "n": 1, "filter": p.card_filter(), "all": True}
            for who in _WHOSE[m["whose"] or ""]]


_MOVED = {"捨て札にした": "discard", "ゲームから取り除いた": "removed", "取り除いた": "removed"}


def _per_moved(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"For each card this effect discarded / removed" (この効果で捨て札にしたカード1枚につき、): the cards the pick
    before moved. The compiler keeps it only in the ``then`` of that pick (compiler._per_picked)."""
    m = re.fullmatch(r"この効果で(?P<v>" + "|".join(_MOVED) + r")カード1枚につき、", text)
    if m is None:
        return None
    return {"picked": "cards", "_moved": _MOVED[m["v"]]}


ph.MORE_PERS.insert(0, _per_moved)


# -- continuous effects composed: a subject, an optional condition, verb phrases joined by ず、 ------------------------

#: "cannot approach / interfere" on every Chara of a kind: the grant
_KIND_BANS = {"アプローチ": "cannot_approach", "妨害": "cannot_interfere"}


def kind_ban(text: str, ctx: Ctx) -> list[Step] | None:
    """"Every X cannot approach / interfere / interfere your Y" (全ての X は、…できない) as a continuous effect: a grant
    on each Chara fitting X (``{"all": spec}``, either player's unless X names one). "Cannot interfere your Y" reaches
    only the opponent's Charas of the kind (one's own never interfere one's own Charas), its spec without the side
    (seen from the interfering Chara's owner, whose opponent's Charas are all it can interfere)."""
    m = re.fullmatch(r"(?P<np>[^、。]*全ての[^、。]+?)は、(?:(?P<other>[^、。]+?)を)?(?P<what>アプローチ|妨害)"
                     r"(?:に参加)?(?:することが)?できない", text)
    if m is None:
        return None
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name") or not p.all or p.same_name or p.other_than_that:
        raise NotUnderstood(text)
    spec = p.chara_spec(every=True)
    if m["other"] is None:
        return [{"op": "grant", "target": {"all": spec}, "what": _KIND_BANS[m["what"]], "until": "turn_end"}]
    other = _np(m["other"], ctx)
    if m["what"] != "妨害" or other.head not in ("chara", "name") or other.all or other.same_name \
            or other.other_than_that or other.spec.get("side") != "self" or spec.get("side") == "self":
        raise NotUnderstood(text)
    whom = {k: v for k, v in other.chara_spec().items() if k != "side"}
    return [{"op": "grant", "target": {"all": {**spec, "side": "opponent"}}, "what": {"cannot_interfere_with": whom},
             "until": "turn_end"}]


def coordinated(text: str, ctx: Ctx, static: Any) -> ph.Got | None:
    """"S は、(C 場合/間、)V1ず、V2" (the subject's verb phrases joined by ず、, the condition over all of them): each
    "S は、Vi" read as a continuous effect of its own by ``static`` (the reader of one), the condition once for all.
    None when the text has no ず、; a part not read (or one with a condition of its own) leaves it unread."""
    m = re.fullmatch(r"(?P<subj>[^、。]+?)は、(?:(?P<c>[^、。]+?)(?:場合|間)、)?(?P<vps>[^。]+ず、[^。]+)", text)
    if m is None:
        return None
    parts = m["vps"].split("ず、")
    if any(not x or ("、" in x and x is not parts[-1]) for x in parts):
        raise NotUnderstood(text)
    steps: list[Step] = []
    for vp in [x + "ない" for x in parts[:-1]] + [parts[-1]]:
        got = static(f"{m['subj']}は、{vp}", ctx)
        if got.condition or got.trigger:
            raise NotUnderstood(vp)
        steps += got.steps
    return ph.Got(steps, condition=ph.condition(m["c"], ctx) if m["c"] else {})


#: continuous steps that heed a step's own ``if`` (engine.pm.stats.self_steps / wide_steps; a ban:
#: engine.pm.static_bans)
_IF_HEEDED = frozenset({"grant", "modify", "forbid"})


def sentences(text: str, ctx: Ctx, static: Any) -> ph.Got | None:
    """A continuous effect of several sentences, each a continuous effect of its own (read by ``static``): their
    steps together. A sentence's condition becomes its steps' own ``if`` when the conditions differ (only on steps
    the engine reads it on); None for a single sentence."""
    parts = ph._top_sentences(text)
    if len(parts) < 2:
        return None
    got = [static(x, ctx) for x in parts]
    if any(x.trigger for x in got):
        raise NotUnderstood(text)
    if all(x.condition == got[0].condition for x in got):
        return ph.Got([s for x in got for s in x.steps], condition=got[0].condition)
    steps: list[Step] = []
    for x in got:
        if x.condition and any(s["op"] not in _IF_HEEDED or "if" in s for s in x.steps):
            raise NotUnderstood(text)
        steps += [s | {"if": x.condition} if x.condition else s for s in x.steps]
    return ph.Got(steps)


@reads(r"(?P<np>[^、。]+?)(?P<n>\d+)枚は、(?P<ap>[+\-±]\d+)/(?P<dp>[+\-±]\d+)を得る")
def _lasting_modify(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"N X get +A/+D" with no end named: until the turn ends (an effect with no stated duration lasts for its turn:
    000 ⑬ "Effect Duration"; 001's general rules)."""
    return [{"op": "modify", "target": t, "ap": ph._num(m["ap"]), "dp": ph._num(m["dp"]), "until": "turn_end"}
            for t in ph._subjects(m["np"], m["n"], ctx)]
