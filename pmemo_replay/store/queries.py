"""Reading stored games: the filtered, paged listing (newest first, hidden games left out), one game, its actions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pmemo_replay import dates
from pmemo_replay.store.db import decode_json
from pmemo_replay.store.models import ACTION_BLOCK, GAME, GAME_CARD, GAME_EVENT, GAME_SEAT
from pmemo_replay.store.prepare import as_utc

SUMMARY_COLUMNS = ("id", "source_id", "first", "winner", "reason", "n_actions", "turns", "ruleset", "unverified",
                   "played_at", "event", "round", "irregular")
HIDDEN = "hidden"  # the moderation event that takes a game out of lists and statistics (store.moderation)


def iso_utc(value: datetime | None) -> str | None:
    """A stored time as ``2026-11-20T12:00:00Z``."""
    return None if value is None else as_utc(value).isoformat().replace("+00:00", "Z")  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a stored game."""

    seat: int
    player: str
    deck_name: str | None
    score: float | None
    placement: int | None

    def to_json(self) -> dict[str, Any]:
        score = self.score
        if score is not None and float(score).is_integer():
            score = int(score)
        return {"seat": self.seat, "player": self.player, "deck_name": self.deck_name, "score": score,
                "placement": self.placement}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as listed: no header, no actions. ``players`` and ``decks`` are by seat (``seats`` has the rest)."""

    id: int
    source_id: str | None
    players: tuple[str, ...]
    decks: tuple[str | None, ...]
    first: int
    result: dict[str, Any] | None
    actions: int
    turns: int
    ruleset: str
    played_at: datetime | None
    event: str | None
    round: int | None
    seats: tuple[Seat, ...] = ()
    unverified: int | None = None
    #: irregularities that stood (a game stored as played, docs/as-played.md)
    irregular: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "source_id": self.source_id, "players": list(self.players), "decks": list(self.decks),
                "seats": [s.to_json() for s in self.seats], "first": self.first, "played_at": iso_utc(self.played_at),
                "result": self.result, "actions": self.actions, "turns": self.turns, "ruleset": self.ruleset,
                "unverified": self.unverified, "irregular": self.irregular, "event": self.event, "round": self.round}


def result_of(winner: int | None, reason: str | None) -> dict[str, Any] | None:
    """The spec's result object from the stored columns (``None`` while the game goes on)."""
    return None if reason is None else {"winner": winner, "reason": reason}


def summary(row: Any, seats: list[Seat]) -> GameSummary:
    return GameSummary(row.id, row.source_id, tuple(s.player for s in seats), tuple(s.deck_name for s in seats),
                       row.first, result_of(row.winner, row.reason), row.n_actions, row.turns, row.ruleset,
                       row.played_at, row.event, row.round, tuple(seats), row.unverified, row.irregular or 0)


def seats_of(conn: Connection, ids: list[int]) -> dict[int, list[Seat]]:
    """The seats of each of the games ``ids``, in seat order."""
    out: dict[int, list[Seat]] = {i: [] for i in ids}
    if not ids:
        return out
    query = (sa.select(GAME_SEAT.c.game_id, GAME_SEAT.c.seat, GAME_SEAT.c.player, GAME_SEAT.c.deck_name,
                       GAME_SEAT.c.score, GAME_SEAT.c.placement)
             .where(GAME_SEAT.c.game_id.in_(ids)).order_by(GAME_SEAT.c.game_id, GAME_SEAT.c.seat))
    for game_id, *seat in conn.execute(query):
        out[game_id].append(Seat(*seat))
    return out


