"""Clause readers of the fourth compiler round (issue 20): shapes that recur across sets, each mapped to one op.

- "look at the top N cards of your deck" with nothing moved (``look``), "turn the top N face up" (``reveal``: the
  cards are shown, none moves) and "if the card turned face up is X, …" (a ``picked`` condition on them);
- conditions "this card is in your Main / Support Area" (``in_area``) and, for an activated effect, "if this text
  was used during your turn" (``own_turn``: it is used now);
- "the Charas this effect put onto the Area get A/B" without an end: until the turn ends (000 ⑬ "Effect Duration").

As everywhere in the compiler, a part a reader does not know raises
:class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import _KWS, ENTERED, MOD, Ctx, NotUnderstood, Step, _np, _num, kw_grants, reads


@reads(r"(?P<who>自分の|相手の)?デッキの上のカード(?P<n>\d+)枚を見る")
def _look_only(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Look at the top N cards of your deck" with nothing moved (a later "then move that card" is read by the
    look-and-move readers, never this one: their sentences are joined first)."""
    if ctx.may or m["who"] == "相手の":
        raise NotUnderstood(m[0])
    return [{"op": "look", "who": "self", "n": int(m["n"])}]


@reads(r"(?:自分の)?デッキの上のカード(?P<n>\d+)枚を表にする")
def _reveal(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Turn the top N cards of your deck face up": shown to both players, none moves (they are the cards a later
    "if the card turned face up is X" checks)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "reveal", "who": "self", "n": int(m["n"])}]


@reads(r"(?:その(?:カード)?を|表にしたカードを)?手札に加える")
def _revealed_to_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(If it is X,) put it into your hand": the top card of the deck that the ``reveal`` just before showed (marked
    ``_revealed``: compiler.revealed_checked keeps it only right after a one-card reveal)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "pick", "from": "deck", "to": "hand", "n": 1, "filter": {}, "look": 1, "_revealed": True}]


def _more_condition(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This card is in your Main / Support Area" (このカードが(自分の)メインエリアにいる); for an activated effect
    "this text was used during your turn" (このテキストを自分のターンの間に使用した: it is being used now); "the card
    turned face up is X" (表にしたカードがXの: the cards a ``reveal`` showed, marked ``_revealed`` for the check that a
    reveal comes before)."""
    if m := re.fullmatch(r"このカードが(?:自分の)?(?P<area>メイン|サポート)エリアにいる", text):
        return {"in_area": "main" if m["area"] == "メイン" else "support"}
    if text == "このテキストを自分のターンの間に使用した" and ctx.kind == "activated":
        return {"own_turn": True}
    if m := re.fullmatch(r"表にしたカードが(?P<np>.+?)の", text):
        p = _np(m["np"], ctx)
        if p.all or p.same_name or p.other_than_that or "side" in p.spec or p.head not in ("chara", "event", "card",
                                                                                           "name"):
            raise NotUnderstood(m["np"])
        return {"picked": p.card_filter(), "_revealed": True}
    return None


@reads(rf"{ENTERED}は、?{_KWS}(?:{MOD})?を得る")
def _entered_gets(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The Charas this effect put onto the Area get 〔…〕 / +A/+B" with no end named: until the turn ends (an effect
    with no stated duration lasts for its turn: 000 ⑬ "Effect Duration")."""
    if ctx.may or (m["kws"] is None and m["ap"] is None):
        raise NotUnderstood(m[0])
    steps: list[Step] = kw_grants(m["kws"], "entered", "turn_end")
    if m["ap"] is not None:
        steps.append({"op": "modify", "target": "entered", "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": "turn_end"})
    return steps


ph.MORE_CONDITIONS.append(_more_condition)
