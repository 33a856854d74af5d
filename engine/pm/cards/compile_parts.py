"""Round 31: part readers that compose, instead of one more sentence shape (docs/compiler.md, "Round 31").

The blocker table (:mod:`compile_blockers`) showed that the clauses no reader takes are mostly known parts in an order
or a combination no reader was written for. The reader here takes a clause as its parts, each read by the one
table or reader for its kind, whatever the order they come in:

- a **duration** (:data:`DURATIONS`): この​ターン / ターン終了時まで / 次のターン(の)終了時まで, before or after the subject;
- a **subject** (a Chara phrase with its count, :func:`compile_phrases._subjects`: this card, that Chara, N of a kind,
  every one of a kind);
- a **verb** from the one table of what a Chara may be given (:data:`compile_phrases._GRANTS`).

A clause with no duration, or two, or a verb outside the table, is not this reader's: it stays unread (the effect
unverified), as every reader must leave what it does not understand.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step

#: a time span -> the ``until`` of the steps it bounds ("until the end of the next turn": the opponent's next turn
#: included, engine.pm.state.UNTIL_TURNS)
DURATIONS = {
    "このターン": "turn_end",
    "ターン終了時まで": "turn_end",
    "次のターン終了時まで": "next_turn_end",
    "次のターンの終了時まで": "next_turn_end",
}
_DUR = "|".join(sorted(map(re.escape, DURATIONS), key=len, reverse=True))


@ph.reads_parts(rf"(?:(?P<d1>{_DUR})、)?(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?は、(?:(?P<d2>{_DUR})、?)?(?P<g>[^、。]+)")
def _granted(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "(D,) X (N) は、(D) G": a grant of the verb table to the subject's Charas for the duration said once."""
    durations = [d for d in (m["d1"], m["d2"]) if d]
    whats = ph._GRANTS.get(m["g"])
    if len(durations) != 1 or whats is None:
        raise NotUnderstood(m[0])
    until = DURATIONS[durations[0]]
    return [{"op": "grant", "target": t, "what": w, "until": until} for t in ph._subjects(m["np"], m["n"], ctx) for w in whats]


#: the values an AP / DP change sets: one stat, either stat, or both as "A/D"
_STAT = r"(?P<stat>AP/DP|APまたはDP|AP|DP)"


