"""Two seats, one game: two drafts of the same game, each recorded on its own phone from its own seat, linked and
merged into one judge's log (engine.merge), stored as one game with both recordings kept.

One game is counted once: each seat's finished draft is stored (as every finished draft is), and when the merge is
stored it supersedes them: each seat game's ``merged_into`` names the merged game (migration 0010), which takes it
out of the games list and every statistic (store.queries.left_out_ids_query); nothing is deleted, and moderation
(hide, show) does not touch it. The merged game links back to its recordings and each seat game forward to it
(:func:`recordings`: ``GET /api/games/<id>``).

Before the merge is stored (the recordings disagree and nobody has picked yet, or nobody pressed merge), the game is
counted once too: once the two drafts are paired and both are stored, the seat game stored first (the lower id) stands
for the game, and the other, the pair's second recording, is left out of the games list and every statistic
(store.queries.paired_games_query, read from the pairing as it stands: asking to pair with another draft counts both
again); it stays replayable, linked from the first, from its draft and from the games list's row of the first.

``pair`` records one draft's request (its token, the other draft's id, the seat it was recorded from); two drafts
are paired once each asked for the other from the other seat. A request not answered yet may be changed (another
draft, another seat); a pair both asked for stays: asking to pair either draft with a third is refused (409 naming
the pair), so one phone never unpairs the other quietly; ``unpair`` takes a draft's own request back first.
``merged`` merges them (the first disagreement, when there is one, with both versions); ``finish`` stores the merged
game when they agree to the end.

Who sees what: the merge holds both hands, so it is shown, picked and stored only once *both* drafts are finished
(the game is over): mid-game a seat's token gets 409, never the other seat's recording, deck list or the merged
judge's log. After the game both players agreed to pair, so each phone is shown both recordings: a judge's decision
needs both versions side by side, and nothing in them is hidden any more. The merge, its picks and its storing take
the token of either paired draft (the merge page of one seat's draft opens on the other seat's phone), or a judge's
own: the server's moderator API token (``pmemo-replay tokens add NAME --moderator``), for a judge on another device;
nothing else (a pick always needs one of them).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from engine.merge import START, merge, seat_mismatch, seat_secrets
from engine.merge_picks import CLEAR, DROP, HOWS, INSERT, TAKE, Pick, picks_at, stored_picks, with_pick
from engine.ruleset import recorded_from, seat_recordings
from pmemo_replay.drafts.folding import ruleset_of
from pmemo_replay.drafts.models import DRAFT, DRAFT_PAIR
from pmemo_replay.drafts.service import EVERY_VIEW, DraftError, Drafts, Finished, Grant
from pmemo_replay.logio import FORMAT, VERSION
from pmemo_replay.store.db import read_connection, write_transaction
from pmemo_replay.store.models import GAME
from pmemo_replay.store.queries import paired_games_query

HEADER = "header"  #: the pick's step naming the header (whose is right where the two differ)
#: the picks' steps that are no game action: the header, and what the seats knew before the first game action
#: (engine.merge ``START``), in the order the merge meets them
NAMED_STEPS = (HEADER, START)
#: what to do with a draft paired as a seat's recording that is no seat's (a judge's, a complete log): engine.merge
#: ``own_view``, ``{seat}`` the seat it was paired as
OWN_VIEW = ("record or upload seat {seat}'s own view (the game recorded on that seat's phone, naming only what that "
            "seat saw; a judge's or a complete log becomes one with 'pmemo-replay redact LOG --view {seat}') and pair "
            "that draft instead")
#: what to do before pairing again: each phone takes back its own request
UNPAIR = "unpair first (DELETE /api/drafts/<id>/pair, each phone its own draft)"


def _error(status: int, message: str) -> DraftError:
    return DraftError(status, {"error": message})


class Pairs:
    """The pairs of ``drafts``' store."""

    def __init__(self, drafts: Drafts) -> None:
        self.drafts = drafts
        self.engine = drafts.engine

    def pair(self, draft_id: int, token: str | None, with_id: Any, seat: Any) -> dict[str, Any]:
        """Ask to pair ``draft_id`` (recorded from ``seat``) with ``with_id``: ``{"paired", "seats"}``."""
        if type(with_id) is not int or with_id == draft_id or not 0 < with_id < 2**31:
            raise _error(400, "'with' must be the id of the other seat's draft")
        if type(seat) is not int or seat not in (0, 1):  # true == 1, but is no seat
            raise _error(400, "'seat' must be the seat this draft was recorded from: 0 or 1")
        with write_transaction(self.engine) as conn:
            row = self.drafts._checked(conn, draft_id, token)  # a finished draft may still be paired
            other = self.drafts._row(conn, with_id)
            if ruleset_of(row.header).name != ruleset_of(other.header).name:
                raise _error(422, "the two drafts are of different games")
            ruleset = ruleset_of(row.header)
            if not ruleset.table_logs and not seat_recordings(ruleset):
                raise _error(422, f"{ruleset.game}'s logs are complete (every hand and deck order is part of the "
                                  f"log, the ruleset's contract): it has no seat recordings, so there is nothing to "
                                  f"pair or merge; record the game once")
            if not ruleset.table_logs and recorded_from(ruleset, row.header) is None:
                raise _error(422, f"draft {draft_id} records {ruleset.game} from the judge's seat (every hidden card "
                                  f"named), so there is nothing to pair; a recording from one seat says so when it "
                                  f"starts (the header's meta.recorded_from: 0 or 1)")
            mine = [(row.header, self.drafts._actions(conn, draft_id, 0, row.count, "action"))]
            called = f"draft {draft_id}, sent as seat {{seat}}'s,"
            mismatch = (seat_mismatch(ruleset, mine, [seat], called, own_view=OWN_VIEW)
                        or seat_secrets(ruleset, self.drafts.cards(row.header), mine, [seat], called, OWN_VIEW))
            if mismatch is not None:
                raise _error(422, mismatch)
            asked = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id).with_for_update()).first()
            if asked is not None and (asked.with_id, asked.seat) != (with_id, seat):
                if asked.game_id is not None:  # the link between the recordings and the stored game stays
                    raise DraftError(409, {"error": f"draft {draft_id} is merged into stored game {asked.game_id} "
                                                    f"with draft {asked.with_id}: it cannot be paired again",
                                           "game_id": asked.game_id})
                if self._answered(conn, asked):  # a pair both asked for is never dropped quietly by one side
                    raise DraftError(409, {"error": f"draft {draft_id} is paired with draft {asked.with_id} (as seat "
                                                    f"{asked.seat}; draft {asked.with_id} asked back as seat "
                                                    f"{1 - asked.seat}): unpair it first (DELETE /api/drafts/"
                                                    f"{draft_id}/pair) to pair it with another",
                                           "paired_with": asked.with_id})
                conn.execute(sa.delete(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id))
                asked = None
            taken = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == with_id)).first()
            if taken is not None and taken.with_id != draft_id and self._answered(conn, taken):
                raise DraftError(409, {"error": f"draft {with_id} is paired with draft {taken.with_id} already (both "
                                                f"asked): it cannot be paired with draft {draft_id} unless its phone "
                                                f"unpairs it first",
                                       "paired_with": taken.with_id})
            if asked is None:  # asking again for the same pair keeps the row (its picks, its stored game)
                conn.execute(sa.insert(DRAFT_PAIR).values(draft_id=draft_id, with_id=with_id, seat=seat,
                                                          created_at=datetime.now(UTC)))
            back = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == with_id)).first()
        paired = back is not None and back.with_id == draft_id and back.seat == 1 - seat
        seats = [draft_id, with_id] if seat == 0 else [with_id, draft_id]
        return {"paired": paired, "seats": seats if paired else None}

    def unpair(self, draft_id: int, token: str | None) -> dict[str, Any]:
        """Take back ``draft_id``'s request to pair (its token): the two drafts are no longer paired and count as two
        games again; its picks go with it. 409 once the merged game is stored (the link stays). ``{"unpaired": the
        draft it had asked for, or None}``."""
        with write_transaction(self.engine) as conn:
            self.drafts._checked(conn, draft_id, token)
            asked = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id).with_for_update()).first()
            if asked is None:
                return {"unpaired": None}
            if asked.game_id is not None:
                raise DraftError(409, {"error": f"draft {draft_id} is merged into stored game {asked.game_id} with draft "
                                                f"{asked.with_id}: the link stays", "game_id": asked.game_id})
            conn.execute(sa.delete(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id))
            if asked.seat == 1:  # the pair's picks are kept on seat 0's row: the other's, now unanswered
                conn.execute(sa.update(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == asked.with_id).values(picks=None))
        return {"unpaired": asked.with_id}

    @staticmethod
    def _answered(conn: Any, asked: Any) -> bool:
        """True when the request ``asked`` (a ``draft_pair`` row) was asked back: the two drafts are paired."""
        back = conn.execute(sa.select(DRAFT_PAIR.c.with_id, DRAFT_PAIR.c.seat)
                            .where(DRAFT_PAIR.c.draft_id == asked.with_id)).first()
        return back is not None and back.with_id == asked.draft_id and back.seat == 1 - asked.seat

    def link(self, draft_id: int) -> dict[str, Any] | None:
        """The pairing ``draft_id`` asked for, as anyone may know it: ``{"seat", "with", "paired", "game_id"}``
        (``paired``: the other draft asked back; ``game_id``: the stored merged game), or None."""
        with read_connection(self.engine) as conn:
            mine = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id)).first()
            back = None if mine is None else conn.execute(
                sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == mine.with_id)).first()
        if mine is None:
            return None
        paired = back is not None and back.with_id == draft_id and back.seat == 1 - mine.seat
        return {"seat": mine.seat, "with": mine.with_id, "paired": paired, "game_id": mine.game_id}

    def merged_game(self, draft_id: int) -> int | None:
        """The stored merged game of the pair ``draft_id`` is in, if any."""
        with read_connection(self.engine) as conn:
            return conn.execute(sa.select(DRAFT_PAIR.c.game_id).where(DRAFT_PAIR.c.draft_id == draft_id)).scalar()

    def viewer(self, draft_id: int, token: str | None, *, judge: bool = False) -> Grant:
        """What a token other than the draft's own may see of it live: :data:`EVERY_VIEW` for a ``judge`` (the
        server's moderator token), and for the paired draft's token once both recordings are finished; while the game
        goes on, the paired draft's token sees only its own seat's view ({that seat}); anyone else nothing (None)."""
        if judge:
            return EVERY_VIEW
        if token is None:
            return None
        with read_connection(self.engine) as conn:
            mine = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id)).first()
            if mine is None or not self._answered(conn, mine):
                return None
            other = self.drafts._row(conn, mine.with_id)
            if not self.drafts._token_ok(other, token):
                return None
            finished = other.game_id is not None and self.drafts._row(conn, draft_id).game_id is not None
        return EVERY_VIEW if finished else frozenset({1 - mine.seat})

    def _seats(self, draft_id: int, token: str | None, *, judge: bool = False) -> list[int]:
        """The two paired drafts, seat 0's first: shown to the holder of either draft's token, or to a ``judge`` (the
        server's moderator token, checked by the caller); 403 for anyone else, 409 when not paired yet."""
        with read_connection(self.engine) as conn:
            row = self.drafts._row(conn, draft_id)
            mine = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == draft_id)).first()
            back = None if mine is None else conn.execute(
                sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == mine.with_id)).first()
            paired = mine is not None and back is not None and back.with_id == draft_id and back.seat == 1 - mine.seat
            other = self.drafts._row(conn, mine.with_id) if paired and mine is not None else None
        if not (judge or self.drafts._token_ok(row, token) or (other is not None and self.drafts._token_ok(other, token))):
            raise _error(403, "the merge needs the token of one of the two drafts, or a judge's (a moderator's API "
                              "token): 'Authorization: Bearer <token>'")
        if not paired or mine is None:
            raise _error(409, "this draft is not paired: both seats must ask to pair with each other")
        return [draft_id, mine.with_id] if mine.seat == 0 else [mine.with_id, draft_id]

    def _game_over(self, seats: list[int]) -> None:
        """409 unless both drafts are finished: before that the merge would show one seat the other's hidden cards."""
        with read_connection(self.engine) as conn:
            open_ = [(n, sid) for n, sid in enumerate(seats) if self.drafts._row(conn, sid).game_id is None]
        if open_:
            waiting = " and ".join(f"seat {n}'s (draft {sid})" for n, sid in open_)
            raise DraftError(409, {"error": f"the merge is shown once both recordings are finished (the game is over): "
                                            f"it holds both hands. Still being recorded: {waiting}",
                                   "unfinished": [sid for _, sid in open_]})

    def merged(self, draft_id: int, token: str | None, *, judge: bool = False) -> dict[str, Any]:
        """The merge of the pair, once both drafts are finished (409 before): ``{"seats", "game", "actions",
        "complete", "disagreement", "recorded", "game_id"}`` (``recorded``: each seat's actions, to show both
        versions side by side). Either draft's token, or a ``judge``'s (:meth:`_seats`)."""
        seats = self._seats(draft_id, token, judge=judge)
        self._game_over(seats)
        logs = []
        with read_connection(self.engine) as conn:
            for sid in seats:
                row = self.drafts._row(conn, sid)
                logs.append((row.header, self.drafts._actions(conn, sid, 0, row.count, "action")))
            pair = conn.execute(sa.select(DRAFT_PAIR.c.game_id, DRAFT_PAIR.c.picks)
                                .where(DRAFT_PAIR.c.draft_id == seats[0])).one()
        picks: dict[int | str, list[Pick]] = {
            (k if k in NAMED_STEPS else int(k)): picks_at(made) for k, made in (pair.picks or {}).items()}
        ruleset = ruleset_of(logs[0][0])
        called = "the draft paired as seat {seat}'s"
        own_view = f"{OWN_VIEW}; {UNPAIR}"
        mismatch = (seat_mismatch(ruleset, logs, called=called, own_view=own_view,
                                  hint=f" Pair each draft again as the seat it was recorded from: {UNPAIR}")
                    or seat_secrets(ruleset, self.drafts.cards(logs[0][0]), logs, called=called, own_view=own_view))
        if mismatch is not None:
            raise _error(422, mismatch)
        out = merge(ruleset, self.drafts.cards(logs[0][0]), logs, picks)
        return {"seats": seats, "game": out.header, "actions": out.actions, "complete": out.complete,
                "disagreement": None if out.disagreement is None else out.disagreement.to_json(),
                "recorded": [actions for _, actions in logs], "game_id": pair.game_id, "steps": out.steps,
                "picks": {str(k): stored_picks(picks[k]) for k in sorted(
                    picks, key=lambda k: NAMED_STEPS.index(k) - len(NAMED_STEPS) if isinstance(k, str) else k)}}

    def pick(self, draft_id: int, token: str | None, step: Any, how: Any, seat: Any, *,
             judge: bool = False) -> dict[str, Any]:
        """A judge's pick at game action ``step``: ``how`` "take" (seat ``seat``'s version), "insert" (an action
        only ``seat`` recorded), "drop" (seat ``seat``'s action there did not happen: a double tap; its recording
        stays as stored) or "clear" (the latest pick there taken back); ``step`` "header": whose header is right where
        the two differ, "start": whose knowledge before the first game action is right ("take" or "clear"). A take
        of the seat that recorded nothing where the other recorded an action is that action's drop. A pick answers
        the merge's first disagreement as it stands (:func:`pick_problem`), a clear takes back a pick made; anything
        else is 409 and stores nothing. Answers the merge as it then stands."""
        good_step = (step in NAMED_STEPS and how in (TAKE, CLEAR)) or (type(step) is int and 0 <= step < 2**31)
        if not good_step or how not in (*HOWS, CLEAR) or type(seat) is not int or seat not in (0, 1):
            raise _error(400, "the body is {\"step\": game action >= 0, \"header\" or \"start\" (before the first "
                              "game action), \"how\": \"take\"|\"insert\"|\"drop\"|\"clear\" (the header and the "
                              "start: take or clear), \"seat\": 0|1}")
        now = self.merged(draft_id, token, judge=judge)  # the pair's seats, both finished, each its seat's recording
        if now["game_id"] is not None:
            raise DraftError(409, {"error": "the merged game is stored", "game_id": now["game_id"]})
        how, seat = meant(now, step, how, seat)
        problem = pick_problem(now, step, how, seat)
        if problem is not None:
            raise DraftError(409, {"error": problem, "disagreement": now["disagreement"], "picks": now["picks"]})
        seats = now["seats"]
        with write_transaction(self.engine) as conn:
            row = conn.execute(sa.select(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == seats[0]).with_for_update()).one()
            if row.game_id is not None:
                raise DraftError(409, {"error": "the merged game is stored", "game_id": row.game_id})
            picks = dict(row.picks or {})
            if picks != now["picks"]:  # another phone picked meanwhile: this pick answered another merge
                raise DraftError(409, {"error": "the picks changed while this one was made (another phone or a judge "
                                                "picked): reload the merge and pick again", "picks": picks})
            made = stored_picks(with_pick(picks_at(picks.get(str(step))), how, seat))
            if made is None:
                picks.pop(str(step), None)
            else:
                picks[str(step)] = made
            conn.execute(sa.update(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id == seats[0]).values(picks=picks))
        return self.merged(draft_id, token, judge=judge)

    def finish(self, draft_id: int, token: str | None, *, judge: bool = False) -> Finished:
        """Store the merged game (422 with the first disagreement while the recordings disagree); again: the same."""
        now = self.merged(draft_id, token, judge=judge)
        if now["game_id"] is not None:
            return Finished(now["game_id"], False)
        if not now["complete"]:
            raise DraftError(422, {"error": "the two recordings disagree", "disagreement": now["disagreement"]})
        doc = {"format": FORMAT, "version": VERSION, "game": now["game"], "actions": now["actions"]}
        with read_connection(self.engine) as conn:  # two what-if branches merge into a what-if, never a game played
            what_if = conn.execute(sa.select(sa.func.count()).select_from(DRAFT).where(
                DRAFT.c.id.in_(now["seats"]), DRAFT.c.branch_at.is_not(None))).scalar_one() > 0
        result = self.drafts.store.ingest_log(doc, f"drafts {now['seats'][0]}+{now['seats'][1]} merged",
                                              what_if=what_if)
        if result.game_id is None:
            raise DraftError(422, {"ruling": result.ruling or {}})
        with write_transaction(self.engine) as conn:
            conn.execute(sa.update(DRAFT_PAIR).where(DRAFT_PAIR.c.draft_id.in_(now["seats"])).values(game_id=result.game_id))
            seat_games = sa.select(DRAFT.c.game_id).where(DRAFT.c.id.in_(now["seats"]), DRAFT.c.game_id.is_not(None))
            # superseded by the merge: one game played, counted once
            conn.execute(sa.update(GAME).where(GAME.c.id.in_(seat_games), GAME.c.id != result.game_id)
                         .values(merged_into=result.game_id))
        return Finished(result.game_id, result.status == "stored")


