"""Clause readers of the twenty-fifth compiler round (issue 20, helper h20r25), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as conditions) and tried after the earlier ones, and the settling of
"may move N cards" (:func:`settle_may_n`).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_np import COIN_WORD, coin_kind
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np


def _depends_on_pick(later: list[Step]) -> bool:
    """Whether a later step of the same run reads what the pick before it did (``if`` on ``picked``)."""
    return any('"picked"' in json.dumps(x.get("if", {})) or (x.get("op") == "if" and "picked" in json.dumps(x.get("cond")))
               for x in later)


def settle_may_n(steps: list[Step], optional: bool) -> list[Step]:
    """"May move N cards" (N > 1, no まで: the readers mark the pick ``all_or_none``), as the lead decided (session 13,
    docs/compiler.md): when the doing is a price (its ``then`` / ``else``, an "if so" or "if not", or a later step's
    condition on what it picked, depends on it), N or none (``up_to`` with ``all_or_none``, as MHK 01-002's hand
    script); a plain one is optional as a whole and, done, moves N or all there are when fewer (rule book 001: the
    rest of a text applies when a part cannot): the effect's opening pick of an optional effect is a plain pick of
    N (as many as there are), any other ``up_to`` with ``there_or_none``."""

    def walk(run: list[Step], top: bool) -> None:
        for k, step in enumerate(run):
            for key in ("then", "else", "do"):
                if isinstance(step.get(key), list):
                    walk(step[key], False)
            for mode in step.get("modes", ()):
                walk(mode, False)
            if step.get("op") != "pick" or not step.get("all_or_none") or step.get("up_to"):
                continue
            if "then" in step or "else" in step or _depends_on_pick(run[k + 1:]):
                step["up_to"] = True
                step.pop("then_if_all", None)  # N or none: an "if so" needs no more
            elif top and k == 0 and optional:
                del step["all_or_none"]
            else:
                del step["all_or_none"]
                step["up_to"] = True
                step["there_or_none"] = True

    walk(steps, True)
    return steps



def _supported(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This card / your X has a Support card set on it" (このカードに / 自分の『S』のキャラにサポートカードがセットされて
    いる): a count of such Charas with a Support set (the Chara spec key ``supported``), "this card" the effect's own
    Chara (``is_source``, a Chara's text only)."""
    m = re.fullmatch(r"(?P<np>[^、。]+?)に(?P<what>(?:『[^』]+』の)?サポートカード)がセットされている", text)
    if m is None:
        return None
    kind = _np(m["what"], ctx)
    if kind.head != "support" or set(kind.spec) - {"series"}:
        raise NotUnderstood(text)
    supported = dict(kind.spec)
    if m["np"] == "このカード":
        if ctx.card.type != "chara":
            raise NotUnderstood(text)
        spec: dict[str, Any] = {"is_source": True}
    else:
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that or p.spec.get("side") != "self":
            raise NotUnderstood(text)
        spec = p.chara_spec()
    return {"count": {"spec": {**spec, "supported": supported}, "at_least": 1}}


ph.MORE_CONDITIONS.append(_supported)


@ph.reads(r"(?:このターン、)?自分が次にプレイする(?P<name>「[^」]+」)または(?P<kind>(?:『[^』]+』の)?(?:サポートカード|イベントカード))"
          r"1枚は、使用コスト(?P<n>[+-]\d+)を得る")
def _next_cost_either(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The next 「N」 or <a kind of card> you play gets usage cost ±N" (自分が次にプレイする「各務原 なでしこ」または
    『ゆるキャン△』のサポートカード1枚は): one change for the next card that is either, a card named N (of any type) or a
    card of that kind (the name stands alone: の binds the title to the card kind after it)."""
    parts = [_np(m["name"], ctx), _np(m["kind"], ctx)]
    if any(p.same_name or p.other_than_that or p.all for p in parts):
        raise NotUnderstood(m[0])
    return [{"op": "cost", "who": "self", "next": True, "n": int(m["n"]),
             "filter": {"any_of": [p.card_filter() for p in parts]}}]


_WHOSE = {"自分": "self", "相手": "opponent", "自分または相手": "any"}


def _point_turn(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"In a turn in which a card was put into your / the opponent's / either Point Zone" (自分または相手のポイント置き場
    にカードが置かれたターンの): this turn's history of Point Zone arrivals (any way, face up or down: engine.pm.zones
    put_cards, hidden.placed), as the use condition of round 18 counts them."""
    m = re.fullmatch(r"(?P<who>自分または相手|自分|相手)のポイント置き場にカードが置かれたターンの", text) or re.fullmatch(
        r"このターンの間に(?P<who>自分または相手|自分|相手)のポイント置き場にカードが置かれた", text)
    if m is None:
        return None
    return {"history": {"event": "point", "filter": {}, "who": _WHOSE[m["who"]], "at_least": 1}}


