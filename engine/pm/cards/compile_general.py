"""General clause readers (issue 20, third round): shapes that recur across sets, each mapped to one engine op.

- "X gets A or B" (two AP/DP changes, the player chooses one): a ``choose`` of two ``modify`` modes on one Chara;
- Elimination Judgements between this card or a Chara named first and another one (``judge`` ``with``);
- every card of a kind from the discard back into the deck (``pick`` ``all``);
- "for each N cards of X in your discard / removed from the game" and "if your discard holds N or more X" /
  "if a player's hand holds N or fewer cards" (``cards`` counts and conditions: engine.pm.conditions.cards_in_zone);
- "draw N for each …", the opponent draws, the player looks at the opponent's hand (``look_hand``);
- "when the opponent's Event is played" (``opp_event``), "this card moves to … (at the end of the turn)" (移る).

As everywhere in the compiler, a part a reader does not know raises
:class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np, _num, _subjects, reads

_ONE_MOD = r"[+\-±]\d+/[+\-±]\d+"


def _mod(text: str, target: Any, until: str) -> Step:
    ap, dp = text.split("/")
    return {"op": "modify", "target": target, "ap": _num(ap), "dp": _num(dp), "until": until}


@reads(rf"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?は、(?P<next>次の)?ターン終了時まで(?P<a>{_ONE_MOD})または(?P<b>{_ONE_MOD})を得る")
def _either_mod(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"X gets +A/+B or +C/+D until the end of the turn": the player chooses one of the two for the one Chara."""
    if ctx.may:
        raise NotUnderstood(m[0])
    who = _subjects(m["np"], m["n"], ctx)
    if len(who) != 1 or isinstance(who[0], dict) or who[0] in ("all_own", "all_opponent"):
        raise NotUnderstood(m[0])  # several Charas: one choice for all or one each? not read
    until = "next_turn_end" if m["next"] else "turn_end"
    return [{"op": "choose", "n": 1, "modes": [[_mod(m["a"], who[0], until)], [_mod(m["b"], who[0], until)]]}]


def _one_target(np_text: str, n: str, ctx: Ctx) -> str:
    """The one new target a Chara phrase with its count names (a judgement is between two Charas)."""
    if n != "1":
        raise NotUnderstood(np_text)
    got = _subjects(np_text, n, ctx)
    if len(got) != 1 or not isinstance(got[0], str) or not got[0].startswith("target:"):
        raise NotUnderstood(np_text)
    return got[0]


