"""Compile the stock phrasings of precious-data Japanese effect texts into effect scripts.

Each effect's text (cut by :mod:`engine.pm.cards.compile_split`) is read clause by clause: a trigger or
condition at the head, then sentences joined by その場合 (if so: the steps run only when the one before did
something), その後 (then) and 。. Every clause must match one known phrasing (:mod:`compile_phrases`), else the
effect stays unscripted (applied as logged, marked unverified): a wrong script is worse than none. Only facts
and scripts come out; the text itself is never kept. The script format is the engine's
(docs/log-extensions.md).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import replace
from typing import Any

from engine.pm.cards import Card, Effect, reminders
from engine.pm.cards import compile_decisions as _decisions  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_extra as _extra  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_general as _general  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_more as _more  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_parts as _parts  # noqa: F401 - registers its part readers (round 31)
from engine.pm.cards import compile_phrases as ph
from engine.pm.cards import compile_r10 as _r10  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r11 as _r11  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r15 as _r15  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r16 as _r16  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r17 as _r17  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r18 as _r18  # registers its clause readers
from engine.pm.cards import compile_r20 as _r20  # registers its clause readers
from engine.pm.cards import compile_r21 as _r21  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r22 as _r22  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r23 as _r23  # noqa: F401 - registers its clause readers
from engine.pm.cards import compile_r24 as _r24  # registers its clause readers; hand_cost_only
from engine.pm.cards import compile_r25 as _r25  # registers its clause readers; settle_may_n
from engine.pm.cards import compile_r26 as _r26  # noqa: F401 - registers its trigger heads and readers
from engine.pm.cards import compile_r27 as _r27  # noqa: F401 - registers its conditions and readers
from engine.pm.cards import compile_r28 as _r28  # noqa: F401 - registers its readers
from engine.pm.cards import compile_r29 as _r29  # noqa: F401 - registers its readers
from engine.pm.cards import compile_r30 as _r30  # noqa: F401 - registers its readers
from engine.pm.cards import compile_shapes as _shapes  # noqa: F401 - registers its clause readers
from engine.pm.cards.compile_canon import canonical
from engine.pm.cards.compile_event import LATER, chara_delayed, with_delayed
from engine.pm.cards.compile_replace import own_replacement
from engine.pm.cards.compile_split import split
from engine.pm.cards.precious_text import definition_effects

#: a text the readers cannot take apart (an unknown phrasing, or an odd one: a number too big, a mode with no
#: text...): the effect stays unscripted rather than the card data failing to load
_NOT_READ = (ph.NotUnderstood, ValueError, KeyError, IndexError)
#: an activated effect's timing and the costs the reader reads (precious_text._COST): any other 《…》 stays in the
#: text, so the effect is not compiled
_PREFIX = re.compile(r"^\[[^\]]+\]:?\s*(?:(?:《(?:\d+|休|[赤青黄緑紫]\d*)》|「[^」]*」\s*[▸▶>])\s*)*[:、]?")


#: a note in parentheses saying when an effect does not happen (このカードが登場したターンの間に退場した場合、退場した
#:場合の効果は発生しない): the reader drops notes, so the card's automatic effects would be read without it
_NOT_HAPPENING = re.compile(r"[（(][^（）()]*発生しない[^（）()]*[）)]")


def normalize(text: str) -> str:
    """NFKC with the card files' stray variants unified (spaces around punctuation, −, ＞), in the canonical wording
    (:mod:`engine.pm.cards.compile_canon`)."""
    t = unicodedata.normalize("NFKC", text).replace("−", "-").replace("\n", "")
    # a name's own （） (「白血球（好中球）」) stays as the card data spells it: names are compared as printed
    t = re.sub(r"「[^「」]*\([^「」()]*\)」", lambda m: m[0].replace("(", "（").replace(")", "）"), t)
    return canonical(re.sub(r"\s*([、。:])\s*", r"\1", t).strip())


def _one_mode(text: str) -> str | None:
    """The text of a modal Event (このカードをプレイする場合、以下から1つ選択する。・[X]:A。・[Y]:A) whose modes all say
    the same thing; None when it is not that shape or the modes differ (which mode the play chose is not recorded)."""
    m = re.fullmatch(r"このカードをプレイする場合、以下から1つ選択する。(.+)", text)
    if m is None:
        return None
    modes = [x.rstrip("。") for x in re.split(r"[・･]\[[^\]]+\]:", m[1])]
    if modes[0] or len(modes) < 3 or len(set(modes[1:])) != 1:
        return None
    return modes[1]


def compile_effect(text: str, eff: Effect, card: Card, *, bare: bool = False) -> Effect | None:
    """``eff`` with a compiled script when every clause of ``text`` is understood, else None. ``bare``: an effect
    that only designates Charas (targets, no step) is kept too, for a later sentence's delayed part to wait for them
    (:mod:`engine.pm.cards.compile_event`; an effect still without a step then is not kept)."""
    t = normalize(text)
    if card.type == "support" and "このカード" in re.sub(r"^このカードがセットされた場合、", "", t).replace(
            "このカードがセットされているキャラ", ""):
        return None  # a Support's own card: ``self`` in its script is the Chara it is set on, no step moves the Support
    if eff.kind == "continuous" and (instead := own_replacement(t)) is not None:
        return replace(eff, script=tuple(instead), compiled=True)
    if eff.kind == "activated":
        t = _PREFIX.sub("", t)
    if card.timings and (same := _one_mode(t)) is not None:
        t = same  # a modal Event whose modes differ only in timing: the one text, in whichever it is played
    if eff.condition and card.pinch and re.fullmatch(r"(?:〔[^〕]+〕、?)*[+\-±]\d+/[+\-±]\d+|(?:〔[^〕]+〕、?)+", t):
        t = f"このカードは、{t.rstrip('、')}を得る"  # a Pinch's granted text that is only keywords / AP-DP: this card's
    kinds = [eff.kind]
    if eff.kind == "continuous" and card.type != "event":
        kinds.append("auto")  # a triggered sentence the reader took for a continuous one (a newer phrasing)
    if eff.kind == "auto" and _r25.NO_START_STAND_TEXT.fullmatch(t):
        kinds = ["continuous"]  # "does not become active at the start of the turn": a rule of the card, no trigger
    for kind in kinds:
        ctx = ph.Ctx(card=card, kind=kind)
        try:
            got = ph.effect(t, ctx)
            break
        except _NOT_READ:
            continue
    else:
        return None
    if (not got.steps and not (bare and ctx.targets)) or _leftover(got.steps) or not _per_picked(got.steps) \
            or _rested_count_in(ctx.targets) or _rested_count_in(got.condition) \
            or not _entered_after_entry(got.steps) or not revealed_checked(got.steps) or not _r18.coins_counted(got.steps) \
            or not _r20.own_stat_safe(got.condition, got.steps):
        return None
    trigger = got.trigger
    if ctx.kind != eff.kind:
        eff = replace(eff, kind=ctx.kind, once_per_turn="ごとに" not in t)
    if (eff.kind == "auto") != (trigger is not None):
        return None
    if trigger is not None and "leave" in trigger.split("|") and trigger != "leave" and any(
            spec.get("side") != "opponent" for spec in ctx.targets):
        return None  # "enters or leaves": whether it may target itself depends on the cause: not read
    if trigger is not None and "leave" in trigger.split("|") and _moves_self(got.steps):
        # round 32: "this card returns to the hand" after its own leaving: a ``move`` of ``self`` finds no Chara on the
        # Area and does nothing (the card is where it went); only 捨て札置き場にあるこのカード… (a pick from there) is read
        return None
    if trigger == "leave":  # the leaving Chara is off the Area when its effect resolves: never one of its targets
        for spec in ctx.targets:
            if spec.get("side") != "opponent":
                spec["not_self"] = True
    steps = _r25.settle_may_n(got.steps, got.optional)  # "may move N": N or none, or N or all there (the decision)
    if card.type == "support" and _r25.reaches_others(steps) and (ctx.kind == "continuous" or '"static"' in json.dumps(steps)):
        # a Support's step in force on every Chara of a kind: the engine applies wide steps of Charas' own texts only
        # (round 28: a one-shot step of an activated or automatic effect, run as it resolves, is an op on each)
        return None
    if card.type == "chara" and ctx.kind == "continuous":
        steps = _r25.sides_as_kinds(steps)  # every Chara of a side, in the form the engine applies continuously
    if eff.condition and card.pinch and card.pinch[1:] != (0, 0):
        # the Pinch's own AP/DP bonus is a fact of the card (Card.pinch): its granted text's "this card gets +X/+Y"
        # is not a second one
        steps = _without_pinch_bonus(steps, card.pinch[1:], eff.kind == "continuous")
        if steps is None:
            return None
    condition = got.condition or None
    if (eff.condition or condition) and any(x.get("op") in ("also_name", "also_property") for x in steps) \
            and not pinch_names(steps, eff, condition):
        return None  # a property, or a name under another condition: not read
    if eff.condition:  # a Pinch-granted effect holds only while the Pinch does
        condition = {**(condition or {}), **eff.condition}
    return replace(eff, script=tuple(ph.finish(steps, ctx)), targets=tuple(ctx.targets), trigger=trigger,
                   condition=condition, optional=got.optional, compiled=True)


def _without_pinch_bonus(steps: list[Any], bonus: tuple[int, int], continuous: bool) -> list[Any] | None:
    """``steps`` less the one step that is the Pinch's own bonus (this card's +X/+Y in force all along: a continuous
    step, or a ``static`` one beside a trigger), or None when there is no such step or nothing else is left: every
    other part of the granted text must be read by its own steps, never dropped."""
    for k, x in enumerate(steps):
        if (x.get("op") == "modify" and x.get("target") == "self" and "per" not in x and "if" not in x
                and (continuous or x.get("static")) and (x.get("ap", 0), x.get("dp", 0)) == bonus):
            rest = steps[:k] + steps[k + 1:]
            return rest or None
    return None


def _leftover(steps: Any) -> bool:
    """Whether a reader's internal marker (an op starting with ``_``, meant for the sentence before) is left in the
    steps: a sentence it could not attach where it belongs."""
    if isinstance(steps, dict):
        return str(steps.get("op", "")).startswith("_") or any(_leftover(v) for v in steps.values())
    if isinstance(steps, (list, tuple)):
        return any(_leftover(v) for v in steps)
    return False


def revealed_checked(steps: list[Any]) -> bool:
    """Whether every step or condition on "the card turned face up" (marked ``_revealed`` by compile_extra) follows a
    ``reveal`` in the same run of steps (a move of it: a reveal of one card); the marks are taken off."""
    shown = 0  # the cards the last reveal of this run of steps showed
    for step in steps:
        if step.get("op") == "reveal":
            shown = int(step["n"])
        cond = step.get("if")
        if isinstance(cond, dict) and (cond.pop("_revealed", None) or (cond is not None and "picked" in cond and shown)) \
                and (not shown or '"target' in json.dumps(step)):
            return False  # no reveal before, or a Chara chosen for a step that may not happen: not read
        if step.pop("_revealed", None) and shown != 1:
            return False
        for key in ("then", "do", "else"):
            if isinstance(step.get(key), list) and not revealed_checked(step[key]):
                return False
        if any(not revealed_checked(mode) for mode in step.get("modes", ())):
            return False
    return True


def _entered_after_entry(steps: Any) -> bool:
    """Whether every step on "the Charas this effect put onto the Area" (target ``"entered"``) comes after a pick
    onto the Area (from the EX deck, when it goes back there), in script order, outside the modes of a choice."""
    flat: list[dict[str, Any]] = []

    def walk(xs: Any, in_mode: bool) -> None:
        for x in xs:
            flat.append({**x, "_mode": in_mode})
            for key in ("then", "do", "else"):
                if isinstance(x.get(key), list):
                    walk(x[key], in_mode)
            for mode in x.get("modes", ()):
                walk(mode, True)

    walk(steps, False)
    sources: set[str] = set()
    for x in flat:
        if x.get("op") == "pick" and x.get("to") in ("area", "main", "support", "same_area") and not x["_mode"]:
            sources.add(x["from"])
        if x.get("target") == "entered" and (not sources or x["_mode"] or (x.get("to") == "ex_deck" and sources != {"ex_deck"})):
            return False
    return True


_RESTED = {"picked": "cards"}  # engine.pm.script.RESTED_COUNT: "the number of Charas rested", as a spec value


def _rested_count_in(x: Any) -> bool:
    """Whether "the number rested" stands anywhere in ``x`` (a spec value the engine puts in only where
    :func:`_per_picked` allows it)."""
    if x == _RESTED:
        return True
    if isinstance(x, dict):
        return any(_rested_count_in(v) for v in x.values())
    return isinstance(x, list) and any(_rested_count_in(v) for v in x)


def _moves_self(steps: Any) -> bool:
    """Whether a ``move`` of ``self`` stands among ``steps`` (nested ones included)."""
    if isinstance(steps, dict):
        return (steps.get("op") == "move" and steps.get("target") == "self") or any(_moves_self(v) for v in steps.values())
    return isinstance(steps, (list, tuple)) and any(_moves_self(x) for x in steps)


def _rested_count_misplaced(step: dict[str, Any], after_rest_any: bool) -> bool:
    """"The number rested" in a step other than as a cost bound of a ``not_interfered_by`` grant right in a
    ``rest_any`` step's ``then`` (engine.pm.script._rested_counted puts it in there only)."""
    own = {k: v for k, v in step.items() if k not in ("per", "then", "do", "else", "modes")}
    what = own.get("what")
    if step.get("op") == "grant" and after_rest_any and isinstance(what, dict) and "not_interfered_by" in what:
        own["what"] = {**what, "not_interfered_by": {
            k: v for k, v in what["not_interfered_by"].items() if not (k in ("max_cost", "min_cost") and v == _RESTED)}}
    return _rested_count_in(own)


