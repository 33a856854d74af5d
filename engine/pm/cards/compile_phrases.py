"""The stock phrasings the effect compiler understands (NFKC-normalized Japanese text -> script steps).

Each reader takes one clause and returns the steps it means, adding the Charas it targets to ``Ctx.targets``;
a clause no reader understands raises :class:`NotUnderstood`, so its whole effect stays unscripted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.pm.cards import Card, if_done
from engine.pm.cards.compile_np import Phrase, phrase
from engine.pm.cards.compile_trigger import OPPOSITE_HEAD, OTHER_HEAD, other_cause, own_pair

Step = dict[str, Any]
MOD = r"(?P<ap>[+\-±]\d*)/(?P<dp>[+\-±]\d*)"
_ZONE_TO = {"手札に戻す": "hand", "手札に加える": "hand", "デッキの下に移す": "deck_bottom", "相手のデッキの下に移す": "deck_bottom",
            # round 25: on top of the (owner's) deck
            "デッキの上に戻す": "deck", "相手のデッキの上に戻す": "deck",
            "捨て札にする": "discard", "ゲームから取り除く": "removed", "メインエリアに移す": "main",
            "サポートエリアに移す": "support"}
_GRANTS = {"可能な限りアプローチしなくてはならない": ["must_approach"], "可能な限りアプローチに参加しなくてはならない": ["must_approach"],
           "妨害に参加することができない": ["cannot_interfere"], "妨害に参加できない": ["cannot_interfere"],
           "アプローチに参加することができない": ["cannot_approach"], "アプローチに参加できない": ["cannot_approach"],
           "アプローチと妨害に参加することができない": ["cannot_approach", "cannot_interfere"],
           "アプローチと妨害に参加できない": ["cannot_approach", "cannot_interfere"],
           "アプローチでポイントを与えることができない": ["cannot_give_points"], "退場しない": ["not_eliminated"],
           "活動状態にならない": ["stays_rested"],  # no effect makes it active while it lasts (engine.pm.stats)
           # a Chara gives points only by approaching (its 〔突破〕 included: engine.pm.turns.place_point)
           "ポイントを与えることができない": ["cannot_give_points"],
           "〔強引〕を得る": ["forceful"],
           # round 31 (the verb table, read with any subject and duration: compile_parts): a Chara that "cannot use
           # (its) text" is barred from using its texts (``no_text``, as 相手は、そのキャラのテキストを使用できない is
           # read); one whose "text becomes negated" has none (``text_negated``, as …のテキストは、…無効になる is read)
           "テキストを使用することができない": ["no_text"], "テキストを使用できない": ["no_text"],
           "テキストが無効になる": ["text_negated"],
           # targeting immunity (rule book 001's glossary, 「対象にならない」: such a Chara cannot be designated): against
           # any effect of the opponent's, or only against those of their Events / Charas (the effect's own card)
           "相手のカードの効果の対象にならない": ["untargetable"], "相手の効果の対象にならない": ["untargetable"],
           "相手のイベントカードの効果の対象にならない": [{"untargetable_by": "event"}],
           "相手のイベントカードの対象にならない": [{"untargetable_by": "event"}],
           "相手のキャラの効果の対象にならない": [{"untargetable_by": "chara"}]}
_CHARA_OPS = ("modify", "grant", "rest", "activate", "move")
#: steps "if so" (その場合) may follow: they choose or may do nothing, and ``then`` runs when they did something
_IF_SO_STEPS = (*_CHARA_OPS, "pick", "flip", "rest_any", "exchange", "remove_coins", "support_move", "look_hand")


class NotUnderstood(Exception):
    """A clause whose phrasing the compiler does not know."""


@dataclass
class Ctx:
    """One effect being compiled: its card, its kind and the targets so far (with the clause that named each)."""

    card: Card
    kind: str
    targets: list[dict[str, Any]] = field(default_factory=list)
    clause: int = 0
    target_clause: list[int] = field(default_factory=list)
    may: bool = False  # the clause being read says "may" (することができる)
    in_mode: bool = False  # reading a mode of a modal effect
    condition: dict[str, Any] = field(default_factory=dict)  # conditions a clause puts on the whole effect
    opening: bool = False  # reading the first clause of an automatic effect (its "may" makes the effect optional)
    this_subject: bool = False  # the effect's text opened with このカードは (its steps act on this card)
    in_discard: bool = False  # a trigger heard in the discard (このカードが捨て札置き場にある状態で): no Chara is "self"
    in_point: bool = False  # a trigger heard in the Point Zone (このカードが…ポイント置き場に置かれた場合): no Chara is "self"
    alternative: bool = False  # reading "または、Bできる": the "may" offers B instead of A, B itself is not optional
    picked_onto_area: bool = False  # a pick before put cards onto the Area ("そのキャラ" then names them, if no target)
    coins_off_kind: bool = False  # coins were taken off any of a kind of yours: "そのキャラ" after it is not read
    #: round 30: the trigger is another Chara's event (``other_`` / ``any_`` with a ``subject``): "そのキャラ" with no
    #: Chara named before is that Chara (step target ``"subject"``, engine.pm.script.Run.trigger_subject)
    subject_head: bool = False

    def new_targets(self, spec: dict[str, Any], n: int, *, optional: bool = False, apart: bool = False) -> list[str]:
        """Add ``n`` targets fitting ``spec``; a target named in a later clause may be one named before."""
        keys = []
        for _ in range(n):
            t = dict(spec)
            if optional:  # まで, or a may-clause inside the effect: the target may be left out even when one is there
                t["optional"] = True
                t["up_to"] = True
            if self.in_mode:
                t["optional"] = True  # a target of a mode is chosen only when the mode is
            side = t.get("side")
            earlier = [self.targets[i].get("side") for i, c in enumerate(self.target_clause) if c < self.clause]
            if not apart and any(side is None or s in (None, side) for s in earlier):
                t["distinct"] = False
            keys.append(f"target:{len(self.targets)}")
            self.targets.append(t)
            self.target_clause.append(self.clause)
        return keys

    def last_target(self) -> str:
        if not self.targets:
            raise NotUnderstood("no Chara was designated")
        return f"target:{len(self.targets) - 1}"


@dataclass
class Got:
    """A compiled effect: its steps, its trigger and condition, and whether the player may decline it."""

    steps: list[Step]
    trigger: str | None = None
    condition: dict[str, Any] = field(default_factory=dict)
    optional: bool = False


def _num(s: str) -> int:
    s = s.replace("±", "")
    return int(s) if s not in ("", "+", "-") else 0


def _np(s: str, ctx: Ctx) -> Phrase:
    p = phrase(s, ctx.card.series)
    if p is None:
        raise NotUnderstood(s)
    p.own_properties = tuple(ctx.card.properties)
    return p


# -- who a clause acts on ---------------------------------------------------------------


def _subjects(np_text: str, n: str | None, ctx: Ctx, *, upto: bool = False) -> list[Any]:
    """The step targets a Chara phrase (with its count) names: self, every such Chara, or new targets."""
    if np_text in ("このカード", "メインエリアにいるこのカード", "アプローチに参加しているこのカード"):
        _no_may(ctx)
        if np_text.startswith("アプローチ"):
            ctx.condition["approaching"] = True
        return ["self"]
    if "と、" in np_text and n is not None:  # "this card and N Charas": both
        first, rest = np_text.split("と、", 1)
        if first not in ("このカード", "アプローチに参加しているこのカード"):
            raise NotUnderstood(np_text)
        return [*_subjects(first, None, ctx), *_subjects(rest, n, ctx)]
    if n is not None and (m := _NAMES_COUNTED.fullmatch(f"{np_text}{n}枚")):
        # round 27: "your 「A」 N and 「B」 M" (自分の「A」1枚と「B」1枚): each name its own Charas, as written
        return [t for name, k in re.findall(r"(「[^」]+」)(\d+)枚", m["parts"])
                for t in _subjects(f"{m['side']}{name}", k, ctx, upto=upto)]
    if np_text == "そのキャラ" and not ctx.targets and ctx.picked_onto_area:
        _no_may(ctx)  # "put X onto the Area. … that Chara": the Charas this effect put there (as ENTERED)
        return ["entered"]
    if np_text in ("指定したキャラ", "そのキャラ", "指定されたキャラ"):
        _no_may(ctx)
        if np_text == "そのキャラ" and ctx.coins_off_kind:
            raise NotUnderstood(np_text)  # the Chara named before, or the one the coins came off? not read
        if np_text == "そのキャラ" and ctx.subject_head and not ctx.targets:
            return ["subject"]  # round 30: the Chara whose event fired the trigger
        if ctx.targets and not _one_named(ctx):  # round 32: a clause that named several: each of them, not the last
            return [f"target:{i}" for i, c in enumerate(ctx.target_clause) if c == ctx.target_clause[-1]]
        return [ctx.last_target()]
    if np_text == "このカードがセットされているキャラ" and ctx.card.type == "support":
        _no_may(ctx)  # a Support's effect: ``self`` is the Chara it is set on (engine.pm.play, stats.self_steps)
        return ["self"]
    if np_text == ENTERED:  # the Charas this effect put onto the Area (compiler._entered_after_entry checks one did)
        _no_may(ctx)
        return ["entered"]
    p = _np(np_text, ctx)
    if p.head not in ("chara", "name", "card") or p.same_name not in (None, "self"):
        raise NotUnderstood(np_text)
    # "lower than this card's" (round 25): the steps' Charas are measured against the effect's own Chara, this card
    # when it is a Chara (engine ``below_source``)
    spec = p.chara_spec(every=True, same_name=True, apart=True, vs=_THIS if ctx.card.type == "chara" else ())
    if p.same_name == "self":  # the names of this card (both of a Combo's)
        names = list(ctx.card.combo or (ctx.card.name,))
        spec["name"] = names[0] if len(names) == 1 else names
    if p.all:
        if n is not None:
            raise NotUnderstood(np_text)
        if set(spec) == {"side"}:
            return ["all_own" if spec["side"] == "self" else "all_opponent"]
        return [{"all": spec}]
    if n is None:
        raise NotUnderstood(np_text)
    return ctx.new_targets(spec, int(n), optional=upto or (ctx.may and not ctx.opening), apart=p.other_than_that)


_NAMES_COUNTED = re.compile(r"(?P<side>自分の|相手の)(?P<parts>「[^」]+」\d+枚(?:と「[^」]+」\d+枚)+)")


def _no_may(ctx: Ctx) -> None:
    """A "may" on a step for this card or a Chara already named: only the opening clause of an automatic effect
    can say it (the whole effect is then optional)."""
    if ctx.may and not ctx.opening:
        raise NotUnderstood("an optional step on a Chara already named")


#: the comparisons with this card's values (compile_np ``_below``) a spec measured against this Chara may hold
_THIS = ("this",)


def _chara(np_text: str, ctx: Ctx, vs: tuple[str, ...] = ()) -> dict[str, Any]:
    """The spec of a Chara phrase naming a kind of Chara (no count, not "every"); ``vs``: the comparisons with
    another Chara's values it may hold (those measured against the Chara the caller's step measures with)."""
    p = _np(np_text, ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name:
        raise NotUnderstood(np_text)
    return p.chara_spec(vs=vs)


def _mod_step(target: Any, ap: str, dp: str, until: str) -> Step:
    return {"op": "modify", "target": target, "ap": _num(ap), "dp": _num(dp), "until": until}


# -- clause readers --------------------------------------------------------------------

Reader = Callable[[re.Match[str], Ctx], list[Step]]
READERS: list[tuple[re.Pattern[str], Reader]] = []


def reads(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        READERS.append((re.compile(pattern), fn))
        return fn
    return deco


#: round 31: readers composing a clause from its parts (compile_parts), tried after every whole-clause reader
PART_READERS: list[tuple[re.Pattern[str], Reader]] = []


_PART_FNS: set[Reader] = set()


def reads_parts(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        PART_READERS.append((re.compile(pattern), fn))
        _PART_FNS.add(fn)
        return fn
    return deco


_WHO_N = r"(?P<np>.+?)(?:(?P<n>\d+)枚)?"
#: "the Chara(s) put onto the Area by this effect": step target ``"entered"`` (engine.pm.script.Run.entered)
ENTERED = "この効果で場に出たキャラ"


@reads(r"カードを(?P<n>\d+)枚引く")
def _draw(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if ctx.may and not ctx.opening:  # "then you may draw" inside an effect: no step holds the choice (round 19)
        raise NotUnderstood(m[0])
    return [{"op": "draw", "who": "self", "n": int(m["n"])}]


@reads(r"手札が(?P<n>\d+)枚になるまでカードを引く")
def _draw_until(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "draw", "who": "self", "n": 1, "until_hand": int(m["n"])}]


#: more readers of a "for each" count / a condition clause (text -> the count / condition, None: not this one's)
MORE_PERS: list[Callable[[str, Ctx], dict[str, Any] | None]] = []
MORE_CONDITIONS: list[Callable[[str, Ctx], dict[str, Any] | None]] = []
FIRST_CONDITIONS: list[Callable[[str, Ctx], dict[str, Any] | None]] = []
#: trigger heads of later modules: (cause, condition, the rest of the text), None when not theirs
#: round 29: readers of a whole run of sentences (a shape spanning sentences), tried first by :func:`body`; each gives
#: the steps, or None when the run is not its shape
BODY_SHAPES: list[Callable[[list[str], Ctx, list[bool] | None], list[Step] | None]] = []
#: round 30: continuous effects of a Chara or Support not said of "this card", read by later modules
MORE_STATICS: list[Callable[[str, Ctx], Got | None]] = []
MORE_TRIGGERS: list[Callable[[str, Ctx], tuple[str, dict[str, Any], str] | None]] = []
#: round 31: heads that must be tried before the others (a longer head whose first part another head would take)
FIRST_TRIGGERS: list[Callable[[str, Ctx], tuple[str, dict[str, Any], str] | None]] = []


def _per(text: str | None, ctx: Ctx) -> dict[str, Any] | None:
    """``…N枚につき、`` (for each N): a count."""
    if not text:
        return None
    if text == "手札1枚につき、":
        return {"hand": "self"}
    if text == "自分のポイント置き場にあるカード1枚につき、":
        return {"points": "self"}
    if text == "休息状態にしたキャラ1枚につき、":  # the Charas a rest_any step rested (checked: compiler._per_picked)
        return {"picked": "cards"}
    if m := re.fullmatch(r"このターンの間にプレイしている(?P<np>.+?)1枚につき、", text):
        p = _np(m["np"], ctx)
        if p.all or p.same_name:
            raise NotUnderstood(text)
        return {"history": {"event": "play", "filter": p.card_filter()}}
    for more in MORE_PERS:  # readers registered by later modules (compile_general)
        if (got := more(text, ctx)) is not None:
            return got
    m = re.fullmatch(r"(?P<np>.+?)(?P<n>\d+)枚につき、", text)
    if m is None:
        raise NotUnderstood(text)
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name:
        raise NotUnderstood(text)
    per: dict[str, Any] = {"charas": p.chara_spec()}
    if int(m["n"]) != 1:
        per["each"] = int(m["n"])
    return per


#: keywords an effect grants (〔X〕を得る), in the order written
_KW_GRANTS = {"アクティブ": "active", "強引": "forceful", "我慢": "endure"}
#: keywords with a number (〔突破N〕, 〔天然N〕: [Ignore N], rule book 001's keyword list), granted as ``{key: N}``
_KW_VALUED = {"突破": "breakthrough", "天然": "ignore"}
#: a valued keyword given as +N (〔天然+N〕): raises the Chara's value by N, a Chara without one gets it with N (lead's
#: decision, session 10; engine.pm.stats.ignore_value). Only 〔天然+N〕 has an engine key so far.
_KW_RAISED = {"天然": "ignore_plus"}
_KWS = r"(?P<kws>(?:〔(?:アクティブ|強引|我慢|突破\d+|天然\+?\d+)〕、?)+)?"


def kw_grants(kws: str | None, target: Any, until: str = "turn_end", per: Mapping[str, Any] | None = None) -> list[Step]:
    """The grants of the keywords matched by ``_KWS`` (〔アクティブ〕〔我慢〕…), in the order written; with ``per``
    ("for each X"), a raise (〔天然+N〕) N times the count, any other keyword only when the count is not 0. A valued
    keyword with its own number (〔突破N〕, 〔天然N〕) "for each X" is not read."""
    out: list[Step] = []
    for k in re.findall(r"〔([^〕]+)〕", kws or ""):
        if k[2:3] == "+":
            what: Any = {_KW_RAISED[k[:2]]: int(k[3:])}
        elif k[:2] in _KW_VALUED:
            if per:
                raise NotUnderstood(k)
            what = {_KW_VALUED[k[:2]]: int(k[2:])}
        else:
            what = _KW_GRANTS[k]
        out.append({"op": "grant", "target": target, "until": until, "what": what} | ({"per": dict(per)} if per else {}))
    return out


@reads(rf"{_WHO_N}は、(?P<per>[^、]+につき、)?(?P<next>次の)?ターン終了時まで{_KWS}(?:{MOD})?を得る")
@reads(rf"このターン、{_WHO_N}は、?(?P<per>[^、]+につき、)?(?P<next>){_KWS}(?:{MOD})?を得る")
def _modify(m: re.Match[str], ctx: Ctx) -> list[Step]:
    until = "next_turn_end" if m["next"] else "turn_end"
    per = _per(m["per"], ctx)
    out: list[Step] = []
    for t in _subjects(m["np"], m["n"], ctx):
        out.extend(kw_grants(m["kws"], t, until, per))
        if m["ap"] is not None:
            out.append(_mod_step(t, m["ap"], m["dp"], until) | ({"per": per} if per else {}))
    if not out:
        raise NotUnderstood(m[0])
    return out


@reads(rf"{_WHO_N}は、(?P<when>このターン、|ターン終了時まで、?)(?P<g>.+)")
def _grant(m: re.Match[str], ctx: Ctx) -> list[Step]:
    whats = _GRANTS.get(m["g"])
    if whats is None:
        raise NotUnderstood(m["g"])
    return [{"op": "grant", "target": t, "what": w, "until": "turn_end"} for t in _subjects(m["np"], m["n"], ctx)
            for w in whats]


@reads(rf"{_WHO_N}は、(?:このターン、|ターン終了時まで、?)(?P<other>.+?)を妨害(?:することが)?できない")
def _cannot_interfere_with(m: re.Match[str], ctx: Ctx) -> list[Step]:
    spec = _chara(m["other"], ctx)
    whom = _subjects(m["np"], m["n"], ctx)
    if spec.get("side") == "self" and all(
            isinstance(t, str) and t.startswith("target:") and ctx.targets[int(t[7:])].get("side") == "opponent"
            for t in whom):
        # an opponent's Chara "cannot interfere your X": it can only ever interfere your Charas, so "your" adds
        # nothing (and a side in the grant would be seen from the interfering Chara's owner)
        spec.pop("side")
    if "side" in spec:  # whose side, seen from the interfering Chara's owner: not read
        raise NotUnderstood(m["other"])
    return [{"op": "grant", "target": t, "what": {"cannot_interfere_with": spec}, "until": "turn_end"} for t in whom]


def _one_named(ctx: Ctx) -> bool:
    """Whether the last clause that named targets named exactly one (that Chara is then one Chara)."""
    return bool(ctx.targets) and ctx.target_clause.count(ctx.target_clause[-1]) == 1


@reads(rf"{_WHO_N}は、(?:このターン、|ターン終了時まで、?)(?P<other>.+?)には妨害されない")
def _not_interfered_by(m: re.Match[str], ctx: Ctx) -> list[Step]:
    # a ``not_interfered_by`` spec is measured against the Chara holding the grant (engine.pm.approach): "lower than
    # this card's" when this Chara holds it, "than that Chara's" when the one Chara named here holds it (round 25);
    # the spec is read before the subjects (a reading that fails must not have named targets)
    # round 26: also when the subject is the one Chara a clause before named alone (…1枚は、…を得るとともに、…)
    one = m["n"] == "1" or (m["np"] in ("指定したキャラ", "そのキャラ", "指定されたキャラ") and _one_named(ctx))
    vs = _THIS if m["np"] == "このカード" and ctx.card.type == "chara" else ("that",) if one else ()
    spec = _chara(m["other"], ctx, vs)
    whom = _subjects(m["np"], m["n"], ctx)
    if "below_source" in spec and vs == ("that",) and not (
            len(whom) == 1 and isinstance(whom[0], str) and whom[0].startswith("target:")):
        raise NotUnderstood(m["other"])
    return [{"op": "grant", "target": t, "what": {"not_interfered_by": spec}, "until": "turn_end"} for t in whom]


@reads(r"このターン、(?P<np>.+?)は、(?P<g>.+)")
def _grant_all(m: re.Match[str], ctx: Ctx) -> list[Step]:
    whats = _GRANTS.get(m["g"])
    if whats is None:
        raise NotUnderstood(m["g"])
    return [{"op": "grant", "target": t, "what": w, "until": "turn_end"} for t in _subjects(m["np"], None, ctx) for w in whats]


@reads(rf"{_WHO_N}は、?(?P<stand>活動状態になるとともに、)?(?:このターン、)?もう一度アプローチに参加することができる")
@reads(rf"このターン、{_WHO_N}は、(?P<stand>)もう一度アプローチに参加することができる")
def _approach_again(m: re.Match[str], ctx: Ctx) -> list[Step]:
    out: list[Step] = []
    for t in _subjects(m["np"], m["n"], ctx):
        if m["stand"]:
            out.append({"op": "activate", "target": t})
        out.append({"op": "grant", "target": t, "what": "approach_again", "until": "turn_end"})
    return out


@reads(rf"{_WHO_N}は、ターン終了時まで退場しない")
def _keep(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "grant", "target": t, "what": "not_eliminated", "until": "turn_end"}
            for t in _subjects(m["np"], m["n"], ctx)]


@reads(r"(?P<np>.+?)(?P<n>\d+)枚のAP/DPの値を、ターン終了時まで(?P<ap>\d+)/(?P<dp>\d+)に変更する")
def _set_both(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end", "set": {"ap": int(m["ap"]), "dp": int(m["dp"])}}
            for t in _subjects(m["np"], m["n"], ctx)]


@reads(r"(?P<np>.+?)(?P<n>1)枚のAPまたはDPの値を、ターン終了時まで(?P<v>\d+)に変更する")
def _set_either(m: re.Match[str], ctx: Ctx) -> list[Step]:
    (t,) = _subjects(m["np"], m["n"], ctx)
    v = int(m["v"])
    return [{"op": "choose", "n": 1, "modes": [[{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end",
                                                 "set": {k: v}}] for k in ("ap", "dp")]}]


@reads(rf"{_WHO_N}は、ターン終了時まで、(?P<src>このカード|休息状態にしたキャラ|指定したキャラ)のAP/DPと同じ値のAP/DPの修正を得る")
def _copy_stats(m: re.Match[str], ctx: Ctx) -> list[Step]:
    src = "self" if m["src"] == "このカード" else ctx.last_target()
    return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end", "copy": {"from": src, "what": "stats"}}
            for t in _subjects(m["np"], m["n"], ctx)]


@reads(rf"{_WHO_N}は、ターン終了時まで、(?P<src>.+?)1枚が得ているAPとDPの修正と同じ値の修正を得る")
def _copy_mods(m: re.Match[str], ctx: Ctx) -> list[Step]:
    targets = _subjects(m["np"], m["n"], ctx)
    (src,) = _subjects(m["src"], "1", ctx)
    return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end", "copy": {"from": src, "what": "mods"}}
            for t in targets]


_LATER = {"のアプローチで相手にポイントを与えた": "gave_point", "がアプローチでポイントを与えた": "gave_point",
          "がアプローチに参加した": "approach", "がアプローチした": "approach",
          # round 32: "when it interferes" (妨害に参加した), as compile_event's delayed causes
          "が妨害に参加した": "interfering"}


@reads(r"このターン(?:の間に)?、(?P<who>.+?)(?P<on>" + "|".join(_LATER) + r")場合、(?P<then>.+)")
def _later(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """A delayed effect on a Chara named before (or one sharing its name): when it next does this, this turn."""
    if m["who"] in ("指定したキャラ", "そのキャラ", "指定されたキャラ"):
        subject: Any = ctx.last_target()
    else:
        p = _np(m["who"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name != "target":
            raise NotUnderstood(m["who"])
        subject = {**p.chara_spec(same_name=True), "same_name": ctx.last_target()}
    before = len(ctx.targets)
    do = clause(m["then"], ctx)
    if len(ctx.targets) != before or ctx.may:
        raise NotUnderstood(m["then"])  # its own targets or choice: not read
    return [{"op": "delay", "on": _LATER[m["on"]], "subject": subject, "do": do}]


@reads(r"活動状態になる")
def _stands(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if not ctx.this_subject:
        raise NotUnderstood(m[0])
    return [{"op": "activate", "target": "self"}]


@reads(rf"(?P<per>[^、]+につき、)?(?P<next>次の)?ターン終了時まで(?:{MOD})を得る")
def _self_modify(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(このカードは、…場合、) (for each X,) +A/+B until the end of the turn": this card."""
    if not ctx.this_subject:
        raise NotUnderstood(m[0])
    per = _per(m["per"], ctx)
    return [_mod_step("self", m["ap"], m["dp"], "next_turn_end" if m["next"] else "turn_end") | (
        {"per": per} if per else {})]


