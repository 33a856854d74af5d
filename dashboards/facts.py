"""The warehouse rows of one finished game, from its stored columns and the engine's folded state.

The engine records per player what metrics.md needs (``engine.pm.state.PlayerState``): the hand
kept at setup (``opening_hand``), the turn each base card id was first seen (``seen``: 0 for the
opening hand) and first played (``played``: summoned, played, set or levelled up with), and the
opening decision (``keep``/``redraw``). Cards are counted by base id (parallels are the same card).

Table logs (table-logs.md, "Statistics over table logs"): a player-game with an unlisted deck has no card rows;
one whose hand was not fully identified by the end of the log keeps ``played`` but not ``in opening hand``/``seen``
(flag ``UNKNOWN_SEEN``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from dashboards.archetype import archetype
from dashboards.schema import IN_OPENING, NO_MONTH, PLAYED, SEEN, UNKNOWN_SEEN, card_key
from engine.cards import CardDB, UnknownCard, base_id

#: the archetype of a player-game whose deck list is unknown (a table log's unlisted deck)
UNLISTED = "unlisted"


@dataclass(frozen=True, slots=True)
class StoredGame:
    """The store's columns of a game that the warehouse keeps."""

    id: int
    header: Mapping[str, Any]
    first: int
    winner: int | None
    reason: str | None
    turns: int
    actions: int
    played_at: datetime | None
    event: str | None
    ruleset: str
    round: int | None = None
    source_id: str | None = None

    @property
    def finished(self) -> bool:
        return self.reason is not None


class CardCodes:
    """Dense card codes (0, 1, 2, ...) by base id; new ids get the next code."""

    def __init__(self, codes: Mapping[str, int] | None = None) -> None:
        self.codes: dict[str, int] = dict(codes or {})

    def __call__(self, card: str) -> int:
        code = self.codes.get(card)
        if code is None:
            code = self.codes[card] = len(self.codes)
        return code


@dataclass(slots=True)
class Rows:
    """Rows for each dataset, with the month partition of each row in ``month``."""

    games: list[dict[str, Any]] = field(default_factory=list)
    player_games: list[dict[str, Any]] = field(default_factory=list)
    card_games: list[dict[str, Any]] = field(default_factory=list)
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def extend(self, other: Rows) -> None:
        self.games += other.games
        self.player_games += other.player_games
        self.card_games += other.card_games
        self.cards.update(other.cards)

    def __len__(self) -> int:
        return len(self.games)


def utc_naive(value: datetime | None) -> datetime | None:
    """A time as naive UTC (stored times without a zone are UTC already)."""
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(UTC).replace(tzinfo=None)


def iso_week(day: date | None) -> str | None:
    """``2026-W47``: the ISO year and week of a date.

    >>> iso_week(date(2027, 1, 1)), iso_week(None)
    ('2026-W53', None)
    """
    if day is None:
        return None
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def score(winner: int | None, seat: int) -> float:
    """1 for a win, 0 for a loss, 0.5 for a draw (a finished game without a winner)."""
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


def card_row(card_id: str, code: int, cards: CardDB) -> dict[str, Any]:
    """The ``cards`` dimension row of a base id."""
    try:
        c = cards.get(card_id)
    except UnknownCard:
        return {"code": code, "card": card_id, "name": None, "series": None, "set_code": card_id.split(" ", 1)[0],
                "color": None, "type": None}
    return {"code": code, "card": card_id, "name": c.name, "series": c.series, "set_code": c.set_code, "color": c.color,
            "type": c.type}


def game_rows(game: StoredGame, players: Sequence[Any], cards: CardDB, codes: CardCodes) -> Rows:
    """The rows of a finished game; ``players`` are the folded ``PlayerState`` of seats 0 and 1."""
    played_at = utc_naive(game.played_at)
    day = played_at.date() if played_at else None
    month = played_at.strftime("%Y-%m") if played_at else NO_MONTH
    week = iso_week(day)
    header_players = list(game.header.get("players", ()))
    names = [str(header_players[s].get("name", "")) for s in (0, 1)]
    decks = [None if players[s].deck_list is None else list(players[s].deck_list) for s in (0, 1)]
    kinds = [UNLISTED if d is None else archetype(d, cards) for d in decks]
    out = Rows()
    out.games.append({
        "game_id": game.id, "source_id": game.source_id, "played_at": played_at, "date": day, "week": week,
        "event": game.event, "round": game.round, "ruleset": game.ruleset, "first": game.first, "winner": game.winner,
        "reason": game.reason, "turns": game.turns, "actions": game.actions, "player0": names[0], "player1": names[1],
        "archetype0": kinds[0], "archetype1": kinds[1], "month": month,
    })
    for seat in (0, 1):
        p = players[seat]
        s = score(game.winner, seat)
        first = game.first == seat
        out.player_games.append({
            "game_id": game.id, "seat": seat, "player": names[seat], "opponent": names[1 - seat],
            "deck_name": header_players[seat].get("deck_name"), "archetype": kinds[seat], "opp_archetype": kinds[1 - seat],
            "went_first": first, "score": s, "redraw": p.opening == "redraw", "played_at": played_at, "date": day,
            "week": week, "event": game.event, "ruleset": game.ruleset, "turns": game.turns, "month": month,
            "deck_listed": decks[seat] is not None, "hands_known": p.hands_known(),
        })
        deck = decks[seat]
        if deck is None:  # an unlisted deck (table logs): the player-game counts in no card statistic
            continue
        known = p.hands_known()
        opening = {base_id(c) for c in (*p.opening_hand, *p.opening_found) if c is not None}
        for card, copies in sorted(Counter(base_id(c) for c in deck).items()):
            seen_turn = p.seen.get(card) if known else None
            played_turn = p.played.get(card)
            flags = ((IN_OPENING if known and card in opening else 0) | (SEEN if seen_turn is not None else 0)
                     | (PLAYED if played_turn is not None else 0) | (0 if known else UNKNOWN_SEEN))
            code, points = codes(card), int(2 * s)
            out.card_games.append({
                "game_id": game.id, "seat": seat, "card": card, "key": card_key(code, points, flags), "copies": copies,
                "flags": flags, "turn_seen": seen_turn, "turn_played": played_turn or 0, "points": points, "went_first": first,
                "played_at": played_at,
                "event": game.event, "ruleset": game.ruleset, "player": names[seat], "archetype": kinds[seat], "month": month,
            })
            if card not in out.cards:
                out.cards[card] = card_row(card, code, cards)
    return out
