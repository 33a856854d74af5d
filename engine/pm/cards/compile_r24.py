"""Clause readers of the twenty-fourth compiler round (issue 20, helper h20r24), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as trigger heads and conditions) and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_general import _zone_filter
from engine.pm.cards.compile_phrases import _KWS, MOD, Ctx, NotUnderstood, Step, _mod_step, _subjects, condition, kw_grants, reads


def _cards_there(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"N or more X are removed from the game (yours / the opponent's)" (ゲームから取り除かれている自分のカードがN枚以上
    ある): a ``cards`` count of the removed zone, as the discard's (compile_general._zone_condition)."""
    m = re.fullmatch(r"ゲームから取り除かれている(?P<who>自分|相手)の(?P<np>[^、。]+?)が(?P<n>\d+)枚以上ある", text)
    if m is None:
        return None
    return {"cards": {"zone": "removed", "who": "self" if m["who"] == "自分" else "opponent",
                      "filter": _zone_filter(m["np"], ctx), "at_least": int(m["n"])}}


ph.MORE_CONDITIONS.append(_cards_there)


def _leave_while(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card leaves (the Area) while C" (このカードが、C状態で退場した場合、): ``leave`` under C, checked when it
    leaves (engine.pm.triggers.fire_leave: the Chara is still on the Area then, its coins still on it)."""
    m = re.match(r"このカードが、(?P<c>[^。]+?)状態で退場した場合、", text)
    if m is None:
        return None
    cond = condition(m["c"], ctx)
    if "count" in cond:  # a count of Charas: would this card itself be one of them as it leaves? not read
        raise NotUnderstood(m[0])
    return "leave", cond, text[m.end():]


ph.MORE_TRIGGERS.append(_leave_while)


def _left_for_discard(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"When this card is put from the Area into the discard" (このカードが場から捨て札置き場に置かれた場合、; SSSS 01-047):
    ``leave`` for the discard only (``left_to``: where it goes, after its own replacement effects), not a leaving
    to the hand, the deck or out of the game."""
    m = re.match(r"このカードが場から捨て札置き場に置かれた場合、", text)
    if m is None:
        return None
    return "leave", {"left_to": "discard"}, text[m.end():]


ph.MORE_TRIGGERS.append(_left_for_discard)


#: the events a delayed part may wait for on one Chara named before (the causes the engine fires for a Chara)
_WAIT_ON = {"休息状態になった": "rested", "アプローチに参加した": "approach", "妨害された": "interfered"}


@reads(rf"(?P<np>[^、。]+?)(?P<n>\d+)枚は、このターン、(?P<on>{'|'.join(_WAIT_ON)})場合、ターン終了時まで{_KWS}(?:{MOD})?を得る")
def _gains_when(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"N of X, this turn, when it becomes rested (approaches, is interfered), gets … until the end of the turn" (SZ2
    01-099): X is chosen now (a target); the gain is set up as a delayed part heard the first time the event happens
    to that Chara this turn (``delay`` with ``subject``, as round 15's "when it approaches, it stands" reads it)."""
    if ctx.may or (m["kws"] is None and m["ap"] is None) or m["n"] != "1":
        raise NotUnderstood(m[0])
    (who,) = _subjects(m["np"], m["n"], ctx)
    do: list[Step] = kw_grants(m["kws"], who)
    if m["ap"] is not None:
        do.append(_mod_step(who, m["ap"], m["dp"], "turn_end"))
    return [{"op": "delay", "on": _WAIT_ON[m["on"]], "subject": who, "do": do}]


def event_hand_cost(text: str, ctx: Ctx) -> ph.Got | None:
    """An Event's own "while this card is in the hand, if C, it gets usage cost ±N" (このカードは、手札にある状態で、C
    場合、使用コスト-Nを得る; SAGA 01-106), a text of its own beside the Event's play effect: a bare ``cost`` step under
    C, which engine.pm.stats.hand_cost reads for an Event's later effects (never its first: the one its play runs,
    compiler.compile_card). None when the text has another shape."""
    m = re.fullmatch(r"このカードは、手札にある状態で、?(?P<c>[^、。]+?)(?:場合|間)、使用コスト(?P<n>[+-]\d+)を得る", text)
    if m is None or ctx.card.type != "event":
        return None
    return ph.Got([{"op": "cost", "n": int(m["n"])}], condition=condition(m["c"], ctx))


def hand_cost_only(script: Any) -> bool:
    """Whether an effect's script is only an Event's own cost change in the hand (:func:`event_hand_cost`)."""
    return bool(script) and all(set(s) <= {"op", "n"} and s.get("op") == "cost" for s in script)
