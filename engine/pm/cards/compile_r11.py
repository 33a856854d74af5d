"""Clause readers of the eleventh round (issue 20, helper h20r11), for engine rules added that round, registered
with :func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- coins: put on for each X (…につき、…コインをN個乗せる), 撃墜 coins put on, coins taken off one Chara or any of a
  kind of yours (``remove_coins``, engine.pm.coins), "this card holds no / N or more coins" as a condition;
- "for each card removed" (取り除いたカード1枚につき、) as the cards the pick before moved.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_np import COIN_WORD, coin_kind
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np, _subjects, reads

_COIN = rf"(?P<coin>{COIN_WORD})"


@reads(rf"(?P<per>[^、。]+につき、)?(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?の上に{_COIN}コインを(?P<k>\d+)個乗せる")
def _put_coins(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(For each X,) put K coins on Y": +10/+10 coins (the engine counts them in AP/DP) or 撃墜 coins (markers
    that do nothing unless an effect reads them: rule book 000 ⑬ "Regarding Coins")."""
    if m["per"] is None and m["coin"] == "+10/+10":
        raise NotUnderstood(m[0])  # the earlier reader's (compile_more._coins)
    extra: dict[str, Any] = {}
    if m["per"]:
        per = ph._per(m["per"], ctx)
        if per is None:
            raise NotUnderstood(m["per"])
        extra["per"] = per
    n = None if m["np"] == "このカード" else m["n"]
    return [{"op": "coin", "target": t, "coin": coin_kind(m["coin"]), "n": int(m["k"]), **extra}
            for t in _subjects(m["np"], n, ctx)]


@reads(rf"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?の上に乗っている(?P<coin>{COIN_WORD})?コインを(?:(?P<k>\d+)個(?P<upto>まで)?"
       r"|(?P<any>任意の個数)|(?P<all>全て))取り除く")
def _remove_coins(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Take K coins off X": off one Chara named (this card, or N = 1 designated), or off any of a kind of yours
    (自分の X: the player chooses from which, one or several). まで: up to K. A "may" as the opening clause of an
    automatic effect makes the whole effect optional; in a later sentence (その後、…取り除くことができる, round 16) the
    step is one the player may leave out (``may``), all K or none as a step without まで reads (engine.pm.coins)."""
    step: dict[str, Any] = {"op": "remove_coins", "coin": coin_kind(m["coin"])}
    # 任意の個数: as many as the player likes (round 18); 全て: every one (round 28)
    step |= {"any": True} if m["any"] else {"all": True} if m["all"] else {"n": int(m["k"])}
    if ctx.may and not ctx.opening:
        if ctx.in_mode or ctx.alternative or m["upto"] or m["any"] or m["all"]:
            raise NotUnderstood(m[0])
        step["may"] = True
    if m["upto"]:
        step["up_to"] = True
    if m["np"] == "このカード" or m["n"] is not None:
        if m["n"] not in (None, "1"):
            raise NotUnderstood(m[0])
        may, ctx.may = ctx.may, ctx.may and not step.get("may")  # the step's own "may" is read: not the Chara's
        try:
            subjects = _subjects(m["np"], m["n"], ctx)
        finally:
            ctx.may = may
        if len(subjects) != 1:
            raise NotUnderstood(m[0])
        return [{**step, "target": subjects[0]}]
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that or p.spec.get("side") != "self":
        raise NotUnderstood(m[0])
    ctx.coins_off_kind = True
    return [{**step, "spec": p.chara_spec()}]


def _coin_condition(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This card holds no (X) coin" / "holds N or more X coins" (the effect's own Chara)."""
    if m := re.fullmatch(rf"このカードの上に{_COIN}?コインが乗っていない", text):
        return {"coins": {"coin": coin_kind(m["coin"]), "at_most": 0}}
    if m := re.fullmatch(rf"このカードの上に{_COIN}?コインが乗っている", text):  # round 25: one or more
        return {"coins": {"coin": coin_kind(m["coin"]), "at_least": 1}}
    if m := re.fullmatch(rf"このカードの上に{_COIN}?コインが(?P<n>\d+)個以上乗っている", text):
        return {"coins": {"coin": coin_kind(m["coin"]), "at_least": int(m["n"])}}
    return None


def _per_removed(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"For each card removed" (取り除いたカード1枚につき、, after "if so"): the cards the pick before moved, as
    この効果で取り除いたカード (compile_r10._per_moved; the compiler keeps it only first in that pick's ``then``)."""
    if text == "取り除いたカード1枚につき、":
        return {"picked": "cards", "_moved": "removed"}
    if re.fullmatch(rf"取り除いた(?:{COIN_WORD})?コイン1個につき、", text):  # round 18: the coins the step before took off
        return {"coins_taken": True}
    return None


ph.MORE_CONDITIONS.append(_coin_condition)
ph.MORE_PERS.insert(0, _per_removed)


# -- a limit on how many Charas the opponent makes approach ------------------------------------------------------

_WHEN = {"このターン": "turn_end", "次のターンの間": "next_turn_end"}


@reads(r"(?:(?P<w1>このターン|次のターンの間)、)?相手は、(?:(?P<w2>このターン|次のターンの間)、)?キャラを(?P<n>\d+)枚までしか"
       r"アプローチ(?:に参加)?させることができない")
def _approach_limit(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This turn / during the next turn, the opponent can make only N Charas approach": a ``forbid`` of
    ``approaches`` (engine.pm.approach_limits) for that turn only. One time word, said once."""
    if (m["w1"] is None) == (m["w2"] is None) or ctx.may:
        raise NotUnderstood(m[0])
    until = _WHEN[m["w1"] or m["w2"]]
    step: Step = {"op": "forbid", "who": "opponent", "what": "approaches", "filter": {"at_most": int(m["n"])},
                  "until": until}
    # "during the next turn": that turn only, not the rest of this one (reader rd10: HSF 01-067)
    return [step | {"from": "next_turn"} if until == "next_turn_end" else step]
