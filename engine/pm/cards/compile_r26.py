"""Clause readers of the twenty-sixth compiler round (issue 20, helper h20r26), registered with
:mod:`engine.pm.cards.compile_phrases` and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph

# "when / every time you play an Event" said with the player as the subject (自分がイベントカードをプレイした場合 /
# するごとに) = 自分のイベントカードがプレイされた場合 (``own_event``); the opponent's every time (``opp_event``);
# "every time an Event is played" by either player (イベントカードがプレイされるごとに), as its 場合 form is read
ph._OWN_TRIGGERS.extend([
    (r"(?:このカードは、)?自分がイベントカードをプレイ(?:した場合|するごとに)、", "own_event", {}),
    (r"(?:このカードは、)?相手がイベントカードをプレイするごとに、", "opp_event", {}),
    (r"(?:このカードは、)?イベントカードがプレイされるごとに、", "own_event|opp_event", {}),
])


def this_from_point(ctx: ph.Ctx) -> list[ph.Step]:
    """"Put this card onto the Area" after a trigger heard in the Point Zone (このカードが(自分の)ポイント置き場に置かれた
    場合、 / 相手のアプローチによって…): this card from the Point Zone (``pick`` ``from: "point"`` with ``this_card``); a
    card no longer there is not moved."""
    step: ph.Step = {"op": "pick", "from": "point", "to": "area", "n": 1, "filter": {}, "this_card": True}
    if ctx.may:
        step["up_to"] = True
    return [step]


@ph.reads(r"(?:自分の)?ポイント置き場にあるこのカードを場に出す")
def _this_from_point(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """The same with the Point Zone named; elsewhere than after a trigger heard there: not read."""
    if not ctx.in_point:
        raise ph.NotUnderstood(m[0])
    return this_from_point(ctx)


def _approached_turn(text: str, ctx: ph.Ctx) -> dict[str, Any] | None:
    """"In a turn in which X approached" (Xがアプローチ(に参加)したターンの): this turn's history of approaches by a
    Chara fitting X (printed facts only, as round 17 counts them), one or more. X "other than this card" is not read
    (the turn log names cards, and a copy of this card is the same card)."""
    m = re.fullmatch(r"(?P<np>[^、。]+?)がアプローチ(?:に参加)?したターンの", text)
    if m is None:
        return None
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.unheld() or p.other_than_that or m["np"].startswith("このカード"):
        raise ph.NotUnderstood(text)
    f = {k: v for k, v in p.card_filter().items() if k != "side"}
    if set(f) - ph._PRINTED:
        raise ph.NotUnderstood(text)
    who = {"self": "self", "opponent": "opponent"}.get(p.spec.get("side", ""), "any")
    return {"history": {"event": "approach", "filter": f, "who": who, "at_least": 1}}


ph.MORE_CONDITIONS.append(_approached_turn)


_GAINS_AND_NOT_BY = re.compile(r"(?P<conds>(?:[^、。]+?(?:場合|間)、){1,2})(?P<g>[^。]+?を得る)とともに、(?P<other>[^、。]+?)"
                               r"には妨害されない")


def gains_and_not_interfered(rest: str, ctx: ph.Ctx) -> ph.Got | None:
    """A Chara's own continuous "this card, while C, gets G and is not interfered by X" (このカードは、C場合、Gを得る
    とともに、Xには妨害されない): G read as the same sentence without the second part, and the grant on itself under
    the same condition(s), "lower than this card's" measured against it (round 25). None: not this wording."""
    m = _GAINS_AND_NOT_BY.fullmatch(rest)
    if m is None or ctx.card.type != "chara" or re.search("妨害されている|を妨害している", m["conds"]):
        return None
    first = ph._static(f"このカードは、{m['conds']}{m['g']}", ctx)
    if first.trigger is not None or ctx.targets or any(s.get("target") != "self" for s in first.steps):
        raise ph.NotUnderstood(rest)
    spec = ph._chara(m["other"], ctx, ph._THIS)
    grant: ph.Step = {"op": "grant", "target": "self", "what": {"not_interfered_by": spec}, "until": "turn_end"}
    return ph.Got([*first.steps, grant], condition=first.condition)


_JOINED_GAIN = re.compile(r"このカードは、(?P<c>[^、。]+?)場合、(?P<g>[^、。]+?(?:、[^、。]+?)?を得る)とともに、"
                          r"(?P<on>アプローチした|アプローチでポイントを与えた)場合、(?P<then>.+)")
_ON = {"アプローチした": "approach", "アプローチでポイントを与えた": "gave_point"}


def joined_gain_trigger(text: str, ctx: ph.Ctx) -> ph.Got | None:
    """"This card, while C, gets G, and when it approaches / gives a point by approaching, B" (このカードは、C場合、Gを
    得るとともに、アプローチでポイントを与えた場合、B): round 15's reading without a cost change: G in force while C holds
    (``static`` steps, G read as that sentence alone), B a trigger under the same C. None: not this wording."""
    m = _JOINED_GAIN.fullmatch(text)
    if m is None or ctx.card.type != "chara":
        return None
    gained = ph._static(f"このカードは、{m['c']}場合、{m['g']}", ctx)
    if gained.trigger is not None or ctx.targets or any(s.get("target") != "self" for s in gained.steps):
        raise ph.NotUnderstood(text)
    steps = ph.body(m["then"], ctx)
    if ctx.targets or ctx.may:
        raise ph.NotUnderstood(m["then"])  # a choice of its own in the triggered part: not read here
    static = [{**s, "static": True} for s in gained.steps]
    return ph.Got([*steps, *static], trigger=_ON[m["on"]], condition=gained.condition)