@dataclass(frozen=True, slots=True)
class GamePage:
    """One page of the listing; ``total`` counts every game the filters match."""

    items: list[GameSummary]
    total: int
    page: int
    per_page: int | None

    @property
    def pages(self) -> int:
        """How many pages the matching games fill (1 when none match: page 1 is then an empty list)."""
        return 1 if self.per_page is None else max(1, -(-self.total // self.per_page))

    @property
    def past_end(self) -> bool:
        """True when ``page`` is past the last page (it lists nothing although games match: a stale link)."""
        return self.page > self.pages

    def past_end_message(self, filtered: bool = False) -> str:
        """Why a page past the end lists nothing, and which page is the last (``filtered``: a search was given).

        >>> GamePage([], 120, 999, 50).past_end_message()
        'no games on page 999: the 120 games fill 3 pages of 50; the last is page 3'
        >>> GamePage([], 0, 2, 50).past_end_message()
        'no games on page 2: there are no games yet; page 1 is the only page'
        """
        one = self.total == 1
        match = (" that matches" if one else " that match") if filtered else ""
        if self.total == 0:
            return (f"no games on page {self.page}: there are {'no games' + match if filtered else 'no games yet'}; "
                    "page 1 is the only page")
        pages = "1 page" if self.pages == 1 else f"{self.pages} pages"
        return (f"no games on page {self.page}: the {self.total} game{'' if one else 's'}{match} "
                f"fill{'s' if one else ''} {pages} of {self.per_page}; the last is page {self.pages}")

    def to_json(self) -> dict[str, Any]:
        return {"items": [g.to_json() for g in self.items], "total": self.total, "page": self.page, "per_page": self.per_page,
                "pages": self.pages}


def _bound(value: date | datetime, *, end: bool) -> datetime:
    """A filter bound in UTC (inclusive); a date ``to`` covers that whole day (dates are UTC days)."""
    when = dates.end_of(value) if end else dates.start_of(value)
    return as_utc(when)  # type: ignore[return-value]


def filters(*, player: str | None = None, card: str | None = None, event: str | None = None, ruleset: str | None = None,
            played_from: date | datetime | None = None, played_to: date | datetime | None = None,
            regular_only: bool = False, deck: str | None = None) -> list[sa.ColumnElement[bool]]:
    """WHERE clauses: ``player`` at any seat, ``deck`` the deck name at any seat, ``card`` in any deck (or EX deck),
    ``from``/``to`` on ``played_at``;
    ``regular_only``: no game stored as played with irregularities that stood (docs/as-played.md).

    A date ``played_to`` includes that day; games without ``played_at`` drop out when either bound is given.
    """
    where: list[sa.ColumnElement[bool]] = [GAME.c.irregular == 0] if regular_only else []
    if player is not None:
        where.append(GAME.c.id.in_(sa.select(GAME_SEAT.c.game_id).where(GAME_SEAT.c.player == player)))
    if deck is not None:
        where.append(GAME.c.id.in_(sa.select(GAME_SEAT.c.game_id).where(GAME_SEAT.c.deck_name == deck)))
    if card is not None:
        where.append(GAME.c.id.in_(sa.select(GAME_CARD.c.game_id).where(GAME_CARD.c.card == card)))
    if event is not None:
        where.append(GAME.c.event == event)
    if ruleset is not None:
        where.append(GAME.c.ruleset == ruleset)
    if played_from is not None:
        where.append(GAME.c.played_at >= _bound(played_from, end=False))
    if played_to is not None:
        where.append(GAME.c.played_at <= _bound(played_to, end=True))
    return where


def hidden_ids_query() -> sa.Select[Any]:
    """``SELECT game_id`` of the hidden games: those whose last moderation event is ``hidden``."""
    last = sa.select(sa.func.max(GAME_EVENT.c.id)).group_by(GAME_EVENT.c.game_id)
    return sa.select(GAME_EVENT.c.game_id).where(GAME_EVENT.c.id.in_(last), GAME_EVENT.c.kind == HIDDEN)


def superseded_ids_query() -> sa.Select[Any]:
    """``SELECT id`` of the games never played as such: superseded by a merge (a seat's recording, ``game.merged_into``
    set), or what-if branches (``game.what_if``: a game that could have been)."""
    return sa.select(GAME.c.id).where(sa.or_(GAME.c.merged_into.is_not(None), GAME.c.what_if))


#: the drafts' tables as far as the store reads them (pmemo_replay/drafts/models.py; the store's migrations 0004 and
#: 0007 create them): which two stored games are two seats' recordings of one game
_DRAFT = sa.table("draft", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer))
_PAIR = sa.table("draft_pair", sa.column("draft_id", sa.Integer), sa.column("with_id", sa.Integer),
                 sa.column("seat", sa.Integer), sa.column("game_id", sa.Integer))


def paired_games_query() -> sa.Select[Any]:
    """``SELECT first, second``: the two stored seat games of each pair of drafts not merged yet (two phones recorded
    one game: each draft asked for the other from the other seat, and both were finished as two different games).

    One game, counted once: ``first``, the one stored first (the lower id), stands for the game in lists and
    statistics; ``second``, the pair's second recording, is left out of them (:func:`left_out_ids_query`) while it
    stays replayable and linked. Derived from the pairing as it stands, so every order of events (pair then finish,
    finish then pair, a pairing asked again with another draft) gives the same answer; once the merge is stored, both
    are superseded by it (``merged_into``) and no longer listed here. Moderation does not change which one counts:
    a moderator hiding the first hides the game (the second does not stand in for it)."""
    mine, back = _PAIR.alias("p0"), _PAIR.alias("p1")
    seat0, seat1 = _DRAFT.alias("d0"), _DRAFT.alias("d1")
    game0, game1 = GAME.alias("g0"), GAME.alias("g1")
    lower = seat0.c.game_id < seat1.c.game_id
    return (sa.select(sa.case((lower, seat0.c.game_id), else_=seat1.c.game_id).label("first"),
                      sa.case((lower, seat1.c.game_id), else_=seat0.c.game_id).label("second"))
            .select_from(mine.join(back, sa.and_(back.c.draft_id == mine.c.with_id, back.c.with_id == mine.c.draft_id,
                                                 back.c.seat == 1))
                         .join(seat0, seat0.c.id == mine.c.draft_id).join(seat1, seat1.c.id == back.c.draft_id)
                         .join(game0, game0.c.id == seat0.c.game_id).join(game1, game1.c.id == seat1.c.game_id))
            # a what-if branch is no game played (never counted): a pair with one counts nothing twice
            .where(mine.c.seat == 0, mine.c.game_id.is_(None), back.c.game_id.is_(None),
                   seat0.c.game_id != seat1.c.game_id, sa.not_(game0.c.what_if), sa.not_(game1.c.what_if)))


def second_recordings_query() -> sa.Select[Any]:
    """``SELECT`` the ids of the pairs' second recordings (:func:`paired_games_query`): never counted."""
    pairs = paired_games_query().subquery()
    return sa.select(pairs.c.second)


def left_out_ids_query() -> sa.CompoundSelect[Any]:
    """``SELECT`` the ids of the games lists and statistics leave out: hidden by a moderator, superseded by the
    merged game of two seats' recordings, what-if branches (neither of which moderation can bring back), or the
    second of two seats' recordings of one game not merged yet (:func:`paired_games_query`)."""
    return sa.union(hidden_ids_query(), superseded_ids_query(), second_recordings_query())


def list_games(conn: Connection, where: list[sa.ColumnElement[bool]], page: int = 1, per_page: int | None = 50, *,
               include_hidden: bool = False) -> GamePage:
    """Games matching ``where``, newest first (``played_at``, games without it last, then ``id``); hidden games
    are left out unless ``include_hidden``; games superseded by a merge, what-if branches and the second of two seats'
    recordings of one game (:func:`paired_games_query`) always are."""
    page = max(page, 1)
    where = [*where, GAME.c.merged_into.is_(None), sa.not_(GAME.c.what_if), GAME.c.id.not_in(second_recordings_query())]
    if not include_hidden:
        where = [*where, GAME.c.id.not_in(hidden_ids_query())]
    total = conn.execute(sa.select(sa.func.count()).select_from(GAME).where(*where)).scalar_one()
    query = (sa.select(*(GAME.c[c] for c in SUMMARY_COLUMNS)).where(*where)
             .order_by(GAME.c.played_at.desc().nulls_last(), GAME.c.id.desc()))
    if per_page is not None:
        query = query.limit(per_page).offset((page - 1) * per_page)
    rows = conn.execute(query).all()
    seats = seats_of(conn, [r.id for r in rows])
    return GamePage([summary(r, seats[r.id]) for r in rows], total, page, per_page)


_BLOCKS = (sa.select(ACTION_BLOCK.c.seq, ACTION_BLOCK.c.data)
           .where(ACTION_BLOCK.c.game_id == sa.bindparam("game_id"), ACTION_BLOCK.c.stop > sa.bindparam("start")))
_BLOCKS_TO = _BLOCKS.where(ACTION_BLOCK.c.seq < sa.bindparam("stop")).order_by(ACTION_BLOCK.c.seq)
_BLOCKS = _BLOCKS.order_by(ACTION_BLOCK.c.seq)


def actions(conn: Connection, game_id: int, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
    """The stored actions ``start``..``stop``-1 of a game, in order, read from the blocks that hold them."""
    start = max(start, 0)
    if stop is None:
        blocks = conn.execute(_BLOCKS, {"game_id": game_id, "start": start}).all()
    else:
        blocks = conn.execute(_BLOCKS_TO, {"game_id": game_id, "start": start, "stop": stop}).all()
    if not blocks:
        return []
    first = blocks[0][0]
    texts = "\n".join(data for _, data in blocks).split("\n")[start - first:None if stop is None else max(stop - first, 0)]
    return [decode_json(t) for t in texts]
