"""Drafts in the store: create, append, undo, finish, read, follow (table-logs.md, "Recording drafts").

Every write runs in one transaction holding the draft's row (``FOR UPDATE`` on PostgreSQL; SQLite's
``BEGIN IMMEDIATE`` takes the whole write lock) and compares the client's ``expected`` with the draft's
count there, so several server processes may take writes for one draft. Each process keeps the folds of
the drafts it served (:class:`~pmemo_replay.drafts.cache.FoldCache`): an append folds only the new
action onto them; they are used only when the row's count and latest event are theirs, else rebuilt
from the draft's latest snapshot plus the actions after it.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from engine.ruleset import hidden_field, hides_orders, recorded_from, recorded_from_problem, returned_unseen
from engine.rulesets import RULESETS, UnknownRuleset
from engine.rulings import IllegalAction, Ruling
from pmemo_replay.drafts import unnamed
from pmemo_replay.drafts.cache import Entry, FoldCache
from pmemo_replay.drafts.folding import DraftFold, RefoldRefused, Shown, public_header, ruleset_of
from pmemo_replay.drafts.models import DRAFT, DRAFT_EVENT, DRAFT_SNAPSHOT
from pmemo_replay.drafts.notify import announce
from pmemo_replay.drafts.orders import NamingConflict, Rewrite
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.unnamed import header_unnamed, with_unnamed
from pmemo_replay.logio import FORMAT, VERSION, LogError, PmemoLog, check_card_ids, parse_log
from pmemo_replay.logio.boundary import action_check
from pmemo_replay.store import Store
from pmemo_replay.store.db import read_connection, write_transaction
from pmemo_replay.views import RedactionError, seat_actions, seat_view

logger = logging.getLogger(__name__)

SNAPSHOT_EVERY = 32
EVENTS_PAGE = 200
#: what a token other than a draft's own may see of it (pairing.Pairs.viewer): every view, as the draft's own token
#: (a judge's moderator token; the paired draft's once both are finished), a set of seats' views, or nothing (None)
EVERY_VIEW = "every"
Grant = frozenset[int] | str | None
Action = dict[str, Any]


class DraftError(Exception):
    """A refused draft request: the HTTP ``status`` and the JSON ``body`` to answer with."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error") or body.get("ruling", {}).get("message", ""))
        self.status = status
        self.body = body


def _error(status: int, message: str) -> DraftError:
    return DraftError(status, {"error": message})


NOT_FOUND = "no such draft"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Finished:
    game_id: int
    created: bool


def _stands(fold: DraftFold, action: Mapping[str, Any]) -> bool:
    """Whether ``action``, refused as a regular action, would stand as played on ``fold`` (tried on a scratch copy:
    nothing changes). False for what cannot be carried out at all (a card that is not there)."""
    try:
        fold.scratch().push(action)
    except (IllegalAction, ValueError, KeyError):
        return False
    return True


def _public_event(kind: str, public: Any) -> Any:
    """An event's public copy for the stream: an order rewrite without the naming request that made it (the cards
    named are the recorder's own knowledge)."""
    if kind == "order" and isinstance(public, dict):
        return {k: v for k, v in public.items() if k != "named"}
    return public


