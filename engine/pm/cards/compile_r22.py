"""Clause readers of the twenty-second compiler round (issue 20, helper h20r22), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as conditions) and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_np import COIN_WORD, coin_kind
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, _np


def _coins_on_one(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"K of your X hold N or more coins" (自分の「A」1枚の上に+10/+10コインがN個以上乗っている): a count of the X
    holding that many (the Chara spec key ``coins``), at least K of them."""
    m = re.fullmatch(rf"(?P<np>[^、。]+?)(?P<k>\d+)枚の上に(?P<coin>{COIN_WORD})?コインが(?P<n>\d+)個以上乗っている", text)
    if m is None:
        return None
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that or "coins" in p.spec:
        raise NotUnderstood(text)
    spec = {**p.chara_spec(), "coins": {"coin": coin_kind(m["coin"]), "at_least": int(m["n"])}}
    return {"count": {"spec": spec, "at_least": int(m["k"])}}


ph.MORE_CONDITIONS.append(_coins_on_one)


def _paid_for_play(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card is used as the cost of (your) X" (このカードが自分のXのコストとして使用された場合、): paid from the
    hand for playing a card X (a summon, a Level Up, an Event, a Support): ``paid_for_play`` with X as the card filter
    ``played``, heard in the discard the payment put it into (engine.pm.triggers.fire_paid_for_play). "The cost of X"
    is X's usage cost, as the provided-cost bonus (Xのコストとして使用する場合、発生コスト+N) reads it; a text's cost is
    written so (使用型テキストのコスト: ``paid_for_text``). Only a Chara's or an Event's own card (a card in the discard)."""
    m = re.match(r"このカードが(?P<np>[^、]+?)のコストとして使用された場合、", text)
    if m is None:
        return None
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name", "card", "event", "support") or p.all or p.same_name or p.other_than_that \
            or p.spec.get("side", "self") != "self":
        raise NotUnderstood(m[0])
    played = {k: v for k, v in p.card_filter().items() if k != "side"}  # the payer plays only their own cards
    ctx.in_discard = True  # no Chara is "self": the card lies in the discard
    return "paid_for_play", {"played": played}, text[m.end():]


ph.MORE_TRIGGERS.append(_paid_for_play)