@ph.reads_parts(
    rf"(?P<np>このカード|[^、。]+?(?P<n>\d+)枚)の{_STAT}の値を、ターン終了時まで(?P<vals>\d+(?:/\d+)?(?:または\d+(?:/\d+)?)*)に変更する"
)
def _set_values(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "Change X's AP (DP, AP/DP) to V until the end of the turn", X this card or N Charas of a kind, V one value or
    alternatives joined by または (the player chooses one; AP or DP: either stat): a ``modify`` with ``set`` (as
    round 25's readers write it) on each of X, a ``choose`` among the alternatives for one Chara."""
    np_text = m["np"] if m["n"] is None else m["np"][: -len(m["n"]) - 1]
    vals = m["vals"].split("または")
    both = m["stat"] == "AP/DP"
    if any(("/" in v) != both for v in vals):  # a pair for AP/DP, one value for one stat (or either)
        raise NotUnderstood(m[0])
    modes: list[dict[str, int]] = []
    for v in vals:
        if m["stat"] == "AP/DP":
            ap, dp = v.split("/")
            modes.append({"ap": int(ap), "dp": int(dp)})
        elif m["stat"] == "APまたはDP":
            modes.extend({k: int(v)} for k in ("ap", "dp"))
        else:
            modes.append({m["stat"].lower(): int(v)})
    who = ph._subjects(np_text, m["n"], ctx)
    if len(modes) == 1:
        return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end", "set": modes[0]} for t in who]
    if len(who) != 1 or isinstance(who[0], dict) or who[0] in ("all_own", "all_opponent"):
        raise NotUnderstood(m[0])  # several Charas: one choice for all or one each? not read
    return [
        {
            "op": "choose",
            "n": 1,
            "modes": [[{"op": "modify", "target": who[0], "ap": 0, "dp": 0, "until": "turn_end", "set": s}] for s in modes],
        }
    ]


#: a clause being re-read with its duration moved (the movers below do not move it back)
_MOVING: list[str] = []


def _moved(text: str, ctx: Ctx) -> list[Step]:
    if _MOVING:
        raise NotUnderstood(text)
    _MOVING.append(text)
    try:
        return ph.clause(text, ctx)
    finally:
        _MOVING.pop()
        ctx.may = False


@ph.reads_parts(rf"(?P<d>{_DUR})、(?P<np>[^、。]+?は、)(?P<rest>.+)")
def _duration_first(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "D, X は、R": the duration said before the subject, read where most readers have it (X は、D、R) when no reader
    took the clause as written; a "may" clause, or R with a duration of its own: not read."""
    if ctx.may or re.match(_DUR, m["rest"]):
        raise NotUnderstood(m[0])
    return _moved(f"{m['np']}{m['d']}、{m['rest']}", ctx)


@ph.reads_parts(r"(?P<np>[^、。]+?は、)(?P<d>このターン)、(?P<rest>.+)")
def _duration_after(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "X は、このターン、R": read with the duration first (このターン、X は、R), where the readers of bans and of every Chara
    of a kind have it, when no reader took the clause as written."""
    if ctx.may or re.match(_DUR, m["rest"]):
        raise NotUnderstood(m[0])
    return _moved(f"{m['d']}、{m['np']}{m['rest']}", ctx)


def _zone_count(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """Condition parts: "(your) hand holds N or more cards" (手札の枚数がN枚以上ある: the hand's cards counted, engine
    ``cards`` zone ``hand``); "X is not so" for a count said with 以上ない (N or more … not there: the positive reading,
    negated). None: not this part."""
    if m := re.fullmatch(r"(?:自分の)?手札の枚数が(?P<n>\d+)枚以上(?:ある|の)", text):
        return {"cards": {"zone": "hand", "who": "self", "filter": {}, "at_least": int(m["n"])}}
    if text.endswith("枚以上ない"):
        return {"not": ph.condition(text[: -len("ない")] + "ある", ctx)}
    if text.endswith("個以上乗っていない"):  # coins: "N or more on it" (read) not holding
        return {"not": ph.condition(text[: -len("いない")] + "いる", ctx)}
    if m := re.fullmatch(r"(?P<side>自分の|相手の)イベントカードがプレイされたターンの", text):
        # whose Event was played this turn (the Event's player, seen from this card's owner; round 19 reads "any")
        who = "self" if m["side"] == "自分の" else "opponent"
        return {"history": {"event": "play", "filter": {"type": "event"}, "who": who}}
    return None


ph.MORE_CONDITIONS.append(_zone_count)


#: where a pick takes cards from (the phrase before the selector) -> zone
PICK_SOURCES = {
    "自分の捨て札置き場にある": "discard",
    "自分のポイント置き場にある": "point",
    "手札から": "hand",
    "手札にある": "hand",
    # round 32: the cards removed from the game (the player's own; a bare one is the player's own as a
    # bare 【P】 is: rule book 001's glossary)
    "ゲームから取り除かれている自分の": "removed",
    "ゲームから取り除かれている": "removed",
}
#: where a pick puts them (the verb) -> zone and the step's extra keys; synonyms share a row (戻す / 移す / 加える)
PICK_DESTINATIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "手札に戻す": ("hand", {}),
    "手札に加える": ("hand", {}),
    "デッキの上に戻す": ("deck", {}),
    "デッキの上に移す": ("deck", {}),
    "デッキの下に移す": ("deck_bottom", {}),
    "デッキの下に戻す": ("deck_bottom", {}),
    "捨て札にする": ("discard", {}),
    "ゲームから取り除く": ("removed", {}),
    "場に出す": ("area", {}),
    "メインエリアに出す": ("main", {}),
    "サポートエリアに出す": ("support", {}),
    "自分のポイント置き場に表向きで置く": ("point", {"face": "up"}),
    "自分のポイント置き場に裏向きで置く": ("point", {"face": "down"}),
}
_SRC = "|".join(map(re.escape, PICK_SOURCES))
_DST = "|".join(map(re.escape, PICK_DESTINATIONS))


@ph.reads_parts(rf"(?P<src>{_SRC})(?P<np>[^、。]+?)(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)、?(?P<rested>休息状態で)?(?P<to>{_DST})")
def _zone_pick(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "(from Z) X N (up to N) (rested) D": a pick composed of its source, its selector (a card filter), its count and
    its destination, each from its table. The same zone both ends, or "rested" where no Chara enters: not read."""
    src = PICK_SOURCES[m["src"]]
    dst, extra = PICK_DESTINATIONS[m["to"]]
    if src == dst or (m["rested"] and dst not in ("area", "main", "support")):
        raise NotUnderstood(m[0])
    if src == "removed" and re.match(r"、?(?:自分|相手)の", m["np"]):
        raise NotUnderstood(m["np"])  # whose removed cards is said once, before the selector (another's: not read)
    return [
        ph._pick(src, dst, m["np"], m["n"] or m["upto"], ctx, upto=bool(m["upto"]), **extra, **({"rested": True} if m["rested"] else {}))
    ]


#: whose Events are counted by a head "N Events played in the same turn" -> the cause that hears them
_EVENT_CAUSES = {"相手の": ("opp_event", "opponent"), "自分の": ("own_event", "self"), "": ("own_event|opp_event", "any")}


def _events_played(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """Head parts: "when N or more (of your / the opponent's) Events have been played in the same turn" (同じターンの間
    に、相手のイベントカードが2枚以上プレイされた場合、): the Event's cause, once, when the turn's count reaches N (the
    history ``exactly``, as the other "N in the same turn" heads are read); "when X enters in the Main (Approach)
    Phase" (…がメインフェイズに登場した場合、): the head without the phase, and the phase as a condition (``phase``).
    None: not these parts."""
    if m := re.match(r"同じターンの間に、?(?P<side>相手の|自分の|)イベントカードが(?P<n>\d+)枚以上プレイされた場合、", text):
        cause, who = _EVENT_CAUSES[m["side"]]
        history = {"event": "play", "filter": {"type": "event"}, "who": who, "exactly": int(m["n"])}
        return cause, {"history": history}, text[m.end() :]
    if ctx.this_subject and ctx.card.type == "chara" and (m := re.match(r"(?P<c>[^、。]+?ターンの)間に(?:登場した|場に出た)場合、", text)):
        # "this card, when it enters in a turn in which C" (このカードは、イベントカードがプレイされたターンの間に登場した
        # 場合、: the subject taken by the head reader): its entry, C checked when it fires
        return "enter", ph.condition(m["c"], ctx), text[m.end() :]
    if m := re.match(r"(?P<np>[^、。]+?)が(?P<phase>メイン|アプローチ)フェイズに(?P<ev>登場した場合、)", text):
        cause, cond, rest = ph._trigger(f"{m['np']}が{m['ev']}{text[m.end() :]}", ctx)
        if "phase" in cond:
            raise NotUnderstood(m[0])
        return cause, {**cond, "phase": "main" if m["phase"] == "メイン" else "approach"}, rest
    return None


ph.MORE_TRIGGERS.append(_events_played)


#: the events this card and another Chara share a cause for (this card's own event heard as ``any_<cause>``)
_SHARED_EVENTS = {
    "アプローチに参加した": "approach",
    "アプローチした": "approach",
    "妨害に参加した": "interfering",
    "登場した": "enter",
    "退場した": "leave",
}
_SHARED = "|".join(_SHARED_EVENTS)
#: this card's event written as a stem before または (このカードが登場、または…)
_STEM_EVENTS = {"登場": "enter", "退場": "leave"}
_STEMS = "|".join(_STEM_EVENTS)


def _this_or_other(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """Head part: "when this card E, or X E" with the same event E (このカードがアプローチに参加した場合、または相手のキャラが
    アプローチに参加した場合、): ``any_<E>`` whose subject is this card or a Chara fitting X (``any_of`` ``is_source`` / X,
    checked against the Chara the event happened to). Round 32: two different events (このカードが登場、または自分のXが
    アプローチした場合、: the first event also as a stem, 登場、) are both heard, each with its own subject (``subject_on``:
    this card for the first, a Chara fitting X for the second; engine.pm.triggers.subject_spec). None: not this part."""
    m = re.match(rf"このカードが(?:(?P<a>{_SHARED})場合|(?P<stem>{_STEMS}))、または(?P<np>[^、。]+?)が(?P<b>{_SHARED})場合、", text)
    if m is None or ctx.card.type != "chara":
        return None
    a, b = _SHARED_EVENTS[m["a"]] if m["a"] else _STEM_EVENTS[m["stem"]], _SHARED_EVENTS[m["b"]]
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that:
        raise NotUnderstood(m["np"])
    if a == b:
        return f"any_{a}", {"subject": {"any_of": [{"is_source": True}, p.chara_spec()]}}, text[m.end() :]
    return f"any_{a}|any_{b}", {"subject_on": {f"any_{a}": {"is_source": True}, f"any_{b}": p.chara_spec()}}, text[m.end() :]


ph.FIRST_TRIGGERS.append(_this_or_other)


@ph.reads_parts(r"(?P<np>[^、。]+?)(?P<n>\d+)枚は、(?P<a>[^、。]+?を得る)とともに、(?P<b>.+)")
def _each_also(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "N X get A, and B" with N > 1 (自分のキャラ2枚は、ターン終了時まで+20/+20を得るとともに、…には妨害されない): A on the N
    Charas, and B on each of them: B read as this card's own (its steps all this card's grants or changes, nothing
    measured against this card, no Chara of its own), then put on each. A "may", or a B not so: not read."""
    if ctx.may or int(m["n"]) < 2:
        raise NotUnderstood(m[0])
    before = len(ctx.targets)
    first = ph.clause(f"{m['np']}{m['n']}枚は、{m['a']}", ctx)
    named = [f"target:{i}" for i in range(before, len(ctx.targets))]
    if ctx.may or len(named) != int(m["n"]):
        raise NotUnderstood(m[0])
    until = re.match(r"(?:次の)?ターン終了時まで、?", m["a"])
    texts = [f"このカードは、{m['b']}"]
    if until is not None and not re.match(r"(?:この|次の)?ターン", m["b"]):
        texts.append(f"このカードは、{until[0]}{m['b']}")  # the duration said once is both parts'
    for text in texts:
        inner = Ctx(card=ctx.card, kind=ctx.kind, this_subject=True)
        try:
            steps = ph.clause(text, inner)
        except NotUnderstood:
            continue
        own = all(s.get("op") in ("grant", "modify") and s.get("target") == "self" and "if" not in s for s in steps)
        if (
            steps
            and own
            and not (inner.targets or inner.condition or inner.may)
            and not re.search(r'"(?:is_source|below_source|vs|same_name|not_self)"', json.dumps(steps))
        ):
            return first + [{**s, "target": t} for t in named for s in steps]
    raise NotUnderstood(m[0])


_AREAS = {"メイン": "main", "サポート": "support"}


@ph.reads_parts(r"(?P<at>メイン|サポート)エリアにいるこのカードを、?(?P<to>メイン|サポート)エリアに移す")
def _own_area_move(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "Move this card in the Support (Main) Area to the other Area" (サポートエリアにいるこのカードを、メインエリアに移す):
    a ``move`` of this card, the effect's condition that it is in the first Area (``in_area``)."""
    if m["at"] == m["to"] or ctx.may or ctx.card.type != "chara":
        raise NotUnderstood(m[0])
    ctx.condition["in_area"] = _AREAS[m["at"]]
    return [{"op": "move", "target": "self", "to": _AREAS[m["to"]]}]


#: the steps a player may be the subject of: each acts on its player's own cards (``who``)
_PLAYER_OPS = frozenset({"draw", "flip", "mill", "pick", "shuffle"})
_PLAYERS = {"相手": ("opponent",), "全てのプレイヤー": ("self", "opponent")}


@ph.reads_parts(r"(?P<who>相手|全てのプレイヤー)は、(?P<rest>[^。]+)")
def _players_do(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """ "The opponent (every player) does R" (全てのプレイヤーは、自分のポイント置き場にあるカード1枚を表向きにする): R read as
    your own (自分の = that player's), each step then done by each player named (``who``), on that player's own cards.
    A "may" (whose choice?), a Chara named, a step not on a player's own cards, or one about this card: not read."""
    if ctx.may:
        raise NotUnderstood(m[0])
    inner = Ctx(card=ctx.card, kind=ctx.kind)
    steps = ph.clause(m["rest"], inner)
    said = json.dumps(steps)
    if (
        not steps
        or inner.targets
        or inner.condition
        or inner.may
        or any(s.get("op") not in _PLAYER_OPS or s.get("who") != "self" or s.get("then") for s in steps)
        or re.search(r'"(?:target|side|same_name|same_card|this_card|not_this_card|if)"', said)
    ):
        raise NotUnderstood(m[0])
    # a flip of the opponent's own cards is theirs to choose (engine.pm.script._flip); their pick is by its ``who``
    return [
        {**s, "who": w} | ({"chosen_by": "opponent"} if w == "opponent" and s["op"] == "flip" and not s.get("all") else {})
        for w in _PLAYERS[m["who"]]
        for s in steps
    ]