@reads(r"(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)?を?(?P<m>休息|活動)状態にする")
def _rest(m: re.Match[str], ctx: Ctx) -> list[Step]:
    op = "rest" if m["m"] == "休息" else "activate"
    n = m["n"] or m["upto"]
    return [{"op": op, "target": t} for t in _subjects(m["np"].removesuffix("を"), n, ctx, upto=bool(m["upto"]))]


@reads(r"(?P<np>.+?)(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで|を)、?(?P<to>" + "|".join(_ZONE_TO) + ")")
def _move(m: re.Match[str], ctx: Ctx) -> list[Step]:
    n = m["n"] or m["upto"]
    before = len(ctx.targets)
    to = _ZONE_TO[m["to"]]
    out = [{"op": "move", "target": t, "to": to} for t in _subjects(m["np"], n, ctx, upto=bool(m["upto"]))]
    if to == "main":  # only a Chara with AP/DP may stand in the Main Area
        for t in ctx.targets[before:]:
            t["has_stats"] = True
    return out


def _pick(src: str, dst: str, np_text: str, n: str, ctx: Ctx, *, upto: bool = False, **kw: Any) -> Step:
    if np_text.startswith("このカード以外の") and src == "discard" and ctx.card.type == "chara" and "not_this_card" not in kw:
        # "X other than this card" in a Chara's own discard (round 21): ``not_this_card`` (engine.pm.script._pick
        # leaves out the copy heard there)
        return _pick(src, dst, np_text[len("このカード以外の"):].lstrip("、"), n, ctx, upto=upto, not_this_card=True, **kw)
    p = _np(np_text, ctx)
    if p.all:
        raise NotUnderstood(np_text)
    if not p.holds_card_filter(same_name=True):  # "other than this card", "rested"...: a filter would drop them
        raise NotUnderstood(np_text)
    step: Step = {"op": "pick", "from": src, "to": dst, "n": int(n), "filter": p.card_filter(same_name=True)}
    ctx.picked_onto_area = ctx.picked_onto_area or dst in ("area", "main", "support", "same_area")
    if upto or ctx.may:
        step["up_to"] = True
    if p.same_name:
        step["same_name"] = ctx.last_target() if p.same_name == "target" else p.same_name
    return step | kw


