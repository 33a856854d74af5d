"""Analytics facts of Clockwork Memorion games (clockwork-memorion.md §13), kept by the state as it folds.

- **opening hand**: the cards held when turn 1 begins, plus the Ruler and the Summon Limit card;
- **seen**: the opening hand (turn 0) and every card moved from the deck to the hand (draws, ``draw`` ops, ``put``);
- **played**: ``summon`` (action or op), ``inherit``, ``recall``, plus the Ruler and Summon Limit card (turn 0).

``recall_times`` (beside §13's facts): the Recall Times the player's recalls opened, for ``recall_time_avg``.
"""

from __future__ import annotations

from typing import Any

from engine.clockwork.state import Game


def archetype(g: Game, seat: int) -> str | None:
    """The Ruler's card name, ``/``, the Summon Limit face name in use, `` ↻`` when rotated."""
    me = g.players[seat]
    if me.ruler is None or me.limit is None:
        return None
    limit = g.card(me.limit[0]).faces[me.limit[1]]["name"]
    return f"{g.card(me.ruler.card).name} / {limit}{' ↻' if me.limit[2] else ''}"


def facts(g: Game, seat: int) -> dict[str, Any]:
    me = g.players[seat]
    placed = [c for c in (None if me.ruler is None else me.ruler.card, None if me.limit is None else me.limit[0]) if c]
    opening = list(me.opening_hand) + placed
    seen = dict.fromkeys(opening, 0)
    for cid, turn in me.seen.items():
        seen.setdefault(cid, turn)
    played = dict.fromkeys(placed, 0)
    for cid, turn in me.played.items():
        played.setdefault(cid, turn)
    limit = None if me.limit is None else f"{me.limit[0]}:{me.limit[1]}{':r' if me.limit[2] else ''}"
    return {
        "deck": list(me.deck_list), "opening_hand": opening, "seen": seen, "played": played, "score": me.life,
        "redraw": me.mulligan > 0, "hands_known": True, "archetype": archetype(g, seat),
        "ruler": None if me.ruler is None else me.ruler.card, "limit": limit, "mulligan": me.mulligan,
        "deified_turn": me.deified_turn, "recalls": me.recalls_made, "recall_time": me.recall_time,
        "recall_times": me.recall_times,
        "words": list(me.words),
    }
