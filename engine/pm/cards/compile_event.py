"""An Event's later triggered sentences: delayed effects its play effect sets up.

"[timing]: A. このターン、そのキャラがアプローチに参加した場合、B." is one play effect (A) that sets up a delayed
effect (B) waiting for that Chara to approach; the reader lists B as an automatic effect of the Event. As the hand
scripts do (MHK 01-111), A's script ends with ``{"op": "delay", "on": cause, "subject": who, "auto": j}`` and the
automatic effect ``j`` gets B's script with the trigger ``delayed`` (engine.pm.script: it fires only once set up).
Forms read: "このターン、<who>が<cause>場合、B" (who: the one Chara the play effect names, or named Charas of yours)
and "ターン終了時に、B". A B that opens with "may" (…できる) is optional as a whole, as an automatic effect's is (the
``delay`` step and the automatic effect are ``optional``). Anything else leaves the Event unscripted.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.pm.cards import Card, Effect
from engine.pm.cards import compile_phrases as ph

_CAUSES = {"がアプローチに参加した": "approach", "がアプローチでポイントを与えた": "gave_point",
           "のアプローチで相手にポイントを与えた": "gave_point", "のアプローチで相手のキャラが退場した": "eliminated_opponent"}
_LATER = re.compile(r"このターン(?:の間に)?、(?P<who>[^、。]+?)(?P<on>" + "|".join(_CAUSES) + r")場合、(?P<then>.+)")
_AT_END = re.compile(r"ターン終了時に、?(?P<then>.+)")


def _subjects(who: str, play: Effect, card: Card) -> list[Any]:
    """Whom the later sentence waits for: the play effect's target (each of its targets, when it names several Charas
    alike in one clause: "2 of your Charas get …; this turn, when that Chara …" waits for each), or named Charas."""
    if who in ("そのキャラ", "指定したキャラ", "指定されたキャラ"):
        if not play.targets:
            raise ph.NotUnderstood(who)
        if len(play.targets) == 1:
            return ["target"]
        first = {k: v for k, v in play.targets[0].items() if k != "distinct"}
        if any({k: v for k, v in t.items() if k != "distinct"} != first or t.get("up_to") for t in play.targets):
            raise ph.NotUnderstood(who)  # targets of different kinds: which of them? not read
        return [f"target:{k}" for k in range(len(play.targets))]
    p = ph.phrase(who, card.series)
    if p is None or p.head not in ("chara", "name") or p.all or p.same_name or p.spec.get("side") != "self":
        raise ph.NotUnderstood(who)
    return [p.chara_spec()]


def _delayed(text: str, j: int, play: Effect, card: Card) -> tuple[list[dict[str, Any]], Effect]:
    """(the play effect's ``delay`` steps, the automatic effect ``j`` with its script) for one later sentence."""
    t = text.rstrip("。")
    steps_: list[dict[str, Any]]
    if m := _LATER.fullmatch(t):
        steps_ = [{"op": "delay", "on": _CAUSES[m["on"]], "subject": who, "auto": j}
                  for who in _subjects(m["who"], play, card)]
    elif m := _AT_END.fullmatch(t):
        steps_ = [{"op": "delay", "on": "turn_end", "auto": j}]
    else:
        raise ph.NotUnderstood(t)
    if re.search("そのキャラ|指定した|指定された", m["then"]):
        raise ph.NotUnderstood(m["then"])  # the body names the play effect's Charas again: not read
    ctx = ph.Ctx(card=card, kind="auto")
    may: list[bool] = []
    steps = ph.body(m["then"], ctx, may)
    if not steps or any(may[1:]) or ctx.condition:
        raise ph.NotUnderstood(m["then"])
    optional = bool(may) and may[0]  # as an automatic effect's (compile_phrases.effect)
    if optional:
        for step in steps_:
            step["optional"] = True
    auto = Effect(kind="auto", trigger="delayed", script=tuple(ph.finish(steps, ctx)), targets=tuple(ctx.targets),
                  optional=optional, compiled=True)
    return steps_, auto


def with_delayed(card: Card, texts: list[str], effects: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """``effects`` (the play effect compiled) with each later automatic sentence set up by the play effect; None
    when one of them is not read."""
    play = effects[0]
    if not play.compiled or card.type != "event":
        return None
    out, steps, j = list(effects), [], 0
    try:
        for k, (text, eff) in enumerate(zip(texts, effects, strict=True)):
            if eff.kind != "auto":
                continue
            more, auto = _delayed(ph_text(text), j, play, card)
            steps.extend(more)
            out[k] = replace(eff, trigger=auto.trigger, script=auto.script, targets=auto.targets, compiled=True,
                             once_per_turn=False, optional=auto.optional)
            j += 1
    except (ph.NotUnderstood, ValueError, KeyError, IndexError):
        return None
    if any(e.kind == "continuous" and not e.compiled for e in out[1:]):
        return None
    out[0] = replace(play, script=(*play.script, *steps))
    return tuple(out)


def ph_text(text: str) -> str:
    from engine.pm.cards.compiler import normalize

    return normalize(text)
