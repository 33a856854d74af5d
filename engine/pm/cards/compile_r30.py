"""Readings of the thirtieth compiler round (issue 20, helper h20r30).

- The cards in the hand fitting X cost N more / less while this card is in play (手札にある全てのXは、使用コストNを得る,
  a continuous effect of a Chara or Support): the continuous ``cost`` with ``target`` (engine.pm.stats.hand_cost: the
  player's own hand, while the card is on the Area), as MHK P-008's hand script has it.
- The player's cards in some zones also count as a color (手札とデッキと自分の場の全てのカードの色は、赤としても扱う):
  ``also_color`` with those zones (the hand, the deck, the player's own field), as MHK P-008's hand script.
- "When a Support is set on this card" (このカードにサポートカードがセットされた場合): ``any_supported`` with this
  card as the subject (``is_source``, as round 28's own rest).
- A Support's "the Chara this card is set on (gets X)" (このカードがセットされた / セットされているキャラは、…): X read as
  this card's own continuous gain, ``self`` in a Support's effect being that Chara (engine.pm.stats.self_steps).
- "If this card's DP is N or more, A. Then B" (a condition new this round before その後): round 17 reads such a
  condition as A's only, a doubtful reading this round does not extend: not read.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, Got, NotUnderstood, Step

_ZONES = {"手札": "hand", "デッキ": "deck", "自分の場": "area"}


def _hand_cost(text: str, ctx: Ctx) -> Got | None:
    """"Every X in the hand gets usage cost ±N" (手札にある全てのXは、使用コスト±Nを得る): the continuous ``cost`` with
    the card filter X as ``target`` (the player's own hand: no other is named). X naming a side or a part no card
    filter holds: not read."""
    m = re.fullmatch(r"(?:自分の)?手札にある全ての(?P<np>[^、。]+?)は、?使用コスト(?P<n>[+-]\d+)を得る", text)
    if m is None:
        return None
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name", "event", "support", "card") or p.same_name or p.other_than_that \
            or "side" in p.spec or not p.holds_card_filter():
        raise NotUnderstood(m["np"])
    return Got([{"op": "cost", "n": int(m["n"]), "target": p.card_filter()}])


def _also_color(text: str, ctx: Ctx) -> Got | None:
    """"Every card in the hand, the deck and your field also counts as C" (AとBとCの全てのカードの色は、Cとしても扱う):
    ``also_color`` over those zones (each of 手札, デッキ, 自分の場 at most once)."""
    m = re.fullmatch(r"(?P<zones>[^、。]+?)の全てのカードの色は、?(?P<c>[赤青黄緑紫白])としても扱う", text)
    if m is None:
        return None
    from engine.pm.cards.compile_np import COLORS

    words = m["zones"].split("と")
    if any(w not in _ZONES for w in words) or len(set(words)) != len(words):
        raise NotUnderstood(m["zones"])
    return Got([{"op": "also_color", "color": COLORS[m["c"]], "zones": [_ZONES[w] for w in words]}])


def _host_gains(text: str, ctx: Ctx) -> Got | None:
    """A Support's "the Chara this card is set on gets X" (このカードがセット(さ)れ(てい)るキャラは、X): X read as "this
    card gets X" (``self`` in a Support's effect is the Chara it is set on); X's steps must act on that Chara only,
    with no condition of the effect's own (a "this card" in it would name the Support: not read)."""
    m = re.fullmatch(r"このカードがセット(?:されている|された)キャラは、?(?P<x>[^。]+)", text)
    if m is None or ctx.card.type != "support" or "このカード" in m["x"]:
        return None
    parts = m["x"].split("を得るとともに、")
    if len(parts) > 2:
        raise NotUnderstood(text)
    gots = [ph._static(f"このカードは、{x}", ctx) for x in (parts if len(parts) == 1 else [parts[0] + "を得る", parts[1]])]
    got = Got([s for x in gots for s in x.steps], trigger=gots[0].trigger if len(gots) == 1 else None)
    if any(x.trigger or x.condition for x in gots) or ctx.targets or any(
            s.get("target", "self") != "self" or s.get("op") not in ("grant", "modify") or "if" in s for s in got.steps):
        raise NotUnderstood(text)
    return got


ph.MORE_STATICS.extend([_hand_cost, _also_color, _host_gains])


def _supported_self(text: str, ctx: Ctx) -> tuple[str, dict[str, object], str] | None:
    """"When a Support card is set on this card" (このカードにサポートカードがセットされた場合、): ``any_supported`` with
    the subject this card (``is_source``)."""
    m = re.match(r"このカードにサポートカードがセットされた場合、", text)
    if m is None or ctx.card.type != "chara":
        return None
    return "any_supported", {"subject": {"is_source": True}}, text[m.end():]


ph.MORE_TRIGGERS.append(_supported_self)


def _new_condition_then(sentences: list[str], ctx: Ctx, may_flags: list[bool] | None) -> list[Step] | None:
    """"If this card's DP is N or more, A. Then, B" (a condition of this round's, ``min_dp``, leading the first sentence
    with その後 after it): is B under the condition too? Not read (round 17's reading of the older conditions stays)."""
    if len(sentences) < 2 or not any(x.startswith("その後、") for x in sentences[1:]):
        return None
    m = re.match(r"(?P<c>[^、。]+?)場合、", sentences[0])
    if m is not None and re.search(r"DP(?:の値)?が\d+以上", m["c"]):  # round 31: APまたはDP too (NGNL 01-050)
        raise NotUnderstood(sentences[0])
    return None


ph.BODY_SHAPES.insert(0, _new_condition_then)


_IF_IT_IS = re.compile(r"その(?:キャラ|カード)が(?P<np>[^、。]+?)の場合、使用コスト(?P<n>[+-]\d+)を得る")


def _next_cost_more(sentences: list[str], ctx: Ctx, may_flags: list[bool] | None) -> list[Step] | None:
    """"The next X you play gets usage cost -N. If that card is Y, it gets -M" (…1枚は、使用コスト-1を得る。そのキャラが
    「A」の場合、使用コスト-1を得る): one change for the next X played, with M more for it when it is also Y (``cost``
    ``extra``: used up with the change, whatever the card). The sentence before not exactly one such change, or Y
    with a part no card filter holds: not read. None: not this shape."""
    k = next((i for i, x in enumerate(sentences) if i > 0 and _IF_IT_IS.fullmatch(x)), None)
    if k is None:
        return None
    m = _IF_IT_IS.fullmatch(sentences[k])
    assert m is not None
    steps = ph.body("。".join(sentences[:k]), ctx, may_flags)
    last = steps[-1] if steps else {}
    if last.get("op") != "cost" or not last.get("next") or last.get("count", 1) != 1 or "extra" in last \
            or set(last) & {"if", "then"} or ctx.may:
        raise NotUnderstood(sentences[k])
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name", "card") or p.same_name or p.other_than_that or p.all or "side" in p.spec \
            or not p.holds_card_filter():
        raise NotUnderstood(m["np"])
    last["extra"] = [{"filter": p.card_filter(), "n": int(m["n"])}]
    rest = sentences[k + 1:]
    return [*steps, *(ph.body("。".join(rest), ctx) if rest else [])]


ph.BODY_SHAPES.append(_next_cost_more)


@ph.reads(r"(?P<np>[^、。]+?)(?P<n>\d+)枚は、(?:このターン、|ターン終了時まで、?)このカードを妨害(?:することが)?できない")
def _cannot_interfere_this(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"N X cannot interfere this card until the end of the turn" (相手のキャラ1枚は、ターン終了時までこのカードを妨害
    できない): round 28's grant naming this Chara (``cannot_interfere_with`` ``{"chara": "self"}``, bound to it when
    granted) on the Charas chosen."""
    if ctx.may or ctx.card.type != "chara" or ctx.in_discard or ctx.in_point:
        raise NotUnderstood(m[0])
    return [{"op": "grant", "target": t, "what": {"cannot_interfere_with": {"chara": "self"}}, "until": "turn_end"}
            for t in ph._subjects(m["np"], m["n"], ctx)]


def _none_in_area(text: str, ctx: Ctx) -> dict[str, object] | None:
    """"No X is in your (the opponent's) Main / Support Area" (自分のメインエリアに「A」がいない): the count "one or more
    X there" (round 24's reading of …エリアに…がいる) not holding, as round 28 reads …がいない. None: not this wording."""
    m = re.fullmatch(r"(?P<where>(?:相手|自分)の(?:メイン|サポート)エリアに、?)(?P<np>[^、。]+?)がいない", text)
    if m is None:
        return None
    there = ph.condition(f"{m['where']}{m['np']}が1枚以上いる", ctx)
    if set(there) != {"count"}:
        raise NotUnderstood(text)
    return {"not": there}


ph.MORE_CONDITIONS.insert(0, _none_in_area)


_GAINS_AND = re.compile(r"(?P<conds>(?:[^、。]+?(?:場合|間)、){0,2})(?P<g>[^。]+?を得る)とともに、(?P<r>[^、。]+)")


def gains_and_grant(rest: str, ctx: Ctx) -> Got | None:
    """A Chara's own continuous "this card, (while C,) gets G and R" (このカードは、C場合、Gを得るとともに、相手のイベント
    カードの対象にならない), R one of the compiler's grant phrases (``_GRANTS``): G read as the sentence without R, R's
    grants on itself under the same condition(s) (as round 26's "and is not interfered by X"). None: not this wording."""
    m = _GAINS_AND.fullmatch(rest)
    if m is None or ctx.card.type != "chara" or m["r"] not in ph._GRANTS:
        return None
    first = ph._static(f"このカードは、{m['conds']}{m['g']}", ctx)
    if first.trigger is not None or ctx.targets or any(s.get("target") != "self" for s in first.steps):
        raise NotUnderstood(rest)
    grants: list[Step] = [{"op": "grant", "target": "self", "what": w, "until": "turn_end"} for w in ph._GRANTS[m["r"]]]
    return Got([*first.steps, *grants], condition=first.condition)
