"""Clause readers of the seventeenth compiler round (issue 20, helper h20r17), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones:

- "this turn, X has entered / left / been played / approached (N or more)" (このターンの間にXが登場している, …が
  退場している, …がプレイされている, 同じターンの間にXがN枚以上アプローチしている) as a condition: the turn's history
  (``history``; the canonical wording drops the comma after このターン / 同じターンの間に before such a condition);
- "every time your (the opponent's) Event is played / this card becomes rested" (…プレイされるごとに, このカードは、
  休息状態になるごとに) as a trigger head: ``own_event`` / ``opp_event``, ``any_rested`` of the effect's own Chara;
- "the opponent puts the top N of their deck into their Point Zone" (相手のデッキの上のカードN枚を相手のポイント
  置き場に置く): ``put_point`` of the opponent;
- "(the opponent / every player) discards the whole hand" (手札を全て捨て札にする): a ``pick`` of all.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import _PRINTED, Ctx, NotUnderstood, Step, _np, reads

#: the events of a turn's history a condition names (after Xが, before ている): the turn log's event
_EVENTS = {"登場し": "enter", "退場し": "leave", "場から離れ": "leave", "プレイされ": "play", "アプローチに参加し": "approach",
           "アプローチし": "approach"}
_HAPPENED = re.compile(r"このターンの間に(?P<np>[^、。]+?)が(?:(?P<n>\d+)(?P<unit>枚|回)以上)?(?P<ev>"
                       + "|".join(_EVENTS) + ")ている")


def _happened_this_turn(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This turn, X has entered / left / been played / approached (N or more)": ``history`` of the turn, counted
    from the turn log (engine.pm.conditions.history_count). A card that left, was played or entered is matched by its
    printed facts only; "approached" needs a count (without one, …アプローチに参加している may mean "is approaching
    now"); N Charas approaching count each Chara once (``distinct``), N times every approach."""
    m = _HAPPENED.fullmatch(text)
    if m is None:
        return None
    event = _EVENTS[m["ev"]]
    p = _np(m["np"], ctx)
    heads = ("event", "card", "chara", "name") if event == "play" else ("chara", "name")
    if p.head not in heads or p.unheld():
        raise NotUnderstood(text)
    f = {k: v for k, v in p.card_filter().items() if k != "side"}
    if set(f) - _PRINTED or (event == "leave" and set(f) - {"type"}):
        raise NotUnderstood(text)  # a narrower kind: only printed facts are kept (a card that left: none but its type)
    if (event == "approach" and m["n"] is None) or (m["unit"] == "回" and event != "approach"):
        raise NotUnderstood(text)  # "approaching" without a count; "N times" of anything but approaches
    side = p.spec.get("side")
    history: dict[str, Any] = {"event": event, "filter": f, "who": {"self": "self", "opponent": "opponent"}.get(side, "any"),
                               "at_least": int(m["n"] or 1)}
    if event == "approach" and m["unit"] == "枚":
        history["distinct"] = True  # N Charas: each once, however often it approached
    return {"history": history}


ph.MORE_CONDITIONS.append(_happened_this_turn)

# "every time …" heads of this card's effects: the cause, and for another Chara's event the subject
ph._OWN_TRIGGERS.extend([
    (r"(?:このカードは、)?自分のイベントカードがプレイされるごとに、", "own_event", {}),
    (r"(?:このカードは、)?相手のイベントカードがプレイされるごとに、", "opp_event", {}),
    # the card's own rest, by any cause (an approach, a cost, an effect: engine.pm.triggers ``rested``)
    (r"このカード(?:は、|が)休息状態になるごとに、", "any_rested", {"subject": {"is_source": True}}),
])


@reads(r"相手のデッキの上のカード(?P<n>\d+)枚を相手のポイント置き場に(?P<face>表向きで|裏向きで)?置く")
def _opponent_put_point(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """The top N of the opponent's deck into the opponent's Point Zone (as 相手にNポイント与える, face down if said)."""
    step: Step = {"op": "put_point", "who": "opponent", "n": int(m["n"])}
    if m["face"] == "裏向きで":
        step["face"] = "down"
    return [step]


@reads(r"(?:(?P<who>相手|全てのプレイヤー)は、)?手札を全て(?P<to>捨て札にする|ゲームから取り除く)")
def _whole_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(The opponent / every player) discards (removes) the whole hand": every card of it, none chosen."""
    if ctx.may:
        raise NotUnderstood(m[0])
    whos = {None: ["self"], "相手": ["opponent"], "全てのプレイヤー": ["self", "opponent"]}[m["who"]]
    return [{"op": "pick", "who": w, "from": "hand", "to": "discard" if m["to"] == "捨て札にする" else "removed",
             "n": 1, "filter": {}, "all": True} for w in whos]


def _if_at_turn_end(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"If C, at the end of the turn, …" (C場合、ターン終了時に、) heading an automatic effect: a turn-end trigger
    under C, checked when it fires. None when C is not a condition the reader knows (another head may be meant)."""
    m = re.match(r"(?P<c>[^、。]+?)場合、ターン終了時に、?", text)
    if m is None:
        return None
    try:
        cond = ph.condition(m["c"], ctx)
    except NotUnderstood:
        return None
    return "turn_end", cond, text[m.end():]


ph.MORE_TRIGGERS.append(_if_at_turn_end)


_SUPPORT_TO = {"捨て札にする": "discard", "デッキの下に移す": "deck_bottom", "デッキの下に戻す": "deck_bottom",
               "手札に戻す": "hand", "手札に加える": "hand", "ゲームから取り除く": "removed"}


@reads(r"(?P<np>[^、。]*?サポートカード)(?:(?P<n>\d+)枚を|を(?P<upto>\d+)枚まで)(?P<to>" + "|".join(_SUPPORT_TO) + ")")
def _support_off(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"N (of the opponent's / your) Support cards to the discard / under the deck / to the hand / out of the game":
    Supports set on Charas (cards in the place: rule book 001), either player's unless the phrase names one
    (``support_move``, engine.pm.support_moves). A Support in another zone is named with it (…置き場にある): not this."""
    if re.search("置き場|手札|デッキ|この", m["np"]):
        raise NotUnderstood(m[0])
    p = _np(m["np"], ctx)
    if p.head != "support" or p.unheld() or not p.holds_card_filter():
        raise NotUnderstood(m[0])
    f = {k: v for k, v in p.card_filter().items() if k not in ("side", "type")}
    step: Step = {"op": "support_move", "n": int(m["n"] or m["upto"]), "to": _SUPPORT_TO[m["to"]], "filter": f}
    if "side" in p.spec:
        step["side"] = p.spec["side"]
    if m["upto"] or ctx.may:
        step["up_to"] = True
    return [step]