@reads(r"このカードと、(?P<np>[^、。]+?)(?P<n>\d+)枚は、?退場判定を行う")
def _judge_with_this(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This card and one X perform an Elimination Judgement"."""
    if ctx.may and not ctx.opening:
        raise NotUnderstood(m[0])
    return [{"op": "judge", "target": _one_target(m["np"], m["n"], ctx)}]


@reads(r"(?P<a>[^、。]+?)(?P<an>\d+)枚と、(?P<b>[^、。]+?)(?P<bn>\d+)枚は、?退場判定を行う")
def _judge_two(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"One X and one Y perform an Elimination Judgement" (X named first: the ``with`` side)."""
    if ctx.may and not ctx.opening:
        raise NotUnderstood(m[0])
    first = _one_target(m["a"], m["an"], ctx)
    second = _one_target(m["b"], m["bn"], ctx)
    return [{"op": "judge", "target": second, "with": first}]


@reads(r"(?P<who>自分|相手)の捨て札置き場にある(?P<np>[^、。]+?)を(?P<all>全て)?デッキに戻し、(?P<deck>相手の)?デッキをシャッフルする")
def _all_back_to_deck(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Return every X in your (the opponent's) discard to the deck, and shuffle" (全ての X / X を全て: all of them,
    none to choose, so whose choice it is does not matter)."""
    p = _np(m["np"], ctx)
    if p.all == bool(m["all"]) or ctx.may or p.same_name or p.other_than_that or "side" in p.spec:
        raise NotUnderstood(m[0])  # "all" said once, or a count (read elsewhere)
    who = "self" if m["who"] == "自分" else "opponent"
    if (m["deck"] is not None) != (who == "opponent"):
        raise NotUnderstood(m[0])
    return [{"op": "pick", "who": who, "from": "discard", "to": "deck", "n": 1, "filter": p.card_filter(every=True), "all": True},
            {"op": "shuffle", "who": who}]


_STATS = r"(?P<what>AP/DP|AP|DP)"


@reads(r"(?P<np>[^、。]+?)(?:(?P<n>\d+)枚)?の" + _STATS + r"の値を、ターン終了時まで"
       r"(?:(?P<v>\d+(?:/\d+)?)|このカードの(?P<same>AP/DP|AP|DP)と同じ値"
       r"|(?P<src>[^、。]+?)(?P<sn>1)枚の(?P<other>AP/DP|AP|DP)(?:の値)?と同じ値)に変更する")
def _set_value(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Change X's AP / DP / AP/DP to V (to this card's AP / DP; round 28: to one Y's AP / DP, Y a new target chosen
    after X) until the end of the turn": a value set, not a modifier gained (the value as it is when the step runs)."""
    keys = ["ap", "dp"] if m["what"] == "AP/DP" else [m["what"].lower()]
    same = m["same"] or m["other"]
    if same is not None and same != m["what"]:
        raise NotUnderstood(m[0])
    who = _subjects(m["np"], m["n"], ctx)
    if m["src"] is not None:
        src = _subjects(m["src"], m["sn"], ctx)
        if len(who) != 1 or len(src) != 1 or not str(src[0]).startswith("target:"):
            raise NotUnderstood(m[0])  # several Charas set, or a source not one Chara chosen: not read
        values: list[Any] = [{"of": src[0], "stat": k} for k in keys]
    elif same is not None:
        values = [{"of": "self", "stat": k} for k in keys]
    else:
        values = [int(v) for v in m["v"].split("/")]
    if len(values) != len(keys):
        raise NotUnderstood(m[0])
    return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end", "set": dict(zip(keys, values, strict=True))}
            for t in who]


@reads(r"(?P<np>このカード|そのキャラ|指定したキャラ)のAP/DPの値を、ターン終了時まで入れ替える")
def _swap_stats(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Swap X's AP and DP until the end of the turn": each set to the other's value now."""
    return [{"op": "modify", "target": t, "ap": 0, "dp": 0, "until": "turn_end",
             "set": {"ap": {"of": t, "stat": "dp"}, "dp": {"of": t, "stat": "ap"}}}
            for t in _subjects(m["np"], None, ctx)]


@reads(r"(?P<per>[^、。]+?につき、)カードを(?P<n>\d+)枚引く")
def _draw_per(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Draw N cards for each …" (the count when the step runs)."""
    per = ph._per(m["per"], ctx)
    if per is None or ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "draw", "who": "self", "n": int(m["n"]), "per": per}]


