"""Compile the stock phrasings of precious-data Japanese effect texts into effect scripts.

Each effect's text (as :mod:`pmemo_replay.cards.precious_text` groups it) is split into sentences;
every sentence must match one known phrasing, else the effect stays unscripted (applied as logged,
marked unverified). Only facts and scripts come out: the text itself is never kept.
Understood: draw N; ±AP/DP until end of turn (self, N opponent/own Charas, all of them, with a
name/property/colour); rest/stand N Charas; move to hand/deck bottom/discard; fetch from the EX
deck; search the top N; discard recycling; next-card costs; "while X is on the Area" conditions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Any

from engine.cards import Card, Effect

_N = r"(\d+)"
_WHO = r"(?P<who>相手の|自分の)?(?:「(?P<name>[^」]+)」|【(?P<prop>[^】]+)】を持つキャラ|(?P<color>[赤青黄緑])のキャラ|キャラ)"
_COLORS = {"赤": "red", "青": "blue", "黄": "yellow", "緑": "green"}
_MOD = r"(?P<ap>[+\-±]\d*)/(?P<dp>[+\-±]\d*)"


def _num(s: str) -> int:
    return 0 if s in ("±", "±0") else int(s.replace("±", ""))


def _spec(m: re.Match[str]) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if m["who"] == "相手の":
        spec["side"] = "opponent"
    elif m["who"] == "自分の":
        spec["side"] = "self"
    if m["name"]:
        spec["name"] = m["name"]
    if m["prop"]:
        spec["property"] = m["prop"]
    if m["color"]:
        spec["color"] = _COLORS[m["color"]]
    return spec


def _sentence(s: str, targets: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The steps of one sentence, or None when its phrasing is not understood."""
    if m := re.fullmatch(rf"カードを{_N}枚引く", s):
        return [{"op": "draw", "who": "self", "n": int(m[1])}]
    if m := re.fullmatch(rf"このカードは、ターン終了時まで{_MOD}を得る", s):
        return [{"op": "modify", "target": "self", "ap": _num(m["ap"]), "dp": _num(m["dp"]), "until": "turn_end"}]
    if m := re.fullmatch(rf"{_WHO}(?P<n>\d+)枚は、ターン終了時まで{_MOD}を得る", s):
        spec, n = _spec(m), int(m["n"])
        first = len(targets)
        targets += [dict(spec) for _ in range(n)]
        return [{"op": "modify", "target": f"target:{first + i}" if first + i else "target", "ap": _num(m["ap"]),
                 "dp": _num(m["dp"]), "until": "turn_end"} for i in range(n)]
    if m := re.fullmatch(rf"(相手|自分)の全てのキャラは、ターン終了時まで{_MOD}を得る", s):
        return [{"op": "modify", "target": "all_opponent" if m[1] == "相手" else "all_own", "ap": _num(m["ap"]),
                 "dp": _num(m["dp"]), "until": "turn_end"}]
    if m := re.fullmatch(rf"(?:使用コストの値が(?P<max>\d+)以下の)?{_WHO}1枚を(?P<mode>休息|活動)状態にする", s):
        spec = _spec(m)
        if m["max"]:
            spec["max_cost"] = int(m["max"])
        targets.append(spec)
        key = "target" if len(targets) == 1 else f"target:{len(targets) - 1}"
        return [{"op": "rest" if m["mode"] == "休息" else "activate", "target": key}]
    if m := re.fullmatch(r"このカードを(手札に戻す|デッキの下に移す|捨て札にする)", s):
        zone = {"手札に戻す": "hand", "デッキの下に移す": "deck_bottom", "捨て札にする": "discard"}[m[1]]
        return [{"op": "move", "target": "self", "to": zone}]
    if m := re.fullmatch(rf"EXデッキから{_WHO}(?P<n>\d+)枚を抜き出し、(?:表にしてから)?手札に加える", s):
        return [{"op": "pick", "from": "ex_deck", "to": "hand", "n": int(m["n"]), "filter": _filter(m)}]
    if m := re.fullmatch(rf"自分の捨て札置き場にある{_WHO}(?P<n>\d+)枚を手札に戻す", s):
        return [{"op": "pick", "from": "discard", "to": "hand", "n": int(m["n"]), "filter": _filter(m)}]
    if m := re.fullmatch(rf"このターン、自分が次にプレイする{_WHO}1枚は、使用コスト-(?P<n>\d+)を得る", s):
        return [{"op": "cost", "who": "self", "next": True, "n": -int(m["n"]), "filter": _filter(m)}]
    if m := re.fullmatch(rf"自分のポイント置き場にあるカード{_N}枚を表向きにする", s):
        return [{"op": "flip", "who": "self", "face": "up", "n": int(m[1])}]
    return None


