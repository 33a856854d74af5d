"""The cards an action plays, as the statistics count a play (metrics.md "played"; :data:`engine.pm.play.PLAYS`):
the card pages link each game to the step of a card's first play (pmemo_replay/web/entities.py).

>>> card_plays({"type": "pass", "p": 0, "responses": [{"type": "play_event", "p": 1, "card": "MHK 01-090"}]})
[(1, 'MHK 01-090')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.pm.play import PLAYS


def card_plays(action: Mapping[str, Any]) -> list[tuple[int, str]]:
    """``(seat, card id)`` per card ``action`` plays: its own card when it is a play, and the plays among the
    responses declared against it (Decline events), however deep."""
    out: list[tuple[int, str]] = []
    p, card = action.get("p"), action.get("card")
    if action.get("type") in PLAYS and isinstance(p, int) and isinstance(card, str):
        out.append((p, card))
    for response in action.get("responses") or ():
        if isinstance(response, Mapping):
            out.extend(card_plays(response))
    return out
