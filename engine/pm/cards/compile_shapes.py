"""Clause readers for shapes that recur across sets (issue 20, seventh round), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

- every card of a player's Point Zone turned face up / down (``flip`` ``all``);
- "this card becomes rested" after a trigger (休息状態になる: ``rest`` of this card);
- cards taken from one zone to another, composed of source, selector, count and destination (``pick``);
- the opponent's hand shown (表にする: ``look_hand``, nothing moves);
- this card going back to the EX deck after its trigger (EXデッキに戻る);
- N hand cards and N Point Zone cards changing places (置き換える: ``exchange``, eighth round).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np, _pick, reads


@reads(r"(?P<who>自分|相手|自分と相手)のポイント置き場にある全てのカードを(?P<face>表|裏)向きにする")
def _flip_all(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Turn every card of your / the opponent's Point Zone face up / down": nothing to choose. Round 28: both
    players' (自分と相手の: one flip each), and the "may" of an automatic effect's opening clause (the effect optional
    as a whole: nothing else to decide)."""
    if ctx.may and not ctx.opening:
        raise NotUnderstood(m[0])
    whos = {"自分": ["self"], "相手": ["opponent"], "自分と相手": ["self", "opponent"]}[m["who"]]
    return [{"op": "flip", "who": w, "face": "up" if m["face"] == "表" else "down", "all": True} for w in whos]


@reads(r"休息状態になる")
def _rests(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(This card) becomes rested", the steps of a text opening with このカードは: ``rest`` of this card."""
    if not ctx.this_subject or ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "rest", "target": "self"}]


# -- cards taken from a zone to another: source, selector, count, destination composed ------------------------

#: where the cards are taken from (the text before the selector): (pattern, ``from``, whether it looks at the top K)
_SOURCES = [
    (r"デッキの中を全て見て、その中にある", "deck", False),
    (r"デッキの上のカード(?P<k>\d+)枚を見て、その中にある", "deck", True),
    (r"EXデッキから、?", "ex_deck", False),
    (r"自分の捨て札置き場にある", "discard", False),
    (r"手札(?:から|にある)", "hand", False),
    (r"自分のポイント置き場にある", "point", False),
]
#: where they go (the verb phrase): ``to``
_DESTINATIONS = {"手札に加える": "hand", "手札に戻す": "hand", "場に出す": "area", "メインエリアに出す": "main",
                 "サポートエリアに出す": "support", "捨て札にする": "discard", "ゲームから取り除く": "removed",
                 "デッキの下に移す": "deck_bottom", "デッキの下に戻す": "deck_bottom", "デッキの上に移す": "deck",
                 "デッキの上に戻す": "deck", "デッキの上に置く": "deck"}
_ENTRY = ("area", "main", "support")
_TAKE = re.compile(
    "(?P<src>" + "|".join(p for p, _, _ in _SOURCES) + ")"
    + r"(?P<np>.+?)(?:(?P<n>\d+)枚を?|を(?P<upto>\d+)枚まで|を(?P<all>全て))、?(?:抜き出し、)?(?P<rev>表にしてから)?"
    + r"(?P<rested>休息状態で)?(?P<to>" + "|".join(_DESTINATIONS) + ")")


def _source(text: str) -> tuple[str, dict[str, Any]]:
    for pattern, zone, look in _SOURCES:
        if m := re.fullmatch(pattern, text):
            return zone, ({"look": int(m["k"])} if look else {})
    raise NotUnderstood(text)


@reads(_TAKE.pattern)
def _take(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(Look at …, among them) take N / up to N / all X from zone A to B": one ``pick``, its parts read one by one
    (the source, the selector by compile_np, the count, reveal / rested, the destination). The readers before this
    one read the same shapes for the combinations known earlier; this one takes any other combination the engine's
    ``pick`` can do."""
    src, extra = _source(m["src"])
    dst = _DESTINATIONS[m["to"]]
    if src == dst or (src == "deck" and dst in ("deck", "deck_bottom") and "look" not in extra) \
            or (m["rested"] and dst not in _ENTRY) or (m["rev"] and dst != "hand"):
        raise NotUnderstood(m[0])
    if m["rev"]:
        extra["reveal"] = True
    if m["rested"]:
        extra["rested"] = True
    if m["all"]:
        p = _np(m["np"], ctx)
        if ctx.may or p.all or p.same_name or p.other_than_that or "side" in p.spec or not p.holds_card_filter():
            raise NotUnderstood(m[0])
        return [{"op": "pick", "from": src, "to": dst, "n": 1, "filter": p.card_filter(), "all": True, **extra}]
    step = _pick(src, dst, m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **extra)
    if ctx.may and not m["upto"] and step["n"] > 1:  # "may take N" (no まで): N or none
        del step["up_to"]
        step["all_or_none"] = True
    return [step]


@reads(r"(?:1枚以上の)?(?P<who>相手の)?手札(?:を全て|全てを)表にする")
def _show_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Turn the opponent's whole hand face up" (shown to both players): the player sees it, the opponent knew it; nothing
    moves (``look_hand``, as 相手の手札を全て見る). Round 28: the player's own hand (the opponent sees it: ``who``
    ``self``), and 相手の手札全てを; "if so" after it holds when the hand held a card (1枚以上の says so outright)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "look_hand", "who": "opponent" if m["who"] else "self"}]


@reads(r"EXデッキに戻る")
def _self_back_to_ex(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(This card) goes back to the EX deck", the steps of a text opening with このカードは (after its trigger): an EX
    card only (as compile_more's このカードをEXデッキに戻す)."""
    if not ctx.this_subject or ctx.may or not ctx.card.ex:
        raise NotUnderstood(m[0])
    return [{"op": "move", "target": "self", "to": "ex_deck"}]


@reads(r"(?:手札(?P<h1>\d+)枚と、?自分のポイント置き場にあるカード(?P<p1>\d+)枚|"
       r"自分のポイント置き場にあるカード(?P<p2>\d+)枚と、?手札(?P<h2>\d+)枚)を置き換える")
def _exchange(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Exchange N hand cards and N cards of your Point Zone" (either order): ``exchange`` (engine.pm.script: the
    hand cards go face up into the Point Zone, the Point Zone cards into the hand); "may": the player may decline."""
    n_hand, n_point = (m["h1"], m["p1"]) if m["h1"] else (m["h2"], m["p2"])
    if n_hand != n_point:
        raise NotUnderstood(m[0])  # unequal numbers: not an exchange the engine has
    return [{"op": "exchange", "who": "self", "n": int(n_hand)} | ({"up_to": True} if ctx.may else {})]