ph.MORE_CONDITIONS.append(_point_turn)


def _own_main_phase(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"During your Main Phase" (自分のメインフェイズの(間)): the player's own turn, in its Main Phase."""
    return {"own_turn": True, "phase": "main"} if text in ("自分のメインフェイズ", "自分のメインフェイズの") else None


ph.MORE_CONDITIONS.append(_own_main_phase)


@ph.reads(r"EXデッキまたは手札にある(?P<np>[^、。]+?)(?P<n>\d+)枚を場に出す")
def _from_ex_or_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N X from your EX deck or your hand onto the Area" (EXデッキまたは手札にある「N」1枚を場に出す): the cards come
    from one of the two zones, the player's choice: a ``choose`` of two modes, each a pick onto the Area (a mode that
    would do nothing while the other would is refused, engine.pm.script ``_choose``)."""
    if not (ctx.may and ctx.opening):  # as the hand-or-discard reader (compile_more): a mode finding nothing = declining
        raise NotUnderstood(m[0])
    modes = [[ph._pick(src, "area", m["np"], m["n"], ctx)] for src in ("ex_deck", "hand")]
    return [{"op": "choose", "n": 1, "modes": modes}]


@ph.reads(rf"(?P<np>[^、。]*全ての[^、。]+?)の上に(?P<coin>{COIN_WORD})コインを(?P<k>\d+)個ずつ乗せる")
def _coins_each(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put K coins on each of every X" (全ての…の上に…コインを1個ずつ乗せる): a ``coin`` step on every such Chara, K on
    each (the coin reader's step, on a kind of Chara)."""
    whom = ph._subjects(m["np"], None, ctx)
    if len(whom) != 1 or not (isinstance(whom[0], dict) or whom[0] in ("all_own", "all_opponent")):
        raise NotUnderstood(m[0])
    return [{"op": "coin", "target": whom[0], "coin": coin_kind(m["coin"]), "n": int(m["k"])}]


_SET_FROM = {"EXデッキから": "ex_deck", "自分の捨て札置き場にある": "discard"}


@ph.reads(r"(?P<src>EXデッキから|自分の捨て札置き場にある)(?P<np>[^、。]+?)(?P<n>\d+)枚を(?:抜き出し、)?"
          r"(?P<on>このカード|自分の[^、。]+?\d+枚)にセットする")
def _set_support(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Take N X from your EX deck (from your discard) and set it on this card / on one of your Y" (EXデッキから「X」1枚を
    抜き出し、自分の「Y」1枚にセットする): a pick ``to: "set"`` onto that Chara (``onto``: ``self``, a Chara's own card,
    or the target named), Support cards only, one copy per Chara (engine.pm.script ``_set_holder``, ops ``_set_on``).
    "This card" is read for a Chara's own text only (a Support's own card is not a Chara)."""
    if m["src"] == "EXデッキから" and not m["np"].startswith("「"):
        raise NotUnderstood(m[0])  # a kind of card taken from the EX deck: not read here
    if m["on"] == "このカード":
        if ctx.card.type != "chara":
            raise NotUnderstood(m[0])
        onto: Any = "self"
    else:
        on = re.fullmatch(r"(?P<np>自分の[^、。]+?)(?P<k>\d+)枚", m["on"])
        assert on is not None
        whom = ph._subjects(on["np"], on["k"], ctx)
        if len(whom) != 1 or on["k"] != "1":
            raise NotUnderstood(m[0])
        onto = whom[0]
    step = ph._pick(_SET_FROM[m["src"]], "set", m["np"], m["n"], ctx)
    return [{**step, "onto": onto}]


def _approaching_with_coins(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This card approaches with X coins on it" (このカードの上に+10/+10コインが乗っている状態でアプローチしている): the
    effect's own Chara approaching now and holding one or more such coins."""
    m = re.fullmatch(rf"このカードの上に(?P<coin>{COIN_WORD})?コインが乗っている状態でアプローチ(?:に参加)?している", text)
    if m is None:
        return None
    return {"approaching": True, "coins": {"coin": coin_kind(m["coin"]), "at_least": 1}}


