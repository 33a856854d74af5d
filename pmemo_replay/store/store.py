"""``Store``: the event store's Python API (ingest, list, get, actions, seek, re-process)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from engine.ruleset import Cards, View
from pmemo_replay.games.cards import CardLibrary, library_of
from pmemo_replay.logio import PmemoLog, dump_jsonl, load_log
from pmemo_replay.store import queries, seek
from pmemo_replay.store.cache import SeekCache, StoredGame
from pmemo_replay.store.config import database_url
from pmemo_replay.store.db import create_db_engine, read_connection
from pmemo_replay.store.migrate import upgrade
from pmemo_replay.store.models import ACTION_BLOCK, Game
from pmemo_replay.store.pipeline import BATCH_SIZE, Item, engine_failure, run_ingest
from pmemo_replay.store.prepare import Prepared, Rejected, prepare, prepare_log
from pmemo_replay.store.reprocess import ReprocessReport, reprocess_all
from pmemo_replay.store.writer import IngestResult, rejected, write_batch

logger = logging.getLogger(__name__)


def _guarded(source: str, step: Callable[[], Prepared | Rejected]) -> Prepared | Rejected:
    """``step()``, or a rejection ``engine.error`` (logged with its traceback) when it raises."""
    try:
        return step()
    except Exception as err:  # an engine bug must not turn an upload into a server error
        logger.exception("the engine failed on %s", source)
        return Rejected(source, engine_failure(err), 1)


class Store:
    """The game store at ``url`` (``None``: ``PMEMO_DATABASE_URL`` or the instance folder's SQLite file).

    Opening it brings the schema to the latest migration. ``cards`` is the card data logs are checked
    against: a card library (pmemo_replay.games.cards) or one game's card database (default: each game's bundled
    card data).
    """

    def __init__(self, url: str | None = None, *, cards: Cards | CardLibrary | None = None) -> None:
        self.url = database_url(url)
        self.engine = create_db_engine(self.url)
        upgrade(self.engine)
        self._cards = cards
        self.library = library_of(cards)
        #: stored games' actions and folded states kept between seeks (pmemo_replay.store.cache)
        self.seek_cache = SeekCache()

    @property
    def cards(self) -> Cards:
        """Precious Memories' card database (drafts, table-log views and the warehouse use it)."""
        return self.library.pm  # type: ignore[no-any-return]

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- ingest -------------------------------------------------------------------------

    def ingest_text(self, data: bytes | str, source: str = "upload", *, as_played: bool = False) -> IngestResult:
        """Check and store one log given as received (JSON or JSON Lines), all in one transaction.

        A log the engine fails on is rejected with the rule ``engine.error`` and stores nothing. ``as_played``: the
        uploader says the table let irregular actions stand (:func:`prepare.prepare_log`).
        """
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        cards = self.library
        return self._write_one(_guarded(source, lambda: prepare(raw, source, cards, as_played=as_played)))

    def ingest_log(self, log: PmemoLog | dict[str, Any], source: str = "log", *, data: bytes | None = None,
                   what_if: bool = False) -> IngestResult:
        """Store a parsed log (or a log document object); its upload keeps ``data``, else its JSON Lines form.
        ``what_if``: a finished what-if branch, stored to be replayed but never listed or counted (``game.what_if``;
        a game already stored with the same content stays as it is)."""
        if not isinstance(log, PmemoLog):
            log = load_log(log)
        raw = data if data is not None else dump_jsonl(log).encode("utf-8")
        cards, parsed = self.library, log
        prepared = _guarded(source, lambda: prepare_log(parsed, cards, data=raw, source=source))
        if what_if and isinstance(prepared, Prepared):
            prepared.game["what_if"] = True
        return self._write_one(prepared)

    def _write_one(self, result: Any) -> IngestResult:
        return write_batch(self.engine, [result])[0]

    def ingest_many(self, items: Iterable[Item], *, workers: int = 0, batch_size: int = BATCH_SIZE,
                    as_played: bool = False) -> Iterator[IngestResult]:
        """Store many ``(source, data)`` items (``data`` None: read the file ``source``); results in order.

        ``workers`` > 0 parses, folds and stores in that many processes (each chunk of games one
        transaction); without workers each batch of games is one transaction here. Each game is
        stored whole or not at all. ``as_played``: the table let irregular actions stand in every log.
        """
        return run_ingest(items, self.engine, cards=self.library, workers=workers, batch_size=batch_size,
                          as_played=as_played)

    # --- read ---------------------------------------------------------------------------

    def list_games(self, *, player: str | None = None, card: str | None = None, event: str | None = None,
                   ruleset: str | None = None, played_from: date | datetime | None = None,
                   played_to: date | datetime | None = None, page: int = 1, per_page: int | None = 50,
                   regular_only: bool = False, deck: str | None = None) -> queries.GamePage:
        """Stored games, newest first by ``played_at`` then id; ``per_page`` None lists them all; ``regular_only``
        leaves out the games stored as played with irregularities; ``deck``: a seat played a deck of that name."""
        where = queries.filters(player=player, card=card, event=event, ruleset=ruleset, played_from=played_from,
                                played_to=played_to, regular_only=regular_only, deck=deck)
        with read_connection(self.engine) as conn:
            return queries.list_games(conn, where, page, per_page)

    def get_game(self, game_id: int) -> Game | None:
        """The game row (header, players, result, counts), or ``None``."""
        with Session(self.engine) as session:
            return session.get(Game, game_id)

    def _stored(self, game_id: int) -> StoredGame | None:
        try:
            return seek.stored_game(self.engine, game_id, self.seek_cache)
        except seek.UnknownGame:
            return None

    def actions(self, game_id: int) -> list[dict[str, Any]]:
        """The stored actions of a game, in order (empty for an unknown id)."""
        game = self._stored(game_id)
        return [] if game is None else game.actions()

    def actions_json(self, game_id: int) -> str | None:
        """:meth:`actions` as a JSON array, encoded as the JSON answers encode it; None for an unknown id."""
        game = self._stored(game_id)
        return None if game is None else game.actions_json()

    def actions_range(self, game_id: int, start: int, stop: int) -> list[dict[str, Any]]:
        """The stored actions ``start``..``stop``-1 of a game, in order."""
        game = self._stored(game_id)
        return [] if game is None else game.actions(start, stop)

    def state_at(self, game_id: int, n: int | None = None) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
        """The state JSON after ``n`` actions (default: the end) and the rulings trail of action ``n``.

        Raises ``UnknownGame`` and ``StepOutOfRange``.
        """
        return seek.state_at(self.engine, game_id, n, self.library, self.seek_cache)

    def legal_at(self, game_id: int, n: int | None = None, view: View = "judge") -> list[dict[str, Any]]:
        """The legal actions after ``n`` actions, in the judge's or a seat's ``view`` of a game whose ruleset makes
        its own views (seek.legal_at). Raises ``UnknownGame`` and ``StepOutOfRange``."""
        return seek.legal_at(self.engine, game_id, n, self.library, self.seek_cache, view=view)

    def count(self, table: str = "game") -> int:
        """Rows in a store table (``game``, ``upload``, ``game_action_block``, ``game_snapshot``)."""
        with read_connection(self.engine) as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(sa.table(table))).scalar_one()

    def count_actions(self) -> int:
        """Actions stored, every game's (they are stored in blocks: ``game_action_block``)."""
        with read_connection(self.engine) as conn:
            total = sa.func.coalesce(sa.func.sum(ACTION_BLOCK.c.stop - ACTION_BLOCK.c.seq), 0)
            return int(conn.execute(sa.select(total)).scalar_one())

    # --- maintenance --------------------------------------------------------------------

    def reprocess_all(self, *, workers: int = 0, force: bool = False) -> ReprocessReport:
        """Re-check every raw upload with the current engine and refresh derived columns and snapshots."""
        return reprocess_all(self.engine, self.library, workers=workers, force=force)


__all__ = ["IngestResult", "Store", "engine_failure", "rejected"]
