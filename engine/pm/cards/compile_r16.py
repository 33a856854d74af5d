"""Clause readers of the sixteenth compiler round (issue 20, helper h20r16), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- the top card of the deck looked at and put back on the top or the bottom (デッキの上のカード1枚を見て、そのカードを
  デッキの上 / 下 / 上または下に移す): the ``reorder`` of one card (engine.pm.reorder).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re

from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, reads

_BACK = {"上": "top", "下": "bottom", "上または下": "top_or_bottom"}


@reads(r"(?:自分の)?デッキの上のカード1枚を見て、そのカードをデッキの(?P<to>上または下|上|下)に(?:移す|戻す)")
def _look_one_back(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Look at the top card and put "that card" back on the top, at the bottom, or on either (the player's choice):
    with one card looked at, the order is no question, so it is the ``reorder`` of one."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "reorder", "who": "self", "n": 1, "to": _BACK[m["to"]]}]
