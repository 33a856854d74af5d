"""Clause readers of the twenty-third compiler round (issue 20, helper h20r23), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as trigger heads) and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, reads


def _to_point(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card is put into your Point Zone" (このカードが(自分の)ポイント置き場に置かれた場合、), by any means:
    ``to_point``, heard by the card there when it lands face up (engine.pm.triggers.fire_to_point); no Chara is
    "self" in its steps."""
    m = re.match(r"このカードが(?:自分の)?ポイント置き場に置かれた場合、", text)
    if m is None:
        return None
    ctx.in_point = True
    return "to_point", {}, text[m.end():]


ph.MORE_TRIGGERS.append(_to_point)


@reads(r"(?:自分のポイント置き場にある)?このカードを裏向きにする")
def _turn_self_down(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Turn this card face down (in your Point Zone)", after a trigger heard there: ``flip`` ``this_card``."""
    if not ctx.in_point:
        raise NotUnderstood(m[0])
    return [{"op": "flip", "who": "self", "face": "down", "n": 1, "this_card": True} | ({"up_to": True} if ctx.may else {})]


@reads(r"このカードを(?:自分の)?ポイント置き場に表向きで置く")
def _self_to_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put this card (a Chara on the Area) into your Point Zone face up" (ERMG): a ``move`` of this card to its
    owner's Point Zone, where it lies face up (rule book 000 ⑤: cards placed there lie face up); it leaves the Area
    (its Level Up stack goes with it, 000 "Level Up Rules"). Only a Chara's own effect, and not after a trigger heard
    off the Area."""
    if ctx.may or ctx.in_discard or ctx.in_point or ctx.card.type != "chara":
        raise NotUnderstood(m[0])
    return [{"op": "move", "target": "self", "to": "point"}]


@reads(r"このカードを(?P<m>休息|活動)状態にする")
def _may_on_this_card(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(Then,) you may rest / stand this card", a later step of a Chara's own effect: the step with ``may`` (as round
    8's その後、そのキャラを活動状態にすることができる), which a log can leave out. A "may" opening an automatic effect makes
    the effect optional instead (read before); not after a trigger heard off the Area."""
    if not ctx.may or ctx.opening or ctx.in_mode or ctx.alternative or ctx.in_discard or ctx.in_point \
            or ctx.card.type != "chara":
        raise NotUnderstood(m[0])
    return [{"op": "rest" if m["m"] == "休息" else "activate", "target": "self", "may": True}]


@reads(r"相手の捨て札置き場にある(?P<np>[^、。]+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)をゲームから取り除く")
def _opponent_discard_removed(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Remove N (up to N) X in the opponent's discard from the game": a ``pick`` of the opponent's zone (``who``),
    the cards chosen by the effect's player (the discard is open to both: rule book 000 "Regarding 'Removed from
    Play-Card'" keeps removed cards apart, each in its owner's removed zone)."""
    p = ph._np(m["np"], ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or not p.holds_card_filter():
        raise NotUnderstood(m[0])
    step = ph._pick("discard", "removed", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]))
    if ctx.may and not m["upto"] and step["n"] > 1:  # "may remove N" (no まで): N or none
        del step["up_to"]
        step["all_or_none"] = True
    return [step | {"who": "opponent"}]


def event_wait(text: str, ctx: Ctx) -> ph.Got | None:
    """An Event whose text is only "this turn, when <a kind of your / the opponent's Charas> <event>, B" (このターン、
    自分の【P】を持つキャラがアプローチに参加した場合、B): its play sets up B as a delayed part (``delay`` with ``do``,
    fired the first time the event happens to such a Chara this turn, as the round-15 / round-18 waits read it); B's
    Charas are chosen when it fires, and B opening with "may" makes the fired part optional. None when the text has
    another shape; a B naming the Chara that caused it (そのキャラ) is not read."""
    from engine.pm.cards import Effect
    from engine.pm.cards.compile_event import LATER, _cause, _subject

    m = LATER.fullmatch(text)
    if m is None or ctx.card.type != "event" or ctx.kind == "auto":
        return None
    if re.search("そのキャラ|指定した|指定された|このカード", m["then"]):
        raise NotUnderstood(m["then"])
    who = _subject(m["who"], Effect("activated"), ctx.card)  # a kind of Chara only: nothing is named before
    inner = Ctx(card=ctx.card, kind="auto")
    may: list[bool] = []
    steps = ph.body(m["then"], inner, may)
    if not steps or any(may[1:]) or inner.condition:
        raise NotUnderstood(m["then"])
    delay: Step = {"op": "delay", "on": _cause(m["on"]), "subject": who, "do": ph.finish(steps, inner)}
    if inner.targets:
        delay["targets"] = inner.targets
    if may and may[0]:
        delay["optional"] = True
    return ph.Got([delay], trigger=None, condition={})
