"""More clause readers (registered with :func:`engine.pm.cards.compile_phrases.reads`, tried after the first ones).

Each reads one stock clause into steps, like those in :mod:`compile_phrases`; a part it does not know raises
:class:`~engine.pm.cards.compile_phrases.NotUnderstood`.
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards.compile_phrases import (
    _GRANTS,
    _KWS,
    ENTERED,
    MOD,
    Ctx,
    Got,
    NotUnderstood,
    Step,
    _chara,
    _np,
    _num,
    _pick,
    _subjects,
    clause,
    condition,
    kw_grants,
    reads,
)


@reads(r"(?P<np>[^、。]+?)は、(?P<a>[^、。]+?を得る)とともに、(?P<b>.+)")
def _and_also(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X gets A and B": both, on the same Chara (this card, or the one Chara the first part names)."""
    if ctx.may:
        raise NotUnderstood(m[0])  # "…and may B": which part is optional is not read
    before = len(ctx.targets)
    first = clause(f"{m['np']}は、{m['a']}", ctx)
    if ctx.may:
        raise NotUnderstood(m[0])
    if m["np"] in ("このカード", ENTERED, "そのキャラ", "指定したキャラ", "指定されたキャラ"):
        who = m["np"]  # this card, the Charas this effect put onto the Area, the one Chara named before
    elif len(ctx.targets) == before + 1:
        who = "指定したキャラ"
    else:
        raise NotUnderstood(m[0])  # several Charas, or every such Chara: "and" over each is not read
    mark = len(ctx.targets)
    try:
        second = clause(f"{who}は、{m['b']}", ctx)
    except NotUnderstood:
        # "gets A until the end of the turn, and is not interfered by X": the duration said once is both parts'
        until = re.match(r"(?:次の)?ターン終了時まで、?", m["a"])
        if until is None or re.match(r"(?:この|次の)?ターン", m["b"]):
            raise
        del ctx.targets[mark:], ctx.target_clause[mark:]
        second = clause(f"{who}は、{until[0]}{m['b']}", ctx)
    if ctx.may:
        raise NotUnderstood(m[0])
    return first + second


@reads(rf"(?P<np>{ENTERED})は、?(?P<a>{_KWS}(?:{MOD})?を得る)とともに、(?P<b>.+)")
def _entered_gets_and(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The Charas this effect put onto the Area get A, and B" (no comma after は, the keywords listed with 、)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    first = clause(f"{ENTERED}は、{m['a']}", ctx)
    second = clause(f"{ENTERED}は、{m['b']}", ctx)
    if ctx.may:
        raise NotUnderstood(m[0])
    return first + second


@reads(r"(?P<np>[^、。]+?)は、?(?P<end>ターン終了時に)?(?P<how>活動|休息)状態になる")
def _becomes_active(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X stands / rests (at the end of the turn)": for this card or a Chara named before."""
    if m["np"] not in ("このカード", "指定したキャラ", "そのキャラ", "指定されたキャラ", ENTERED):
        raise NotUnderstood(m[0])
    op = "activate" if m["how"] == "活動" else "rest"
    steps: list[Step] = [{"op": op, "target": t} for t in _subjects(m["np"], None, ctx)]
    return [{"op": "delay", "on": "turn_end", "do": steps}] if m["end"] else steps


@reads(r"(?P<np>このカード|この効果で場に出たキャラ)をEXデッキに戻す")
def _back_to_ex(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Return this card / the Charas this effect put onto the Area to the EX deck": EX cards only (the ones put
    there from the EX deck: compiler._entered_after_entry)."""
    if m["np"] == "このカード" and not ctx.card.ex:
        raise NotUnderstood(m[0])
    return [{"op": "move", "target": t, "to": "ex_deck"} for t in _subjects(m["np"], None, ctx)]


@reads(r"(?P<np>[^、。]+?)は、?ターン終了時に(?P<to>捨て札|手札)になる")
def _gone_at_end(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X goes to the discard at the end of the turn" (ターン終了時に捨て札になる): a delayed move of this card or of the
    Charas this effect put onto the Area."""
    if m["np"] not in ("このカード", ENTERED) or m["to"] != "捨て札":
        raise NotUnderstood(m[0])
    steps: list[Step] = [{"op": "move", "target": t, "to": "discard"} for t in _subjects(m["np"], None, ctx)]
    return [{"op": "delay", "on": "turn_end", "do": steps}]


@reads(r"EXデッキから(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?抜き出し、(?P<rested>休息状態で)?場に出す")
def _ex_to_area(m: re.Match[str], ctx: Ctx) -> list[Step]:
    extra: dict[str, Any] = {"rested": True} if m["rested"] else {}
    return [_pick("ex_deck", "area", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **extra)]


@reads(r"EXデッキから(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?抜き出し、捨て札にする")
def _ex_to_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Take X from the EX deck and put it into the discard" (a pick, as to the hand or the Area)."""
    return [_pick("ex_deck", "discard", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]))]


