"""Clause readers of the twenty-seventh compiler round (issue 20, helper h20r27), registered with
:mod:`engine.pm.cards.compile_phrases` and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_trigger import _OWN_ALT as _own_alt
from engine.pm.cards.compile_trigger import _own_cause as own_cause

_JOINED_NAMES = re.compile(r"(?P<pre>.*?自分の)(?P<names>「[^」]+」(?:と「[^」]+」)+)(?P<rest>が[^「」]+)")


def names_joined(text: str, ctx: ph.Ctx) -> dict[str, Any] | None:
    """"Your 「A」 and 「B」 (and 「C」…) are there / have entered this turn" (自分の「A」と「B」がいる): the condition said
    of each name, all to hold (``all_of``). Different names are different Charas, so each is its own condition. None:
    not this wording (properties joined by と stay unread: one Chara may hold both)."""
    m = _JOINED_NAMES.fullmatch(text)
    if m is None:
        return None
    parts = [ph.condition(f"{m['pre']}「{name}」{m['rest']}", ctx) for name in re.findall(r"「([^」]+)」", m["names"])]
    return {"all_of": parts}


ph.FIRST_CONDITIONS.append(names_joined)


@ph.reads(rf"(?P<per>[^、]+につき、)?{ph.MOD}を得る")
def _self_gain_no_end(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"This card, when E, gets +A/+D" with no duration (このカードは、妨害に参加した場合、±0/+20を得る), in an automatic
    effect: for the turn, as ターン終了時まで (an effect with no stated duration lasts for its turn: rule book 000 ⑬,
    round 10's reading of designated Charas)."""
    if not ctx.this_subject or ctx.kind != "auto":
        raise ph.NotUnderstood(m[0])
    per = ph._per(m["per"], ctx)
    return [ph._mod_step("self", m["ap"], m["dp"], "turn_end") | ({"per": per} if per else {})]


@ph.reads(r"(?P<who>相手|全てのプレイヤー)は、手札(?P<n>\d+)枚をデッキの(?P<where>上に戻す|下に移す)")
def _others_hand_to_deck(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"The opponent (every player) puts N cards of their hand on top of / under their deck": each from their own
    hand, chosen by that player (as 相手は、手札N枚を捨て札にする is read); a "may" there is that player's choice: not
    read."""
    if ctx.may:
        raise ph.NotUnderstood(m[0])
    whos = ["opponent"] if m["who"] == "相手" else ["self", "opponent"]
    to = "deck" if m["where"] == "上に戻す" else "deck_bottom"
    return [{"op": "pick", "who": w, "from": "hand", "to": to, "n": int(m["n"]), "filter": {}} for w in whos]


_OWN_EVENT_HEAD = re.compile(rf"(?P<ev>{_own_alt})場合、")


def own_event_after_subject(text: str, ctx: ph.Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"This card, when it E" with the subject said first (このカードは、妨害に参加した場合、…): any of this card's own
    events (compile_trigger.OWN_EVENTS), as このカードがE場合 reads it. None: not this wording."""
    if not ctx.this_subject or (m := _OWN_EVENT_HEAD.match(text)) is None:
        return None
    cause = own_cause(m["ev"])
    ctx.in_point = cause == "to_point"  # heard in the Point Zone: no Chara is "self" there
    return cause, {}, text[m.end():]


ph.MORE_TRIGGERS.append(own_event_after_subject)


@ph.reads(r"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?は、(?P<next>次の)?ターン終了時まで(?P<gains>[^。]+?)を得る")
def _either_gain(m: re.Match[str], ctx: ph.Ctx) -> list[ph.Step]:
    """"X gets G1 or G2 until the end of the turn", G1 / G2 any gains (keywords, AP/DP, joined by 、: 〔天然2〕、+10/+30
    または〔アクティブ〕、+30/+10): the player chooses one of the two for the one Chara (as round 8 reads +A/+B or
    +C/+D). Each alternative is read as this card's gain alone, then put on X; several Charas, a gain counted "for
    each", or a part not read: not read."""
    alts = m["gains"].split("または")
    if len(alts) < 2 or ctx.may:  # round 31: any number of alternatives (A、B or C: one of the three)
        raise ph.NotUnderstood(m[0])
    until = "next_turn_end" if m["next"] else "turn_end"
    modes = []
    for alt in alts:
        inner = ph.Ctx(card=ctx.card, kind=ctx.kind, this_subject=True)
        steps = ph.clause(f"このカードは、ターン終了時まで{alt}を得る", inner)
        if inner.targets or inner.condition or not steps or any(
                s.get("op") not in ("modify", "grant") or s.get("target") != "self" or set(s) - {
                    "op", "target", "until", "ap", "dp", "what"} for s in steps):
            raise ph.NotUnderstood(alt)
        modes.append(steps)
    who = ph._subjects(m["np"], m["n"], ctx)
    if len(who) != 1 or isinstance(who[0], dict) or who[0] in ("all_own", "all_opponent"):
        raise ph.NotUnderstood(m[0])  # several Charas: one choice for all or one each? not read
    return [{"op": "choose", "n": 1, "modes": [[{**s, "target": who[0], "until": until} for s in mode] for mode in modes]}]