def _per_picked(steps: Any, after_rest_any: bool = False) -> bool:
    """Whether every "for each Chara rested" (``per: {"picked": …}``) and "the number rested" stands in the ``then``
    of a ``rest_any`` step (the only step whose rested Charas it can count)."""
    for step in steps:
        if step.get("per", {}).get("picked") is not None and not after_rest_any:
            return False
        if _rested_count_misplaced(step, after_rest_any):
            return False
        then = step.get("then")
        if step.get("op") == "pick" and then and then[0].get("per", {}).get("_moved") == step["to"]:
            # "for each card this effect discarded / removed": the cards this pick moved, counted first in its then
            del then[0]["per"]["_moved"]
            if not _per_picked(then[1:]):
                return False
            continue
        if "_moved" in step.get("per", {}):
            return False
        for key in ("then", "do", "else"):
            inner = step.get(key)
            if isinstance(inner, list) and not _per_picked(inner, key == "then" and step.get("op") == "rest_any"):
                return False
        for mode in step.get("modes", ()):
            if not _per_picked(mode):
                return False
    return True


def compile_backup(condition: str, text: str, card: Card, backup: Effect) -> Effect | None:
    """The [Backup] effect: its granted text's script under its condition (your Chara approaching...)."""
    ctx = ph.Ctx(card=card, kind="backup")
    try:
        cond = ph.backup_condition(normalize(condition), ctx)
        got = ph.body(normalize(text), ctx)
    except _NOT_READ:
        return None
    if cond is None or not got or _leftover(got):
        return None
    return replace(backup, script=tuple(ph.finish(got, ctx)), targets=tuple(ctx.targets), condition=cond, compiled=True)


