"""An Event's use condition (《使用条件》, rule book P03): cut from its text and read as a condition.

Rule book 001 (its glossary of card terms): an Event with 《使用条件》:A cannot be played unless A holds, besides
its usage cost; a bare 「name」 or 【property】 means such a card is on the player's own Area. The part after the
marker is either such a run of names (joined by ＋, or side by side with no ＋: all of them, each listed card a
condition of its own) or one sentence up to 。 (points, or "N or more of your X": a count of the Charas on the
player's Area), or this turn's history (cards put into a Point Zone this turn). Only the forms below
are read; any other leaves :data:`UNREAD` (the Event then stays unscripted, so its plays are unverified, never
accepted under a looser rule).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

MARKER = re.compile(r"《使用条件》[ \u3000]*[:：]?[ \u3000]*")
_NAMES = re.compile(r"(?:[「【][^「」【】]+[」】][ \u3000]*[＋+]?[ \u3000]*)+")
#: the condition was there but not understood
UNREAD: dict[str, Any] = {"unread": True}


def cut(text: str) -> tuple[str | None, str]:
    """(the condition's text, the rest) when ``text`` opens with 《使用条件》, else (None, text)."""
    m = MARKER.match(text)
    if m is None:
        return None, text
    rest = text[m.end():]
    if (names := _NAMES.match(rest)) and not re.match(r"(?:を持つ|を持たない|の|以外|または)", rest[names.end():]):
        # round 31: a run of names, not the start of a noun phrase (【P】を持つキャラ2枚以上 is a sentence)
        return names[0].strip(), rest[names.end():]
    bracket = re.search(r"[\[［](?:メイン|アプローチ)[/／]", rest)
    stop = bracket.start() if bracket is not None else len(rest)
    end = rest.find("。", 0, stop)
    if end < 0:
        return rest[:stop].strip(), rest[stop:]
    return rest[:end].strip(), rest[end + 1:]


def read(text: str) -> dict[str, Any]:
    """The condition a use condition's text means (engine.pm.conditions), or :data:`UNREAD`."""
    t = unicodedata.normalize("NFKC", text).strip().rstrip("。")
    if _NAMES.fullmatch(t):
        # 「A」＋「B」 and 「A」「B」 alike: every listed card on the player's Area (rule book 001's glossary: each bare
        # 「name」 / 【property】 listed is a condition that such a card is in your place)
        parts = re.findall(r"「[^「」【】]+」|【[^「」【】]+】", t)
        if len(parts) != len(re.findall(r"[「【]", t)):
            return UNREAD
        conds = [{"has_property" if p.startswith("【") else "has_name": p[1:-1]} for p in parts]
        return conds[0] if len(conds) == 1 else {"all_of": conds}
    if m := re.fullmatch(r"自分のポイント置き場にカードが(\d+)枚以上(?:ある|置かれている)", t):
        return {"points_at_least": int(m[1])}
    if m := re.fullmatch(r"このターン、(自分|相手)のポイント置き場にカードが(\d+)枚以上置かれている", t):
        # this turn, N or more cards were put into that Point Zone (by approaches or effects; round 18)
        return {"history": {"event": "point", "filter": {}, "who": "self" if m[1] == "自分" else "opponent",
                            "at_least": int(m[2])}}
    if m := re.fullmatch(r"(自分の)?([^、。]+?)(\d+)枚以上(?:いる)?", t):  # N or more of your X on your Area
        from engine.pm.cards.compile_np import phrase

        # round 31: without 自分の too, as a bare 「name」 / 【property】 is the player's own (rule book 001's glossary)
        p = phrase((m[1] or "") + m[2])
        if p is not None and p.head in ("chara", "name") and not (p.all or p.same_name or p.other_than_that) \
                and p.spec.get("side", "self") == "self":
            return {"count": {"spec": {**p.chara_spec(), "side": "self"}, "at_least": int(m[3])}}
    return UNREAD