ph.MORE_CONDITIONS.append(_approaching_with_coins)


#: the whole text of "this card does not become active at the start of the turn" (the facts reader takes ターン開始時に
#: for a trigger's timing: the compiler reads it as the continuous rule it is)
NO_START_STAND_TEXT = re.compile(r"このカードは、ターン開始時に活動状態にならない。?")


def own_rule(rest: str, ctx: Ctx) -> ph.Got | None:
    """A Chara's own continuous "this card does not become active at the start of the turn" (このカードは、ターン開始時
    に活動状態にならない): the grant ``no_start_stand`` on itself (engine.pm.turns: the Turn Start's Stand passes it over;
    an effect may still make it active); "this card, while C, is not interfered by X". None: not these wordings."""
    if ctx.card.type != "chara":
        return None
    if rest == "ターン開始時に活動状態にならない":
        return ph.Got([{"op": "grant", "target": "self", "what": "no_start_stand", "until": "turn_end"}])
    if rest == "〔自由登場〕を得る":  # a Pinch's 「〔自由登場〕」: free entry while it holds (engine.pm.play.free_entry)
        return ph.Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}])
    m = re.fullmatch(r"(?P<c>[^、]+?)(?:場合|間)、(?:(?P<c2>[^、]+?)(?:場合|間)、)?(?P<other>[^、。]+?)には妨害されない", rest)
    if m is None or re.search("妨害されている|を妨害している", m["c"] + (m["c2"] or "")):
        return None
    # "this card, while C, is not interfered by X" (このカードは、このカードの上に…場合、このカードよりAPが30以上低い
    # キャラには妨害されない): the grant on itself under C, "lower than this card's" measured against it (round 25)
    cond = ph.condition(m["c"], ctx)
    if m["c2"]:
        if set(more := ph.condition(m["c2"], ctx)) & set(cond):
            raise NotUnderstood(rest)
        cond.update(more)
    spec = ph._chara(m["other"], ctx, ph._THIS)
    return ph.Got([{"op": "grant", "target": "self", "what": {"not_interfered_by": spec}, "until": "turn_end"}],
                  condition=cond)


def _support_set_head(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When your Support card is set" / "when a Support card is set on your X" (自分のサポートカードがセットされた場合、 /
    自分の「X」にサポートカードがセットされた場合、): ``any_supported`` (engine.pm.triggers: a Support set on a Chara, played
    or by an effect), the Chara it is set on the subject (one of yours: your Support goes on your Chara)."""
    if m := re.match(r"自分のサポートカードがセットされた場合、", text):
        return "any_supported", {"subject": {"side": "self"}}, text[m.end():]
    if m := re.match(r"(?P<np>自分の[^、。]+?)にサポートカードがセットされた場合、", text):
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that:
            raise NotUnderstood(m[0])
        return "any_supported", {"subject": p.chara_spec()}, text[m.end():]
    return None


ph.MORE_TRIGGERS.append(_support_set_head)


_NOT_BY_NO_TIME = re.compile(r"(?P<np>自分の[^、。]+?)(?P<n>1)枚は、(?P<other>[^、。]+?)には妨害されない")


@ph.reads(_NOT_BY_NO_TIME.pattern)
def _not_interfered_by_this_turn(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"One of your X is not interfered by Y", a step with no stated duration: for the turn, as ターン終了時まで (an
    effect with no stated duration lasts for its turn, rule book 000 "Effect Duration"; round 16's reading)."""
    if ctx.kind not in ("auto", "activated"):
        raise NotUnderstood(m[0])
    return ph._not_interfered_by(m, ctx)


