"""Clause readers of the sixteenth compiler round (issue 20, helper h20r16), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- the top card of the deck looked at and put back on the top or the bottom (デッキの上のカード1枚を見て、そのカードを
  デッキの上 / 下 / 上または下に移す): the ``reorder`` of one card (engine.pm.reorder);
- a continuous ban while a condition holds (C間 / C場合、相手 / 自分 / 全てのプレイヤーは、X をプレイできない / 登場させる
  ことができない / 場に出すことができない): ``forbid`` steps of a continuous script (engine.pm.static_bans);
- "you / the opponent have played (N or more) X this turn" (このターン、自分が X を(N枚以上)プレイしている) as a
  condition: the turn's history of plays (a play counts once declared and paid: engine.pm.play.declare).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, Got, NotUnderstood, Step, _np, condition, reads

_BACK = {"上": "top", "下": "bottom", "上または下": "top_or_bottom"}


@reads(r"(?:自分の)?デッキの上のカード1枚を見て、そのカードをデッキの(?P<to>上または下|上|下)に(?:移す|戻す)")
def _look_one_back(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Look at the top card and put "that card" back on the top, at the bottom, or on either (the player's choice):
    with one card looked at, the order is no question, so it is the ``reorder`` of one."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "reorder", "who": "self", "n": 1, "to": _BACK[m["to"]]}]


#: the verbs of a ban: プレイ (any play of the card) or an entry onto the Area (登場させる; 場に出す is the same: a Chara
#: put onto the field by an effect is treated as one that appears, rule book 000 "Regarding 'Appear in Area'")
_BAN_VERBS = {"プレイする": "play", "プレイ": "play", "登場させる": "summon", "登場させ": "summon", "場に出す": "summon"}
_CONT_BAN = re.compile(r"(?P<c>[^、。]+?)(?:場合|間)、(?P<who>相手|自分|全てのプレイヤー)は、(?P<np>[^、。]+?)を(?P<verb>"
                       + "|".join(_BAN_VERBS) + r")(?:(?<=[るす])ことが|(?<![るす]))できない")


def continuous_ban(text: str, ctx: Ctx) -> Got | None:
    """"While C, the opponent (you, every player) cannot play X / make X enter" as a continuous effect of a Chara:
    ``forbid`` steps under the condition C, in force while it holds (engine.pm.static_bans). None: not this shape."""
    m = _CONT_BAN.fullmatch(text)
    if m is None:
        return None
    if ctx.kind != "continuous" or ctx.card.type != "chara":
        raise NotUnderstood(text)
    cond = condition(m["c"], ctx)
    p = _np(m["np"], ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or p.head not in ("chara", "event", "card", "name"):
        raise NotUnderstood(m["np"])
    what = _BAN_VERBS[m["verb"]]
    f = p.card_filter()
    if what == "summon" and f.get("type") != "chara":
        raise NotUnderstood(text)
    who = ["self", "opponent"] if m["who"] == "全てのプレイヤー" else ["opponent" if m["who"] == "相手" else "self"]
    return Got([{"op": "forbid", "who": w, "what": what, "filter": f} for w in who], condition=cond)


def _played_this_turn(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This turn, you (the opponent) have played (N or more) X": ``history`` of plays, the player's own only."""
    m = re.fullmatch(r"(?:このターン|同じターンの間に)、(?P<who>自分|相手)が(?P<np>[^、。]+?)を(?:(?P<n>\d+)枚以上)?プレイしている",
                     text)
    if m is None:
        return None
    p = _np(m["np"], ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or p.head not in ("chara", "event", "card", "name"):
        raise NotUnderstood(text)
    return {"history": {"event": "play", "filter": p.card_filter(), "who": "self" if m["who"] == "自分" else "opponent",
                        "at_least": int(m["n"] or 1)}}


ph.MORE_CONDITIONS.append(_played_this_turn)