def compile_card(card: Card, text: str | None, keywords: reminders.Keywords | None = None) -> Card:
    """``card`` with compiled scripts for the effects whose phrasing is understood (others untouched). ``keywords``:
    the keyword definitions of the card's set (its reminder texts: :mod:`engine.pm.cards.reminders`)."""
    if (not card.effects and card.backup is None) or any(e.scripted for e in card.effects):
        return card
    pieces = split(text, card.type)
    if len(pieces.effects) != len(card.effects):
        return card
    # an effect the reader already found unreadable (``why``: an unknown keyword, an Event's use condition) stays so,
    # save an unknown keyword the set defines in its reminder text; one naming a disputed keyword is not read
    unsure = bool(text and _NOT_HAPPENING.search(text))  # automatic effects with a note the script cannot hold
    # the set's own actions (Xを行う) read as the set defines them (round 32: reminders.Keywords.actions_in)
    texts = [keywords.actions_in(t) for t in pieces.effects] if keywords is not None else list(pieces.effects)
    effects = tuple(_defined_keyword(e, card, keywords, text) if e.why else e if (unsure and e.kind == "auto") or (
                    keywords is not None and keywords.disputed_in(t)) else (compile_effect(t, e, card) or e)
                    for t, e in zip(texts, card.effects, strict=True))
    if card.type == "event" and effects and effects[0].compiled and _r24.hand_cost_only(effects[0].script):
        effects = (card.effects[0], *effects[1:])  # an Event's play runs its first effect: not a cost in the hand
    if any(e.kind == "auto" for e in card.effects[1:]):
        effects = _with_later(card, texts, effects, unsure)
    backup = card.backup
    if backup is not None and pieces.backup_condition and pieces.backup_text:
        backup = compile_backup(pieces.backup_condition, pieces.backup_text, card, backup) or backup
    return replace(card, effects=effects, backup=backup)