@reads(r"このターン、(?P<who>相手|自分)は、(?P<np>.+?)のテキストを使用(?:することが)?できない")
def _no_texts(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This turn, the opponent cannot use the texts of X": a ban on the player."""
    p = _np(m["np"], ctx)
    if p.spec.get("side") == "self":  # "their own" X, seen from the player banned: a player uses only their texts
        p.spec.pop("side")
    if p.all or p.same_name or "side" in p.spec:
        raise NotUnderstood(m[0])
    return [{"op": "forbid", "who": "opponent" if m["who"] == "相手" else "self", "what": "text",
             "filter": p.card_filter()}]


@reads(r"(?P<np>[^、。]+?)は、(?:このターン、|ターン終了時まで、?)妨害されない")
def _not_interfered(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X cannot be interfered with this turn": by any Chara."""
    return [{"op": "grant", "target": t, "what": {"not_interfered_by": {}}, "until": "turn_end"}
            for t in _subjects(m["np"], None if m["np"] == "このカード" else "1", ctx)]


@reads(r"自分のポイント置き場にある(?P<np>.+?)(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)(?P<to>手札に加える|手札に戻す|捨て札にする)")
def _from_points(m: re.Match[str], ctx: Ctx) -> list[Step]:
    to = "discard" if m["to"] == "捨て札にする" else "hand"
    return [_pick("point", to, m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]))]