@reads(r"EXデッキから(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?(?:抜き出し、)?(?P<rev>表にしてから)?手札に加える")
def _ex_fetch(m: re.Match[str], ctx: Ctx) -> list[Step]:  # 表にしてから: shown to both players (``reveal``)
    return [_pick("ex_deck", "hand", m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **({"reveal": True} if m["rev"] else {}))]


@reads(r"自分のポイント置き場にある(?P<np>.+?)(?P<n>\d+)枚を手札に(?:加える|戻す)")
def _point_to_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("point", "hand", m["np"], m["n"], ctx)]


@reads(r"手札(?P<n>\d+)枚を自分のポイント置き場に表向きで置く")
def _hand_to_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "pick", "from": "hand", "to": "point", "n": int(m["n"]), "filter": {}, "face": "up"}]


@reads(r"デッキの上のカード1枚を見(?:る|て)、?(?:その後、)?そのカードをデッキの(?:上か)?下に(?:移す|戻す)")
def _look_one(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "pick", "from": "deck", "to": "deck_bottom", "n": 1, "filter": {}, "look": 1, "up_to": True}]


@reads(r"(?:その|この)(?:キャラ|カード)を(?P<area>場|メインエリア|サポートエリア)に出す")
def _back_in(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"… remove it from the game. Then, put it onto the field / into the Main (Support) Area" (the area named, or
    where its player chooses: ``same_area``)."""
    if m["area"] != "場":
        return [{"op": "_back_in", "to": "main" if m["area"] == "メインエリア" else "support"}]
    if ctx.in_discard and m[0].startswith("この"):  # heard in the discard: "put this card onto the Area" from there
        return [{"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True}
                | ({"up_to": True} if ctx.may else {})]
    if ctx.in_point and m[0].startswith("この"):  # round 26: heard in the Point Zone: from there (compile_r26)
        from engine.pm.cards.compile_r26 import this_from_point
        return this_from_point(ctx)
    return [{"op": "_back_in"}]


@reads(r"相手のプレイ中の(?P<np>.+?)1枚を無効にする")
def _negate_event(m: re.Match[str], ctx: Ctx) -> list[Step]:
    p = _np(m["np"], ctx)
    if p.head != "event" or p.all or p.same_name or ctx.card.type != "event":
        raise NotUnderstood(m[0])
    ctx.condition["answers"] = {"type": "play_event", "side": "opponent", "filter": p.card_filter()}
    return [{"op": "disable"}]


@reads(r"相手のキャラ1枚の使用型テキストの使用を無効にする")
def _negate_text(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if ctx.card.type != "event":
        raise NotUnderstood(m[0])
    ctx.condition["answers"] = {"type": "use_effect", "side": "opponent", "filter": {"type": "chara"}}
    return [{"op": "disable"}]


@reads(r"(?:自分の)?捨て札置き場にあるこのカードを、?(?P<rested>休息状態で)?(?P<to>場に出す|メインエリアに出す|サポートエリアに出す"
       r"|手札に戻す|手札に加える|EXデッキに戻す|デッキの上に(?:戻す|移す)|ゲームから取り除く)")
def _this_from_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """This card from the discard (where a trigger heard its leaving finds it) to the Area, the hand, or (round 19)
    the Support Area or back to the EX deck, or (round 26) onto the top of the deck, or (round 32) removed from the
    game, as another card from the discard goes there (``to: "deck"``); a card not there is not moved."""
    to = {"場に出す": "area", "メインエリアに出す": "main", "サポートエリアに出す": "support", "EXデッキに戻す": "ex_deck",
          "デッキの上に戻す": "deck", "デッキの上に移す": "deck", "ゲームから取り除く": "removed"}.get(m["to"], "hand")
    if m["rested"] and to in ("hand", "ex_deck", "deck", "removed"):
        raise NotUnderstood(m[0])
    step: Step = {"op": "pick", "from": "discard", "to": to, "n": 1, "filter": {}, "this_card": True}
    if m["rested"]:
        step["rested"] = True
    if ctx.may:
        step["up_to"] = True
    return [step]


_FROM_DISCARD = {"手札に戻す": "hand", "手札に加える": "hand", "デッキの上に戻す": "deck", "デッキの上に移す": "deck", "場に出す": "area",
                 "メインエリアに出す": "main", "サポートエリアに出す": "support",
                 "ゲームから取り除く": "removed"}


@reads(r"自分の捨て札置き場にある(?P<np>.+?)(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)、?(?P<rested>休息状態で)?(?P<to>"
       + "|".join(_FROM_DISCARD) + ")")
def _from_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    extra = {"rested": True} if m["rested"] else {}
    if m["rested"] and _FROM_DISCARD[m["to"]] not in ("area", "main", "support"):
        raise NotUnderstood(m[0])
    return [_pick("discard", _FROM_DISCARD[m["to"]], m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **extra)]


@reads(r"自分の捨て札置き場にある(?P<np>.+?)(?:を(?P<upto>\d+)枚まで|(?P<n>\d+)枚を)デッキに戻し、デッキをシャッフルする")
def _recycle(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Return (up to) N X from your discard to the deck, and shuffle": without まで, N when N are there."""
    return [_pick("discard", "deck", m["np"], m["upto"] or m["n"], ctx, upto=bool(m["upto"])),
            {"op": "shuffle", "who": "self"}]


@reads(r"デッキの上のカード(?P<k>\d+)枚を見て、その中にある(?P<np>.+?)を?(?P<n>\d+)枚(?P<upto>まで)?を?"
       r"(?:抜き出し、表にしてから(?P<rev>)|)手札に加える")
def _look(m: re.Match[str], ctx: Ctx) -> list[Step]:  # without まで: N when the cards looked at hold N
    return [_pick("deck", "hand", m["np"], m["n"], ctx, upto=bool(m["upto"]), look=int(m["k"]),
                  **({"reveal": True} if m["rev"] is not None else {}))]


@reads(r"デッキの中を全て見て、その中にある(?P<np>.+?)(?P<n>\d+)枚を抜き出し、(?:(?P<rev>表にしてから)?手札に加える|(?P<area>場に出す))")
def _search(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("deck", "area" if m["area"] else "hand", m["np"], m["n"], ctx,
                  **({"reveal": True} if m["rev"] else {}))]


@reads(r"残りのカードを(?:任意の順番で)?(?P<to>デッキの下に移す|捨て札にする|デッキの上に(?:移す|戻す))")
def _rest_to_bottom(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if m["to"].startswith("デッキの上") and "任意の順番" not in m[0]:
        raise NotUnderstood(m[0])  # back on top without "in any order": the order is not said
    to = {"デッキの下": "deck_bottom", "デッキの上": "deck"}.get(m["to"][:5], "discard")
    return [{"op": "_rest_to", "to": to}]


@reads(r"デッキをシャッフルする")
def _shuffle(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "shuffle", "who": "self"}]


@reads(r"手札(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)(?P<to>捨て札にする|ゲームから取り除く)")
def _discard_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Discard N cards of your hand" (round 28: "up to N", 手札をN枚まで: the player picks 0 to N; round 32: or
    remove them from the game)."""
    to = "removed" if m["to"] == "ゲームから取り除く" else "discard"
    return [{"op": "pick", "from": "hand", "to": to, "n": int(m["n"] or m["upto"]), "filter": {}} | (
        {"up_to": True} if ctx.may or m["upto"] else {})]


@reads(r"(?:(?P<who>相手|自分)の)?デッキの上のカードを(?P<n>\d+)枚まで捨て札にする")
def _mill_up_to(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put up to N cards from the top of the deck into the discard" (round 28): a ``mill`` of a count the player
    chooses, 0 to N (``up_to``); a "may" on it adds nothing."""
    return [{"op": "mill", "who": "opponent" if m["who"] == "相手" else "self", "n": int(m["n"]), "up_to": True}]


_FROM_HAND = {"捨て札にする": "discard", "場に出す": "area", "メインエリアに出す": "main", "サポートエリアに出す": "support"}


@reads(r"(?:手札から|手札にある)(?P<np>.+?)(?P<n>\d+)枚を、?(?P<rested>休息状態で)?(?P<to>" + "|".join(_FROM_HAND) + ")")
def _from_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    extra = {"rested": True} if m["rested"] else {}
    if m["rested"] and m["to"] == "捨て札にする":
        raise NotUnderstood(m[0])
    return [_pick("hand", _FROM_HAND[m["to"]], m["np"], m["n"], ctx, **extra)]