def _defined_keyword(eff: Effect, card: Card, keywords: reminders.Keywords | None, text: str | None) -> Effect:
    """An unread keyword's stand-in compiled from the set's definition of it (its reminder text), read as one
    effect of the card; else ``eff`` unchanged. A keyword with a condition (〔KW〕▶「A」) takes the definition the set
    prints for it with the card's own 「A」 put in (round 25: the set's definitions must agree but for their 「A」)."""
    word = reminders.unread_keyword(eff.why)
    if keywords is not None and word is not None and word in keywords.with_condition:
        own = re.findall(rf"〔{re.escape(word)}〕\s*[▸▶]\s*「([^「」]+)」", normalize(text or ""))
        definition = keywords.conditioned_definition(word, own[0]) if len(set(own)) == 1 else None
        got = _from_definition(definition, eff, card, keywords) if definition is not None else None
        return got if got is not None else replace(eff, why=_conditioned_why(word, *keywords.with_condition[word]))
    definition = keywords.definition(word) if keywords is not None and word is not None else None
    if definition is None:
        return eff
    return _from_definition(definition, eff, card, keywords) or eff


def _from_definition(definition: str, eff: Effect, card: Card, keywords: reminders.Keywords | None) -> Effect | None:
    """A keyword's definition read as the one effect it is (None when it is not one effect, or not understood)."""
    read = definition_effects(definition, card.type)
    got = compile_effect(definition, read[0], card) if len(read) == 1 else None
    return got if got is not None and not (keywords and keywords.disputed_in(definition)) else None