def meant(now: Mapping[str, Any], step: int | str, how: str, seat: int) -> tuple[str, int]:
    """The pick a judge means by ``(how, seat)`` at the merge ``now``'s first disagreement: a take of the seat that
    recorded nothing where the other seat recorded an action (a ``missing`` action, or an ``illegal`` one only that
    seat's recording has) says nothing happened there: the other seat's action is dropped."""
    d = now["disagreement"]
    if how != TAKE or d is None or d["step"] != step or type(step) is not int or d["versions"][seat] is not None:
        return how, seat
    if d["kind"] in ("missing", "illegal") and str(1 - seat) in (d.get("drops") or {}):
        return DROP, 1 - seat
    return how, seat


def pick_problem(now: Mapping[str, Any], step: int | str, how: str, seat: int) -> str | None:
    """Why a pick ``(step, how, seat)`` does not answer the merge ``now`` (:meth:`Pairs.merged`), or None. "clear"
    takes back a pick made at ``step``; "take", "insert" and "drop" answer the first disagreement: at its game
    action (the header's: ``step`` "header"; one before the first game action: ``step`` "start"; "take" only),
    naming a seat that recorded something there ("insert": an action; a missing action is inserted, not taken; two
    cards named differently, or a seat's own log refusing its copy, are taken, not inserted; "drop": an action the
    disagreement's ``drops`` names), a pick the merge can make that gets out of it (not one of the disagreement's
    ``cannot_take``, ``cannot_insert`` or ``cannot_drop``)."""
    where = {HEADER: "the header", START: "the start (before the first game action)"}.get(str(step), f"game action {step}")
    if how == "clear":
        return None if str(step) in now["picks"] else f"there is no pick at {where} to take back"
    d = now["disagreement"]
    if d is None:
        return f"the two recordings agree to the end: there is no disagreement to pick at {where}"
    at = HEADER if d["kind"] == "header" else START if d["step"] is None else d["step"]
    first = {HEADER: "the headers", START: "the start (before the first game action)"}.get(str(at), f"game action {at}")
    if step != at:
        return f"the first disagreement is at {first}, not at {where}: a pick answers it ({d['message']})"
    if how == DROP:
        return _drop_problem(d, first, seat)
    if d["versions"][seat] is None:
        return (f"seat {seat} recorded nothing at {first}: pick seat {1 - seat}'s version or action (insert it, or drop "
                f"it if it did not happen: \"how\": \"drop\", \"seat\": {1 - seat})")
    if how == "take" and d["kind"] == "missing":
        return (f"seat {1 - seat} recorded nothing at {first}: insert seat {seat}'s action there (\"how\": \"insert\"), "
                f"or drop it if it did not happen (\"how\": \"drop\")")
    if how == "insert" and d["kind"] == "card":
        after = "before the first game action" if at == START else f"after {first}"
        return f"the seats name different cards {after}: take one seat's version (\"how\": \"take\")"
    if how == "insert" and d["kind"] == "refused":
        return f"both seats recorded {first}: take the version that happened (\"how\": \"take\")"
    why = (d.get("cannot_take") or {}).get(str(seat))
    if how == "take" and why is not None:
        return f"seat {seat}'s version cannot be taken at {first}: {why}"
    why = (d.get("cannot_insert") or {}).get(str(seat))
    if how == INSERT and why is not None:
        return f"seat {seat}'s action cannot be inserted at {first}: {why}"
    return None


