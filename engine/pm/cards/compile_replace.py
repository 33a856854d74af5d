"""Replacement effects of a card's own leaving: "when this card leaves the Area, it goes to X instead of the
discard" (…退場した場合、捨て札置き場に置かれる代わりにXに移る) as an ``instead`` step (engine.pm.replacement).

Only this card's own leaving for the discard is read; replacements on other cards (an opponent's Chara eliminated
by this one's approach...) or on costs stay unscripted.
"""

from __future__ import annotations

import re
from typing import Any

_TO = {"EXデッキに移る": "ex_deck", "EXデッキに戻る": "ex_deck", "ゲームから取り除く": "removed",
       "ゲームから取り除かれる": "removed", "手札に戻る": "hand", "デッキの下に移る": "deck_bottom"}
_OWN = re.compile(r"このカードは、?(?:退場した|退場する|場から離れる)場合、捨て札置き場に置かれる代わりに(?P<to>"
                  + "|".join(_TO) + ")。?")


def own_replacement(text: str) -> list[dict[str, Any]] | None:
    """The steps of "this card goes to X instead of the discard when it leaves" (normalized text), else None."""
    m = _OWN.fullmatch(text)
    if m is None:
        return None
    return [{"op": "instead", "target": "self", "of": "discard", "to": _TO[m["to"]]}]
