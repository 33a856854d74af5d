"""The warehouse rows of one finished game, from its stored columns and each seat's analytics facts.

The facts come from the game's ruleset (``engine.ruleset.Ruleset.facts``, or the tracker a ruleset folds with):
the deck, the hand kept at setup (``opening_hand``), the turn each base card id was first seen (``seen``: 0 for
the opening hand) and first played (``played``), and whether the player redrew. What "seen" and "played" mean is
the ruleset's (metrics.md for Precious Memories, mahou-shoujo.md §13 for Mahou Shoujo); Mahou's facts also give
Gems, Gem awards, Grand Transformations, the opening pair and an archetype. Cards are counted by base id
(parallels are the same card); card codes are per ruleset.

Table logs (table-logs.md, "Statistics over table logs"): a player-game with an unlisted deck has no card rows;
one whose hand was not fully identified by the end of the log keeps ``played`` but not ``in opening hand``/``seen``
(flag ``UNKNOWN_SEEN``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from dashboards.schema import IN_OPENING, NO_MONTH, PLAYED, SEEN, UNKNOWN_SEEN, card_key
from engine.rulesets import RULESETS

#: the archetype of a deck nothing names
UNKNOWN = "unknown"

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
    #: (player, deck name) per seat, from the store's per-seat table (empty: read them from the header)
    seats: tuple[tuple[str, str | None], ...] = ()
    #: irregularities that stood in a game stored as played (docs/as-played.md)
    irregular: int = 0

    @property
    def finished(self) -> bool:
        return self.reason is not None


#: entries :class:`CardCodes` remembers at most (two per deck list, about 4.5 KB together; one per card): a rebuild
#: over millions of games whose deck lists all differ holds about 25 MB more at most, and gains nothing then
MEMO_LIMIT = 10_000


class CardCodes:
    """Dense card codes (0, 1, 2, ...) per (ruleset, base id): games may share card ids, never cards. Kept in the
    warehouse state as ``"<ruleset> <card id>"`` keys (a ruleset name has no space); new cards get the next code.

    While it serves an update it also remembers what :func:`game_rows` works out from the deck lists and the card data
    alone, the same for every game: each deck's archetype and copies by base id, and each card's dimension row
    (``memo``: kept with the card data they came from, and answered only for that same object; never saved)."""

    def __init__(self, codes: Mapping[str, int] | None = None) -> None:
        self.codes: dict[str, int] = dict(codes or {})
        self.memo: dict[Any, tuple[Any, Any]] = {}

    def remembered(self, key: Any, cards: Any, make: Callable[..., Any], *args: Any) -> Any:
        """``make(*args)``, worked out once per ``key`` and card data object ``cards`` (kept, so never another's id)."""
        entry = self.memo.get(key)
        if entry is not None and entry[0] is cards:
            return entry[1]
        value = make(*args)
        if len(self.memo) < MEMO_LIMIT:
            self.memo[key] = (cards, value)
        return value

    def __call__(self, card: str, ruleset: str = "pm-2.22") -> int:
        return self.code_of(f"{ruleset} {card}")

    def code_of(self, key: str) -> int:
        """The code of a ``"<ruleset> <card id>"`` key (the next code for a new one)."""
        code = self.codes.get(key)
        if code is None:
            code = self.codes[key] = len(self.codes)
        return code


@dataclass(slots=True)
class Rows:
    """Rows for each dataset, with the month partition of each row in ``month``."""

    games: list[dict[str, Any]] = field(default_factory=list)
    player_games: list[dict[str, Any]] = field(default_factory=list)
    card_games: list[dict[str, Any]] = field(default_factory=list)
    cards: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # by (ruleset, card id)

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


def card_row(card_id: str, code: int, cards: Any, ruleset: str) -> dict[str, Any]:
    """The ``cards`` dimension row of a base id (fields the game's cards lack are null)."""
    try:
        c = cards.get(card_id)
    except KeyError:  # an id the card data lacks (Precious Memories' UnknownCard is one)
        c = None
    get = (lambda name: getattr(c, name, None)) if c is not None else (lambda name: None)
    set_code = get("set_code") or card_id.split(" ", 1)[0]
    return {"code": code, "card": card_id, "name": get("name"), "series": get("series"), "set_code": set_code,
            "color": get("color"), "type": get("type"), "ruleset": ruleset}


def _base_id(ruleset: str) -> Any:
    """The ruleset's ``card_key`` (the id statistics count a card under), else the id itself."""
    return getattr(RULESETS.get(ruleset), "card_key", None) or (lambda card_id: card_id)


def _archetype(facts: Mapping[str, Any], cards: Any, deck_name: str | None = None, ruleset: str = "") -> str:
    """The ruleset's own archetype when its facts give one, else the ruleset's ``archetype`` of the deck list
    (Precious Memories: metrics.md's series and colors), else the deck's name (a game without archetypes), else
    "unknown"."""
    if facts.get("archetype") is not None:
        return str(facts["archetype"])
    deck = facts.get("deck")
    if deck is None:
        return UNLISTED
    name_it = getattr(RULESETS.get(ruleset), "archetype", None)
    if name_it is not None and RULESETS[ruleset].owns_cards(cards):
        return str(name_it(deck, cards))
    return deck_name or UNKNOWN


def _remembered_archetype(facts: Mapping[str, Any], cards: Any, deck_name: str | None, ruleset: str,
                          codes: CardCodes) -> str:
    """:func:`_archetype`, worked out once per deck list (with its deck name and ruleset) and card data."""
    deck = facts.get("deck")
    if facts.get("archetype") is not None or deck is None:
        return _archetype(facts, cards, deck_name, ruleset)
    key = ("archetype", ruleset, deck_name, tuple(deck))
    return str(codes.remembered(key, cards, _archetype, facts, cards, deck_name, ruleset))


def _copies(deck: Sequence[str], base_id: Callable[[str], str]) -> list[tuple[str, int]]:
    """``(base id, copies)`` of a deck list, in base id order."""
    return sorted(Counter(base_id(c) for c in deck).items())


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def _clockwork_columns(p: Mapping[str, Any]) -> dict[str, Any]:
    """clockwork-memorion.md §13's player-game columns from its facts (``score`` is the final Life there); absent
    facts (other games) give nulls."""
    if "recall_time" not in p:
        return {}
    words = p.get("words")
    return {"final_life": p.get("score"), "ruler": p.get("ruler"), "limit_placement": p.get("limit"),
            "deified_turn": p.get("deified_turn"), "recalls": p.get("recalls"), "recall_time": p.get("recall_time"),
            "recall_times": p.get("recall_times"), "words": None if words is None else [str(w) for w in words]}


def game_rows(game: StoredGame, facts: Sequence[Mapping[str, Any]], cards: Any, codes: CardCodes,
              names: Sequence[str] | None = None) -> Rows:
    """The rows of a finished game from each seat's facts (``engine.ruleset.Ruleset.facts``: ``deck`` (None:
    unlisted), ``opening_hand``, ``seen`` and ``played`` (card -> turn), ``redraw``, ``hands_known``; optionally
    ``archetype``, ``gems``, ``gems_hero_awards``, ``gems_girl_awards``, ``grands``, ``pair``; Clockwork Memorion's
    ``score`` (final Life), ``ruler``, ``limit``, ``deified_turn``, ``recalls``, ``recall_time``, ``recall_times``,
    ``words``). ``names``: the
    players' names (default: the store's per-seat table, else the stored header's)."""
    played_at = utc_naive(game.played_at)
    day = played_at.date() if played_at else None
    month = played_at.strftime("%Y-%m") if played_at else NO_MONTH
    week = iso_week(day)
    seats = range(len(facts))
    two = len(facts) == 2
    header_players = list(game.header.get("players", ()))
    if len(game.seats) == len(facts):  # the store's per-seat table
        names = names or [player for player, _ in game.seats]
        deck_names = [deck for _, deck in game.seats]
    else:
        if names is None:
            names = [str(header_players[s].get("name", "")) if s < len(header_players) else "" for s in seats]
        deck_names = [header_players[s].get("deck_name") if s < len(header_players) else None for s in seats]
    kinds = [_remembered_archetype(f, cards, deck_names[s], game.ruleset, codes) for s, f in enumerate(facts)]
    base_id = _base_id(game.ruleset)
    gems = [_number(f.get("gems")) for f in facts]
    irregular = min(game.irregular or 0, 32767)
    out = Rows()
    out.games.append({
        "game_id": game.id, "source_id": game.source_id, "played_at": played_at, "date": day, "week": week,
        "event": game.event, "round": game.round, "ruleset": game.ruleset, "first": game.first, "winner": game.winner,
        "reason": game.reason, "turns": game.turns, "actions": game.actions, "seats": len(facts),
        "player0": names[0] if names else None, "player1": names[1] if len(names) > 1 else None,
        "archetype0": kinds[0] if kinds else None, "archetype1": kinds[1] if len(kinds) > 1 else None, "month": month,
        "irregular": irregular,
    })
    for seat in seats:
        p = facts[seat]
        s = score(game.winner, seat)
        first = game.first == seat
        deck = p.get("deck")
        known = bool(p.get("hands_known", True))
        pair = p.get("pair") or (None, None)
        out.player_games.append({
            "game_id": game.id, "seat": seat, "player": names[seat], "opponent": names[1 - seat] if two else None,
            "deck_name": deck_names[seat], "archetype": kinds[seat], "opp_archetype": kinds[1 - seat] if two else None,
            "went_first": first, "score": s, "redraw": bool(p.get("redraw")), "played_at": played_at, "date": day,
            "week": week, "event": game.event, "ruleset": game.ruleset, "turns": game.turns, "month": month,
            "deck_listed": deck is not None, "hands_known": known, "reason": game.reason,
            "gems": gems[seat], "opp_gems": gems[1 - seat] if two else None,
            "gems_hero_awards": p.get("gems_hero_awards"), "gems_girl_awards": p.get("gems_girl_awards"),
            "grands": p.get("grands"), "pair_hero": pair[0], "pair_girl": pair[1], "irregular": irregular,
            **_clockwork_columns(p),
        })
        if deck is None:  # an unlisted deck (table logs): the player-game counts in no card statistic
            continue
        opening = {base_id(c) for c in p.get("opening_hand", ()) if c is not None}
        seen, played = p.get("seen") or {}, p.get("played") or {}
        copies_of = codes.remembered(("copies", game.ruleset, tuple(deck)), cards, _copies, deck, base_id)
        for card, copies in copies_of:
            seen_turn = seen.get(card) if known else None
            played_turn = played.get(card)
            flags = ((IN_OPENING if known and card in opening else 0) | (SEEN if seen_turn is not None else 0)
                     | (PLAYED if played_turn is not None else 0) | (0 if known else UNKNOWN_SEEN))
            code, points = codes(card, game.ruleset), int(2 * s)
            out.card_games.append({
                "game_id": game.id, "seat": seat, "card": card, "key": card_key(code, points, flags), "copies": copies,
                "flags": flags, "turn_seen": seen_turn, "turn_played": played_turn or 0, "points": points, "went_first": first,
                "played_at": played_at,
                "event": game.event, "ruleset": game.ruleset, "player": names[seat], "archetype": kinds[seat], "month": month,
                "irregular": irregular,
            })
            if (game.ruleset, card) not in out.cards:
                out.cards[game.ruleset, card] = codes.remembered(("card", game.ruleset, card, code), cards, card_row, card,
                                                                 code, cards, game.ruleset)
    return out
