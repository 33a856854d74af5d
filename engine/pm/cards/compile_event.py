"""Later triggered sentences: delayed effects an effect before them sets up.

"[timing]: A. このターン、そのキャラがアプローチに参加した場合、B." is one play effect (A) that sets up a delayed
effect (B) waiting for that Chara to approach; the reader lists B as an automatic effect of the Event. As the hand
scripts do (MHK 01-111), A's script ends with ``{"op": "delay", "on": cause, "subject": who, "auto": j}`` and the
automatic effect ``j`` gets B's script with the trigger ``delayed`` (engine.pm.script: it fires only once set up).
Forms read: "このターン、<who><cause>場合、B" (who: the one Chara the play effect names, or a kind of Chara of yours
or of the opponent's: the first such event this turn;
the cause one of another Chara's events, compile_trigger's table) and "ターン終了時に、B". A B that opens with "may"
(…できる) is optional as a whole, as an automatic effect's is (the ``delay`` step and the automatic effect are
``optional``). Anything else leaves the Event unscripted.

A Chara's automatic effect followed by such a sentence ("when this card enters, A. This turn, when X, B.") is read
the same way (:func:`chara_delayed`): the sentence is the delayed part of the effect before it, set up when that
effect resolves (who may also be this card). A may-effect before it leaves both unread: declining A need not
decline B. A play effect that only designates (…を指定する) is compiled for its targets when a later sentence
waits for them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.pm.cards import Card, Effect
from engine.pm.cards import compile_phrases as ph

#: the events a delayed part waits for (the engine fires them for every Chara: engine.pm.triggers.fire_others)
_CAUSES = [(r"が(?:登場した|場に出た)", "enter"), (r"がアプローチ(?:に参加)?した", "approach"),
           (r"が(?:アプローチで)?ポイントを与えた", "gave_point"), (r"のアプローチで相手にポイントを与えた", "gave_point"),
           (r"が退場した", "leave"), (r"が妨害された", "interfered"),
           # round 32: "when that Chara interferes" (妨害に参加した), the event the engine fires for every Chara (round 28)
           (r"が妨害に参加した", "interfering"),
           (r"のアプローチで相手のキャラが退場した", "eliminated_opponent")]
_LATER = re.compile(r"このターン(?:の間に)?、(?P<who>[^、。]+?)(?P<on>" + "|".join(p for p, _ in _CAUSES)
                    + r")場合、(?P<then>.+)")
LATER = _LATER


def _cause(on: str) -> str:
    return next(cause for pattern, cause in _CAUSES if re.fullmatch(pattern, on))
_AT_END = re.compile(r"(?:(?P<c>[^、。]+?)場合、)?ターン終了時に、?(?P<then>.+)")


def _subject(who: str, play: Effect, card: Card) -> Any:
    """Whom the later sentence waits for: the play effect's target; all of its targets, when it names several Charas
    alike in one clause ("2 of your Charas get …; this turn, when that Chara …": one delayed effect watching them
    all, heard the first time any of them does it, as a 「~した場合」 effect works once a turn: docs/compiler.md,
    "Decisions on disputed readings"); or a kind of Chara."""
    if who == "このカード":  # a Chara's own later sentence: this card (its source)
        if card.type != "chara":
            raise ph.NotUnderstood(who)
        return "self"
    if who in ("そのキャラ", "指定したキャラ", "指定されたキャラ"):
        if not play.targets:
            raise ph.NotUnderstood(who)
        if len(play.targets) == 1:
            return "target"
        first = {k: v for k, v in play.targets[0].items() if k != "distinct"}
        if any({k: v for k, v in t.items() if k != "distinct"} != first or t.get("up_to") for t in play.targets):
            raise ph.NotUnderstood(who)  # targets of different kinds: which of them? not read
        return [f"target:{k}" for k in range(len(play.targets))]
    p = ph.phrase(who, card.series)
    if p is None or p.head not in ("chara", "name") or p.all or p.same_name or p.spec.get("side") not in ("self", "opponent"):
        raise ph.NotUnderstood(who)  # a kind of Chara of yours or of the opponent's (round 18), seen from the player
    return p.chara_spec()


def _delayed(text: str, j: int, play: Effect, card: Card) -> tuple[list[dict[str, Any]], Effect]:
    """(the play effect's ``delay`` steps, the automatic effect ``j`` with its script) for one later sentence."""
    t = text.rstrip("。")
    steps_: list[dict[str, Any]]
    if m := _LATER.fullmatch(t):
        steps_ = [{"op": "delay", "on": _cause(m["on"]), "subject": _subject(m["who"], play, card), "auto": j}]
    elif m := _AT_END.fullmatch(t):
        steps_ = [{"op": "delay", "on": "turn_end", "auto": j}]
        if m["c"]:  # "if X, at the end of the turn Y": X checked now (as compile_phrases.clause reads it)
            cond = ph.condition(m["c"], ph.Ctx(card=card, kind="auto"))
            if "broken" in cond:
                raise ph.NotUnderstood(t)
            steps_[0]["if"] = cond
    else:
        raise ph.NotUnderstood(t)
    ctx = ph.Ctx(card=card, kind="auto")
    named = re.search("そのキャラ|指定した|指定された", m["then"]) is not None
    if named:
        # round 28: the body names the one Chara the effect before designated (…を指定する。このターン、…場合、指定した
        # キャラ…): the delayed effect, with no target of its own, has the targets it was set up with
        # (engine.pm.actions.registered_targets); more Charas named before, or a new one named here: not read
        if len(play.targets) != 1 or play.targets[0].get("optional"):
            raise ph.NotUnderstood(m["then"])
        ctx.targets, ctx.target_clause = [dict(play.targets[0])], [0]
    may: list[bool] = []
    steps = ph.body(m["then"], ctx, may)
    if not steps or any(may[1:]) or ctx.condition or (named and len(ctx.targets) != 1):
        raise ph.NotUnderstood(m["then"])
    optional = bool(may) and may[0]  # as an automatic effect's (compile_phrases.effect)
    if optional:
        for step in steps_:
            step["optional"] = True
    auto = Effect(kind="auto", trigger="delayed", script=tuple(ph.finish(steps, ctx)),
                  targets=() if named else tuple(ctx.targets), optional=optional, compiled=True)
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


def chara_delayed(card: Card, texts: list[str], effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """``effects`` of a Chara with each automatic "このターン、X場合、B" sentence after an automatic effect read as that
    effect's delayed part (the ones not read stay as they were)."""
    out = list(effects)
    autos = [k for k, e in enumerate(effects) if e.kind == "auto"]
    for k in range(1, len(effects)):
        eff, setter = out[k], out[k - 1]
        if eff.kind != "auto" or eff.compiled or eff.why or setter.kind != "auto" or not setter.compiled \
                or setter.optional or setter.trigger in (None, "delayed"):
            continue
        text = ph_text(texts[k]).rstrip("。")
        if not _LATER.fullmatch(text):
            continue
        try:
            more, auto = _delayed(text, autos.index(k), setter, card)
        except (ph.NotUnderstood, ValueError, KeyError, IndexError):
            continue
        out[k - 1] = replace(setter, script=(*setter.script, *more))
        out[k] = replace(eff, trigger=auto.trigger, script=auto.script, targets=auto.targets, compiled=True,
                         once_per_turn=False, optional=auto.optional, condition=None)
    return tuple(out)


def ph_text(text: str) -> str:
    from engine.pm.cards.compiler import normalize

    return normalize(text)