def _drop_problem(d: Mapping[str, Any], first: str, seat: int) -> str | None:
    """Why seat ``seat``'s action at the disagreement ``d`` (at ``first``) cannot be dropped, or None."""
    if str(seat) not in (d.get("drops") or {}):
        if d["kind"] == "card":
            return f"the seats name different cards at {first}: take one seat's version (\"how\": \"take\")"
        return f"seat {seat} recorded no action at {first} to drop"
    why = (d.get("cannot_drop") or {}).get(str(seat))
    return None if why is None else f"seat {seat}'s action at {first} cannot be dropped: {why}"


def recordings(engine: Any, game_id: int) -> dict[str, Any]:
    """How a stored game is linked to drafts: ``{"recordings": [{"seat", "draft", "game_id"}, ...]}`` (the drafts
    merged into it, each with its own superseded seat game; [] when none), ``merged_into`` (the merged game this seat
    game was superseded by, or None), ``paired`` (a seat's finished draft asked to be paired: ``{"draft", "seat",
    "with"}``, the merge page being ``/games/draft/<draft>/merge``; None otherwise), ``what_if`` and ``branch`` (a
    finished what-if branch: ``{"of", "at", "view", "draft"}``, ``of`` None for a pasted log's; None otherwise),
    ``second_recording`` (on the seat game that counts for a paired game not merged yet: the other seat's stored
    game, not counted) and ``second_recording_of`` (on that second recording: the seat game that counts instead)."""
    pairs = paired_games_query().subquery()
    with read_connection(engine) as conn:
        rows = conn.execute(sa.select(DRAFT_PAIR.c.draft_id, DRAFT_PAIR.c.seat, DRAFT.c.game_id)
                            .join(DRAFT, DRAFT.c.id == DRAFT_PAIR.c.draft_id)
                            .where(DRAFT_PAIR.c.game_id == game_id).order_by(DRAFT_PAIR.c.seat)).all()
        game = conn.execute(sa.select(GAME.c.merged_into, GAME.c.what_if).where(GAME.c.id == game_id)).first()
        paired = conn.execute(sa.select(DRAFT_PAIR.c.draft_id, DRAFT_PAIR.c.seat, DRAFT_PAIR.c.with_id)
                              .join(DRAFT, DRAFT.c.id == DRAFT_PAIR.c.draft_id)
                              .where(DRAFT.c.game_id == game_id).order_by(DRAFT_PAIR.c.draft_id).limit(1)).first()
        branch = conn.execute(sa.select(DRAFT.c.id, DRAFT.c.branch_of, DRAFT.c.branch_at, DRAFT.c.branch_view)
                              .where(DRAFT.c.game_id == game_id, DRAFT.c.branch_at.is_not(None))
                              .order_by(DRAFT.c.id).limit(1)).first()
        counted = conn.execute(sa.select(pairs.c.first, pairs.c.second)
                               .where(sa.or_(pairs.c.first == game_id, pairs.c.second == game_id)).limit(1)).first()
    what_if = bool(game is not None and game.what_if)
    return {"recordings": [{"seat": r.seat, "draft": r.draft_id, "game_id": r.game_id} for r in rows],
            "merged_into": None if game is None else game.merged_into,
            "paired": None if paired is None else {"draft": paired.draft_id, "seat": paired.seat, "with": paired.with_id},
            "what_if": what_if,
            "branch": None if branch is None or not what_if else {"of": branch.branch_of, "at": branch.branch_at,
                                                                   "view": branch.branch_view, "draft": branch.id},
            "second_recording": counted.second if counted is not None and counted.first == game_id else None,
            "second_recording_of": counted.first if counted is not None and counted.second == game_id else None}