@reads(r"(?:このターン、)?自分が次にプレイする(?P<np>.+?)1枚は、使用コスト(?P<n>[+-]\d+)を得る")
def _next_cost(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The next X you play (this turn) gets usage cost ±N": without このターン the same, an effect with no stated
    duration lasting for its turn (rule book 000 "Effect Duration"; round 16)."""
    phrases = [_np(p, ctx) for p in re.split(r"1枚と", m["np"])]
    if any(p.same_name or p.other_than_that for p in phrases):
        raise NotUnderstood(m["np"])  # a name taken from another card: no card filter holds it
    return [{"op": "cost", "who": "self", "next": True, "n": int(m["n"]), "filter": p.card_filter()} for p in phrases]


@reads(r"このターン、相手の手札にある(?P<np>全ての.+?)は、?使用コスト(?P<n>[+-]\d+)を得る")
def _opp_hand_cost(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "cost", "who": "opponent", "n": int(m["n"]), "filter": _np(m["np"], ctx).card_filter(every=True)}]


@reads(r"(?P<who>自分|相手)のポイント置き場(?:にある|の)カード(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?(?P<face>表|裏)向きにする")
def _flip(m: re.Match[str], ctx: Ctx) -> list[Step]:
    step: Step = {"op": "flip", "who": "self" if m["who"] == "自分" else "opponent", "face": "up" if m["face"] == "表" else "down",
                  "n": int(m["n"] or m["upto"])}
    if m["upto"] or ctx.may:
        step["up_to"] = True
    if ctx.may and not m["upto"] and step["n"] > 1:  # "may turn N" (no まで): N or none (engine.pm.script)
        step["all_or_none"] = True
    return [step]


@reads(r"(?:(?P<who>相手|自分)の)?デッキの上のカード(?P<n>\d+)枚を(?P<to>捨て札にする|ゲームから取り除く)")
def _mill(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """The top N cards of a deck (no owner named: the player's own) to the discard, or removed from the game (round
    32: the mill's ``to``). "Then you may mill" inside an effect: no step holds the choice (as for a draw), not read."""
    if ctx.may and not ctx.opening:
        raise NotUnderstood(m[0])
    step: Step = {"op": "mill", "who": "opponent" if m["who"] == "相手" else "self", "n": int(m["n"])}
    return [step | ({"to": "removed"} if m["to"] == "ゲームから取り除く" else {})]


@reads(r"デッキの上のカード(?P<n>\d+)枚を自分のポイント置き場に(?P<face>表向きで|裏向きで)?置く")
def _put_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    step: Step = {"op": "put_point", "who": "self", "n": int(m["n"])}
    if m["face"] == "裏向きで":
        step["face"] = "down"
    return [step]


@reads(r"(?P<who>相手|全てのプレイヤー)は、手札(?P<n>\d+)枚を(?P<to>捨て札にする|ゲームから取り除く)")
def _opponent_discards(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The opponent (every player) discards N hand cards": each from their own hand, the effect's player first (as
    the eighth round's 全てのプレイヤーは reads it)."""
    whos = ["opponent"] if m["who"] == "相手" else ["self", "opponent"]
    return [{"op": "pick", "who": w, "from": "hand", "to": "discard" if m["to"] == "捨て札にする" else "removed",
             "n": int(m["n"]), "filter": {}} for w in whos]


@reads(r"このカードと、(?:指定した|その)キャラは、?退場判定を行う")
def _judge(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "judge", "target": ctx.last_target()}]


@reads(r"相手に(?P<n>\d+)ポイント与える")
def _give_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "put_point", "who": "opponent", "n": int(m["n"])}]


@reads(r"(?:このターン|次のターンの間)、相手は、(?:指定された|その)キャラ(?P<one>1枚)?のテキストを使用(?:することが)?できない")
def _no_text(m: re.Match[str], ctx: Ctx) -> list[Step]:
    if m["one"] and not _one_named(ctx):  # round 28: "the 1 designated Chara" when one was designated
        raise NotUnderstood(m[0])
    if m[0].startswith("次"):  # "during the next turn" only: barred from the next turn on, to its end (MHK 01-119)
        return [{"op": "grant", "target": ctx.last_target(), "what": {"no_text_from": "next_turn"},
                 "until": "next_turn_end"}]
    return [{"op": "grant", "target": ctx.last_target(), "what": "no_text", "until": "turn_end"}]


@reads(r"(?P<np>.+?)(?P<n>\d+)枚を指定する")
def _designate(m: re.Match[str], ctx: Ctx) -> list[Step]:
    _subjects(m["np"], m["n"], ctx)
    return []


# -- conditions ------------------------------------------------------------------------------


def condition(text: str, ctx: Ctx) -> dict[str, Any]:
    """A condition clause (without its final 場合 / 間)."""
    for first in FIRST_CONDITIONS:  # readers registered by later modules that must see the clause first (round 27)
        if (got := first(text, ctx)) is not None:
            return got
    if text == "自分のターンの":
        return {"own_turn": True}
    if text == "相手のターンの":
        return {"own_turn": False}
    if m := re.fullmatch(r"手札の枚数が(\d+)枚以下の", text):
        return {"hand_at_most": int(m[1])}
    if m := re.fullmatch(r"自分のポイント置き場にカードが(\d+)枚以上(?:ある|置かれている)", text):
        return {"points_at_least": int(m[1])}
    if text == "このカードがアプローチに参加している":
        return {"approaching": True}
    if text == "このカードが妨害に参加している":
        return {"interfering": True}
    if text == "このカードが妨害されている":  # approaching, and interfered with
        return {"interfered": True}
    if text == "このカードがアプローチまたは妨害に参加している":
        return {"any_of": [{"approaching": True}, {"interfering": True}]}
    if text in ("このカードが休息状態の", "このカードが活動状態の"):  # round 19: the effect's own Chara rested / active
        return {"rested": text == "このカードが休息状態の"}
    if text == "このカードが〔ブレイク〕している":
        return {"broken": True}
    if m := re.fullmatch(r"自分がカードを(\d+)枚以上プレイしているターンの", text):
        return {"played_at_least": int(m[1])}
    if m := re.fullmatch(r"(?:その|指定した|指定された)(?:カード|キャラ)の使用コスト(?:の値)?が(?P<n>\d+)(?P<how>以下|以上)の", text):
        # "if that Chara's usage cost is N or less / more": the one Chara named before, its cost on the Area
        if len(ctx.targets) != 1:
            raise NotUnderstood(text)
        return {"target_cost": {"index": 0, "max" if m["how"] == "以下" else "min": int(m["n"])}}
    if m := re.fullmatch(r"(?P<np>[^、]+?)が(?P<ev>登場|退場)したターンの", text):
        # "in a turn in which X entered / left the Area" (by a play or an effect / any move off it): the turn's history
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that:
            raise NotUnderstood(text)
        who = {"self": "self", "opponent": "opponent"}.get(p.spec.get("side", ""), "any")
        f = {k: v for k, v in p.card_filter().items() if k != "side"}
        return {"history": {"event": "enter" if m["ev"] == "登場" else "leave", "filter": f, "who": who,
                            "at_least": 1}}
    if text == "イベントカードがプレイされたターンの":
        return {"history": {"event": "play", "filter": {"type": "event"}, "who": "any"}}
    if m := re.fullmatch(r"(?:同じ|この)ターンの間に、?(?P<np>[^、]+?)が(?P<n>\d+)枚以上(?:退場した|退場している|場から離れている)", text):
        # N Charas have left the Area this turn (leaving: any move off the Area), counted from the turn's history
        p = _np(m["np"], ctx)
        if p.head != "chara" or p.unheld() or set(p.spec) - {"side"}:
            raise NotUnderstood(text)  # a narrower kind of Chara: its facts when it left are not kept
        who = {"self": "self", "opponent": "opponent"}.get(p.spec.get("side", ""), "any")
        return {"history": {"event": "leave", "filter": {"type": "chara"}, "who": who, "at_least": int(m["n"])}}
    if m := re.fullmatch(r"(?P<side>相手|自分)の(?P<area>メイン|サポート)エリアに、?(?P<np>.+?)が(?P<n>\d+)枚以上いる", text):
        spec = {**_chara(m["np"], ctx), "side": "opponent" if m["side"] == "相手" else "self",
                "area": "main" if m["area"] == "メイン" else "support"}
        return {"count": {"spec": spec, "at_least": int(m["n"])}}
    if m := re.fullmatch(r"(?P<area>メイン|サポート)エリアに、?(?P<np>.+?)が(?P<n>\d+)枚以上いる", text):
        spec = {**_chara(m["np"], ctx), "area": "main" if m["area"] == "メイン" else "support"}
        return {"count": {"spec": spec, "at_least": int(m["n"])}}
    if m := re.fullmatch(r"(?P<np>.+?)が妨害されている", text):
        return {"count": {"spec": {**_chara(m["np"], ctx), "interfered": True}, "at_least": 1}}
    if m := re.fullmatch(r"(?P<np>.+?)が(?P<what>アプローチ|妨害|アプローチまたは妨害)に参加している", text):
        spec = _chara(m["np"], ctx)
        taking = {"アプローチ": {"approaching": True}, "妨害": {"interfering": True}}
        spec.update(taking.get(m["what"]) or {"any_of": list(taking.values())})
        return {"count": {"spec": spec, "at_least": 1}}
    if m := re.fullmatch(r"自分の(「[^」]+」(?:または「[^」]+」)*)がいる", text):
        names = re.findall(r"「([^」]+)」", m[1])
        return {"has_name": names[0] if len(names) == 1 else names}
    if m := re.fullmatch(r"(?P<np>.+?)がいる", text):
        return {"count": {"spec": _chara(m["np"], ctx), "at_least": 1}}
    if m := re.fullmatch(r"(?P<np>.+?)が(?P<n>\d+)枚以上いる", text):
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name:
            raise NotUnderstood(text)
        return {"count": {"spec": p.chara_spec(), "at_least": int(m["n"])}}
    for more in MORE_CONDITIONS:  # readers registered by later modules (compile_general)
        if (got := more(text, ctx)) is not None:
            return got
    raise NotUnderstood(text)


