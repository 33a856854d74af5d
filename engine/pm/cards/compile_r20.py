"""Clause readers of the twentieth compiler round (issue 20, helper h20r20), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

- cards put face down under this card (このカードの下に裏向きで重ねる): a ``pick`` ``to: "under"``, the engine's zone of
  cards under a Chara (engine.pm.state.Chara.under; docs/log-extensions.md), from the hand, the EX deck, the
  discard, the Point Zone or the cards looked at on the deck;
- "if your / the opponent's hand holds N or more cards" in the wording 手札の枚数がN枚以上ある (compile_canon);
- "if this card's AP (AP or DP) is N or more": a count of the effect's own Chara with ``min_ap`` (``min_stat``).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _pick, reads

#: where the cards put under this card come from (the text before the selector): (pattern, ``from``)
_UNDER_SOURCES = [
    (r"手札", "hand"),
    (r"EXデッキから", "ex_deck"),
    (r"自分の捨て札置き場にある", "discard"),
    (r"自分のポイント置き場にある", "point"),
    (r"デッキの上のカード(?P<k>\d+)枚を見て、その中にある", "deck"),
]
_UNDER = re.compile(
    "(?P<src>" + "|".join(p for p, _ in _UNDER_SOURCES) + r")(?P<np>.*?)(?P<n>\d+)枚を、?(?P<ex>抜き出し、)?"
    r"このカードの下に裏向きで重ねる")


@reads(_UNDER.pattern)
def _under(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"Put N (X) from zone A face down under this card": ``pick`` ``to: "under"`` (a Chara's own effect only; the
    hand's cards need no selector, "1 hand card"; an EX deck's are drawn out, 抜き出し)."""
    if ctx.card.type != "chara":
        raise NotUnderstood(m[0])
    src = next(zone for pattern, zone in _UNDER_SOURCES if re.fullmatch(pattern, m["src"]))
    if (src == "hand") != (m["np"] == "") or (src == "ex_deck") != bool(m["ex"]):
        raise NotUnderstood(m[0])  # 手札1枚 alone; 抜き出し only from the EX deck
    extra = {"look": int(m["k"])} if m["k"] else {}
    if src == "hand":
        step: Step = {"op": "pick", "from": "hand", "to": "under", "n": int(m["n"]), "filter": {}}
        if ctx.may:
            step["up_to"] = True
        return [step]
    return [_pick(src, "under", m["np"], m["n"], ctx, **extra)]


def _own_stat(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"If this card's AP (AP or DP) is N or more" (このカードのAP(またはDP)がN以上ある): a count of the effect's own
    Chara with ``min_ap`` (``min_stat``), read when checked. Only for a Chara's own text with no AP/DP change after
    it (a change gated on the value it changes is not read)."""
    m = re.fullmatch(r"このカードの(?P<what>AP|APまたはDP)(?:の値)?が(?P<n>\d+)以上(?:ある|の)", text)
    if m is None or ctx.card.type != "chara":
        return None
    key = "min_ap" if m["what"] == "AP" else "min_stat"
    return {"count": {"spec": {"is_source": True, key: int(m["n"])}, "at_least": 1}}


ph.MORE_CONDITIONS.append(_own_stat)


def _paid_for_text(text: str, ctx: Ctx) -> tuple[str, dict[str, Any], str] | None:
    """"(This card,) when it is put into the discard by the cost of a Movement text of your X, may be put onto the
    Area" (Xの使用型テキストのコストによって捨て札置き場に置かれた場合、場に出すことができる): ``paid_for_text`` with X as
    its subject, the steps "put this card from the discard onto the Area" (as MHK's hand scripts read it)."""
    m = re.match(r"(?P<np>[^、]+?)の使用型テキストのコストによって捨て札置き場に置かれた場合、(?=場に出す(?:ことができる)?$)", text)
    if m is None or not ctx.this_subject or ctx.card.type != "chara":
        return None
    p = ph._np(m["np"], ctx)
    if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that:
        raise NotUnderstood(m["np"])
    ctx.in_discard = True
    return "paid_for_text", {"subject": p.chara_spec()}, "このカードを" + text[m.end():]


ph.MORE_TRIGGERS.append(_paid_for_text)