@ph.reads(r"(?P<np>[^、。]+?)(?P<n>1)枚は、活動状態になるとともに、(?P<g>ターン終了時まで[^、。]+を得る)")
def _stand_and_gain(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"One X becomes active and gets G until the end of the turn" (自分の『S』のキャラ1枚は、活動状態になるとともに、
    ターン終了時まで〔我慢〕を得る): the Chara named is made active, then gets G (the two, in order, on that one Chara)."""
    (who,) = ph._subjects(m["np"], m["n"], ctx)
    if not (isinstance(who, str) and who.startswith("target:")):
        raise NotUnderstood(m[0])
    gains = ph.clause(f"そのキャラは、{m['g']}", ctx)
    if not gains or any(g.get("target") != who or g.get("op") not in ("grant", "modify") for g in gains):
        raise NotUnderstood(m[0])
    return [{"op": "activate", "target": who}, *gains]


def reaches_others(steps: Any) -> bool:
    """Whether a step targets every Chara of a kind or of a side (``{"all": spec}``, ``all_own``, ``all_opponent``):
    the engine applies such continuous steps from Charas' own texts (engine.pm.stats.wide_steps), not from a Support
    set on a Chara, so a Support's effect with one stays unread (round 25: YRC 01-105)."""
    if isinstance(steps, dict):
        target = steps.get("target")
        if (isinstance(target, dict) and "all" in target) or target in ("all_own", "all_opponent"):
            return True
        return any(reaches_others(v) for v in steps.values())
    if isinstance(steps, list | tuple):
        return any(reaches_others(v) for v in steps)
    return False


_SIDE_OF = {"all_own": "self", "all_opponent": "opponent"}


def sides_as_kinds(steps: list[Step]) -> list[Step]:
    """A Chara's continuous steps on every Chara of a side (``all_own`` / ``all_opponent``: 相手の全てのキャラは…) as
    steps on every Chara of that kind (``{"all": {"side": …}}``): the engine applies a continuous step reaching other
    Charas in that form only (engine.pm.stats.wide_steps, seen from the card's owner); a played effect (an Event's)
    reads both forms and is left as it was."""
    return [{**x, "target": {"all": {"side": _SIDE_OF[x["target"]]}}}
            if isinstance(x.get("target"), str) and x["target"] in _SIDE_OF else x for x in steps]


def _per_support(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"For each of your / the opponent's Support cards" (自分のサポートカード1枚につき、): the Supports set on that
    player's Charas (engine.pm.conditions.count ``supports``)."""
    m = re.fullmatch(r"(?P<who>自分|相手)のサポートカード1枚につき、", text)
    return None if m is None else {"supports": _WHOSE[m["who"]]}


ph.MORE_PERS.insert(0, _per_support)


def _approach_while(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card approaches while C" (このカードが、自分の「X」がいる状態でアプローチした場合、): ``approach`` under C,
    checked as it approaches; a count of Charas leaves this card out, as the entry under a state does
    (compile_phrases ``_trigger``: 状態で登場した場合)."""
    m = re.match(r"このカードが、?(?P<c>[^。]+?)状態で、?アプローチ(?:に参加)?した場合、", text)
    if m is None:
        return None
    extra = ph.condition(m["c"], ctx)
    if "count" in extra and not extra["count"]["spec"].get("is_source"):  # (round 26: not of this card itself)
        if set(ph._one_of(extra["count"]["spec"].get("name"))) & set(ctx.card.names):
            # round 30: a count of Charas of this card's own name (自分の「A」が5枚以上いる, this card an 「A」): is this
            # card, on the Area as it approaches, one of them? not read
            raise NotUnderstood(m[0])
        extra["count"]["spec"]["not_self"] = True
    if set(ph._one_of(extra.get("has_name"))) & set(ctx.card.names):
        raise NotUnderstood(m[0])  # round 30: the same for a name this card holds
    return "approach", extra, text[m.end():]


ph.MORE_TRIGGERS.append(_approach_while)


def _symbol_on_field(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"A card of usage cost △ is on your field" (自分の場に使用コストが△のカードがある: the field is the Main and the
    Support Area, rule book 001's glossary, with the Supports set there): one of your Charas is such a card or has one
    set on it. The same words without 自分の場に (使用コストが△の自分のカードがある) name no place and stay unread."""
    m = re.fullmatch(r"自分の場に使用コスト(?:の値)?が(?P<sym>[\u25a0-\u25ff\u2605\u2606])のカードがある", text)
    if m is None:
        return None
    kind = {"cost_symbol": m["sym"]}
    return {"count": {"spec": {"side": "self", "any_of": [kind, {"supported": kind}]}, "at_least": 1}}


ph.MORE_CONDITIONS.append(_symbol_on_field)