def awaiting_merge(engine: Any, game_ids: list[int]) -> dict[int, dict[str, Any]]:
    """The listed games that are one seat's finished recording of a game two seats recorded, not merged yet:
    ``{game_id: {"seat", "draft", "with", "paired", "other_game", "second"}}`` (``other_game``: the other seat's
    stored recording of the same game, None while it is being recorded; ``second``: that game when the two are
    paired, left out of the list as the pair's second recording, else None). The games list shows a paired game
    once, awaiting its merge, linked to the other seat's recording and to both merge pages; two recordings of which
    only one asked to pair are both listed, linked to each other."""
    if not game_ids:
        return {}
    with read_connection(engine) as conn:
        mine = conn.execute(sa.select(DRAFT_PAIR.c.draft_id, DRAFT_PAIR.c.seat, DRAFT_PAIR.c.with_id, DRAFT.c.game_id)
                            .join(DRAFT, DRAFT.c.id == DRAFT_PAIR.c.draft_id)
                            .where(DRAFT.c.game_id.in_(game_ids), DRAFT_PAIR.c.game_id.is_(None))).all()
        others = {r.id: r.game_id for r in conn.execute(
            sa.select(DRAFT.c.id, DRAFT.c.game_id).where(DRAFT.c.id.in_([m.with_id for m in mine]))).all()}
        backs = {(r.draft_id, r.with_id, r.seat) for r in conn.execute(
            sa.select(DRAFT_PAIR.c.draft_id, DRAFT_PAIR.c.with_id, DRAFT_PAIR.c.seat)
            .where(DRAFT_PAIR.c.draft_id.in_([m.with_id for m in mine]))).all()}
        pairs = paired_games_query().subquery()
        seconds = dict(conn.execute(sa.select(pairs.c.first, pairs.c.second).where(pairs.c.first.in_(game_ids))).all())
    return {m.game_id: {"seat": m.seat, "draft": m.draft_id, "with": m.with_id, "other_game": others.get(m.with_id),
                        "paired": (m.with_id, m.draft_id, 1 - m.seat) in backs, "second": seconds.get(m.game_id)}
            for m in mine}
