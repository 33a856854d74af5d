"""The stock phrasings the effect compiler understands (NFKC-normalized Japanese text -> script steps).

Each reader takes one clause and returns the steps it means, adding the Charas it targets to ``Ctx.targets``;
a clause no reader understands raises :class:`NotUnderstood`, so its whole effect stays unscripted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from pmemo_replay.cards.compile_np import Phrase, phrase

Step = dict[str, Any]
MOD = r"(?P<ap>[+\-±]\d*)/(?P<dp>[+\-±]\d*)"
_ZONE_TO = {"手札に戻す": "hand", "デッキの下に移す": "deck_bottom", "相手のデッキの下に移す": "deck_bottom",
            "捨て札にする": "discard", "ゲームから取り除く": "removed", "メインエリアに移す": "main",
            "サポートエリアに移す": "support"}
_GRANTS = {"妨害に参加することができない": ["cannot_interfere"], "妨害に参加できない": ["cannot_interfere"],
           "アプローチに参加することができない": ["cannot_approach"],
           "アプローチと妨害に参加することができない": ["cannot_approach", "cannot_interfere"],
           "アプローチと妨害に参加できない": ["cannot_approach", "cannot_interfere"],
           "アプローチでポイントを与えることができない": ["cannot_give_points"], "退場しない": ["not_eliminated"]}
_CHARA_OPS = ("modify", "grant", "rest", "activate", "move")


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

    def new_targets(self, spec: dict[str, Any], n: int, *, optional: bool = False) -> list[str]:
        """Add ``n`` targets fitting ``spec``; a target named in a later clause may be one named before."""
        keys = []
        for _ in range(n):
            t = dict(spec)
            if optional:
                t["optional"] = True
            if self.in_mode:
                t["optional"] = True  # a target of a mode is chosen only when the mode is
            side = t.get("side")
            earlier = [self.targets[i].get("side") for i, c in enumerate(self.target_clause) if c < self.clause]
            if any(side is None or s in (None, side) for s in earlier):
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
    return p


# -- who a clause acts on ---------------------------------------------------------------


def _subjects(np_text: str, n: str | None, ctx: Ctx, *, upto: bool = False) -> list[Any]:
    """The step targets a Chara phrase (with its count) names: self, every such Chara, or new targets."""
    if np_text in ("このカード", "メインエリアにいるこのカード", "アプローチに参加しているこのカード"):
        return ["self"]
    if np_text in ("指定したキャラ", "そのキャラ", "指定されたキャラ"):
        return [ctx.last_target()]
    p = _np(np_text, ctx)
    if p.head not in ("chara", "name") or p.same_name:
        raise NotUnderstood(np_text)
    spec = p.chara_spec()
    if p.all:
        if n is not None:
            raise NotUnderstood(np_text)
        if set(spec) == {"side"}:
            return ["all_own" if spec["side"] == "self" else "all_opponent"]
        return [{"all": spec}]
    if n is None:
        raise NotUnderstood(np_text)
    return ctx.new_targets(spec, int(n), optional=upto or (ctx.may and ctx.kind != "auto"))


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


_WHO_N = r"(?P<np>.+?)(?:(?P<n>\d+)枚)?"


@reads(r"カードを(?P<n>\d+)枚引く")
def _draw(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "draw", "who": "self", "n": int(m["n"])}]


@reads(r"手札が(?P<n>\d+)枚になるまでカードを引く")
def _draw_until(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "draw", "who": "self", "n": 1, "until_hand": int(m["n"])}]


def _per(text: str | None, ctx: Ctx) -> dict[str, Any] | None:
    """``…N枚につき、`` (for each N): a count."""
    if not text:
        return None
    if text == "手札1枚につき、":
        return {"hand": "self"}
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


@reads(rf"{_WHO_N}は、(?P<per>[^、]+につき、)?(?P<next>次の)?ターン終了時まで(?P<act>〔アクティブ〕、?)?(?:{MOD})?を得る")
def _modify(m: re.Match[str], ctx: Ctx) -> list[Step]:
    until = "next_turn_end" if m["next"] else "turn_end"
    per = _per(m["per"], ctx)
    out: list[Step] = []
    for t in _subjects(m["np"], m["n"], ctx):
        if m["act"]:
            out.append({"op": "grant", "target": t, "what": "active", "until": until})
        if m["ap"] is not None:
            out.append(_mod_step(t, m["ap"], m["dp"], until) | ({"per": per} if per else {}))
    if not out:
        raise NotUnderstood(m[0])
    return out


@reads(rf"{_WHO_N}は、(?P<when>このターン、|ターン終了時まで)(?P<g>.+)")
def _grant(m: re.Match[str], ctx: Ctx) -> list[Step]:
    whats = _GRANTS.get(m["g"])
    if whats is None:
        raise NotUnderstood(m["g"])
    return [{"op": "grant", "target": t, "what": w, "until": "turn_end"} for t in _subjects(m["np"], m["n"], ctx)
            for w in whats]


@reads(r"このターン、(?P<np>.+?)は、(?P<g>.+)")
def _grant_all(m: re.Match[str], ctx: Ctx) -> list[Step]:
    whats = _GRANTS.get(m["g"])
    if whats is None:
        raise NotUnderstood(m["g"])
    return [{"op": "grant", "target": t, "what": w, "until": "turn_end"} for t in _subjects(m["np"], None, ctx) for w in whats]


@reads(rf"{_WHO_N}は、ターン終了時まで退場しない")
def _keep(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "grant", "target": t, "what": "not_eliminated", "until": "turn_end"}
            for t in _subjects(m["np"], m["n"], ctx)]


@reads(r"(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)?を?(?P<m>休息|活動)状態にする")
def _rest(m: re.Match[str], ctx: Ctx) -> list[Step]:
    op = "rest" if m["m"] == "休息" else "activate"
    n = m["n"] or m["upto"]
    return [{"op": op, "target": t} for t in _subjects(m["np"].removesuffix("を"), n, ctx, upto=bool(m["upto"]))]


@reads(r"(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)?を、?(?P<to>" + "|".join(_ZONE_TO) + ")")
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
    p = _np(np_text, ctx)
    if p.all:
        raise NotUnderstood(np_text)
    step: Step = {"op": "pick", "from": src, "to": dst, "n": int(n), "filter": p.card_filter()}
    if upto or ctx.may:
        step["up_to"] = True
    if p.same_name:
        if p.same_name == "target":
            ctx.last_target()
        step["same_name"] = p.same_name
    return step | kw


@reads(r"EXデッキから(?P<np>.+?)(?P<n>\d+)枚を抜き出し、表にしてから手札に加える")
def _ex_fetch(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("ex_deck", "hand", m["np"], m["n"], ctx)]


@reads(r"自分の捨て札置き場にある(?P<np>.+?)(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?(?P<to>手札に戻す|デッキの上に戻す|場に出す)")
def _from_discard(m: re.Match[str], ctx: Ctx) -> list[Step]:
    to = {"手札に戻す": "hand", "デッキの上に戻す": "deck", "場に出す": "area"}[m["to"]]
    return [_pick("discard", to, m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]))]


@reads(r"自分の捨て札置き場にある(?P<np>.+?)を(?P<n>\d+)枚までデッキに戻し、デッキをシャッフルする")
def _recycle(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("discard", "deck", m["np"], m["n"], ctx, upto=True), {"op": "shuffle", "who": "self"}]


@reads(r"デッキの上のカード(?P<k>\d+)枚を見て、その中にある(?P<np>.+?)を?(?P<n>\d+)枚(?:まで)?を?抜き出し、表にしてから手札に加える")
def _look(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("deck", "hand", m["np"], m["n"], ctx, upto=True, look=int(m["k"]))]


@reads(r"デッキの中を全て見て、その中にある(?P<np>.+?)(?P<n>\d+)枚を抜き出し、表にしてから手札に加える")
def _search(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("deck", "hand", m["np"], m["n"], ctx, upto=True)]


@reads(r"残りのカードを任意の順番でデッキの下に移す")
def _rest_to_bottom(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "_rest_to", "to": "deck_bottom"}]


@reads(r"デッキをシャッフルする")
def _shuffle(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "shuffle", "who": "self"}]


@reads(r"手札(?P<n>\d+)枚を捨て札にする")
def _discard_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "pick", "from": "hand", "to": "discard", "n": int(m["n"]), "filter": {}} | (
        {"up_to": True} if ctx.may else {})]


@reads(r"手札から(?P<np>.+?)(?P<n>\d+)枚を(?P<to>捨て札にする|場に出す)")
def _from_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [_pick("hand", "discard" if m["to"] == "捨て札にする" else "area", m["np"], m["n"], ctx)]


@reads(r"このターン、自分が次にプレイする(?P<np>.+?)1枚は、使用コスト(?P<n>[+-]\d+)を得る")
def _next_cost(m: re.Match[str], ctx: Ctx) -> list[Step]:
    parts = re.split(r"1枚と", m["np"])
    return [{"op": "cost", "who": "self", "next": True, "n": int(m["n"]), "filter": _np(p, ctx).card_filter()}
            for p in parts]


@reads(r"このターン、相手の手札にある(?P<np>全ての.+?)は、使用コスト(?P<n>[+-]\d+)を得る")
def _opp_hand_cost(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "cost", "who": "opponent", "n": int(m["n"]), "filter": _np(m["np"], ctx).card_filter()}]


@reads(r"自分のポイント置き場にあるカード(?:(?P<n>\d+)枚|を(?P<upto>\d+)枚まで)を?表向きにする")
def _flip(m: re.Match[str], ctx: Ctx) -> list[Step]:
    step: Step = {"op": "flip", "who": "self", "face": "up", "n": int(m["n"] or m["upto"])}
    if m["upto"] or ctx.may:
        step["up_to"] = True
    return [step]


@reads(r"相手に(?P<n>\d+)ポイント与える")
def _give_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    return [{"op": "put_point", "who": "opponent", "n": int(m["n"])}]


@reads(r"(?P<np>.+?)(?P<n>\d+)枚を指定する")
def _designate(m: re.Match[str], ctx: Ctx) -> list[Step]:
    _subjects(m["np"], m["n"], ctx)
    return []


# -- conditions ------------------------------------------------------------------------------


def condition(text: str, ctx: Ctx) -> dict[str, Any]:
    """A condition clause (without its final 場合 / 間)."""
    if text == "自分のターンの":
        return {"own_turn": True}
    if text == "このカードがアプローチに参加している":
        return {"approaching": True}
    if text == "このカードが妨害に参加している":
        return {"interfering": True}
    if text == "このカードがアプローチまたは妨害に参加している":
        return {"any_of": [{"approaching": True}, {"interfering": True}]}
    if text == "このカードが〔ブレイク〕している":
        return {"broken": True}
    if m := re.fullmatch(r"自分の(「[^」]+」(?:または「[^」]+」)*)がいる", text):
        names = re.findall(r"「([^」]+)」", m[1])
        return {"has_name": names[0] if len(names) == 1 else names}
    if m := re.fullmatch(r"(?P<np>.+?)が(?P<n>\d+)枚以上いる", text):
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name:
            raise NotUnderstood(text)
        return {"count": {"spec": p.chara_spec(), "at_least": int(m["n"])}}
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


def clause(text: str, ctx: Ctx) -> list[Step]:
    """The steps of one clause (a leading condition becomes the steps' ``if``)."""
    ctx.may = False
    for suffix in ("ことができる", "事ができる"):
        if text.endswith(suffix):
            text, ctx.may = text[: -len(suffix)], True
    cond = None
    if m := re.match(r"(?P<c>[^、]+?)場合、", text):
        try:
            cond = condition(m["c"], ctx)
            text = text[m.end():]
        except NotUnderstood:
            cond = None
    for pat, fn in READERS:
        m = pat.fullmatch(text)
        if m is None:
            continue
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
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "「"
        depth -= ch == "」"
        if ch == "。" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [s for s in (*out, cur) if s.strip()]


def body(text: str, ctx: Ctx, may_flags: list[bool] | None = None) -> list[Step]:
    """The steps of a run of sentences: その場合 (if so) nests what follows in the step before's ``then``."""
    steps: list[Step] = []
    sentences = _top_sentences(text)
    i = 0
    while i < len(sentences):
        s = sentences[i]
        ctx.clause += 1
        link = None
        for word, kind in (("その場合、", "if_so"), ("その後、", "after")):
            if s.startswith(word):
                s, link = s[len(word):], kind
        if m := re.fullmatch(r"以下から(\d+)つ選択する", s):
            if i + 1 >= len(sentences):
                raise NotUnderstood(s)
            modes = re.findall(r"「((?:[^「」]|「[^」]*」)+)」", sentences[i + 1])
            if len(modes) < 2:
                raise NotUnderstood(sentences[i + 1])
            ctx.in_mode = True
            steps.append({"op": "choose", "n": int(m[1]), "modes": [body(x, ctx) for x in modes]})
            ctx.in_mode = False
            i += 2
            continue
        got = clause(s, ctx)
        if may_flags is not None:
            may_flags.append(ctx.may)
        if got and got[0]["op"] == "_rest_to":
            if not steps or steps[-1].get("op") != "pick" or "look" not in steps[-1]:
                raise NotUnderstood(s)
            steps[-1]["rest_to"] = got[0]["to"]
        elif link == "if_so" and steps and steps[-1]["op"] in (*_CHARA_OPS, "pick") and got and not _sure(steps[-1], ctx):
            steps[-1].setdefault("then", []).extend(got)
        else:
            steps += got
        i += 1
    return steps


def _sure(step: Step, ctx: Ctx) -> bool:
    """A step that always does something when the effect runs (an activated effect's card moving itself off the
    Area, or changing its own AP/DP): "if so" after it needs no check."""
    return step.get("target") == "self" and step["op"] in ("move", "modify") and "if" not in step and (
        ctx.kind == "activated" or step["op"] == "modify")


# -- whole effects -------------------------------------------------------------------------------

_OWN_TRIGGERS = [
    (r"このカードが登場した場合、", "enter", {}),
    (r"このカードがアプローチに参加した場合、", "approach", {}),
    (r"このカードが妨害された場合、", "interfered", {}),
    (r"このカードがアプローチでポイントを与えた場合、", "gave_point", {}),
    (r"このカードのアプローチで相手のキャラが退場した場合、", "eliminated_opponent", {}),
    (r"このカードが退場した場合、", "leave", {}),
    (r"このカードがアプローチで退場した場合、", "leave", {"approaching": True}),
    (r"相手がイベントカードをプレイした場合、", "opp_event", {}),
    (r"(?:このカードは、)?ターン終了時に、?", "turn_end", {}),
    (r"(?:このカードは、)?ターン開始時に、?", "turn_start", {}),
]
_OTHER_TRIGGERS = [
    (r"が登場(?:した場合|するごとに)、", "enter"),
    (r"がアプローチに参加(?:した場合|するごとに)、", "approach"),
    (r"がアプローチでポイントを与えた場合、", "gave_point"),
    (r"が退場した場合、", "leave"),
    (r"のアプローチで相手のキャラが退場した場合、", "eliminated_opponent"),
    (r"が妨害された場合、", "interfered"),
]


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
    if "min_cost" in spec and card.cost < spec["min_cost"]:
        return False
    return not ("max_cost" in spec and card.cost > spec["max_cost"])


def _trigger(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str]:
    """The trigger at the head of an automatic effect's text: (cause, condition, the rest)."""
    cond: dict[str, Any] = {}
    if text.startswith("自分のターンの間、") or text.startswith("自分のターンの間に、"):
        cond["own_turn"] = True
        text = text.split("、", 1)[1]
    for pat, cause, extra in _OWN_TRIGGERS:
        if m := re.match(pat, text):
            return cause, {**cond, **extra}, text[m.end():]
    for pat, cause in _OTHER_TRIGGERS:
        if m := re.match(r"(?P<np>[^、]+?)" + pat, text):
            p = _np(m["np"], ctx)
            if p.head not in ("chara", "name") or p.all or p.same_name:
                raise NotUnderstood(m["np"])
            spec = p.chara_spec()
            prefix = "any_" if _could_be(ctx.card, spec) else "other_"
            spec.pop("not_self", None)
            return prefix + cause, {**cond, "subject": spec}, text[m.end():]
    raise NotUnderstood(text)


def _static(text: str, ctx: Ctx) -> Got:
    """A continuous effect of a Chara or Support: ``このカードは、…``."""
    m = re.fullmatch(r"このカードは、(.+)", text)
    if m is None:
        raise NotUnderstood(text)
    rest = m[1]
    if m := re.fullmatch(r"「([^」]+)」のコストとして使用する場合、発生コスト\+(\d+)を得る", rest):
        return Got([{"op": "source", "n": int(m[2]), "for": {"name": m[1]}}])
    if m := re.fullmatch(r"手札にある場合、(.+?(\d+)枚につき、)使用コスト([+-]\d+)を得る", rest):
        return Got([{"op": "cost", "n": int(m[3]), "per": _per(m[1], ctx)}])
    if rest == "自分のメインフェイズ以外でも登場させることができる":
        return Got([{"op": "grant", "target": "self", "what": "free_entry", "until": "turn_end"}])
    if m := re.fullmatch(r"(.+?)には妨害されない", rest):
        p = _np(m[1], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name:
            raise NotUnderstood(rest)
        return Got([{"op": "grant", "target": "self", "what": {"not_interfered_by": p.chara_spec()}, "until": "turn_end"}])
    m = re.fullmatch(rf"(?:(?P<cond>[^、]+?)(?:場合|間)、)?(?P<per>[^、]+につき、)?(?P<act>〔アクティブ〕、?)?(?:{MOD})?を得る", rest)
    if m is None or (m["act"] is None and m["ap"] is None):
        raise NotUnderstood(rest)
    cond = condition(m["cond"], ctx) if m["cond"] else {}
    per = _per(m["per"], ctx)
    steps: list[Step] = []
    if m["act"]:
        steps.append({"op": "grant", "target": "self", "what": "active", "until": "turn_end"})
    if m["ap"] is not None:
        steps.append(_mod_step("self", m["ap"], m["dp"], "turn_end") | ({"per": per} if per else {}))
    return Got(steps, condition=cond)


def effect(text: str, ctx: Ctx) -> Got:
    """A whole effect's text (without an activated effect's timing and costs)."""
    text = text.rstrip("。")
    if ctx.kind == "continuous" and ctx.card.type != "event":
        return _static(text, ctx)
    trigger, cond = None, {}
    if ctx.kind == "auto":
        trigger, cond, text = _trigger(text, ctx)
        if trigger == "enter" and (m := re.match(r"ターン終了時に、?", text)):
            may: list[bool] = []
            ctx.clause += 1
            steps = body(text[m.end():], ctx, may)
            delay: Step = {"op": "delay", "on": "turn_end", "do": steps}
            if ctx.targets:
                delay["targets"] = ctx.targets
                ctx.targets = []
            if any(may):
                delay["optional"] = True
            return Got([delay], trigger="enter", condition=cond)
    elif m := re.match(r"(?P<c>[^、。]+?)場合、", text):
        cond = condition(m["c"], ctx)
        text = text[m.end():]
    may = []
    steps = body(text, ctx, may)
    return Got(steps, trigger=trigger, condition=cond, optional=ctx.kind == "auto" and bool(may) and may[0])


def _rename(x: Any, one: bool) -> Any:
    if isinstance(x, dict):
        return {k: _rename(v, one) for k, v in x.items() if k != "_"}
    if isinstance(x, list):
        return [_rename(v, one) for v in x]
    return "target" if one and x == "target:0" else x


def finish(steps: list[Step], ctx: Ctx) -> list[Step]:
    """The steps with ``target:0`` written ``target`` when the effect has one target (as the hand scripts do)."""
    return _rename(steps, len(ctx.targets) == 1)