def _conditioned_why(word: str, placeholder: str, definition: str) -> str:
    """Why a keyword with a condition (〔KW〕▶「A」) that the set defines stays unread (round 20)."""
    if "下に裏向きで重ねた" in definition and "プレイ" in definition:
        return (f"the keyword 〔{word}〕▶「{placeholder}」 is not read: its set's definition plays a card from under this "
                "Chara without paying its cost, and the engine has no play from under a Chara")
    return f"the keyword 〔{word}〕▶「{placeholder}」 is not read (the set defines it; the definition is not read)"


def pinch_names(steps: list[Any], eff: Effect, condition: Any) -> bool:
    """Whether ``steps`` are names the card takes under its Pinch alone (〔逆境N〕:「ゲーム中、このカードの名称は「X」とし
    ても扱う」): names under a condition (``Card.cond_names``), held in every zone while the owner's Point Zone holds N
    cards (engine.pm.conditions.names_now). A name under any other condition, or a property, stays unread."""
    return (not condition and set(eff.condition or {}) == {"points_at_least"}
            and all(x.get("op") == "also_name" for x in steps))


def _with_later(card: Card, texts: list[str], effects: tuple[Effect, ...], unsure: bool) -> tuple[Effect, ...]:
    """``effects`` with later "this turn, when X, B" sentences read as delayed parts of the effect before them (an
    Event's play effect, a Chara's automatic effect); an effect before one that only designates is compiled bare."""
    bare = list(effects)
    for k in range(len(effects) - 1):
        e = effects[k]
        if not e.compiled and not e.why and not (unsure and e.kind == "auto") and effects[k + 1].kind == "auto" \
                and LATER.fullmatch(normalize(texts[k + 1]).rstrip("。")):
            bare[k] = compile_effect(texts[k], e, card, bare=True) or e
    if card.type == "event":
        # an Event's later triggered sentences are delayed effects its play effect sets up
        return with_delayed(card, texts, tuple(bare)) or card.effects
    got = chara_delayed(card, texts, tuple(bare))
    return tuple(g if g.script or g is e else e for g, e in zip(got, effects, strict=True))


def reproduction(hand: Any, compiled: Any) -> tuple[int, int]:
    """(hand-written scripts the compiler reproduces, hand-written scripts) over the cards of ``hand``
    (compared as :func:`engine.pm.cards.compile_measure.normalized` does)."""
    from engine.pm.cards.compile_measure import normalized

    same = total = 0
    for card in hand:
        if card.id not in compiled:
            continue
        other = compiled.get(card.id)
        pairs = list(zip(card.effects, other.effects, strict=False))
        if card.backup is not None and other.backup is not None:
            pairs.append((card.backup, other.backup))
        for mine, theirs in pairs:
            if mine.scripted:
                total += 1
                same += bool(theirs.compiled and normalized(theirs) == normalized(mine))
    return same, total