def backup_condition(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """The condition of a [Backup]: one of your Charas fitting a phrase is approaching or interfering."""
    m = re.fullmatch(r"(?P<np>.+?)が(?P<what>アプローチ|妨害)に参加している。?", text)
    if m is None:
        return None
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name:
        return None
    key = "approaching" if m["what"] == "アプローチ" else "interfering"
    return {"count": {"spec": {**p.chara_spec(), key: True}, "at_least": 1}}


# -- clauses, sentences, bodies ----------------------------------------------------------------


def _delay_with_targets(do: list[Step], before: int, may: bool, ctx: Ctx) -> Step:
    """"(If so,) at the end of the turn, (you may) <step> N of your X": a delayed part whose Charas are chosen when it
    fires (the delay's own ``targets``, as the opening "at the end of the turn …" of an automatic effect has them; the
    player may decline it when the text says "may"). The targets the inner clause named move from the effect to the
    delay; a delayed step naming a Chara of the effect (named before) is not read."""
    mine = ctx.targets[before:]
    named = [int(k or 0) for k in re.findall(r'"target(?::(\d+))?"', json.dumps(do))]
    if any(k < before for k in named) or any(t.get("distinct") is False for t in mine):
        raise NotUnderstood("a delayed part naming a Chara named before")
    del ctx.targets[before:]
    del ctx.target_clause[before:]
    delay: Step = {"op": "delay", "on": "turn_end", "do": _shift_targets(do, before, before), "targets": mine}
    return delay | ({"optional": True} if may else {})


def clause(text: str, ctx: Ctx) -> list[Step]:
    """The steps of one clause (a leading condition becomes the steps' ``if``)."""
    ctx.may = False
    for suffix in ("ことができる", "事ができる", "できる"):
        if text.endswith(suffix) and not text.endswith("登場できる") and "もう一度" not in text:
            text, ctx.may = text[: -len(suffix)], True
            if suffix == "できる" and not text.endswith("る"):  # 活動状態にできる: 活動状態にする
                text += "する"
            ctx.may = not ctx.alternative
            break
    if m := re.match(r"ターン終了時に、?", text):
        before, may = len(ctx.targets), ctx.may  # the inner clause starts anew: its "may" was taken off above
        do = clause(text[m.end():], ctx)
        if len(ctx.targets) != before and not ctx.may:
            return [_delay_with_targets(do, before, may, ctx)]
        if len(ctx.targets) != before or ctx.may:
            raise NotUnderstood(text)  # a delayed part with its own choice: not read here
        if may and len(do) == 1 and do[0]["op"] in ("activate", "rest") and set(do[0]) == {"op", "target"} \
                and str(do[0]["target"]).startswith("target"):
            # round 22: "at the end of the turn you may stand (rest) that Chara" (a Chara named before): the step's
            # own "may" (round 8), decided when it runs; the set-up optional as a whole too (as below)
            return [{"op": "delay", "on": "turn_end", "do": [{**do[0], "may": True}], "optional": True}]
        if may and len(do) == 1 and do[0]["op"] == "flip" and do[0].get("all") and "then" not in do[0]:
            # round 23: "at the end of the turn you may turn every card of a Point Zone face up / down": nothing to
            # choose but whether, so the step's own "may", the set-up optional as a whole (as above)
            return [{"op": "delay", "on": "turn_end", "do": [{**do[0], "may": True}], "optional": True}]
        if may:  # "at the end of the turn you may take X": the pick then takes up to N (N or none when N > 1)
            if any(x["op"] != "pick" or set(x) & {"then", "all", "up_to"} for x in do):
                raise NotUnderstood(text)
            do = [x | ({"all_or_none": True} if x["n"] > 1 else {"up_to": True}) for x in do]
            # the set-up is optional as a whole, as where the effect opens with it (effect): a log may leave it out
            return [{"op": "delay", "on": "turn_end", "do": do, "optional": True}]
        return [{"op": "delay", "on": "turn_end", "do": do}]
    cond = None
    if m := re.match(r"(?P<c>[^、]+?)場合、", text):
        try:
            cond = condition(m["c"], ctx)
            text = text[m.end():]
        except NotUnderstood:
            cond = None
    if cond is not None and text.startswith("ターン終了時に") and not ctx.may and "broken" not in cond:
        # "if X, at the end of the turn Y": X checked now, Y set up for the turn's end
        return [x | {"if": cond} for x in clause(text, ctx)]
    entry = len(ctx.targets)
    for pat, fn in (*READERS, *PART_READERS):
        m = pat.fullmatch(text)
        if m is None:
            continue
        if fn in _PART_FNS:  # round 31: a part reader starts clean (no Chara a reader that gave up named)
            del ctx.targets[entry:], ctx.target_clause[entry:]
        try:
            steps = fn(m, ctx)
        except NotUnderstood:
            continue
        if cond is None:
            return steps
        if "broken" in cond:
            return [{"op": "if", "cond": cond, "do": steps}]
        return [s | {"if": cond} for s in steps]
    raise NotUnderstood(text)


def _top_sentences(text: str) -> list[str]:
    """The sentences of ``text``: cut at 。 outside 「」 and 『』 (a title may hold a 。)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "「『"
        depth -= ch in "」』"
        if ch == "。" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [s for s in (*out, cur) if s.strip()]


_IF_SO = ("その場合、", "捨て札にした場合、", "そうした場合、", "休息状態にした場合、", "取り除いた場合、", "手札に戻した場合、",
          "表向きにした場合、", "デッキの下に移した場合、", "置き換えた場合、")


def _instead_if(sentences: list[str], ctx: Ctx, may_flags: list[bool] | None) -> list[Step] | None:
    """Round 26: "A. If C, instead B." (A。C場合、代わりに(、)B): B when C holds as the effect resolves, else A (an ``if``
    with ``else``). Only when neither part names targets or leaves a choice (what "instead" would then replace is
    not read). None: not this shape."""
    m = re.fullmatch(r"(?P<c>[^、。]+?)場合、代わりに、?(?P<b>.+)", sentences[1])
    if m is None or ctx.may or ctx.in_mode or ctx.targets:
        return None
    first = body(sentences[0], ctx, may_flags)
    cond = condition(m["c"], ctx)
    second = body(m["b"], ctx, may_flags)
    if ctx.may or ctx.targets or set(cond) & {"broken", "picked"}:
        raise NotUnderstood(sentences[1])
    return [{"op": "if", "cond": cond, "do": second, "else": first}]


def _picked_kind(s: str, cur: list[Step], ctx: Ctx) -> tuple[dict[str, Any], str] | None:
    """Round 28: "if the card discarded is an X" (捨て札にしたカードがXの場合、…) after a step discarding one card, or
    "if an X is among them" (その中にXが含まれていた場合、…) after a mill: (the card filter X, the rest), a ``picked``
    condition (engine.pm.script: one of the cards the last pick or mill moved fits it). X with a part no card filter
    holds, or no such step right before: not read. None: not this wording."""
    m = re.fullmatch(r"捨て札にした(?:カード|キャラ)が(?P<np>[^、。「」]+?)の場合、(?P<rest>.+)", s) \
        or re.fullmatch(r"その中に(?P<np>[^、。]+?)が含まれていた場合、(?P<rest>.+)", s)
    if m is None:
        return None
    last = cur[-1] if cur else None
    one = last is not None and ((last["op"] == "mill" and last.get("to", "discard") == "discard" and (
        m[0].startswith("その中") or int(last.get("n", 1)) == 1) and not last.get("up_to")) or (
        last["op"] == "pick" and last.get("to") == "discard" and int(last.get("n", 1)) == 1 and m[0].startswith("捨て")))
    if not one:
        raise NotUnderstood(s)
    p = _np(m["np"], ctx)
    if p.head not in ("chara", "event", "support", "card") or p.all or p.same_name or "side" in p.spec:
        raise NotUnderstood(m["np"])
    try:
        return p.card_filter(), m["rest"]
    except ValueError:
        raise NotUnderstood(m["np"]) from None


def body(text: str, ctx: Ctx, may_flags: list[bool] | None = None) -> list[Step]:
    """The steps of a run of sentences: その場合 (if so) nests what follows in the step before's ``then``;
    その後 (then) goes on where the sentence before went."""
    text = text.replace("デッキの上のカード1枚を見る。その後、", "デッキの上のカード1枚を見て、")
    steps: list[Step] = []
    cur = steps  # where the last sentence's steps went
    prev_count = 0  # how many steps the last sentence made
    sentences = _top_sentences(text)
    for shape in BODY_SHAPES:
        if (shaped := shape(sentences, ctx, may_flags)) is not None:
            return shaped
    alt = [k for k, x in enumerate(sentences) if x.startswith("または、")]
    if len(alt) == 1 and alt[0] > 0 and not ctx.in_mode:  # "A. Or, B.": the player chooses one
        k = alt[0]
        if sentences[k - 1].startswith(_IF_SO):
            return _or_after_if_so(sentences, k, ctx, may_flags)
        if any(x.startswith(_IF_SO) for x in sentences[1:k]):
            # "A. If so, B. Then, B2. Or, C.": is C the other reward of "if so" (as after "A. If so, B.") or instead
            # of all before it? not read
            raise NotUnderstood("or after if so and then")
        first, second = "。".join(sentences[:k]), "。".join([sentences[k][len("または、"):], *sentences[k + 1:]])
        ctx.in_mode = True
        first_mode = body(first, ctx, may_flags)
        # "A. Or, (you) may B" (one sentence): the may is the choice of B instead of A, as the MHK 01-034 hand script
        # reads it; B chosen is done as fully as it can be (no up_to: choosing it cannot dodge a mandatory A)
        ctx.alternative = len(sentences) == k + 1
        try:
            modes = [first_mode, body(second, ctx)]
        finally:
            ctx.alternative = False
        ctx.in_mode = False
        return [{"op": "choose", "n": 1, "modes": modes}]
    if len(sentences) == 2 and (got := _instead_if(sentences, ctx, may_flags)) is not None:
        return got
    i = 0
    while i < len(sentences):
        s = sentences[i]
        ctx.clause += 1
        link = None
        for word in _IF_SO:
            if s.startswith(word):
                s, link = s[len(word):], "if_so"
        if s.startswith("その後、"):
            s, link = s[len("その後、"):], "after"
        if link is None and i > 0 and (k := if_done.link(sentences[i - 1], s)):
            # "…することができる。…した場合、": the step's own verb in the past, as その場合 (round 19)
            s, link = s[k:], "if_so"
            if cur and may_flags and may_flags[-1] and len(may_flags) > 1 and _sure(cur[-1], ctx):
                raise NotUnderstood("if done after a later step that may be left out")
        if m := re.fullmatch(r"以下から(\d+)つ選択する", s):
            if i + 1 >= len(sentences):
                raise NotUnderstood(s)
            modes = re.findall(r"「((?:[^「」]|「[^」]*」)+)」", sentences[i + 1])
            if len(modes) < 2:
                raise NotUnderstood(sentences[i + 1])
            ctx.in_mode = True
            steps.append({"op": "choose", "n": int(m[1]), "modes": [body(x, ctx) for x in modes]})
            ctx.in_mode = False
            cur = steps
            i += 2
            continue
        if text_condition(s, ctx):
            i += 1
            continue
        targets_before = len(ctx.targets)
        picked = re.fullmatch(r"捨て札にした(?:カード|キャラ)が(「[^」]+」(?:または「[^」]+」)*)の場合、(.+)", s)
        kind = None if picked else _picked_kind(s, cur, ctx)
        if picked:
            names = re.findall(r"「([^」]+)」", picked[1])
            got = [{"op": "if", "cond": {"picked": {"name": names[0] if len(names) == 1 else names}},
                    "do": clause(picked[2], ctx)}]
        elif kind is not None:  # round 28: the card discarded is (one of them is) of a kind
            picked = kind[1]
            was, ctx.in_mode = ctx.in_mode, True  # a Chara the branch names is chosen only when it runs
            try:
                got = [{"op": "if", "cond": {"picked": kind[0]}, "do": clause(picked, ctx)}]
            finally:
                ctx.in_mode = was
        else:
            ctx.opening = ctx.kind == "auto" and may_flags is not None and not may_flags and not ctx.in_mode
            got = clause(s, ctx)
            ctx.opening = False
        if may_flags is not None:
            may_flags.append(ctx.may)
        last = cur[-1] if cur else None
        if got and got[0]["op"] == "_rest_to":
            if last is None or last.get("op") != "pick" or "look" not in last:
                raise NotUnderstood(s)
            last["rest_to"] = got[0]["to"]
        elif got and got[0]["op"] == "_back_in":
            if last is None or last.get("op") != "move" or last.get("to") != "removed":
                raise NotUnderstood(s)
            last.setdefault("then", []).append(
                {"op": "pick", "from": "removed", "to": got[0].get("to", "same_area"), "n": 1, "filter": {},
                 "same_card": "picked"})
        elif picked:
            cur.extend(got)
        elif link == "if_so" and got and prev_count == 2 and _returned_and_shuffled(cur):
            # "return X to the deck and shuffle. If so, …": if any returned (the shuffle happens either way), as
            # the MHK 01-033 hand script writes it
            cur.append({"op": "if", "cond": {"picked": {}}, "do": got})
            cur = got
        elif link == "if_so" and last is not None and last["op"] in _IF_SO_STEPS and got and (
                not _sure(last, ctx) or _moves_self(last)) and not (
                last["op"] == "support_move" and int(last.get("n", 1)) > 1 and not last.get("up_to")):
            # (round 20: a support_move's ``then`` runs when one card moved: "if so" after one card, or up to N)
            if prev_count > 1 and _one_chara_changed(cur[-prev_count:]):
                pass  # "X gets A and B. If so, …": the steps act on one Chara, the last one done is the "if so"
            elif prev_count > 1:
                merged = _rest_n(cur[-prev_count:], targets_before, ctx)
                if merged is None:
                    raise NotUnderstood("if so after several steps")
                del cur[-prev_count:]
                cur.append(merged)
                last = merged
                got = _shift_targets(got, targets_before, prev_count)
            if last["op"] == "pick" and last["n"] > 1 and not last.get("up_to"):
                # "N cards ... if so": as many as there are move (the effect does what it can), and fewer than N do
                # not count for "if so" (all_or_none would leave no legal choice when fewer than N are there)
                last["then_if_all"] = True
            if last["op"] == "move" and last.get("to") not in ("main", "support") and not _moves_self(last):
                # "move that Chara off the Area; if so, ... of its name": it is gone, the card moved names it
                got = [_same_name_picked(x, last["target"]) for x in got]
            last.setdefault("then", []).extend(got)
            cur = last["then"]
        elif link == "if_so" and last is not None and last["op"] == "delay" and len(last.get("do", ())) == 1 \
                and last["do"][0]["op"] in _IF_SO_STEPS and got and len(ctx.targets) == targets_before:
            # "at the end of the turn, move X. If so, …": the "if so" is the delayed move's, when it is done
            inner = last["do"][0]
            inner.setdefault("then", []).extend(got)
            cur = inner["then"]
        elif link == "if_so" and last is not None and got and not _sure(last, ctx):
            raise NotUnderstood("if so after a step that may do nothing")  # its condition cannot be told: not read
        elif link in ("if_so", "after") or ("そのキャラ" in s and cur is not steps):
            cur.extend(got)
        else:
            steps.extend(got)
            cur = steps
        prev_count = len(got)
        i += 1
    return _entered_delays_in_pick(steps)


def _entered_delays_in_pick(steps: list[Step]) -> list[Step]:
    """A delayed part on the Charas this effect put onto the Area (target ``"entered"``) that follows a pick onto the
    Area goes into the pick's ``then``: with none put there, nothing is set up (lead's decision, session 8: SAGA
    01-005, 01-114, SSSS 01-039, HSF P-008)."""
    pick: Step | None = None
    kept: list[Step] = []
    for x in steps:
        if x.get("op") == "pick" and x.get("to") in ("area", "main", "support", "same_area") and not (
                set(x) & {"if", "then_if_all"}):
            pick = x
        elif pick is not None and x.get("op") == "delay" and "do" in x and "if" not in x and '"entered"' in json.dumps(
                x["do"]):
            pick.setdefault("then", []).append(x)
            continue
        kept.append(x)
    return kept


def _returned_and_shuffled(cur: list[Step]) -> bool:
    """Whether the last two steps are a pick into the deck and its shuffle, the pick's "if so" being "some cards
    moved" (every fitting card, up to N, or one: not "N, and if so all N", whose ``then`` and ``else`` would both
    miss the shuffle when fewer moved)."""
    if len(cur) < 2 or cur[-1].get("op") != "shuffle" or "if" in cur[-1]:
        return False
    pick = cur[-2]
    return (pick.get("op") == "pick" and pick.get("to") == "deck" and "then" not in pick and "if" not in pick
            and (pick.get("all") or pick.get("up_to") or int(pick.get("n", 1)) == 1))


def _one_chara_changed(prev: list[Step]) -> bool:
    """Whether the steps are grants / AP-DP changes of one and the same named Chara (each done when it is there)."""
    target = prev[0].get("target")
    return isinstance(target, str) and target.startswith("target") and all(
        x.get("op") in ("grant", "modify") and x.get("target") == target and "if" not in x and "per" not in x
        for x in prev)


def _rest_n(prev: list[Step], end: int, ctx: Ctx) -> Step | None:
    """"Rest N of your X. If so, …" (N > 1): one ``rest_any`` step of exactly N (engine.pm.rest_any), whose ``then``
    runs only when all N were rested, instead of N targets rested one by one (their "if so" is not one step's).
    None unless the steps are the rests of the N targets before ``end`` (those the sentence before named), alike,
    of your own; they are taken out of the targets (the ones after ``end`` move down: :func:`_shift_targets`)."""
    n = len(prev)
    first = end - n
    if first < 0 or any(s != {"op": "rest", "target": f"target:{first + i}"} for i, s in enumerate(prev)):
        return None
    specs = ctx.targets[first:end]
    spec = specs[0]
    if any(x != spec for x in specs) or spec.get("side") != "self" or {"optional", "distinct"} & set(spec):
        return None
    later = ctx.targets[end:]
    if first > 0 and any(t.get("distinct") is False for t in later):
        return None  # a later target that may be one named before these: not read
    del ctx.targets[first:end]
    del ctx.target_clause[first:end]
    for t in later:  # "may be one of the targets before": there are none left
        t.pop("distinct", None)
    return {"op": "rest_any", "spec": {k: v for k, v in spec.items() if k != "side"}, "n": n}


def _shift_targets(x: Any, end: int, n: int) -> Any:
    """``x`` with ``target:k`` for k >= ``end`` written ``target:k-n`` (n targets before ``end`` were taken out)."""
    if isinstance(x, dict):
        return {k: _shift_targets(v, end, n) for k, v in x.items()}
    if isinstance(x, list):
        return [_shift_targets(v, end, n) for v in x]
    if isinstance(x, str) and (m := re.fullmatch(r"target:(\d+)", x)) and int(m[1]) >= end:
        return f"target:{int(m[1]) - n}"
    return x


def _or_after_if_so(sentences: list[str], k: int, ctx: Ctx, may_flags: list[bool] | None) -> list[Step]:
    """"A. If so, B. Or, C." with A one step that may do nothing: the choice between B and C is what "if so" gives
    (A is a cost: resting one of yours; "or" offers another reward)."""
    if k != 2 or len(sentences) != 3:
        raise NotUnderstood("or after if so")
    first = body(sentences[0], ctx, may_flags)
    if len(first) != 1 or first[0]["op"] not in (*_CHARA_OPS, "pick") or "then" in first[0] or _sure(first[0], ctx):
        raise NotUnderstood("or after if so")
    ctx.in_mode = True
    modes = [body(sentences[1][len(w):], ctx) for w in _IF_SO if sentences[1].startswith(w)][:1]
    modes.append(body(sentences[2][len("または、"):], ctx))
    ctx.in_mode = False
    first[0]["then"] = [{"op": "choose", "n": 1, "modes": modes}]
    return first


def text_condition(sentence: str, ctx: Ctx) -> bool:
    """"This text can be used only while X" / "while X, this text cannot be used": a condition on the whole effect
    (``ctx.condition``); True when ``sentence`` is one."""
    if ctx.kind != "activated":
        return False
    if m := re.fullmatch(r"このテキストは、(?P<c>.+?)(?:場合|間)にのみ使用できる", sentence):
        ctx.condition.update(condition(m["c"], ctx))
        return True
    if m := re.fullmatch(r"(?P<c>[^、]+?)(?:場合|間)、このテキストは使用できない", sentence):
        if "not" in ctx.condition:
            raise NotUnderstood(sentence)
        ctx.condition["not"] = condition(m["c"], ctx)
        return True
    return False


def _same_name_picked(step: Step, moved: Any) -> Step:
    """``step`` with ``same_name`` of a Chara that just moved off the Area read as the card that moved."""
    return {**step, "same_name": "picked"} if step.get("same_name") == moved else step


def _moves_self(step: Step) -> bool:
    """"Move this card …; if so, …": what follows is the move's ``then`` (nothing when the card stays where it is,
    e.g. kept on the Area by another effect), as the hand scripts read it."""
    return step["op"] == "move" and step.get("target") == "self" and "if" not in step


def _sure(step: Step, ctx: Ctx) -> bool:
    """A step that always does something when the effect runs (an activated effect's card moving itself off the
    Area, or changing its own AP/DP or putting coins on itself; drawing or milling, which a deck with no card left ends the game before):
    "if so" after it needs no check."""
    if step["op"] in ("draw", "mill", "disable") and "if" not in step and not step.get("up_to"):
        # (a response resolving disables what it answers; round 28: an "up to N" mill may take none)
        return True
    return step.get("target") == "self" and step["op"] in ("move", "modify", "coin") and "if" not in step and (
        ctx.kind == "activated" or step["op"] in ("modify", "coin"))


# -- whole effects -------------------------------------------------------------------------------

_OWN_TRIGGERS = [
    (r"このカードが登場した場合、", "enter", {}),
    (r"このカードが登場、または妨害された場合、", "enter|interfered", {}),
    (r"このカードが登場、または退場した場合、", "enter|leave", {}),
    (r"このカードが相手のアプローチによってポイント置き場に置かれた場合、", "point_by_approach", {}),
    (r"このカードがサポートエリアに登場した場合、", "enter", {"in_area": "support"}),
    (r"このカードが登場、または相手のアプローチによってポイント置き場に置かれた場合、", "enter|point_by_approach", {}),
    (r"このカードが(?:登場|場に出た)(?:した場合)?(?:場合)?、またはアプローチ(?:した|に参加した)場合、", "enter|approach", {}),
    (r"このカードが(?:登場した|場に出た)場合、またはアプローチでポイントを与えた場合、", "enter|gave_point", {}),
    (r"このカードがアプローチ(?:に参加)?するごとに、", "approach", {}),
    # the interfering Chara (cause ``interfering``, engine.pm.approach): 妨害した / 妨害に参加した
    (r"このカードがアプローチまたは妨害に参加した場合、", "approach|interfering", {}),
    (r"このカードが妨害(?:に参加)?した場合、", "interfering", {}),
    (r"このカードは、登場した場合、", "enter", {}),
    # round 28: this card becomes rested (any way: engine.pm.triggers fires ``any_rested`` for the Chara rested)
    (r"このカード(?:が|は、)休息状態になった場合、", "any_rested", {"subject": {"is_source": True}}),
    (r"このカードは、アプローチに参加した場合、", "approach", {}),
    (r"このカードは、妨害された場合、", "interfered", {}),
    (r"このカードが場に出た場合、", "enter", {}),
    (r"このカードが登場、またはこのカードの効果で場に出た場合、", "enter", {}),
    (r"このカードがメインフェイズの間に登場した場合、", "enter", {"phase": "main"}),
    (r"アプローチフェイズの間に登場した場合、", "enter", {"phase": "approach"}),
    (r"このカードがアプローチした場合、", "approach", {}),
    (r"このカードがポイントを与えた場合、", "gave_point", {}),
    (r"このカードがアプローチに参加した場合、", "approach", {}),
    (r"このカードが妨害された場合、", "interfered", {}),
    (r"このカードがアプローチでポイントを与えた場合、", "gave_point", {}),
    (r"このカードのアプローチで相手のキャラが退場した場合、", "eliminated_opponent", {}),
    (r"このカードが退場した場合、", "leave", {}),
    # "leaves by an approach": sent off by the Elimination Judgement of an approach (rule book P13-15 step 5) as the
    # approaching or the interfering Chara (the text says このカードのアプローチで when it means its own approach only);
    # an effect's move during the approach is not it. One reading with the hand scripts (MHK 01-034):
    # engine/pm/conditions.py ``left_by_approach``
    (r"このカードがアプローチで退場した場合、", "leave", {"left_by_approach": True}),
    (r"相手がイベントカードをプレイした場合、", "opp_event", {}),
    (r"自分のイベントカードがプレイされた場合、", "own_event", {}),
    (r"(?:このカードは、)?イベントカードがプレイされた場合、", "own_event|opp_event", {}),
    (r"(?:このカードは、)?ターン終了時に、?", "turn_end", {}),
    (r"(?:このカードは、)?ターン開始時に、?", "turn_start", {}),
    # "at the start of your / the opponent's turn": the same cause, which fires at every turn's start for both players'
    # Charas (engine.pm.turns.start_turn), held to whose turn it is (docs/compiler.md, disputed readings)
    (r"(?:このカードは、)?自分のターン開始時に、?", "turn_start", {"own_turn": True}),
    (r"(?:このカードは、)?相手のターン開始時に、?", "turn_start", {"own_turn": False}),
    # a Support's "when this card is set" (engine.pm.play fires it; ``self`` is the Chara it is set on)
    (r"このカードがセットされた場合、", "set", {}),
    # the start of the owner's Main Phase (engine.pm.turns.start_turn fires it right after the turn-start triggers)
    (r"自分のメインフェイズ開始時、", "main_start", {}),
    # the card itself put from its deck into the discard (engine.pm.ops fires it; only effects move cards so)
    (r"このカードが、?(?:カードの効果で)?デッキから捨て札置き場に置かれた場合、", "milled", {}),
]


def _one_of(value: Any) -> list[Any]:
    """A spec value that may be one or a list, as a list (None: empty)."""
    return [] if value is None else list(value) if isinstance(value, list) else [value]


def _could_be(card: Card, spec: dict[str, Any]) -> bool:
    """Whether the effect's own card could fit a subject spec (then an "any Chara" trigger includes it)."""
    if spec.get("not_self") or spec.get("side") == "opponent":
        return False
    if "name" in spec and not set(spec["name"] if isinstance(spec["name"], list) else [spec["name"]]) & set(card.names):
        return False
    if "property" in spec and spec["property"] not in card.properties:
        return False
    if "color" in spec and card.color not in (spec["color"] if isinstance(spec["color"], list) else [spec["color"]]):
        return False
    if card.cost is None:  # a symbol cost (△) fits no cost bound
        return not ({"min_cost", "max_cost"} & spec.keys())
    if "min_cost" in spec and card.cost < spec["min_cost"]:
        return False
    return not ("max_cost" in spec and card.cost > spec["max_cost"])