def _filter(m: re.Match[str]) -> dict[str, Any]:
    f = {k: v for k, v in _spec(m).items() if k != "side"}
    if not m["name"]:
        f["type"] = "chara"
    return f


_STATIC = re.compile(rf"このカードは、(?:(?P<turn>自分のターンの間)|自分の「(?P<has>[^」]+)」がいる場合)、{_MOD}を得る")


def compile_effect(text: str, eff: Effect) -> Effect | None:
    """``eff`` with a compiled script when every sentence of ``text`` is understood, else None."""
    text = unicodedata.normalize("NFKC", text).replace("＋", "+").replace("－", "-")
    body = re.sub(r"^\[[^\]]+\]:?(《[^》]+》|「[^」]+」[▸▶>＞])*:?", "", text.strip())
    cond: dict[str, Any] | None = None
    trigger = eff.trigger
    if eff.kind == "continuous" and (m := _STATIC.fullmatch(body.rstrip("。"))):
        cond = {"own_turn": True} if m["turn"] else {"has_name": m["has"]}
        return replace(eff, script=({"op": "modify", "target": "self", "ap": _num(m["ap"]), "dp": _num(m["dp"])},),
                       condition=cond, compiled=True)
    if eff.kind == "auto":
        m = re.match(r"このカードが(登場|アプローチに参加|妨害され)(?:した|た)場合、", body)
        if m is None:
            return None
        trigger = {"登場": "enter", "アプローチに参加": "approach", "妨害され": "interfered"}[m[1]]
        body = body[m.end():]
    targets: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    for s in (x for x in re.split("。|その場合、|その後、", body) if x.strip()):
        got = _sentence(s.strip().rstrip("。"), targets)
        if got is None:
            return None
        steps += got
    if not steps:
        return None
    return replace(eff, script=tuple(steps), targets=tuple(targets), trigger=trigger, compiled=True)


def effect_texts(text: str | None, card: Card) -> list[str | None]:
    """The text of each effect of ``card`` in order, when the grouping is simple (one sentence run per effect)."""
    if not text:
        return []
    from pmemo_replay.cards.precious_text import _BRACKET, _drop_reminders, _sentences

    t = _drop_reminders(text)
    t = re.sub(r"^(〔[^〕]*〕)+", "", t)
    if card.type == "event":
        m = _BRACKET.search(t)
        return [t[m.end():].lstrip(":：")] if m and len(card.effects) == 1 else [None] * len(card.effects)
    marks = list(_BRACKET.finditer(t))
    head = t[: marks[0].start()] if marks else t
    sentences = _sentences(head)
    passive = [e for e in card.effects if e.kind != "activated"]
    out: list[str | None] = list(sentences) if len(sentences) == len(passive) else [None] * len(passive)
    ends = [m.start() for m in marks[1:]] + [len(t)]
    out += [t[m.start(): end] for m, end in zip(marks, ends, strict=False)]
    return out if len(out) == len(card.effects) else [None] * len(card.effects)


def compile_card(card: Card, text: str | None) -> Card:
    """``card`` with compiled scripts for the effects whose phrasing is understood (others untouched)."""
    if not card.effects or any(e.scripted for e in card.effects):
        return card
    texts = effect_texts(text, card)
    effects = tuple((compile_effect(t, e) or e) if t else e for t, e in zip(texts, card.effects, strict=False))
    return replace(card, effects=effects) if len(effects) == len(card.effects) else card


def _norm(step: Any) -> Any:
    """A step compared loosely: ``target`` is ``target:0``, defaults left out."""
    if isinstance(step, dict):
        return {k: _norm("target:0" if v == "target" else v) for k, v in step.items()
                if not (k == "until" and v == "turn_end") and not (k == "who" and v == "self")}
    if isinstance(step, (list, tuple)):
        return [_norm(x) for x in step]
    return step


def reproduction(hand: Any, compiled: Any) -> tuple[int, int]:
    """(hand-written scripts the compiler reproduces, hand-written scripts) over the cards of ``hand``."""
    same = total = 0
    for card in hand:
        if card.id not in compiled:
            continue
        for mine, other in zip(card.effects, compiled.get(card.id).effects, strict=False):
            if mine.scripted:
                total += 1
                same += bool(other.compiled and _norm(other.script) == _norm(mine.script))
    return same, total
