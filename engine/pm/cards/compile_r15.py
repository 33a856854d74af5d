"""Clause readers of the fifteenth compiler round (issue 20, helper h20r15), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- "X, (this turn,) when it approaches / takes part in an approach / is interfered, becomes active and may approach
  again" (X は、(このターン、)アプローチした / 妨害された場合、活動状態になるとともに、もう一度アプローチに参加することが
  できる): a ``delay`` on that event of X (fires once, this turn) whose steps stand X and grant ``approach_again``;
- the top N cards of the deck put back in any order (デッキの上のカードN枚を見て、任意の順番でデッキの上 / 下 / 上または下
  に移す / 戻す): ``reorder`` (engine.pm.reorder);
- nullifying a card being played, in either word order (相手がプレイ中の X / Y の相手のプレイ中の X 1枚を無効にする),
  by an Event or a Chara's response: ``disable`` with the ``answers`` condition (a Chara card being played: a summon or
  a Level Up);
- "this card, while C, gets usage cost ±N, (keywords,) ±A/±D, and when it approaches, B / stands at the end of your
  turn" (GRAN ST-001, ST-006): the gains as ``static`` steps, the rest a trigger, under C (:func:`joined_trigger`);
- "X gets usage cost +N for each Y until the end of the turn" (…は、Y1枚につき、ターン終了時まで使用コスト+Nを得る, HSF
  01-015): a cost ``grant`` with ``per``, counted when it runs;
- a Point Zone flip of cards of a kind (自分のポイント置き場にある X を N 枚(まで)表 / 裏向きにする): ``flip`` with
  ``filter``.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards.compile_phrases import (
    _KWS,
    MOD,
    Ctx,
    Got,
    NotUnderstood,
    Step,
    _mod_step,
    _np,
    _per,
    _subjects,
    body,
    condition,
    kw_grants,
    reads,
)

#: the event of the Chara that lets it approach again, as the trigger cause the engine fires for it
_AGAIN_ON = {"アプローチした": "approach", "アプローチに参加した": "approach", "妨害された": "interfered"}


@reads(r"(?:このターン、)?(?P<np>.+?)(?:(?P<n>\d+)枚)?は、(?:このターン、)?(?P<on>" + "|".join(_AGAIN_ON)
       + r")場合、活動状態になるとともに、?(?:このターン、)?もう一度アプローチに参加することができる")
def _again_when(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Set up for this turn: when X next approaches (is interfered), it becomes active and may approach once more
    (rule book 000 "Approach Phase": a Chara that approached may not approach again unless an effect says so). The
    delayed part fires once (``delay``), the first time the event happens to X this turn."""
    if ctx.may:
        raise NotUnderstood(m[0])
    (who,) = _subjects(m["np"], m["n"] if m["np"] != "このカード" else None, ctx) or [None]
    if not isinstance(who, str) or not (who == "self" or who.startswith("target")):
        raise NotUnderstood(m["np"])  # one Chara only: every X, or the Charas put onto the Area, are not read
    do: list[Step] = [{"op": "activate", "target": who},
                      {"op": "grant", "target": who, "what": "approach_again", "until": "turn_end"}]
    return [{"op": "delay", "on": _AGAIN_ON[m["on"]], "subject": who, "do": do}]