@reads(r"相手は、カードを(?P<n>\d+)枚引く")
def _opponent_draws(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The opponent draws N cards" (a "may" there is the opponent's choice: not read)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "draw", "who": "opponent", "n": int(m["n"])}]


@reads(r"相手の手札を全て見る")
def _look_at_hand(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Look at the opponent's whole hand": nothing moves (``look_hand``)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "look_hand", "who": "opponent"}]


_SELF_MOVES = {"デッキの下に移る": "deck_bottom", "手札に戻る": "hand", "捨て札になる": "discard",
               "ゲームから取り除かれる": "removed"}


@reads(r"このカードは、(?P<end>ターン終了時に)?(?P<to>" + "|".join(_SELF_MOVES) + ")")
def _self_moves(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This card goes under the deck / back to the hand / to the discard (at the end of the turn)"."""
    if ctx.may:
        raise NotUnderstood(m[0])
    step: Step = {"op": "move", "target": "self", "to": _SELF_MOVES[m["to"]]}
    return [{"op": "delay", "on": "turn_end", "do": [step]}] if m["end"] else [step]


# "when an Event of the opponent's is played" (in the Approach Phase): the opponent's Event resolved (engine.pm.play)
ph._OWN_TRIGGERS += [(r"(?:このカードは、)?相手のイベントカードがプレイされた場合、", "opp_event", {}),
                     (r"(?:このカードは、)?アプローチフェイズ中に相手のイベントカードがプレイされた場合、", "opp_event",
                      {"phase": "approach"})]

_BANNED = {"登場させる": "summon", "登場させ": "summon", "プレイする": "play", "プレイ": "play"}


@reads(r"(?:(?P<when>このターン)、)?(?P<who>相手|自分|全てのプレイヤー)は、(?:(?P<until>ターン終了時まで)、?)?(?P<np>[^、。]+?)を"
       r"(?P<verb>登場させる|プレイする|登場させ|プレイ)(?:(?<=る)ことが|(?<!る))できない")
def _play_ban(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"(This turn,) the opponent cannot summon X / play X (until the end of the turn)": a ban on the player."""
    if m["when"] is None and m["until"] is None:
        raise NotUnderstood(m[0])  # no end named: how long? not read
    p = _np(m["np"], ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or p.head not in ("chara", "event", "card", "name"):
        raise NotUnderstood(m[0])
    what = _BANNED[m["verb"]]
    f = p.card_filter()
    if what == "summon" and f.get("type") != "chara":
        raise NotUnderstood(m[0])
    who = ["self", "opponent"] if m["who"] == "全てのプレイヤー" else ["opponent" if m["who"] == "相手" else "self"]
    return [{"op": "forbid", "who": w, "what": what, "filter": f} for w in who]


#: zones a count of cards reads: where the phrase puts the cards
_ZONES = {"自分の捨て札置き場にある": ("discard", "self"), "相手の捨て札置き場にある": ("discard", "opponent"),
          "ゲームから取り除かれている自分の": ("removed", "self"), "ゲームから取り除かれている相手の": ("removed", "opponent")}
_ZONE_PAT = "|".join(_ZONES)


def _zone_filter(np_text: str, ctx: Ctx) -> dict[str, Any]:
    """The card filter of the cards a count names (no Chara-only key, no side: the zone's owner is the side)."""
    p = _np(np_text, ctx)
    if p.all or p.same_name or p.other_than_that or "side" in p.spec or p.head not in ("chara", "event", "card", "name"):
        raise NotUnderstood(np_text)
    return p.card_filter()


def _per_cards(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"For each N X in your discard / removed from the game" (…N枚につき、)."""
    m = re.fullmatch(rf"(?P<zone>{_ZONE_PAT})(?P<np>.+?)(?P<n>\d+)枚につき、", text)
    if m is None:
        return None
    zone, who = _ZONES[m["zone"]]
    per: dict[str, Any] = {"cards": {"zone": zone, "who": who, "filter": _zone_filter(m["np"], ctx)}}
    if int(m["n"]) != 1:
        per["each"] = int(m["n"])
    return per


def _zone_condition(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"Your discard holds N or more X" / "the opponent's / your hand holds N or fewer (more) cards"."""
    if m := re.fullmatch(r"(?P<who>自分|相手)の捨て札置き場に(?P<np>.+?)が(?:(?P<n>\d+)枚以上)?ある", text):
        return {"cards": {"zone": "discard", "who": "self" if m["who"] == "自分" else "opponent",
                          "filter": _zone_filter(m["np"], ctx), "at_least": int(m["n"] or 1)}}
    if m := re.fullmatch(r"(?P<who>自分|相手)のポイント置き場に表向きの(?P<np>[^、。]+?)が置かれている", text):
        # round 25: "a face-up X lies in your Point Zone" (表向きの「N」が置かれている): one or more such cards
        return {"cards": {"zone": "point_up", "who": "self" if m["who"] == "自分" else "opponent",
                          "filter": _zone_filter(m["np"], ctx), "at_least": 1}}
    if m := re.fullmatch(r"(?P<who>自分|相手)のポイント置き場に表向きの(?P<np>[^、。]+?)が(?P<n>\d+)枚以上ある", text):
        # round 32: "N or more face-up X lie in your Point Zone" (the count of round 25's face-up cards)
        return {"cards": {"zone": "point_up", "who": "self" if m["who"] == "自分" else "opponent",
                          "filter": _zone_filter(m["np"], ctx), "at_least": int(m["n"])}}
    if m := re.fullmatch(r"(?P<who>自分|相手)の手札が(?P<n>\d+)枚(?P<how>以下|以上)の", text):
        return {"cards": {"zone": "hand", "who": "self" if m["who"] == "自分" else "opponent",
                          "at_most" if m["how"] == "以下" else "at_least": int(m["n"])}}
    if m := re.fullmatch(r"(?P<who>自分|相手)の手札の枚数が(?P<n>\d+)枚の", text):
        # round 22: "if your hand holds exactly N cards" (N = 0: no card in the hand)
        return {"cards": {"zone": "hand", "who": "self" if m["who"] == "自分" else "opponent",
                          "at_least": int(m["n"]), "at_most": int(m["n"])}}
    return None


ph.MORE_PERS.append(_per_cards)
ph.MORE_CONDITIONS.append(_zone_condition)