class Drafts:
    """The drafts of ``store``, with this process's cache of their folds."""

    def __init__(self, store: Store, cache: FoldCache | None = None) -> None:
        self.store = store
        self.engine = store.engine
        self.cache = cache if cache is not None else FoldCache()

    # --- create -------------------------------------------------------------------------

    def create(self, text: str | bytes) -> tuple[int, str]:
        """Start a draft from a log's header line; its id and write token. 400 malformed, 422 deck rulings."""
        try:
            log = parse_log(text)
        except LogError as err:
            raise DraftError(422 if err.rule == "log.card" else 400, {"ruling": err.ruling}) from None
        self._check_header(log.header)
        if log.actions:
            raise _error(400, "send the log's first line only (the header): actions are appended one by one")
        self._start_fold(log.header)
        token = secrets.token_urlsafe(24)
        now = _now()
        with write_transaction(self.engine) as conn:
            draft_id = conn.execute(sa.insert(DRAFT).values(
                token_hash=token_hash(token), header=log.header, count=0, last_event=0, created_at=now,
                updated_at=now).returning(DRAFT.c.id)).scalar_one()
        return draft_id, token

    def branch(self, header: Mapping[str, Any], actions: list[Any], *, branch_of: int | None = None,
               at: int | None = None, view: str = "judge") -> tuple[int, str]:
        """Start a draft holding ``actions`` already (a what-if branch: a stored game's actions up to a step, as a
        view saw them, maybe with the action tried there); its id and write token. 422 with the ruling of the
        first action the rules refuse, or of the header's decks, as :meth:`create` checks them (nothing stored)."""
        self._check_header(header)
        for index, action in enumerate(actions):
            self._check_action(header, action, index)
        fold = self._start_fold(header)
        copies = []
        for index, action in enumerate(actions):
            try:
                copies.append(fold.push(action))
            except IllegalAction as err:
                ruling = Ruling(err.ruling.rule, err.ruling.message, index=index, path=str(index))
                raise DraftError(422, {"ruling": ruling.to_json()}) from None
        token = secrets.token_urlsafe(24)
        now = _now()
        with write_transaction(self.engine) as conn:
            draft_id = conn.execute(sa.insert(DRAFT).values(
                token_hash=token_hash(token), header=dict(header), count=0, last_event=0, created_at=now,
                updated_at=now, branch_of=branch_of, branch_at=at, branch_view=view).returning(DRAFT.c.id)).scalar_one()
            event = 0
            if actions:
                conn.execute(sa.insert(DRAFT_EVENT), [
                    {"draft_id": draft_id, "kind": "append", "seq": n, "action": action, "public": copy, "at": now}
                    for n, (action, copy) in enumerate(zip(actions, copies, strict=True))])
                event = conn.execute(sa.select(sa.func.max(DRAFT_EVENT.c.id)).where(DRAFT_EVENT.c.draft_id == draft_id)).scalar_one()
            if fold.orders is not None:  # the source's draws were known, but for those never named there; what
                # is still in a deck goes on as a draft's deck order nobody saw (named as drawn, or not named)
                never = {(pos[0], pos[1]) for positions in header_unnamed(header).values() for pos in positions
                         if len(pos) == 3 or pos[3] >= len(actions)}  # named only after the branch's start
                never |= self._rival_hands(fold)
                for s, (_, order) in sorted(fold.orders.orders.items()):
                    seen = {k for k in range(len(order)) if (s, k) in fold.orders.taken and (s, k) not in never}
                    fold.orders.see({s: seen})
                    event = self._event(conn, draft_id, "order", s, dict(fold.orders.held[s]),
                                        {"by": s, "seen": sorted(seen)})
            conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(count=len(actions), last_event=event))
        self.cache.put(draft_id, fold, len(actions), event)
        return draft_id, token

    @staticmethod
    def _rival_hands(fold: DraftFold) -> set[tuple[int, int]]:
        """A branch recorded from one seat (``meta.recorded_from``): the positions of the other players' drawn and
        chosen cards that their hands hold at its start, which that seat never saw: left unnamed, as its own
        recording would have left them (a card revealed from a hand and put back is counted among them too)."""
        orders = fold.orders
        if fold.from_seat is None or orders is None:
            return set()
        state = fold.judge.state
        return {pos for p in range(orders.seats) if p != fold.from_seat for pos in orders.unnamed(state, p)}

    def in_progress(self, *, hours: float = 12, limit: int = 10) -> list[dict[str, Any]]:
        """Drafts being recorded now (an action within ``hours``, not finished, not a what-if branch), the games
        still going first, then those whose game is over but that nobody finished (``over``: stored by nobody yet),
        each the latest first: ``{"id", "ruleset", "players", "count", "updated_at", "over"}``."""
        since = _now() - timedelta(hours=hours)
        out = []
        with read_connection(self.engine) as conn:
            rows = conn.execute(sa.select(DRAFT)
                                .where(DRAFT.c.game_id.is_(None), DRAFT.c.branch_of.is_(None), DRAFT.c.branch_at.is_(None),
                                       DRAFT.c.count > 0, DRAFT.c.updated_at >= since)
                                .order_by(DRAFT.c.updated_at.desc(), DRAFT.c.id.desc()).limit(limit)).all()
            for r in rows:
                out.append({"id": r.id, "ruleset": ruleset_name(r.header), "count": r.count, "updated_at": r.updated_at,
                            "players": [str(p.get("name", f"player {i}")) for i, p in enumerate(r.header.get("players") or ())],
                            "over": self._over(conn, r)})
        return sorted(out, key=lambda d: d["over"])  # stable: the latest first within each

    def _over(self, conn: Connection, row: Row[Any]) -> bool:
        """True when the draft's game has ended (its ruleset's result), though the draft is not finished."""
        try:
            entry = self._entry(conn, row)
            with entry.lock:
                return entry.fold.ruleset.result(entry.fold.judge.state) is not None
        except Exception:  # a draft the engine cannot fold now is listed as going on (the page says so when opened)
            logger.warning("draft %d: its fold failed while listing the live drafts", row.id, exc_info=True)
            return False

    def branches(self, game_id: int) -> list[dict[str, Any]]:
        """The what-if branches of a stored game, oldest first: ``{"id", "at", "view", "count", "game_id",
        "updated_at"}``."""
        with read_connection(self.engine) as conn:
            rows = conn.execute(sa.select(DRAFT.c.id, DRAFT.c.branch_at, DRAFT.c.branch_view, DRAFT.c.count,
                                          DRAFT.c.game_id, DRAFT.c.updated_at)
                                .where(DRAFT.c.branch_of == game_id).order_by(DRAFT.c.id)).all()
        return [{"id": r.id, "at": r.branch_at, "view": r.branch_view, "count": r.count, "game_id": r.game_id,
                 "updated_at": r.updated_at.isoformat()} for r in rows]

    # --- writes -------------------------------------------------------------------------

    def append(self, draft_id: int, token: str | None, action: Any, expected: Any, *,
               stand: bool = True, named: Any = None) -> dict[str, Any]:
        """Append one action at ``expected``: ``{"applied", "state", "trail"}`` (judge view). ``stand`` False: refuse
        an irregular action even when the draft's header says ``as_played`` (the recorder asks first).

        A game whose deck orders nobody at the table saw (engine.ruleset.HiddenOrders, drafts/orders.py): a shuffle
        may come without its ``order`` (a placeholder fills it), an action naming a hand card makes it one of the
        cards drawn and not named yet, and ``named`` (``{"p", "cards"}``) names the cards ``p`` drew and nobody
        named yet, oldest first (the shuffle's draws sent with it); 400 when a name conflicts with what was seen."""
        if type(expected) is not int or expected < 0:
            raise _error(400, "'expected' must be the number of actions the client holds (an integer >= 0)")
        with write_transaction(self.engine) as conn:
            row = self._locked(conn, draft_id, token)
            bare = self._bare(row.header, action)
            if not bare:
                self._check_action(row.header, action, expected)
            if expected != row.count:
                if expected == row.count - 1 and self._is_last_append(conn, row, action):
                    return self._answer(self._entry(conn, row))  # a retry: the same result, applied once
                raise self._conflict(row, expected)
            entry = self._entry(conn, row)
            with entry.lock:
                action, public, rewrites = self._take(entry, conn, row, action, expected, bare, named, stand)
                entry.valid = False  # until the transaction commits
                try:
                    event = self._event(conn, draft_id, "append", expected, action, public)
                    event = self._order_events(conn, draft_id, entry, rewrites, expected) or event
                    conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(
                        count=expected + 1, last_event=event, updated_at=_now()))
                    if (expected + 1) % SNAPSHOT_EVERY == 0:
                        judge, shown = entry.fold.snapshots()
                        conn.execute(sa.insert(DRAFT_SNAPSHOT).values(draft_id=draft_id, seq=expected + 1, judge=judge,
                                                                      public=shown))
                    answer = self._answer(entry)
                except BaseException:
                    self.cache.drop(draft_id)
                    raise
        entry.mark(expected + 1, event)
        return answer

    def _take(self, entry: Entry, conn: Connection, row: Row[Any], action: Any, expected: int, bare: bool,
              named: Any, stand: bool) -> tuple[Any, Action, list[Rewrite]]:
        """Fold ``action`` at ``expected`` onto ``entry``'s fold as an append does: a bare hidden-order action filled,
        what it names from hidden places made true, the cards ``named`` named (before an action that draws until a
        kind of card comes, else after); the action as taken, its public copy and the order rewrites. 422 with the
        ruling when the rules refuse it (a rewrite made for it: the cached fold dropped)."""
        rewrites: list[Rewrite] = []
        if entry.fold.orders is not None:
            if isinstance(action, dict) and entry.fold.from_seat is not None:
                # from one seat, an action due only were the draws nobody named other cards: made so first
                rewrites.append(self._fit_drawn(entry, conn, row, action))
            unseen = self._unseen_field(entry.fold.ruleset, row.header, action)
            sent = action
            action = self._fill(entry.fold, row.header, action, expected, bare)
            # the hand cards filled in for the rival's (put back unseen) stay unnamed: only those sent are named
            seen = action if unseen is None else {**action, unseen: [c for c in sent[unseen] if c is not None]}
            rewrites.append(self._named_by(entry, conn, row, seen))
            if named is not None and self._draws_named_first(entry.fold.ruleset, action, named):
                rewrites.append(self._name_first(entry, conn, row, named, action))
                named = None
        try:
            public = entry.fold.push(action, stand=stand)
        except IllegalAction as err:
            if any(rewrites):
                self.cache.drop(row.id)
            suffix = err.path_suffix
            ruling = Ruling(err.ruling.rule, err.ruling.message, index=expected,
                            path=f"{expected}.{suffix}" if suffix else str(expected))
            stands = not stand and entry.fold.judge.as_played and _stands(entry.fold, action)
            raise DraftError(422, {"ruling": ruling.to_json(), "stands_as_played": stands}) from None
        if (entry.fold.orders is not None and not bare
                and hidden_field(entry.fold.ruleset, action, from_seat=entry.fold.from_seat is not None) is not None):
            rewrites.append(entry.fold.orders.see_whole(expected))  # an order (a choice) given whole: the table knew it
        if named is not None:
            rewrites.append(self._name_drawn(entry, conn, row, named))
        return action, public, rewrites

    def check(self, draft_id: int, token: str | None, action: Any, expected: Any, named: Any = None) -> dict[str, Any]:
        """Whether ``action`` appended at ``expected`` (with ``named``) would be taken as a regular action: the append's
        own path (:meth:`_take`) on a scratch copy of the draft's fold, nothing stored: ``{"count", "legal",
        "ruling"}``, the ruling the append would answer (its 400s answered as it answers them). An as-played draft
        would let an irregular action stand after the recorder asks; this answers the rules."""
        if type(expected) is not int or expected < 0:
            raise _error(400, "'expected' must be the number of actions the client holds (an integer >= 0)")
        with read_connection(self.engine) as conn:
            row = self._checked(conn, draft_id, token)
            if row.game_id is not None:
                raise DraftError(409, {"error": "the draft is finished", "game_id": row.game_id})
            if expected != row.count:
                raise self._conflict(row, expected)
            bare = self._bare(row.header, action)
            if not bare:
                self._check_action(row.header, action, expected)
            entry = self._entry(conn, row)
            with entry.lock:
                scratch = Entry(entry.fold.scratch(), row.count, row.last_event)
            try:
                self._take(scratch, conn, row, action, expected, bare, named, False)
            except DraftError as err:
                if err.status != 422 or "ruling" not in err.body:
                    raise
                return {"count": row.count, "legal": False, "ruling": err.body["ruling"]}
        return {"count": row.count, "legal": True, "ruling": None}

    def name(self, draft_id: int, token: str | None, named: Any, expected: Any, request_id: Any = None) -> dict[str, Any]:
        """Name cards drawn and not named yet (``{"p", "cards"}``, oldest first) in a game whose deck orders nobody
        saw: the orders are rewritten where nobody saw them; answers as an append does.

        Idempotent as an append is: the same naming again at the same point (same ``expected``, nothing written
        since) is a retry whose answer was lost, answered with the same state and nothing changed. ``request_id``
        (optional, the client's own id of the naming, kept with it in its outbox) tells a retry from a second naming
        of the same cards on purpose: that one has another id. 409 with the reason when the names no longer fit what
        the draft knows (more cards than are left unnamed, a copy the deck no longer has).

        The naming belongs to the action that drew the cards it names (the latest such), not to the draft's last
        action: undoing a later action (a note) leaves them named; undoing the draw drops the names with it."""
        if type(expected) is not int or expected < 1:
            raise _error(400, "'expected' must be the number of actions the client holds (an integer >= 1)")
        if request_id is not None and (type(request_id) is not str or not 0 < len(request_id) <= 64):
            raise _error(400, "'request_id' must be the client's id of this naming (a string of 1 to 64 characters)")
        with write_transaction(self.engine) as conn:
            row = self._locked(conn, draft_id, token)
            if expected != row.count:
                raise self._conflict(row, expected)
            entry = self._entry(conn, row)
            with entry.lock:
                if entry.fold.orders is None:
                    raise _error(400, f"{entry.fold.ruleset.game} has no deck order to name cards in")
                p, cards = self._named_cards(entry, row, named)
                request = {"p": p, "cards": cards, "at": row.count, "request_id": request_id}
                if self._is_last_naming(conn, row, request):
                    return self._answer(entry)  # a retry: applied once
                rewrite = self._name_drawn(entry, conn, row, named, status=409)
                taken = entry.fold.orders.taken if entry.fold.orders is not None else {}
                by = max((taken[(s, k)] for s, places in rewrite.seen.items() for k in places if (s, k) in taken),
                         default=row.count - 1)
                entry.valid = False
                try:
                    event = self._order_events(conn, draft_id, entry, [rewrite], by, request)
                    if event:
                        conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(last_event=event,
                                                                                           updated_at=_now()))
                    answer = self._answer(entry)
                except BaseException:
                    self.cache.drop(draft_id)
                    raise
        entry.mark(row.count, event or row.last_event)
        return answer

    @staticmethod
    def _is_last_naming(conn: Connection, row: Row[Any], request: Mapping[str, Any]) -> bool:
        """True when the draft's latest event is an order rewrite made by the naming ``request`` (``{"p", "cards",
        "at", "request_id"}``: the same cards named at the same point, by the same request when it has an id)."""
        public = conn.execute(sa.select(DRAFT_EVENT.c.public).where(
            DRAFT_EVENT.c.id == row.last_event, DRAFT_EVENT.c.kind == "order")).scalar()
        if not isinstance(public, dict) or not isinstance(public.get("named"), dict):
            return False
        last = public["named"]
        same_id = request["request_id"] is None or last.get("request_id") == request["request_id"]
        return same_id and all(last.get(k) == request[k] for k in ("p", "cards", "at"))

    def undo(self, draft_id: int, token: str | None, expected: Any = None) -> dict[str, Any]:
        """Take the last action back (an ``undo`` event); ``expected``, when given, is the count before it."""
        if expected is not None and (type(expected) is not int or expected < 0):
            raise _error(400, "'expected' must be the number of actions the client holds (an integer >= 0)")
        with write_transaction(self.engine) as conn:
            row = self._locked(conn, draft_id, token)
            if expected is not None and expected != row.count:
                if expected == row.count + 1 and self._last_event_kind(conn, row) == ("undo", row.count):
                    return self._answer(self._entry(conn, row))  # a retried undo
                raise self._conflict(row, expected)
            if row.count == 0:
                raise _error(409, "the draft holds no action to take back")
            self.cache.drop(draft_id)
            event = self._event(conn, draft_id, "undo", row.count - 1, None, None)
            conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(
                count=row.count - 1, last_event=event, updated_at=_now()))
            # a rewrite of the orders (hidden orders) may store a snapshot up to SNAPSHOT_EVERY before its action
            stale = row.count - (SNAPSHOT_EVERY if hides_orders(ruleset_of(row.header)) else 0)
            conn.execute(sa.delete(DRAFT_SNAPSHOT).where(DRAFT_SNAPSHOT.c.draft_id == draft_id,
                                                         DRAFT_SNAPSHOT.c.seq >= stale))
            row = self._row(conn, draft_id)
            entry = self._entry(conn, row)
            answer = self._answer(entry)
        return answer

    def finish(self, draft_id: int, token: str | None) -> Finished:
        """Store the draft as a game through the normal ingest; finishing again gives the same game. A what-if
        branch is stored as one (``game.what_if``): replayed, linked to its game, never listed or counted.

        The draft is first marked as finishing under its row lock, so no append or
        undo slips in while it is stored: the game stored is exactly the draft, and only one game is stored (a
        finish retried after a crash ingests the same log again, which the store answers with the same game).
        """
        with write_transaction(self.engine) as conn:
            row = self._finishable(conn, draft_id, token)
            if row.game_id is not None:
                return Finished(row.game_id, False)
            conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(finishing=True))
            actions = self._actions(conn, draft_id, 0, row.count, "action")
            header = self._header_at_finish(conn, row)
        doc = {"format": FORMAT, "version": VERSION, "game": header, "actions": actions}
        # a what-if branch is stored to be replayed, never listed or counted as a game played (game.what_if)
        result = self.store.ingest_log(doc, f"draft {draft_id}", what_if=row.branch_at is not None)
        with write_transaction(self.engine) as conn:
            self._finishable(conn, draft_id, token)
            if result.game_id is None:  # refused: the draft goes on being recorded
                conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(finishing=False))
                raise DraftError(422, {"ruling": result.ruling or {}})
            event = self._event(conn, draft_id, "finish", row.count, None, None)
            conn.execute(sa.update(DRAFT).where(DRAFT.c.id == draft_id).values(
                game_id=result.game_id, finishing=False, last_event=event, updated_at=_now()))
        return Finished(result.game_id, result.status == "stored")

    def _header_at_finish(self, conn: Connection, row: Row[Any]) -> dict[str, Any]:
        """The header the stored game gets: a game whose deck orders nobody saw keeps the positions drawn and never
        named (``meta.unnamed``, pmemo_replay/games/unnamed.py): their cards are the placeholder's."""
        if not hides_orders(ruleset_of(row.header)):
            return dict(row.header)
        entry = self._entry(conn, row)
        with entry.lock:
            assert entry.fold.orders is not None
            return with_unnamed(row.header, entry.fold.orders.unnamed_meta())

    # --- reads --------------------------------------------------------------------------

    def get(self, draft_id: int, token: str | None = None, *, seat: int | None = None,
            grant: Grant = None) -> dict[str, Any]:
        """``{"id", "game", "actions", "state", "game_id", ...}``: the judge view with the token, else the public one;
        with the token and ``seat``, the state as that seat sees it (the actions then as the public saw them).
        ``grant``: what another token was found to see (pairing.Pairs.viewer): :data:`EVERY_VIEW` as the draft's own
        token, or a set of seats whose views alone it may ask for (without ``seat``: the public view)."""
        with read_connection(self.engine) as conn:
            row = self._row(conn, draft_id)
            judge = (token is not None and self._token_ok(row, token)) or grant == EVERY_VIEW
            if token is not None and not judge and not grant:
                raise _error(403, "this is not the draft's token (nor the paired draft's, nor a judge's)")
            allowed = judge or (grant is not None and seat in grant)
            if seat is not None and not (allowed and 0 <= seat < len(row.header.get("players") or ())):
                raise _error(403 if not allowed else 400, "a seat's view needs the draft's token (or the paired draft's "
                                                          "for its own seat, or a judge's) and a seat of the game")
            full = judge or seat is not None  # a seat's view is redacted from the judge's, below
            actions = self._actions(conn, draft_id, 0, row.count, "action" if full else "public")
            entry = self._entry(conn, row)
        game = row.header if judge else public_header(row.header)
        with entry.lock:
            shown = entry.fold.shown("judge" if full else "public")
            turns = entry.fold.turns[:row.count]
        if seat is not None:
            game = entry.fold.ruleset.seat_header(row.header, seat)
            shown, actions = self._seat_view(row, entry.fold.cards, actions, shown, seat)
        branch = None if row.branch_of is None else {"of": row.branch_of, "at": row.branch_at, "view": row.branch_view}
        seats = range(len(row.header.get("players") or ()))
        views = ["public", *(str(n) for n in seats if judge or (grant is not None and n in grant)),
                 *(["judge"] if judge else [])]
        return {"id": draft_id, "game": game, "actions": actions, "state": shown.state, "trail": shown.trail,
                "game_id": row.game_id, "count": row.count, "last_event": row.last_event, "turns": turns,
                "branch": branch, "views": views}

    @staticmethod
    def _seat_view(row: Row[Any], cards: Any, actions: list[Action], judge: Shown, seat: int) -> tuple[Shown, list[Action]]:
        """The draft as ``seat`` may see it, through the one redaction a stored game's seat view goes through
        (views.seat_view): its state, trail and actions; 422 when the draft cannot be redacted for that seat."""
        key = f"draft {row.id}: {row.count} {row.last_event}"
        try:
            state, trail = seat_view(key, row.header, actions, cards, seat, row.count, lambda n: (judge.state, judge.trail))
            seen = seat_actions(key, row.header, actions, cards, seat)
        except RedactionError as err:
            raise _error(422, f"draft {row.id} cannot be shown in seat {seat}'s view: {err}") from None
        return Shown(state, trail), seen

    def offers(self, draft_id: int, token: str | None, *, player: int | None = None,
               card: str | None = None) -> dict[str, Any]:
        """What may be done now (:func:`offers.offers`), or with ``player`` and ``card`` the ways to play that card
        from an unknown hand card (:func:`offers.hand_options`)."""
        with read_connection(self.engine) as conn:
            row = self._checked(conn, draft_id, token)
            entry = self._entry(conn, row)
        seats = len(row.header.get("players") or ())
        if player is not None and (type(player) is not int or not 0 <= player < seats):
            raise _error(400, f"'p' is {player!r}: this game's seats are 0 to {seats - 1}")
        with entry.lock:
            state = entry.fold.judge.state
            ruleset = entry.fold.ruleset
            orders = entry.fold.orders
            if card is None:
                key = ("offers", row.count, row.last_event)
                if entry.memo.get("key") != key:
                    offered = ruleset.offers(state)
                    if orders is not None:  # no offer plays a card not named yet under the placeholder's identity
                        offered = unnamed.offers(ruleset, state, orders, offered)
                    entry.memo = {"key": key, "value": {**offered, **self._draws(entry, offered["actions"])}}
                return {"count": row.count, **entry.memo["value"]}
            if card not in entry.fold.cards or player is None:
                raise _error(400, f"name a known card and a player 'p' (0 to {seats - 1})")
            try:
                if orders is not None:
                    options = unnamed.hand_options(ruleset, state, orders, player, card)
                else:
                    options = ruleset.hand_options(state, player, card)
            except IllegalAction as err:
                raise DraftError(422, {"ruling": err.ruling.to_json()}) from None
        return {"count": row.count, "options": options}

    def events_after(self, draft_id: int, after: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The draft's events with an id above ``after`` (oldest first, a page at most) and, when there are any, the
        public state and trail now."""
        with read_connection(self.engine) as conn:
            row = self._row(conn, draft_id)
            if row.last_event <= after:
                return [], None
            rows = conn.execute(sa.select(DRAFT_EVENT.c.id, DRAFT_EVENT.c.kind, DRAFT_EVENT.c.seq, DRAFT_EVENT.c.public)
                                .where(DRAFT_EVENT.c.draft_id == draft_id, DRAFT_EVENT.c.id > after)
                                .order_by(DRAFT_EVENT.c.id).limit(EVENTS_PAGE)).all()
            entry = self._entry(conn, row)
        with entry.lock:
            shown = entry.fold.shown("public")
            turns = entry.fold.turns
        events = [{"id": r.id, "kind": r.kind, "seq": r.seq, "action": _public_event(r.kind, r.public),
                   "turn": turns[r.seq] if r.kind == "append" and r.seq < len(turns) else None} for r in rows]
        return events, {"count": row.count, "game_id": row.game_id, "state": shown.state, "trail": shown.trail,
                        "last": row.last_event}

    def exists(self, draft_id: int) -> bool:
        with read_connection(self.engine) as conn:
            return conn.execute(sa.select(DRAFT.c.id).where(DRAFT.c.id == draft_id)).first() is not None

    # --- deck orders nobody saw (drafts/orders.py) --------------------------------------------

    @staticmethod
    def _bare(header: Mapping[str, Any], action: Any) -> bool:
        """True for an action of a hidden-order type sent without its ``order`` (the draft fills it), or of a hidden
        choice without its cards."""
        try:
            rs = ruleset_of(header)
        except UnknownRuleset:
            return False
        if not (hides_orders(rs) and isinstance(action, dict)):
            return False
        field = hidden_field(rs, action, from_seat=recorded_from(rs, header) is not None)
        return (field is not None and field not in action) or Drafts._unseen_field(rs, header, action) is not None

    @staticmethod
    def _unseen_field(rs: Any, header: Mapping[str, Any], action: Any) -> str | None:
        """In a recording from one seat, the field of ``action`` listing hand cards it puts back unseen (the ruleset's
        ``returns_unseen``: a Clockwork mulligan's ``cards``) when it holds a null (a card the recorder did not see)."""
        if not isinstance(action, dict) or recorded_from(rs, header) is None:
            return None
        field = returned_unseen(rs, action)
        cards = action.get(field) if field is not None else None
        return field if isinstance(cards, list) and None in cards else None

    def _fill(self, fold: DraftFold, header: Mapping[str, Any], action: Any, index: int, bare: bool) -> Any:
        """The action with a placeholder ``order`` (a hidden choice: placeholder cards) when it came without one (then
        checked as any action)."""
        if not bare:
            return action
        if type(action.get("p")) is not int or not 0 <= action["p"] < len(fold.judge.state.players):
            raise _error(400, f"action {index}: {action.get('type')}: field 'p' must be a seat")
        rs = fold.ruleset
        unseen = self._unseen_field(rs, header, action)
        if unseen is not None:
            action = {**action, unseen: self._unseen_hand(fold, action, unseen, index)}
        field = hidden_field(rs, action, from_seat=fold.from_seat is not None)
        if field is None or field in action:
            self._check_action(header, action, index)
            return action
        if field != "order" and action["p"] == fold.from_seat:
            raise _error(400, f"action {index}: {action.get('type')}: this draft is recorded from seat {fold.from_seat}, "
                              f"whose own {field} only its recorder sees: name them ('{field}')")
        try:
            if field == "order":
                action = {**action, "order": rs.placeholder_order(fold.judge.state, action)}
            else:
                action = {**action, field: rs.placeholder_choice(fold.judge.state, action)}
        except IllegalAction as err:
            ruling = Ruling(err.ruling.rule, err.ruling.message, index=index, path=str(index))
            raise DraftError(422, {"ruling": ruling.to_json()}) from None
        self._check_action(header, action, index)
        return action

    def _unseen_hand(self, fold: DraftFold, action: Mapping[str, Any], field: str, index: int) -> list[str]:
        """``action[field]`` with each null (a hand card the rival put back unseen) one of the rival's latest drawn
        cards nobody named (400 for the recorder's own: it names them; 400 when the hand holds too few such cards)."""
        p, cards = action["p"], list(action[field])
        if p == fold.from_seat:
            raise _error(400, f"action {index}: {action.get('type')}: this draft is recorded from seat {fold.from_seat}, "
                              f"whose own {field} its recorder sees: name them ('{field}')")
        assert fold.orders is not None
        orders, state = fold.orders, fold.judge.state
        unnamed = [orders.orders[s][1][k] for s, k in orders.unnamed(state, p)]
        for card in cards:  # a card the recorder did see is not one of those left to fill
            if card is not None and card in unnamed:
                unnamed.remove(card)
        holes = cards.count(None)
        if holes > len(unnamed):
            raise _error(400, f"action {index}: {action.get('type')}: {holes} card(s) put back unseen, but player {p}'s "
                              f"hand holds {len(unnamed)} card(s) nobody named")
        filler = iter(unnamed[len(unnamed) - holes:])
        return [next(filler) if c is None else c for c in cards]

    def _names(self, header: Mapping[str, Any]) -> list[str]:
        return [str(p.get("name", f"player {i}")) for i, p in enumerate(header.get("players") or ())]

    def _named_by(self, entry: Entry, conn: Connection, row: Row[Any], action: Any) -> Rewrite:
        """What ``action`` names from a hand made true (orders rewritten, the fold rebuilt), or 400."""
        assert entry.fold.orders is not None
        try:
            rewrite = entry.fold.orders.name_for(entry.fold.judge.state, action, self._names(row.header))
        except NamingConflict as err:
            raise _error(400, f"action {row.count}: {err}") from None
        entry.fold.orders.named_late(rewrite, row.count)  # a play names a card drawn before: which draw is a guess
        if rewrite:
            self._rewrite(entry, conn, row, rewrite)
        return rewrite

    def _fit_drawn(self, entry: Entry, conn: Connection, row: Row[Any], action: Any) -> Rewrite:
        """A bare action due only were the player's latest draws nobody named other cards (the ruleset's
        ``due_if_drawn``: Mahou's rival redraw): those draws rewritten to fit (nothing when it is due already)."""
        fold = entry.fold
        due = getattr(fold.ruleset, "due_if_drawn", None)
        assert fold.orders is not None
        if due is None:
            return Rewrite()
        plain = {k: v for k, v in action.items() if k != hidden_field(fold.ruleset, action, from_seat=True)}
        for candidate, p, n, fits in due(fold.judge.state):
            if candidate == plain:
                try:
                    rewrite = fold.orders.fit_drawn(p, n, fits, self._names(row.header))
                except NamingConflict as err:
                    raise _error(400, f"action {row.count}: {err}") from None
                if rewrite:
                    self._rewrite(entry, conn, row, rewrite)
                return rewrite
        return Rewrite()

    @staticmethod
    def _draws_named_first(rs: Any, action: Any, named: Any) -> bool:
        """True when ``action`` draws until a kind of card comes (the ruleset's ``draws_named_first``) and ``named``
        names its own player's cards: they go on top before it."""
        return (action.get("type") in getattr(rs, "draws_named_first", ()) and isinstance(named, dict)
                and named.get("p") == action.get("p"))

    def _named_cards(self, entry: Entry, row: Row[Any], named: Any, *, unseen: bool = False) -> tuple[int, list[Any]]:
        """``named``'s player and cards (400 unless ``{"p": a seat, "cards": [known card ids]}``; ``unseen``: null
        for a card nobody saw may stand among them)."""
        seats = len(row.header.get("players") or ())
        cards = named.get("cards") if isinstance(named, dict) else None
        p = named.get("p") if isinstance(named, dict) else None
        if type(p) is not int or not 0 <= p < seats or not isinstance(cards, list) or not all(
                (isinstance(c, str) and c in entry.fold.cards) or (unseen and c is None) for c in cards):
            raise _error(400, f"'named' is {{\"p\": a seat (0 to {seats - 1}), \"cards\": [known card ids]}}")
        return p, cards

    def _name_first(self, entry: Entry, conn: Connection, row: Row[Any], named: Any, action: Any) -> Rewrite:
        """Put ``named["cards"]`` on top of ``named["p"]``'s deck, top first, before ``action`` draws them. Recorded from
        one seat, the rival's may hold null: a card drawn into the hand that nobody saw, which cannot have been one
        that ends the drawing (the ruleset's ``ends_draws``)."""
        fold = entry.fold
        rival = fold.from_seat is not None and named.get("p") != fold.from_seat
        p, cards = self._named_cards(entry, row, named, unseen=rival)
        assert fold.orders is not None
        ends_draws = getattr(fold.ruleset, "ends_draws", None)
        state = fold.judge.state
        ends = None if ends_draws is None else (lambda card: bool(ends_draws(state, action, card)))
        try:
            rewrite = fold.orders.name_top(p, cards, self._names(row.header), ends)
        except NamingConflict as err:
            self.cache.drop(row.id)
            raise _error(400, f"action {row.count}: {err}") from None
        if rewrite:
            self._rewrite(entry, conn, row, rewrite)
        return rewrite

    def _name_drawn(self, entry: Entry, conn: Connection, row: Row[Any], named: Any, *, status: int = 400) -> Rewrite:
        """Name ``named["cards"]`` as the cards ``named["p"]`` drew and nobody named yet (the fold rebuilt); ``status``
        the answer when they do not fit."""
        p, cards = self._named_cards(entry, row, named)
        assert entry.fold.orders is not None
        try:
            rewrite = entry.fold.orders.name_drawn(entry.fold.judge.state, p, cards, self._names(row.header))
        except NamingConflict as err:
            self.cache.drop(row.id)
            raise _error(status, str(err)) from None
        if rewrite:
            self._rewrite(entry, conn, row, rewrite, status=status)
        return rewrite

    def _rewrite(self, entry: Entry, conn: Connection, row: Row[Any], rewrite: Rewrite, *, status: int = 400) -> None:
        """The entry's fold with ``rewrite`` (folded again from where it reaches, drafts/folding.py), or 400 when a
        folded action no longer holds."""
        try:
            entry.fold.rewrite(rewrite, lambda: self._current(conn, row))
        except RefoldRefused as err:
            self.cache.drop(row.id)
            raise _error(status, f"the cards named conflict with action {err.index} ({err.action.get('type')}), refused "
                              f"then ({err.error.ruling.rule}): {err.error.ruling.message}") from None

    def _order_events(self, conn: Connection, draft_id: int, entry: Entry, rewrites: list[Rewrite], by: int,
                      named: Mapping[str, Any] | None = None) -> int:
        """Store the rewrites as ``order`` events made with action ``by`` (undone with it; ``named``: the naming
        request that made them, to know its retry), and drop the stored snapshots they made stale (those after the
        first action a rewritten order changed; the fold's latest mark before it, when one is due, stored again); the
        last event's id (0: none)."""
        event = 0
        assert entry.fold.orders is not None or not rewrites
        for rewrite in rewrites:
            for s in rewrite.targets():
                event = self._event(conn, draft_id, "order", s, dict(entry.fold.orders.held[s]),  # type: ignore[union-attr]
                                    {"by": by, "seen": sorted(rewrite.seen.get(s, set())),
                                     **({"late": sorted(k for q, k in rewrite.late if q == s)} if rewrite.late else {}),
                                     **({"named": dict(named)} if named is not None else {})})
        reached = [r.affects for r in rewrites if r.affects is not None]
        if reached:
            stale = min(reached)
            dropped = conn.execute(sa.delete(DRAFT_SNAPSHOT).where(DRAFT_SNAPSHOT.c.draft_id == draft_id,
                                                                   DRAFT_SNAPSHOT.c.seq > stale)).rowcount
            due = entry.fold.applied - 1 - (entry.fold.applied - 1) % SNAPSHOT_EVERY  # the latest one a rebuild takes
            shots = entry.fold.mark_snapshots(due) if dropped and due > stale else None
            if shots is not None:
                conn.execute(sa.insert(DRAFT_SNAPSHOT).values(draft_id=draft_id, seq=due, judge=shots[0],
                                                              public=shots[1]))
        return event

    def _draws(self, entry: Entry, offered: list[Action]) -> dict[str, Any]:
        """For the recorder: each player's drawn cards nobody named yet and what they may be (``pool``), what the
        next shuffle offered to that player orders (``shuffle_pool``: what its draws may be), and the action types
        whose draws are named with them (``draws_named_first``)."""
        orders = entry.fold.orders
        if orders is None:
            return {}
        state = entry.fold.judge.state
        rs = entry.fold.ruleset
        draws = [{"p": p, "unnamed": len(orders.unnamed(state, p)), "pool": orders.pool(p), "shuffle_pool": None}
                 for p in range(orders.seats)]
        for action in offered:
            p = action.get("p")
            if self._unseen_field(rs, entry.fold.header, action) is not None:
                continue  # the rival's cards put back unseen: what they are is the draft's to fill
            if action.get("type") in rs.hidden_orders and type(p) is int and draws[p]["shuffle_pool"] is None:
                try:
                    draws[p]["shuffle_pool"] = dict(Counter(rs.placeholder_order(state, action)))
                except (IllegalAction, KeyError):
                    continue
        return {"hidden_orders": sorted(rs.hidden_orders), "draws": draws,
                "draws_named_first": sorted(getattr(rs, "draws_named_first", ()))}

    def _current(self, conn: Connection, row: Row[Any]) -> list[Action]:
        return self._actions(conn, row.id, 0, row.count, "action")

    # --- helpers ------------------------------------------------------------------------

    def cards(self, header: Mapping[str, Any]) -> Any:
        """The card database a draft of this header folds with (its ruleset's)."""
        return self.store.library.for_ruleset(ruleset_name(header))

    def _check_header(self, header: Mapping[str, Any]) -> None:
        """400 unless a ruleset the server knows; 422 with the ruling for a card id its cards do not hold."""
        if ruleset_name(header) not in RULESETS:
            raise _error(400, f"drafts record games of the rulesets {', '.join(sorted(RULESETS))}")
        problem = recorded_from_problem(ruleset_of(header), header)
        if problem is not None:
            raise _error(400, problem)
        try:
            check_card_ids(PmemoLog(dict(header), []), self.cards(header).__contains__)
        except LogError as err:
            raise DraftError(422 if err.rule == "log.card" else 400, {"ruling": err.ruling}) from None

    def _start_fold(self, header: Mapping[str, Any]) -> DraftFold:
        """The draft's fold before action 0: 422 with the ruling when the rules refuse its decks."""
        try:
            return DraftFold(header, self.cards(header))
        except IllegalAction as err:
            raise DraftError(422, {"ruling": err.ruling.to_json()}) from None
        except UnknownRuleset as err:
            raise _error(400, str(err.args[0])) from None

    def _check_action(self, header: Mapping[str, Any], action: Any, index: int) -> None:
        try:
            action_check(header)(action, index)
            check_card_ids(PmemoLog({"ruleset": ruleset_name(header), "players": []}, [action]),
                           self.cards(header).__contains__)
        except LogError as err:
            raise DraftError(422 if err.rule == "log.card" else 400, {"ruling": err.ruling}) from None

    @staticmethod
    def _row(conn: Connection, draft_id: int, *, lock: bool = False) -> Row[Any]:
        query = sa.select(DRAFT).where(DRAFT.c.id == draft_id)
        row = conn.execute(query.with_for_update() if lock else query).one_or_none()
        if row is None:
            raise _error(404, NOT_FOUND)
        return row

    @staticmethod
    def _token_ok(row: Row[Any], token: str | None) -> bool:
        return token is not None and hmac.compare_digest(row.token_hash, token_hash(token))

    def _checked(self, conn: Connection, draft_id: int, token: str | None) -> Row[Any]:
        row = self._row(conn, draft_id)
        if not self._token_ok(row, token):
            raise _error(403, "writing to a draft needs its token: 'Authorization: Bearer <token>'")
        return row

    def _finishable(self, conn: Connection, draft_id: int, token: str | None) -> Row[Any]:
        """The draft's row, locked for this transaction; 403 without its token (a finished draft is answered, not
        refused: finishing again gives the same game)."""
        row = self._row(conn, draft_id, lock=True)
        if not self._token_ok(row, token):
            raise _error(403, "writing to a draft needs its token: 'Authorization: Bearer <token>'")
        return row

    def _locked(self, conn: Connection, draft_id: int, token: str | None) -> Row[Any]:
        """The draft's row, locked for this transaction; 403 without its token, 409 once finished."""
        row = self._row(conn, draft_id, lock=True)
        if not self._token_ok(row, token):
            raise _error(403, "writing to a draft needs its token: 'Authorization: Bearer <token>'")
        if row.game_id is not None or row.finishing:
            raise DraftError(409, {"error": "the draft is being finished" if row.game_id is None else "the draft is finished",
                                   "game_id": row.game_id, "count": row.count})
        return row

    @staticmethod
    def _conflict(row: Row[Any], expected: int) -> DraftError:
        return DraftError(409, {"error": f"the draft holds {row.count} action(s), not {expected}", "count": row.count})

    @staticmethod
    def _event(conn: Connection, draft_id: int, kind: str, seq: int, action: Mapping[str, Any] | None,
               public: Mapping[str, Any] | None) -> int:
        event = conn.execute(sa.insert(DRAFT_EVENT).values(draft_id=draft_id, kind=kind, seq=seq, action=action,
                                                           public=public, at=_now()).returning(DRAFT_EVENT.c.id)).scalar_one()
        announce(conn, draft_id)  # watchers on every worker and server hear it at commit (PostgreSQL)
        return int(event)

    @staticmethod
    def _last_event_kind(conn: Connection, row: Row[Any]) -> tuple[str, int] | None:
        last = conn.execute(sa.select(DRAFT_EVENT.c.kind, DRAFT_EVENT.c.seq).where(DRAFT_EVENT.c.id == row.last_event)).first()
        return None if last is None else (last.kind, last.seq)

    @staticmethod
    def _is_last_append(conn: Connection, row: Row[Any], action: Any) -> bool:
        last = conn.execute(sa.select(DRAFT_EVENT.c.kind, DRAFT_EVENT.c.seq, DRAFT_EVENT.c.action)
                            .where(DRAFT_EVENT.c.id == row.last_event)).first()
        if last is None or last.kind not in ("append", "order"):
            return False
        stored = conn.execute(sa.select(DRAFT_EVENT.c.action).where(
            DRAFT_EVENT.c.draft_id == row.id, DRAFT_EVENT.c.kind == "append", DRAFT_EVENT.c.seq == row.count - 1)
            .order_by(DRAFT_EVENT.c.id.desc()).limit(1)).scalar()
        if stored is None or not isinstance(action, dict):
            return False
        rs = ruleset_of(row.header)
        field = hidden_field(rs, action, from_seat=recorded_from(rs, header=row.header) is not None)
        if field is not None and field not in action and field in stored:  # sent bare, stored as the draft filled it
            stored = {k: v for k, v in stored.items() if k != field}
        unseen = Drafts._unseen_field(rs, row.header, action)
        if unseen is not None and isinstance(stored.get(unseen), list) and len(stored[unseen]) == len(action[unseen]):
            stored = {**stored, unseen: [None if a is None else c for a, c in zip(action[unseen], stored[unseen],
                                                                                   strict=True)]}  # nulls it filled
        return bool(stored == action)

    @staticmethod
    def _actions(conn: Connection, draft_id: int, lo: int, hi: int, column: str,
                 rewritten: Mapping[int, Action] | None = None) -> list[Action]:
        """The current actions ``lo`` .. ``hi`` - 1: at each index, the latest append there (the orders rewritten,
        ``rewritten`` when the caller read them already)."""
        if hi <= lo:
            return []
        latest = (sa.select(sa.func.max(DRAFT_EVENT.c.id))
                  .where(DRAFT_EVENT.c.draft_id == draft_id, DRAFT_EVENT.c.kind == "append",
                         DRAFT_EVENT.c.seq >= lo, DRAFT_EVENT.c.seq < hi)
                  .group_by(DRAFT_EVENT.c.seq))
        rows = conn.execute(sa.select(DRAFT_EVENT.c[column]).where(DRAFT_EVENT.c.id.in_(latest))
                            .order_by(DRAFT_EVENT.c.seq)).all()
        actions = [r[0] for r in rows]
        if column == "action":
            if rewritten is None:
                rewritten, _, _ = Drafts._orders(conn, draft_id, hi)
            for s, action in rewritten.items():
                if lo <= s < hi:
                    actions[s - lo] = action
        return actions

    @staticmethod
    def _actions_at(conn: Connection, draft_id: int, indexes: list[int], rewritten: Mapping[int, Action]) -> dict[int, Action]:
        """The current actions at ``indexes`` (each below the draft's count), ``rewritten``: the orders rewritten."""
        out = {s: rewritten[s] for s in indexes if s in rewritten}
        wanted = [s for s in indexes if s not in rewritten]
        if wanted:
            rows = conn.execute(sa.select(DRAFT_EVENT.c.seq, DRAFT_EVENT.c.action)
                                .where(DRAFT_EVENT.c.draft_id == draft_id, DRAFT_EVENT.c.kind == "append",
                                       DRAFT_EVENT.c.seq.in_(wanted)).order_by(DRAFT_EVENT.c.id)).all()
            out.update((r.seq, r.action) for r in rows)  # the latest append at each index last
        return out

    @staticmethod
    def _orders(conn: Connection, draft_id: int,
                count: int) -> tuple[dict[int, Action], dict[int, set[int]], dict[tuple[int, int], int]]:
        """The deck orders rewritten by names (drafts/orders.py) and the positions seen, as the draft stands with
        ``count`` actions: an ``order`` event counts while the action it came with (``by``) is still the one that
        was appended before it (an undo, or the action appended again, drops it)."""
        rows = conn.execute(sa.select(DRAFT_EVENT.c.id, DRAFT_EVENT.c.seq, DRAFT_EVENT.c.action, DRAFT_EVENT.c.public)
                            .where(DRAFT_EVENT.c.draft_id == draft_id, DRAFT_EVENT.c.kind == "order")
                            .order_by(DRAFT_EVENT.c.id)).all()
        if not rows:
            return {}, {}, {}
        appended = dict(conn.execute(sa.select(DRAFT_EVENT.c.seq, sa.func.max(DRAFT_EVENT.c.id))
                                     .where(DRAFT_EVENT.c.draft_id == draft_id, DRAFT_EVENT.c.kind == "append",
                                            DRAFT_EVENT.c.seq < count)
                                     .group_by(DRAFT_EVENT.c.seq)).all())
        orders: dict[int, Action] = {}
        seen: dict[int, set[int]] = {}
        late: dict[tuple[int, int], int] = {}  # named by a play after their draw (Rewrite.late) -> that play
        for r in rows:
            by = r.public["by"]
            if by < count and r.id > appended.get(by, r.id) and r.id > appended.get(r.seq, r.id):
                orders[r.seq] = r.action
                seen.setdefault(r.seq, set()).update(r.public["seen"])
                for k in r.public.get("late", ()):
                    late.setdefault((r.seq, k), by)
        return orders, seen, late

    def _entry(self, conn: Connection, row: Row[Any]) -> Entry:
        """This process's folds of the draft as the row says it is: cached, or rebuilt (and cached)."""
        entry = self.cache.get(row.id, row.count, row.last_event)
        if entry is not None:
            return entry
        fold = self._rebuild(conn, row)
        return self.cache.put(row.id, fold, row.count, row.last_event)

    def _rebuild(self, conn: Connection, row: Row[Any]) -> DraftFold:
        """The folds from the latest snapshot before the last action (so its trail is there) plus the actions after
        (a game with hidden orders: the snapshot's decks patched from the orders as rewritten since)."""
        snap = conn.execute(sa.select(DRAFT_SNAPSHOT).where(DRAFT_SNAPSHOT.c.draft_id == row.id,
                                                             DRAFT_SNAPSHOT.c.seq < row.count)
                            .order_by(DRAFT_SNAPSHOT.c.seq.desc()).limit(1)).first()
        header, cards = row.header, self.cards(row.header)
        rewritten, seen, late = self._orders(conn, row.id, row.count) if hides_orders(ruleset_of(header)) else ({}, {}, {})
        start = 0
        fold: DraftFold | None = None
        if snap is not None:
            try:
                fold = DraftFold(header, cards, offset=snap.seq, judge=snap.judge, public=snap.public, seen=seen, late=late,
                                 orders_now=lambda indexes: self._actions_at(conn, row.id, indexes, rewritten))
                start = snap.seq
            except (ValueError, KeyError, TypeError):  # a snapshot of an older engine, or stale: fold from the start
                fold = None
        if fold is None:
            fold = DraftFold(header, cards, seen=seen, late=late)
        for action in self._actions(conn, row.id, start, row.count, "action", rewritten):
            fold.push(action)
        return fold

    @staticmethod
    def _answer(entry: Entry) -> dict[str, Any]:
        shown = entry.fold.shown("judge")
        return {"applied": entry.fold.applied, "state": shown.state, "trail": shown.trail}