@reads(rf"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?は、(?P<next>次の)?ターン終了時まで使用コスト(?P<c>[+-]\d+)(?:、(?:{MOD}))?を得る")
def _cost_on_area(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X gets cost +N (and +A/+D) until the end of the turn": its usage cost on the Area (a ``cost`` grant)."""
    until = "next_turn_end" if m["next"] else "turn_end"
    out: list[Step] = []
    for t in _subjects(m["np"], m["n"], ctx):
        out.append({"op": "grant", "target": t, "what": {"cost": int(m["c"])}, "until": until})
        if m["ap"] is not None:
            out.append({"op": "modify", "target": t, "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": until})
    return out


def static_on_all(text: str, ctx: Ctx) -> Got | None:
    """A continuous effect on every Chara of a kind: "自分の全ての…は、(…の間、)+X/+Y / 〔アクティブ〕を得る"."""
    if (m := re.fullmatch(r"(?P<np>[^、。]+?)は、(?P<g>[^、。]+の対象にならない)", text)) and m["g"] in _GRANTS:
        # "your X (a kind, no count) cannot be targeted by …": a continuous grant on each of them
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that or p.spec.get("side") != "self":
            raise NotUnderstood(text)
        return Got([{"op": "grant", "target": {"all": p.chara_spec()}, "what": w, "until": "turn_end"}
                    for w in _GRANTS[m["g"]]])
    if m := re.fullmatch(r"(?P<np>[^、。]+?キャラ)は、アプローチでポイントを与えることができない", text):
        # round 24: "X (a kind of Chara, no count) cannot give points by an approach" (SAGA 01-015): on each of them
        p = _np(m["np"], ctx)
        if p.head != "chara" or p.all or p.same_name or p.other_than_that or "side" not in p.spec:
            raise NotUnderstood(text)
        return Got([{"op": "grant", "target": {"all": p.chara_spec()}, "what": "cannot_give_points", "until": "turn_end"}])
    if m := re.fullmatch(r"(?P<np>[^、。]*全ての[^、。]+?)は、(?P<other>[^、。]+?)には妨害されない", text):
        # round 24: "every X of yours is not interfered by Y" (SAGA ST-025): the grant on each X, as for AP/DP below
        (who,) = _subjects(m["np"], None, ctx)
        if not isinstance(who, dict):  # every Chara of a side (all_own): no continuous step reaches them so
            raise NotUnderstood(text)
        return Got([{"op": "grant", "target": who, "what": {"not_interfered_by": _chara(m["other"], ctx)},
                     "until": "turn_end"}])
    if m := re.fullmatch(r"(?P<np>[^。]+?キャラ)のテキストは無効になる", text):
        return Got([{"op": "grant", "target": {"all": _kind(m["np"], ctx)}, "what": "text_negated", "until": "turn_end"}])
    m = re.fullmatch(rf"(?:(?P<lead>[^、。]+?)(?:場合|間)、)?(?:(?P<lead2>[^、。]+?)(?:場合|間)、)?"
                     rf"(?P<np>[^、。]*全ての[^、。]+?)は、?"
                     rf"(?:(?P<cond>[^、。]+?)(?:場合|間)、)?{_KWS}(?:{MOD})?を得る", text)
    if m is None or (m["kws"] is None and m["ap"] is None) or (m["lead"] and m["cond"]):
        return None
    if m["cond"] and not m["lead"] and (opposite := re.fullmatch(r"[^、。]+?(?:に妨害されている|を妨害している)", m["cond"])):
        # "each of your X, while interfered by Y / interfering Y, gets …": a part of which Charas get it (each its own
        # approach), not a condition on this card
        (who,) = _subjects(f"{opposite[0]}{m['np']}", None, ctx)
        steps = kw_grants(m["kws"], who)
        if m["ap"] is not None:
            steps.append({"op": "modify", "target": who, "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": "turn_end"})
        return Got(steps)
    if m["lead2"]:  # two conditions before the subject: both
        first, second = condition(m["lead"], ctx), condition(m["lead2"], ctx)
        if set(first) & set(second):
            raise NotUnderstood(text)
        (who,) = _subjects(m["np"], None, ctx)
        steps: list[Step] = kw_grants(m["kws"], who)
        if m["ap"] is not None:
            steps.append({"op": "modify", "target": who, "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": "turn_end"})
        return Got(steps, condition={**first, **second})
    (who,) = _subjects(m["np"], None, ctx)
    steps: list[Step] = kw_grants(m["kws"], who)
    if m["ap"] is not None:
        steps.append({"op": "modify", "target": who, "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": "turn_end"})
    cond = m["lead"] or m["cond"]  # the condition before the subject or after it
    return Got(steps, condition=condition(cond, ctx) if cond else {})


def _kind(np_text: str, ctx: Ctx) -> dict[str, Any]:
    """The Chara spec of a kind of Charas a continuous effect reaches (no count: every one fitting it, this card's
    own Chara included when it fits)."""
    p = _np(np_text, ctx)
    if p.head not in ("chara", "name") or p.same_name or p.other_than_that:
        raise NotUnderstood(np_text)
    return p.chara_spec()


@reads(r"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?の上に\+10/\+10コインを(?P<k>\d+)個乗せる")
def _coins(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N +10/+10 coins on X" (a coin the engine counts in AP/DP)."""
    n = None if m["np"] == "このカード" else m["n"]
    return [{"op": "coin", "target": t, "coin": "+10/+10", "n": int(m["k"])} for t in _subjects(m["np"], n, ctx)]


@reads(r"手札または自分の捨て札置き場にある(?P<np>.+?)(?P<n>\d+)枚を、?(?P<rested>休息状態で)?場に出す")
def _hand_or_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"You may put X from your hand or your discard onto the Area": a choice of the zone. Read only when the whole
    effect is optional (a mode that finds nothing is then the same as declining)."""
    if not (ctx.may and ctx.opening):
        raise NotUnderstood(m[0])
    extra: dict[str, Any] = {"rested": True} if m["rested"] else {}
    return [{"op": "choose", "n": 1, "modes": [[_pick(z, "area", m["np"], m["n"], ctx, **extra)]
                                               for z in ("hand", "discard")]}]


@reads(r"全てのデッキの上のカード(?P<n>\d+)枚を捨て札にする")
def _mill_both(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if ctx.may and not ctx.opening:  # round 32: "then you may" holds a choice no mill step keeps: not read
        raise NotUnderstood(m[0])
    return [{"op": "mill", "who": who, "n": int(m["n"])} for who in ("self", "opponent")]


@reads(r"任意の枚数の(?P<np>[^、。]+?)を休息状態にする")
def _rest_any(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Rest any number of your Charas of a kind" (engine.pm.rest_any): the rested ones are what a later
    "for each Chara rested" counts."""
    p = _np(m["np"], ctx)
    if ctx.may or p.head not in ("chara", "name") or p.all or p.same_name or p.spec.get("side") != "self":
        raise NotUnderstood(m[0])
    spec = p.chara_spec()
    spec.pop("side")
    return [{"op": "rest_any", "spec": spec}]


@reads(r"デッキの上のカード(?P<k>\d+)枚を見て、その(?:中にある|中から)任意の枚数のカードを(?P<to>捨て札にする|デッキの下に移す)")
def _look_discard_any(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Look at the top K cards and discard any number of them" (round 28: or put them under the deck; the rest stay
    on top unless a later sentence moves them: ``rest_to``)."""
    k = int(m["k"])
    to = "discard" if m["to"] == "捨て札にする" else "deck_bottom"
    return [{"op": "pick", "from": "deck", "to": to, "n": k, "filter": {}, "look": k, "up_to": True}]


@reads(r"手札(?P<n>\d+)枚をデッキの(?P<where>上|下)に(?:移す|戻す)")
def _hand_to_deck(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N cards of your hand on top of / under your deck" (the order they are given in); round 31: 戻す (return)
    for 移す, the one destination verb (as the discard's cards are read: compile_phrases._FROM_DISCARD)."""
    return [{"op": "pick", "from": "hand", "to": "deck" if m["where"] == "上" else "deck_bottom", "n": int(m["n"]),
             "filter": {}} | ({"up_to": True} if ctx.may else {})]


@reads(r"自分の捨て札置き場にある(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)をデッキの下に移す")
def _discard_to_bottom(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N (up to N) of X from your discard under your deck"; "may put N (> 1)": all N or none."""
    step = _pick("discard", "deck_bottom", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]))
    if ctx.may and not m["upto"] and step["n"] > 1:
        del step["up_to"]
        step["all_or_none"] = True
    return [step]


@reads(r"デッキの上のカード1枚を見て、そのカードを捨て札にする")
def _look_one_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Look at the top card of your deck; (you may) put it into the discard"."""
    return [{"op": "pick", "from": "deck", "to": "discard", "n": 1, "filter": {}, "look": 1}
            | ({"up_to": True} if ctx.may else {})]


@reads(r"(?P<u1>ターン終了時まで、)?(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?のテキスト(?:は、?(?P<u2>ターン終了時まで、?)無効になる|を無効にする)")
def _text_negated(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X's text is negated until the end of the turn" (テキストは、ターン終了時まで無効になる / ターン終了時まで、…の
    テキストを無効にする): a ``text_negated`` grant (engine.pm.stats.text_negated); without a limit it is a continuous
    effect, left to others."""
    if not (m["u1"] or m["u2"]):
        raise NotUnderstood(m[0])
    n = m["n"] or (None if m["np"] == "このカード" else "1")
    return [{"op": "grant", "target": t, "what": "text_negated", "until": "turn_end"} for t in _subjects(m["np"], n, ctx)]
