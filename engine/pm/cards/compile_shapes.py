"""Clause readers for shapes that recur across sets (issue 20, seventh round), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

- every card of a player's Point Zone turned face up / down (``flip`` ``all``);
- "this card becomes rested" after a trigger (休息状態になる: ``rest`` of this card).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re

from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, reads


@reads(r"(?P<who>自分|相手)のポイント置き場にある全てのカードを(?P<face>表|裏)向きにする")
def _flip_all(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Turn every card of your / the opponent's Point Zone face up / down": nothing to choose."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "flip", "who": "self" if m["who"] == "自分" else "opponent", "face": "up" if m["face"] == "表" else "down",
             "all": True}]


@reads(r"休息状態になる")
def _rests(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(This card) becomes rested", the steps of a text opening with このカードは: ``rest`` of this card."""
    if not ctx.this_subject or ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "rest", "target": "self"}]