@reads(r"(?P<who>自分|相手)のポイント置き場にある(?P<np>[^、。]+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?(?P<face>表|裏)向きにする")
def _flip_kind(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Turn N (up to N) Point Zone cards of a kind face up / down (a plain "card" is the earlier reader's)."""
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name", "card") or p.all or "side" in p.spec or not p.holds_card_filter():
        raise NotUnderstood(m["np"])
    step: Step = {"op": "flip", "who": "self" if m["who"] == "自分" else "opponent",
                  "face": "up" if m["face"] == "表" else "down", "n": int(m["n"] or m["upto"]), "filter": p.card_filter()}
    if m["upto"] or ctx.may:
        step["up_to"] = True
    if ctx.may and not m["upto"] and step["n"] > 1:  # "may turn N" (no まで): N or none (engine.pm.script)
        step["all_or_none"] = True
    return [step]


_BACK = {"上": "top", "下": "bottom", "上または下": "top_or_bottom"}


@reads(r"(?:自分の)?デッキの上のカード(?P<n>\d+)枚を見て、任意の順番でデッキの(?P<to>上または下|上|下)に(?:移す|戻す)")
def _reorder(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Look at the top N cards and put them back in any order: on top, at the bottom, or all of them on one of the
    two (the player's choice: docs/compiler.md, decisions)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "reorder", "who": "self", "n": int(m["n"]), "to": _BACK[m["to"]]}]


#: the plays of a card of each kind (engine.pm.play: the action ``g.answering`` names)
_PLAYED: dict[str, Any] = {"event": "play_event", "chara": ["summon", "level_up"],
                           # round 25: a Support card, and "a card" of any kind (相手のプレイ中の使用コストが0のカード)
                           "support": "set_support", "card": ["play_event", "summon", "level_up", "set_support"]}


@reads(r"(?:相手がプレイ中の(?P<a>.+?)|(?:(?P<b>[^、。]+?)の)?相手のプレイ中の(?P<c>.+?))1枚を無効にする")
def _negate_play(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Nullify a card the opponent is playing (rule book 000 "Responses": a response that disables the play it answers;
    the card goes to the discard, its cost stays paid). A Chara card being played is a summon or a Level Up."""
    p = _np(m["a"] or (f"{m['b']}の{m['c']}" if m["b"] else m["c"]), ctx)
    if p.head not in _PLAYED or p.all or p.same_name or "side" in p.spec or not p.holds_card_filter():
        raise NotUnderstood(m[0])
    if ctx.card.type != "event" and ctx.kind != "activated":
        raise NotUnderstood(m[0])  # only a play (an Event) or a used text answers another play
    ctx.condition["answers"] = {"type": _PLAYED[p.head], "side": "opponent", "filter": p.card_filter()}
    return [{"op": "disable"}]


_JOINED = re.compile(rf"このカードは、(?P<c>[^、。]+?)場合、使用コスト(?P<cost>[+-]\d+)、{_KWS}(?:{MOD})?を得るとともに、"
                     r"(?:(?P<end>(?:自分の)?ターン終了時に活動状態になる)|アプローチした場合、(?P<then>.+))")


def joined_trigger(text: str, ctx: Ctx) -> Got | None:
    """"This card, while C, gets usage cost ±N (and keywords / ±A/±D), and stands at the end of your turn / when it
    approaches, B": the cost and the gains are in force while C holds (``static`` steps: engine.pm.stats reads a
    Chara's own cost grant, round 14), the rest a trigger under the same C ("your turn's end": ``own_turn_end``, fired
    for the turn player's Charas only). None: not this shape."""
    m = _JOINED.fullmatch(text)
    if m is None:
        return None
    cond = condition(m["c"], ctx)
    static: list[Step] = [{"op": "grant", "target": "self", "what": {"cost": int(m["cost"])}, "until": "turn_end"},
                          *kw_grants(m["kws"], "self")]
    if m["ap"] is not None:
        static.append(_mod_step("self", m["ap"], m["dp"], "turn_end"))
    static = [{**x, "static": True} for x in static]
    if m["end"]:  # "at the end of your turn": only the turn player's (the condition also rules the static steps)
        trigger = "own_turn_end" if m["end"].startswith("自分の") else "turn_end"
        return Got([{"op": "activate", "target": "self"}, *static], trigger=trigger, condition=cond)
    steps = body(m["then"], ctx)
    if ctx.targets or ctx.may:
        raise NotUnderstood(m["then"])  # a choice of its own in the triggered part: not read here
    return Got([*steps, *static], trigger="approach", condition=cond)


@reads(r"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?は、(?P<per>[^、。]+?1枚につき、)ターン終了時まで使用コスト(?P<c>[+-]\d+)を得る")
def _cost_per(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """Usage cost ±N on the Area for each Y, until the end of the turn: the count is taken when the step runs
    (engine.pm.script puts the product into the op logged); nothing for a count of 0."""
    per = _per(m["per"], ctx)
    if per is None:
        raise NotUnderstood(m["per"])
    return [{"op": "grant", "target": t, "what": {"cost": int(m["c"])}, "until": "turn_end", "per": per}
            for t in _subjects(m["np"], m["n"], ctx)]