_HISTORY = {"アプローチに参加した": ("approach", "approach"), "アプローチした": ("approach", "approach"),
            "妨害された": ("interfered", "interfered"), "登場した": ("enter", "enter"), "退場した": ("leave", "leave")}
#: card facts a card that left the Area is still matched by (printed ones; a cost on the Area is gone with it)
_PRINTED = frozenset({"name", "name_has", "property", "series", "color", "type"})


def _trigger(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str]:
    """The trigger at the head of an automatic effect's text: (cause, condition, the rest)."""
    cond: dict[str, Any] = {}
    for first in FIRST_TRIGGERS:
        if (got := first(text, ctx)) is not None:
            return got
    if m := re.match(r"同じターンの間に、(?P<np>[^、]+?)が(?P<n>\d+)(?P<unit>回|枚)以上(?P<ev>" + "|".join(_HISTORY) + ")場合、", text):
        # "N times / N different ones in the same turn": fires once, when the count is reached
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.spec.get("side") not in ("self", "opponent", None):
            raise NotUnderstood(m["np"])
        cause, event = _HISTORY[m["ev"]]
        if event == "play" and m["unit"] == "回":
            raise NotUnderstood(m[0])
        history: dict[str, Any] = {"event": event, "filter": {k: v for k, v in p.spec.items() if k != "side"},
                                   "exactly": int(m["n"])}
        if event == "leave" and (m["unit"] == "回" or set(history["filter"]) - _PRINTED):
            raise NotUnderstood(m[0])  # a left card is matched by its printed facts only (conditions.history_count)
        if p.spec.get("side") is None:  # "N Charas" of either player: both histories
            history["who"] = "any"
        elif p.spec["side"] == "opponent":  # the opponent's Charas: their history, seen from this card's owner
            history["who"] = "opponent"
        if m["unit"] == "枚" and event not in ("play", "enter"):  # each entry is one card entering
            history["distinct"] = True
        return f"any_{cause}", {"subject": p.chara_spec(), "history": history}, text[m.end():]
    if m := re.match(r"このカードが捨て札置き場にある状態で、", text):
        # "while this card is in the discard, when X …": the card hears X there (engine.pm.triggers.fire_discard)
        cause, sub, rest = _trigger(text[m.end():], ctx)
        base = cause.split("_", 1)[1] if cause.startswith(("any_", "other_")) else None
        if base is None or "|" in cause or "subject" not in sub or set(sub) - {"subject", "own_turn"} or ctx.this_subject:
            raise NotUnderstood(m[0])
        ctx.in_discard = True
        return f"discard_{base}", sub, rest
    if m := re.match(r"自分のターンの間に?、", text):
        cond["own_turn"] = True
        text = text[m.end():]
    if m := re.match(r"このカードが登場したターンの間に?、", text):
        cond["entered_this_turn"] = True
        text = text[m.end():]
    if pair := own_pair(text):  # "this card E1, or E2" composed from the event table (compile_trigger)
        ctx.this_subject = pair[2]
        ctx.in_point = "to_point" in pair[0].split("|")  # round 26: heard in the Point Zone too: no "self" Chara
        return pair[0], cond, pair[1]
    if (m := OPPOSITE_HEAD.match(text)) and (opposite := phrase(m["np"], ctx.card.series)) is not None \
            and opposite.head in ("chara", "name") and not (opposite.all or opposite.same_name or opposite.other_than_that):
        # "when this card interferes X / is interfered by X": the cause, and X (the Chara opposite it) as a condition
        # on the approach under way (conditions ``interfering_with`` / ``interfered_by``)
        ctx.this_subject = m[0].startswith("このカードは、")
        key, cause = ("interfered_by", "interfered") if m["how"] == "に妨害された" else ("interfering_with", "interfering")
        return cause, {**cond, key: opposite.chara_spec()}, text[m.end():]
    for pat, cause, extra in _OWN_TRIGGERS:
        if m := re.match(pat, text):
            ctx.this_subject = m[0].startswith("このカードは、")
            ctx.in_point = cause == "point_by_approach"  # heard in the Point Zone: "this card" lies there
            return cause, {**cond, **extra}, text[m.end():]
    if m := (re.match(r"このカードが、?(?P<c>[^。]+?)状態で、?登場した場合、", text)
              or re.match(r"(?P<c>[^。]+?)状態で、?このカードが登場した場合、", text)):
        extra = condition(m["c"], ctx)
        counted = extra.get("count") or extra.get("not", {}).get("count")  # round 28: "no X is there" (いない) too
        if counted and not counted["spec"].get("is_source"):  # the entering card is not one of them
            counted["spec"]["not_self"] = True  # (round 26: unless the condition is of this card itself)
        return "enter", {**cond, **extra}, text[m.end():]
    if m := re.match(r"(?P<c>[^、。]+?が登場したターンの)間に、?このカードが(?:登場した|場に出た)場合、", text):
        # "when this card enters in a turn in which X entered": X's entries this turn, this card's own left out
        extra = condition(m["c"], ctx)
        h = extra["history"]
        if h["who"] != "self" or _could_be(ctx.card, {**h["filter"], "side": "self"}):
            raise NotUnderstood(m[0])  # this card's own entry could be the one counted: not read
        return "enter", {**cond, **extra}, text[m.end():]
    if m := re.match(r"このカードが、?(?P<c>[^。]+?)状態で、?(?P<rest>登場、または相手のアプローチによってポイント置き場に置かれた場合、)",
                     text):
        # "while X, when this card enters or is put into its Point Zone by the opponent's approach"
        extra = condition(m["c"], ctx)
        if "count" in extra:  # this card itself is not one of them
            extra["count"]["spec"]["not_self"] = True
        return "enter|point_by_approach", {**cond, **extra}, text[m.end():]
    if m := re.match(r"このカードは、(?P<c>[^、。]+?)場合、ターン終了時に", text):
        ctx.this_subject = True
        return "turn_end", {**cond, **condition(m["c"], ctx)}, text[m.end():]
    if text.startswith("このカードは、"):
        ctx.this_subject = True
        text = text[len("このカードは、"):]
    if m := re.match(r"(?:(?P<whose>自分|相手)の)?カードの効果で(?P<np>[^、]+?)が場に出た場合、", text):
        # "when X is put onto the Area by a card's effect" (not summoned): the effect's card is any card; round 24: by
        # your / the opponent's card's effect (相手のカードの効果で), the effect's player (``side``, seen from this card's)
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name:
            raise NotUnderstood(m["np"])
        spec = p.chara_spec()
        prefix = "any_" if _could_be(ctx.card, spec) else "other_"
        by = {"side": "self" if m["whose"] == "自分" else "opponent"} if m["whose"] else {}
        return prefix + "enter", {**cond, "subject": spec, "entered_by": by}, text[m.end():]
    for m in (re.match(r"(?P<np>[^、]+?)のアプローチで相手のキャラが退場した場合、", text), OTHER_HEAD.match(text)):
        if m is not None:
            cause = "eliminated_opponent" if m.re is not OTHER_HEAD else other_cause(m["ev"])
            p = _np(m["np"], ctx)
            if p.head not in ("chara", "name", "card") or p.all or p.same_name:
                raise NotUnderstood(m["np"])
            spec = p.chara_spec()
            if m.re is OTHER_HEAD and m["ev"].startswith("アプローチで退場"):
                if m["ev2"]:
                    raise NotUnderstood(m[0])
                spec["left_by_approach"] = True  # round 28: "leaves by an approach" (the spec checked as it leaves)
            prefix = "any_" if cause == "rested" or _could_be(ctx.card, spec) else "other_"
            if prefix + cause == "any_enter" and cond.get("entered_this_turn"):
                raise NotUnderstood(m[0])  # "in the turn this card entered, when yours enters": its own entry? not read
            # "any of yours leaves" that this card fits hears its own leaving too (any_leave: engine.pm.triggers.
            # fire_leave logs it naming the card ``from`` its new zone; its steps on this card then do nothing)
            spec.pop("not_self", None)
            if m.re is OTHER_HEAD and m["ev2"]:  # "X E1, or E2": either cause, the same subject
                second = other_cause(m["ev2"])
                if second in (cause, "rested") or cause == "rested":
                    raise NotUnderstood(m[0])
                return f"{prefix}{cause}|{prefix}{second}", {**cond, "subject": spec}, text[m.end():]
            return prefix + cause, {**cond, "subject": spec}, text[m.end():]
    for more in MORE_TRIGGERS:  # heads registered by later modules, tried when no head above matched
        if (got := more(text, ctx)) is not None:
            return got[0], {**cond, **got[1]}, got[2]
    raise NotUnderstood(text)


