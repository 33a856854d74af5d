"""Clause readers of the twentieth compiler round (issue 20, helper h20r20), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

- cards put face down under this card (このカードの下に裏向きで重ねる): a ``pick`` ``to: "under"``, the engine's zone of
  cards under a Chara (engine.pm.state.Chara.under; docs/log-extensions.md), from the hand, the EX deck, the
  discard, the Point Zone or the cards looked at on the deck;
- "if your / the opponent's hand holds N or more cards" in the wording 手札の枚数がN枚以上ある (compile_canon);
- "if this card's AP (AP or DP) is N or more": a count of the effect's own Chara with ``min_ap`` (``min_stat``).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _pick, reads

#: where the cards put under this card come from (the text before the selector): (pattern, ``from``)
_UNDER_SOURCES = [
    (r"手札", "hand"),
    (r"EXデッキから", "ex_deck"),
    (r"自分の捨て札置き場にある", "discard"),
    (r"自分のポイント置き場にある", "point"),
    (r"デッキの上のカード(?P<k>\d+)枚を見て、その中にある", "deck"),
]
_UNDER = re.compile(
    "(?P<src>" + "|".join(p for p, _ in _UNDER_SOURCES) + r")(?P<np>.*?)(?P<n>\d+)枚を、?(?P<ex>抜き出し、)?"
    r"このカードの下に裏向きで重ねる")


@reads(_UNDER.pattern)
def _under(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N (X) from zone A face down under this card": ``pick`` ``to: "under"`` (a Chara's own effect only; the
    hand's cards need no selector, "1 hand card"; an EX deck's are drawn out, 抜き出し)."""
    if ctx.card.type != "chara":
        raise NotUnderstood(m[0])
    src = next(zone for pattern, zone in _UNDER_SOURCES if re.fullmatch(pattern, m["src"]))
    if (src == "hand") != (m["np"] == "") or (src == "ex_deck") != bool(m["ex"]):
        raise NotUnderstood(m[0])  # 手札1枚 alone; 抜き出し only from the EX deck
    extra = {"look": int(m["k"])} if m["k"] else {}
    if src == "hand":
        step: Step = {"op": "pick", "from": "hand", "to": "under", "n": int(m["n"]), "filter": {}}
        if ctx.may:
            step["up_to"] = True
        return [step]
    return [_pick(src, "under", m["np"], m["n"], ctx, **extra)]


def _own_stat(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"If this card's AP (AP or DP) is N or more" (このカードのAP(またはDP)がN以上ある): a count of the effect's own
    Chara with ``min_ap`` (``min_stat``), read when checked. Only for a Chara's own text with no AP/DP change after
    it (a change gated on the value it changes is not read)."""
    m = re.fullmatch(r"このカードの(?P<what>AP|DP|APまたはDP)(?:の値)?が(?P<n>\d+)以上(?:ある|の)", text)
    if m is None or ctx.card.type != "chara":
        return None
    key = {"AP": "min_ap", "DP": "min_dp"}.get(m["what"], "min_stat")  # round 30: DP (``min_dp``)
    return {"count": {"spec": {"is_source": True, key: int(m["n"])}, "at_least": 1}}


ph.MORE_CONDITIONS.append(_own_stat)


def _paid_for_text(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"(This card,) when it is put into the discard by the cost of a Movement text of your X, may be put onto the
    Area" (Xの使用型テキストのコストによって捨て札置き場に置かれた場合、場に出すことができる): ``paid_for_text`` with X as
    its subject, the steps "put this card from the discard onto the Area" (as MHK's hand scripts read it)."""
    m = re.match(r"(?P<np>[^、]+?)の使用型テキストのコストによって捨て札置き場に置かれた場合、(?=場に出す(?:ことができる)?$)", text)
    if m is None or not ctx.this_subject or ctx.card.type != "chara":
        return None
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that:
        raise NotUnderstood(m["np"])
    ctx.in_discard = True
    return "paid_for_text", {"subject": p.chara_spec()}, "このカードを" + text[m.end():]


ph.MORE_TRIGGERS.append(_paid_for_text)


_UNDER_TO = {"捨て札にする": "discard", "手札に加える": "hand", "手札に戻す": "hand", "ゲームから取り除く": "removed",
             "デッキの下に移す": "deck_bottom"}


@reads(r"(?P<side>自分|相手)のキャラ(?:1枚)?の下に裏向きで重ねられているカード(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)"
       r"(?P<to>" + "|".join(_UNDER_TO) + ")")
def _under_off(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"N cards face down under your (the opponent's) Charas to the discard / the hand / ...": the cards under
    Charas (``support_move`` ``from: "under"``, engine.pm.support_moves). Face down only: the cards of a Level Up
    stack (重ねられているカード without 裏向きで) are another thing, not read."""
    step: Step = {"op": "support_move", "from": "under", "n": int(m["n"] or m["upto"]), "to": _UNDER_TO[m["to"]],
                  "filter": {}, "side": "self" if m["side"] == "自分" else "opponent"}
    if m["upto"] or ctx.may:
        step["up_to"] = True
    return [step]


def _nothing_under(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"(this card) with no card put under it" (カードが下に重ねられていない): ``nothing_under`` (none face down, no
    Level Up stack)."""
    if text != "カードが下に重ねられていない" or ctx.card.type != "chara":
        return None
    return {"nothing_under": True}


ph.MORE_CONDITIONS.append(_nothing_under)


def _gave_point_while(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card gives points while X" (このカードが、X状態でポイントを与えた場合): ``gave_point`` under X, checked
    when it fires (as the same shape with 登場)."""
    m = re.match(r"このカードが、?(?P<c>[^。]+?)状態で、?ポイントを与えた場合、", text)
    if m is None:
        return None
    extra = ph.condition(m["c"], ctx)
    if "count" in extra:  # this card itself is not one of them
        extra["count"]["spec"]["not_self"] = True
    return "gave_point", extra, text[m.end():]


ph.MORE_TRIGGERS.append(_gave_point_while)


@reads(r"全てのプレイヤーは、カードを(?P<n>\d+)枚引く")
def _all_draw(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Every player draws N" (全てのプレイヤーは、カードをN枚引く): the effect's player, then the opponent (each from
    their own deck, so the order changes nothing but who decks out first, which the game checks after the action)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "draw", "who": "self", "n": int(m["n"])}, {"op": "draw", "who": "opponent", "n": int(m["n"])}]


def _own_stat_in(x: Any) -> bool:
    said = repr(x).replace("'", '"')
    return any(f'"{k}"' in said for k in ("min_ap", "min_dp", "min_stat"))


def own_stat_safe(condition: Any, steps: Any) -> bool:
    """Whether this card's own AP (``min_ap`` / ``min_stat`` of the effect's own Chara) gates no AP/DP change: a
    ``modify`` under the effect's condition or its own ``if`` reading the value it changes would loop, and is not read
    (a keyword granted on it is read: engine.pm.stats.self_steps tells the ``modify`` steps first)."""
    modifies = [s for s in _walk(steps) if s.get("op") == "modify"]
    if not modifies:
        return True
    return not _own_stat_in(condition) and not any(_own_stat_in(s.get("if")) for s in modifies)


def _walk(steps: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for step in steps or ():
        if isinstance(step, dict):
            out.append(step)
            for key in ("then", "do", "else"):
                out += _walk(step.get(key))
            for mode in step.get("modes", ()):
                out += _walk(mode)
    return out