def _also_is(text: str, ctx: Ctx) -> Got | None:
    """"During the game, this card's name also counts as 「N」" / "this card also counts as a Chara with 【P】"
    (ゲーム中、…としても扱う): ``also_name`` / ``also_property``, facts of the card in every zone (engine.cards)."""
    if m := re.fullmatch(r"(?:ゲーム中、このカードの名称は、?|このカードの名称は、ゲーム中、)「([^」]+)」としても扱う", text):
        return Got([{"op": "also_name", "name": m[1]}])
    if m := re.fullmatch(r"このカードは、ゲーム中、((?:「[^」]+」としても)+)扱う", text):
        # round 27: "this card, during the game, is also treated as 「A」 (and as 「B」 …)": the same, each name
        return Got([{"op": "also_name", "name": x} for x in re.findall(r"「([^」]+)」", m[1])])
    if ctx.card.type == "chara" and (m := re.fullmatch(r"このカードは、ゲーム中、【([^】]+)】を持つキャラとしても扱う", text)):
        return Got([{"op": "also_property", "property": m[1]}])
    return None


#: round 31: the windows a Chara "may also enter in" (…フェイズにも / でも登場できる) -> the condition its free entry holds under
_ENTRY_WINDOWS: dict[tuple[str, str], dict[str, Any]] = {
    ("相手の", "メイン"): {"phase": "main"}, ("自分の", "アプローチ"): {"own_turn": True},
    ("相手の", "アプローチ"): {"own_turn": False, "phase": "approach"}}


def _static(text: str, ctx: Ctx) -> Got:
    """A continuous effect of a Chara or Support: ``このカードは、…`` (or on every Chara of a kind)."""
    if m := re.fullmatch(r"(?P<c>[^、。]+?(?:場合|間)、)(?P<c2>[^、。]+?(?:場合|間)、)?このカードは、(?P<rest>.+)", text):
        text = f"このカードは、{m['c']}{m['c2'] or ''}{m['rest']}"  # the same, the condition(s) first (round 24: two)
    from engine.pm.cards.compile_r10 import coordinated, kind_ban, sentences

    if (got := sentences(text, ctx, _static) or coordinated(text, ctx, _static)) is not None:
        return got  # several sentences, or verb phrases joined by ず、: each read as a continuous effect of its own
    if got := _also_is(text, ctx):
        return got
    m = re.fullmatch(r"このカードは、(.+)", text)
    if m is None and ctx.card.type == "support":
        # a Support's "the Chara this card is set on gets …": ``self`` in a Support's effect is that Chara
        m = re.fullmatch(r"このカードがセットされているキャラは、?((?:〔アクティブ〕、?)?[+\-±\d/]+を得る)", text)
    if m is None:
        from engine.pm.cards.compile_more import static_on_all
        from engine.pm.cards.compile_r16 import continuous_ban

        if (got := static_on_all(text, ctx) or continuous_ban(text, ctx)) is not None:
            return got
        if (banned := kind_ban(text, ctx)) is not None:
            return Got(banned)
        for static_reader in MORE_STATICS:
            if (got := static_reader(text, ctx)) is not None:
                return got
        raise NotUnderstood(text)
    rest = m[1]
    from engine.pm.cards.compile_r14 import own_cost
    from engine.pm.cards.compile_r25 import own_rule
    from engine.pm.cards.compile_r26 import gains_and_not_interfered
    from engine.pm.cards.compile_r30 import gains_and_grant

    if (got := own_cost(rest, ctx) or own_rule(rest, ctx) or gains_and_not_interfered(rest, ctx)
            or gains_and_grant(rest, ctx)) is not None:
        return got
    if m := re.fullmatch(r"(?P<np>.+?)のコストとして使用する場合、発生コスト\+(?P<n>\d+)を得る", rest):
        p = _np(m["np"], ctx)  # 「A」, 【P】, 『S』のキャラ...: the card paid for
        if p.head not in ("chara", "name", "card") or p.all or p.same_name or not p.holds_card_filter() or "side" in p.spec:
            raise NotUnderstood(rest)
        return Got([{"op": "source", "n": int(m["n"]), "for": p.card_filter()}])
    if m := re.fullmatch(r"手札にある場合、(.+?(\d+)枚につき、)使用コスト([+-]\d+)を得る", rest):
        return Got([{"op": "cost", "n": int(m[3]), "per": _per(m[1], ctx)}])
    if rest == "自分のメインフェイズ以外でも登場させることができる":
        return Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}])
    if m := re.fullmatch(r"手札にある状態で、?(?P<c>[^、。]+?)(?:場合|間)、(?:自分のメインフェイズ以外でも登場させることができる"
                         r"|〔自由登場〕を得る)", rest):  # 〔自由登場〕: free_entry, the keyword of the same rule
        return Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}],
                   condition=condition(m["c"], ctx))
    if m := re.fullmatch(r"手札にある状態で、?(?P<c>[^、。]+?)(?:場合|間)、自分のアプローチフェイズにも登場(?:させることが)?できる", rest):
        return Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}],
                   condition={"own_turn": True, **condition(m["c"], ctx)})
    if (m := re.fullmatch(r"(?P<who>自分の|相手の)(?P<ph>メイン|アプローチ)フェイズ(?:に|で)も登場(?:させることが)?できる", rest)) \
            and (window := _ENTRY_WINDOWS.get((m["who"], m["ph"]))) is not None:
        # "may also enter in the opponent's Main Phase" (any Main Phase), "in your (the opponent's) Approach Phase"
        return Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}], condition=dict(window))
    if m := re.fullmatch(r"手札にある状態で、?(?P<c>[^、。]+?)(?:場合|間)、使用コスト(?P<n>[+-]\d+)を得る"
                         r"(?P<free>とともに、自分のメインフェイズ以外でも登場させることができる)?", rest):
        steps: list[Step] = [{"op": "cost", "n": int(m["n"])}]
        if m["free"]:
            steps.append({"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"})
        return Got(steps, condition=condition(m["c"], ctx))
    if m := re.fullmatch(r"(.+?)には妨害されない", rest):
        p = _np(m[1], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name:
            raise NotUnderstood(rest)
        # "lower than this card's" (round 25): measured against the Chara holding the grant, this card (a Chara)
        spec = p.chara_spec(vs=_THIS if ctx.card.type == "chara" else ())
        return Got([{"op": "grant", "target": "self", "what": {"not_interfered_by": spec}, "until": "turn_end"}])
    if whats := _GRANTS.get(rest):
        return Got([{"op": "grant", "target": "self", "what": w, "until": "turn_end"} for w in whats])
    if rest == "妨害されない":  # "cannot be interfered": by any Chara
        return Got([{"op": "grant", "target": "self", "what": {"not_interfered_by": {}}, "until": "turn_end"}])
    if (m := re.fullmatch(r"(?P<c>[^、]+?)(?:場合|間)、(?:(?P<c2>[^、]+?)(?:場合|間)、)?(?P<g>[^、]+)", rest)) and (
            m["g"] == "妨害されない" or m["g"] in _GRANTS) and not re.search("妨害されている|を妨害している", m[0]):
        # the same under a condition (of the player's state: one about this card's opponent in the approach is below);
        # round 22: two conditions (自分の手札の枚数が0枚の場合、自分のターンの間、…), both to hold, of different kinds
        whats = [{"not_interfered_by": {}}] if m["g"] == "妨害されない" else _GRANTS[m["g"]]
        cond = condition(m["c"], ctx)
        if m["c2"]:
            if set(more := condition(m["c2"], ctx)) & set(cond):
                raise NotUnderstood(rest)
            cond.update(more)
        return Got([{"op": "grant", "target": "self", "what": w, "until": "turn_end"} for w in whats], condition=cond)
    if m := re.fullmatch(r"(?P<np>[^、]+?)(?P<how>に妨害されている|を妨害している)場合、(?P<g>.+)", rest):
        # "while this card is interfered by X / interferes X": X, the Chara opposite it in the approach
        cond = {"interfered_by" if m["how"].startswith("に") else "interfering_with": _chara(m["np"], ctx)}
        if whats := _GRANTS.get(m["g"]):
            return Got([{"op": "grant", "target": "self", "what": w, "until": "turn_end"} for w in whats], condition=cond)
        got = re.fullmatch(rf"{_KWS}(?:{MOD})?を得る", m["g"])
        if got is None or (got["kws"] is None and got["ap"] is None):
            raise NotUnderstood(rest)
        steps = kw_grants(got["kws"], "self")
        if got["ap"] is not None:
            steps.append(_mod_step("self", got["ap"], got["dp"], "turn_end"))
        return Got(steps, condition=cond)
    m = re.fullmatch(rf"(?:(?P<cond>[^、]+?)(?:場合|間)、)?(?:(?P<cond2>[^、]+?)(?:場合|間)、)?(?P<per>[^、]+につき、)?"
                     rf"{_KWS}(?:{MOD})?を得る", rest)
    if m is None or (m["kws"] is None and m["ap"] is None):
        raise NotUnderstood(rest)
    cond = condition(m["cond"], ctx) if m["cond"] else {}
    if m["cond2"]:
        more = condition(m["cond2"], ctx)
        if set(more) & set(cond):
            raise NotUnderstood(rest)
        cond.update(more)
    per = _per(m["per"], ctx)
    steps: list[Step] = kw_grants(m["kws"], "self", per=per)
    if per and any("ignore_plus" not in s["what"] for s in steps):  # a continuous keyword "for each X": not read
        raise NotUnderstood(rest)
    if m["ap"] is not None:
        steps.append(_mod_step("self", m["ap"], m["dp"], "turn_end") | ({"per": per} if per else {}))
    return Got(steps, condition=cond)


_STAND_AT_END = re.compile(rf"(?P<who>このカード|[^、。]*全ての[^、。]+)は、(?:(?P<turn>自分のターンの間、)?(?P<c>[^、。]+?)場合、)?"
                           rf"(?:{_KWS}(?:{MOD})?を得るとともに|(?P<other>[^、。]+?)には妨害されず)"
                           r"、ターン終了時に活動状態になる")


def _stands_at_end(m: re.Match[str], ctx: Ctx) -> Got:
    """"… gets X, and stands at the end of the turn": the X is in force all along (``static``), the standing a
    turn-end trigger."""
    who: Any = "self" if m["who"] == "このカード" else _subjects(m["who"], None, ctx)[0]
    static: list[Step] = [{**x, "static": True} for x in kw_grants(m["kws"], who)]
    if m["ap"] is not None:
        static.append({**_mod_step(who, m["ap"], m["dp"], "turn_end"), "static": True})
    if m["other"]:
        static.append({"op": "grant", "target": who, "what": {"not_interfered_by": _chara(m["other"], ctx)},
                       "until": "turn_end", "static": True})
    cond = condition(m["c"], ctx) if m["c"] else {}
    if m["turn"]:  # round 26: "during your turn, while C" (自分のターンの間、C場合): both to hold
        if "own_turn" in cond:
            raise NotUnderstood(m[0])
        cond["own_turn"] = True
    return Got([{"op": "activate", "target": who}, *static], trigger="turn_end", condition=cond)


def effect(text: str, ctx: Ctx) -> Got:
    """A whole effect's text (without an activated effect's timing and costs)."""
    text = text.rstrip("。")
    if ctx.kind == "auto" and (m := _STAND_AT_END.fullmatch(text)):
        return _stands_at_end(m, ctx)
    if ctx.kind == "auto":
        from engine.pm.cards.compile_r15 import joined_trigger
        from engine.pm.cards.compile_r26 import joined_gain_trigger

        if (got := joined_trigger(text, ctx) or joined_gain_trigger(text, ctx)) is not None:
            return got
    if ctx.kind == "continuous" and ctx.card.type != "event":
        return _static(text, ctx)
    if ctx.card.type == "event" and ctx.kind != "auto":
        from engine.pm.cards.compile_r23 import event_wait
        from engine.pm.cards.compile_r24 import event_hand_cost
        from engine.pm.cards.compile_r28 import timed_modes

        if (got := event_wait(text, ctx) or event_hand_cost(text, ctx) or timed_modes(text, ctx)) is not None:
            return got
    trigger, cond = None, {}
    if ctx.kind == "auto":
        trigger, cond, text = _trigger(text, ctx)
        ctx.subject_head = "subject" in cond and "history" not in cond and all(
            x.startswith(("other_", "any_")) for x in str(trigger).split("|"))
        if trigger not in ("turn_end", "turn_start") and (m := re.match(r"ターン終了時に、?", text)):
            may: list[bool] = []
            ctx.clause += 1
            steps = body(text[m.end():], ctx, may)
            delay: Step = {"op": "delay", "on": "turn_end", "do": steps}
            if ctx.targets:
                delay["targets"] = ctx.targets
                ctx.targets = []
            # "at the end of the turn you may …": the set-up is optional too (as the hand scripts read it), so a log
            # that leaves the declined set-up out is legal
            return Got([delay | ({"optional": True} if any(may) else {})], trigger=trigger, condition=cond,
                       optional=any(may))
    elif (m := re.match(r"(?P<c>[^、。]+?)場合、", text)) and not re.search(r"。その後、(?!残りのカード)", text):
        # "if C, A. Then B": C is A's condition only (clause), B is done either way (round 17); the rest of the
        # cards looked at (その後、残りのカードを…) is a part of A
        cond = condition(m["c"], ctx)
        text = text[m.end():]
    may = []
    steps = body(text, ctx, may)
    if ctx.in_discard and '"self"' in json.dumps(steps):
        raise NotUnderstood("this card's steps after a trigger heard in the discard")  # no Chara is "self" there
    if ctx.in_point and '"self"' in json.dumps(steps).replace('"who": "self"', "").replace('"side": "self"', ""):
        raise NotUnderstood("this card's steps after a trigger heard in the Point Zone")  # no Chara is "self" there
    return Got(steps, trigger=trigger, condition={**cond, **ctx.condition},
               optional=ctx.kind == "auto" and bool(may) and may[0] and not _looks_first(steps))


def _looks_first(steps: list[Step]) -> bool:
    """Whether the effect opens with a look whose pick is the "may" part (デッキの上のカードN枚を見て、その中から…
    できる。残りを…): looking and putting the rest back are not optional, only the pick is (``up_to``), so the effect
    itself is mandatory (reader rd21: KGY 01-025; declining it would leave the looked-at cards on top unseen)."""
    first = steps[0] if steps else {}
    return first.get("op") == "pick" and "look" in first and bool(first.get("up_to"))


def _rename(x: Any, one: bool) -> Any:
    if isinstance(x, dict):
        return {k: _rename(v, one) for k, v in x.items() if k != "_"}
    if isinstance(x, list):
        return [_rename(v, one) for v in x]
    return "target" if one and x == "target:0" else x


def finish(steps: list[Step], ctx: Ctx) -> list[Step]:
    """The steps with ``target:0`` written ``target`` when the effect has one target (as the hand scripts do)."""
    return _rename(steps, len(ctx.targets) == 1)
