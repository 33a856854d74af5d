"""The drafts API (table-logs.md, "Recording drafts"): JSON routes under ``/api/drafts`` and their live stream.

Writes carry the draft's own token (``Authorization: Bearer <token>``), never an API token. Creating a
draft is an upload: when uploads are closed it needs an API token, exactly as ``POST /api/games``.
Draft writes count per draft against ``PMEMO_DRAFT_RATE`` (default 120 a minute: a recorder appends in
bursts; when not set, off while ``PMEMO_WRITE_RATE`` is off).

A what-if branch needs no API token on any server: it is a game that could have been, never listed or counted
(``game.what_if`` once finished), so a visitor of a server whose uploads are closed may try one from the viewer or
the judge page. Without a token, branches opened count per client address against ``PMEMO_DRAFT_RATE`` (120 a
minute unless set; ``off``: none), besides the client's ``PMEMO_WRITE_RATE``.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import nullcontext
from typing import Any

from flask import Blueprint, Response, current_app, request, url_for
from flask.blueprints import BlueprintSetupState
from limits import RateLimitItem
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy.exc import SQLAlchemyError

from pmemo_replay.drafts import DraftError, Drafts
from pmemo_replay.drafts.notify import waiter
from pmemo_replay.drafts.pairing import Pairs
from pmemo_replay.logio.errors import LogError
from pmemo_replay.logio.reader import refuse_unstorable
from pmemo_replay.store.ratelimit import StoreStorage
from pmemo_replay.web import meta, whatif
from pmemo_replay.web.auth import bearer_token, current_token, protect, uploads_open
from pmemo_replay.web.ratelimit import write_rate
from pmemo_replay.web.schemas import MAX_INT
from pmemo_replay.web.settings import DEFAULT_DRAFT_RATE

bp = Blueprint("drafts", __name__, url_prefix="/api/drafts")
KEY = "pmemo_drafts"
LIMITER_KEY = "pmemo_draft_limit"
BRANCH_LIMITER_KEY = "pmemo_branch_limit"  #: what-if branches opened without an API token, per client address
STREAM_SECONDS = 25.0  # a stream ends after this; the browser's EventSource reconnects at once (Last-Event-ID)
POLL_SECONDS = 0.2
KEEPALIVE_SECONDS = 10.0


@bp.record_once
def _setup(state: BlueprintSetupState) -> None:
    app = state.app
    csrf = app.extensions.get("csrf")
    if csrf is not None:
        csrf.exempt(bp)  # a JSON API: no cookies, no form
    protect(app, endpoint="drafts.create")  # an upload: an API token unless uploads are open
    app.extensions[KEY] = Drafts(app.extensions["pmemo_store"])
    # long event streams each hold a server thread: as many as the server can spare (serve sets it from --threads)
    streams = int(app.config.get("PMEMO_LONG_STREAMS", 2))
    app.extensions[STREAMS_KEY] = threading.BoundedSemaphore(streams) if streams > 0 else None
    rate = draft_rate(app.config)
    limiter = FixedWindowRateLimiter(StoreStorage(app.extensions["pmemo_store"].engine))
    if rate is not None:
        app.extensions[LIMITER_KEY] = (limiter, rate)
    branch_rate = write_rate(str(app.config.get("PMEMO_DRAFT_RATE") or DEFAULT_DRAFT_RATE))
    if branch_rate is not None:
        app.extensions[BRANCH_LIMITER_KEY] = (limiter, branch_rate)


def draft_rate(config: Mapping[str, Any]) -> RateLimitItem | None:
    """The per-draft limit: ``PMEMO_DRAFT_RATE`` when set (whatever ``PMEMO_WRITE_RATE`` says); when not set, 120 a
    minute while ``PMEMO_WRITE_RATE`` limits writes, and none when it is off."""
    configured = config.get("PMEMO_DRAFT_RATE")
    if configured:
        return write_rate(str(configured))
    return write_rate(DEFAULT_DRAFT_RATE) if write_rate(str(config.get("PMEMO_WRITE_RATE") or "off")) else None


def drafts() -> Drafts:
    """The application's drafts service (one fold cache per process)."""
    return current_app.extensions[KEY]  # type: ignore[no-any-return]


def answer(body: Any, status: int = 200) -> Response:
    response = current_app.json.response(body)
    response.status_code = status
    return response


@bp.errorhandler(DraftError)
def _refused(err: DraftError) -> Response:
    response = answer(err.body, err.status)
    if err.status == 429 and "retry_after" in err.body:
        response.headers["Retry-After"] = str(err.body["retry_after"])
    return response


@bp.before_request
def _limit_draft_writes() -> Response | None:
    """Writes to one draft count against the per-draft rate (429 with ``Retry-After`` beyond it)."""
    limit: tuple[FixedWindowRateLimiter, RateLimitItem] | None = current_app.extensions.get(LIMITER_KEY)
    draft_id = (request.view_args or {}).get("draft_id")
    if limit is None or request.method != "POST" or draft_id is None or request.endpoint == f"{bp.name}.check":
        return None  # a check writes nothing
    limiter, item = limit
    try:
        if limiter.hit(item, "draft", str(draft_id)):
            return None
        reset = limiter.get_window_stats(item, "draft", str(draft_id)).reset_time
    except SQLAlchemyError:  # the counter failed: do not block the recorder for it
        current_app.logger.exception("the draft rate-limit counter failed")
        return None
    retry = max(1, math.ceil(reset - time.time()))
    response = answer({"error": f"too many writes to draft {draft_id}: at most {item.amount} per "
                                f"{item.multiples} {item.GRANULARITY.name}; retry in {retry} s"}, 429)
    response.headers["Retry-After"] = str(retry)
    return response


#: the app's semaphore of long-lived event streams (``PMEMO_LONG_STREAMS`` per process; 0: every watcher polls)
STREAMS_KEY = "pmemo_draft_streams"
#: the largest body of a draft write (an action): a note of a few pages, not megabytes per tap
MAX_BODY_BYTES = 64 * 1024


def _body() -> dict[str, Any]:
    """The posted JSON object; 400 with a ruling for text no store keeps (a lone surrogate, NUL) or that nests too
    deep to read."""
    raw = request.get_data()
    if not raw:
        return {}
    if len(raw) > MAX_BODY_BYTES:
        raise DraftError(413, {"error": f"a draft write is at most {MAX_BODY_BYTES} bytes"})
    try:
        text = raw.decode("utf-8")
        refuse_unstorable(text)
        body = json.loads(text)
    except LogError as err:
        raise DraftError(400, {"ruling": err.ruling}) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DraftError(400, {"error": "the body must be a JSON object (UTF-8)"}) from None
    if type(body) is not dict:
        raise DraftError(400, {"error": "the body must be a JSON object"})
    return body


@bp.post("")
def create() -> Response:
    """Start a draft from a log's header line: 201 ``{"id", "token"}``."""
    draft_id, token = drafts().create(request.get_data())
    response = answer({"id": draft_id, "token": token}, 201)
    response.headers["Location"] = url_for("drafts.get", draft_id=draft_id)
    return response


@bp.post("/branch")
def branch() -> Response:
    """A what-if branch: a draft starting from a stored game's actions up to step ``at`` in ``view`` (``game_id``),
    or from a pasted log's (``log``, the judge page), with ``then`` tried there; 201 ``{"id", "token", "count", "view"}``
    (``view``: the one it starts in; a seat's view of a game whose logs are complete is that seat's recording;
    422 for a view the game cannot go on from, web/whatif.py)."""
    body = _body()
    _limit_tokenless_branches()
    at, then = body.get("at"), body.get("then")
    if type(at) is not int or not 0 <= at <= MAX_INT:
        raise DraftError(400, {"error": "'at' must be the step the branch starts from (an integer >= 0)"})
    if then is not None and type(then) is not dict:
        raise DraftError(400, {"error": "'then' must be an action (an object)"})
    header, actions, view, game_id = whatif.source(body, at)
    draft_id, token = drafts().branch(header, [*actions, *([then] if then else [])], branch_of=game_id, at=at,
                                      view=str(view))
    response = answer({"id": draft_id, "token": token, "count": len(actions) + bool(then), "view": str(view)}, 201)
    response.headers["Location"] = url_for("drafts.get", draft_id=draft_id)
    return response


def _limit_tokenless_branches() -> None:
    """A branch opened without an API token (uploads closed) counts per client address against the branch rate:
    429 with ``Retry-After`` beyond it."""
    limit: tuple[FixedWindowRateLimiter, RateLimitItem] | None = current_app.extensions.get(BRANCH_LIMITER_KEY)
    if limit is None or uploads_open() or current_token() is not None:
        return
    limiter, item = limit
    client = request.remote_addr or "unknown"
    try:
        if limiter.hit(item, "branch", client):
            return
        reset = limiter.get_window_stats(item, "branch", client).reset_time
    except SQLAlchemyError:
        current_app.logger.exception("the branch rate-limit counter failed")
        return
    retry = max(1, math.ceil(reset - time.time()))
    raise DraftError(429, {"error": f"too many what-if branches from {client}: at most {item.amount} per "
                                    f"{item.multiples} {item.GRANULARITY.name} without an API token; retry in {retry} s",
                           "retry_after": retry})


@bp.get("/branches")
def branches() -> Response:
    """The what-if branches of a stored game (``?game_id=N``), oldest first; the game itself never changes."""
    game_id = request.args.get("game_id", type=int)
    if game_id is None or not 0 <= game_id <= MAX_INT:
        raise DraftError(400, {"error": "name the game: ?game_id=N"})
    return answer({"game_id": game_id, "branches": drafts().branches(game_id)})


@bp.get("/<int:draft_id>")
def get(draft_id: int) -> Response:
    """The draft: public, the judge's with its token, or one seat's (``?seat=N``) with its token; a judge's
    (moderator) token sees as the draft's own, the paired draft's token its own seat's view (every view once both
    recordings are finished); ``views``: the views this token may ask for; ``merged_game_id``: the stored game it was
    merged into with the other seat's draft (None until then)."""
    seat = request.args.get("seat")
    if seat is not None and not (seat.isascii() and seat.isdigit() and len(seat) < 3):
        raise DraftError(400, {"error": "'seat' must be a seat number"})
    token = bearer_token()
    pairs = Pairs(drafts())
    grant = pairs.viewer(draft_id, token, judge=_judge()) if token is not None else None
    body = drafts().get(draft_id, token, seat=None if seat is None else int(seat), grant=grant)
    return answer({**body, "merged_game_id": pairs.merged_game(draft_id)})


@bp.post("/<int:draft_id>/actions")
def append(draft_id: int) -> Response:
    body = _body()
    if "action" not in body:
        raise DraftError(400, {"error": "the body is {\"action\": {...}, \"expected\": n}"})
    stand = body.get("as_played", True)
    if not isinstance(stand, bool):
        raise DraftError(400, {"error": "'as_played' must be true or false (false: refuse an irregular action)"})
    return answer(drafts().append(draft_id, bearer_token(), body["action"], body.get("expected"), stand=stand,
                                  named=body.get("named")))


@bp.post("/<int:draft_id>/name")
def name(draft_id: int) -> Response:
    """Name cards drawn and not named yet, ``{"p", "cards", "expected"}`` (a game whose deck orders nobody saw:
    Mahou Shoujo, Clockwork Memorion): the unseen part of the order is rewritten; the same naming again at the same
    point is a retry (200, nothing changed; ``request_id``, optional: the client's id of the naming, tells a second
    naming on purpose); 409 with the reason when the names no longer fit."""
    body = _body()
    return answer(drafts().name(draft_id, bearer_token(), {"p": body.get("p"), "cards": body.get("cards")},
                                body.get("expected"), body.get("request_id")))


@bp.post("/<int:draft_id>/check")
def check(draft_id: int) -> Response:
    """Would this append be taken (nothing stored): the payment sheet asks before it enables Record."""
    body = _body()
    if "action" not in body:
        raise DraftError(400, {"error": "the body is {\"action\": {...}, \"expected\": n}"})
    return answer(drafts().check(draft_id, bearer_token(), body["action"], body.get("expected"), body.get("named")))


@bp.post("/<int:draft_id>/undo")
def undo(draft_id: int) -> Response:
    return answer(drafts().undo(draft_id, bearer_token(), _body().get("expected")))


@bp.post("/<int:draft_id>/finish")
def finish(draft_id: int) -> Response:
    done = drafts().finish(draft_id, bearer_token())
    if done.created:
        meta.keep_current(stored=True)  # as an upload does: the statistics take the new game in at once
    response = answer({"game_id": done.game_id}, 201 if done.created else 200)
    response.headers["Location"] = url_for("api.game", game_id=done.game_id)
    return response


@bp.post("/<int:draft_id>/pair")
def pair(draft_id: int) -> Response:
    """Ask to pair this draft (recorded from ``seat``) with the other seat's draft ``with``: paired once both asked."""
    body = _body()
    return answer(Pairs(drafts()).pair(draft_id, bearer_token(), body.get("with"), body.get("seat")))


def _judge() -> bool:
    """The request carries the server's moderator API token: a judge's, who may open, pick and store a merge."""
    token = current_token()
    return token is not None and token.moderator


@bp.delete("/<int:draft_id>/pair")
def unpair(draft_id: int) -> Response:
    """Take this draft's request to pair back (its token): no longer paired; 409 once the merged game is stored."""
    return answer(Pairs(drafts()).unpair(draft_id, bearer_token()))


@bp.get("/<int:draft_id>/merge")
def merged(draft_id: int) -> Response:
    """The paired drafts merged into the judge's log as they stand, or their first disagreement (both versions):
    either draft's token, or a judge's (a moderator's API token)."""
    return answer(Pairs(drafts()).merged(draft_id, bearer_token(), judge=_judge()))


@bp.post("/<int:draft_id>/merge/pick")
def pick(draft_id: int) -> Response:
    """A judge's pick where the recordings disagree: ``{"step", "how": "take"|"insert"|"clear", "seat"}``."""
    body = _body()
    return answer(Pairs(drafts()).pick(draft_id, bearer_token(), body.get("step"), body.get("how"), body.get("seat"),
                                       judge=_judge()))


@bp.post("/<int:draft_id>/merge/finish")
def finish_merged(draft_id: int) -> Response:
    """Store the merged game (422 with the first disagreement while the two recordings disagree)."""
    done = Pairs(drafts()).finish(draft_id, bearer_token(), judge=_judge())
    if done.created:
        meta.keep_current(stored=True)
    response = answer({"game_id": done.game_id}, 201 if done.created else 200)
    response.headers["Location"] = url_for("api.game", game_id=done.game_id)
    return response


@bp.get("/<int:draft_id>/legal")
def legal(draft_id: int) -> Response:
    """What may be done now; with ``p`` and ``card``: the ways to play that card from an unknown hand card."""
    card = request.args.get("card")
    seat = request.args.get("p")
    if seat is not None and not (seat.isascii() and seat.isdigit() and len(seat) < 3):
        raise DraftError(400, {"error": f"'p' is {seat!r}: it must be a seat number"})
    return answer(drafts().offers(draft_id, bearer_token(), player=None if seat is None else int(seat), card=card))


@bp.get("/<int:draft_id>/events")
def events(draft_id: int) -> Response:
    """Server-Sent Events: each append, undo and finish after ``Last-Event-ID`` (or ``?after=``), public view."""
    service = drafts()
    if not service.exists(draft_id):
        raise DraftError(404, {"error": "no such draft"})
    after = _int(request.headers.get("Last-Event-ID")) or _int(request.args.get("after")) or 0
    streams = current_app.extensions[STREAMS_KEY]
    held = streams if streams is not None and streams.acquire(blocking=False) else None
    response = Response(_stream(service, draft_id, after, held), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _int(value: str | None) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None  # "²" is a digit, no int


def _stream(service: Drafts, draft_id: int, after: int, held: threading.BoundedSemaphore | None) -> Iterator[str]:
    """The events after ``after``; for ``STREAM_SECONDS`` when this watcher ``held`` a stream slot, else one poll
    (the browser reconnects within a second: watchers beyond the slots poll, and never take the recorder's threads)."""
    try:
        yield from _events(service, draft_id, after, STREAM_SECONDS if held is not None else 0.0)
    finally:
        if held is not None:
            held.release()


def _events(service: Drafts, draft_id: int, after: int, seconds: float) -> Iterator[str]:
    yield f"retry: {500 if seconds else 800}\n\n"
    end = quiet = time.monotonic()
    end += seconds
    with waiter(service.engine, draft_id, POLL_SECONDS) if seconds else nullcontext() as wake:
        while True:
            found, now = service.events_after(draft_id, after)
            for event in found:
                data = json.dumps({**event, **(now or {})}, ensure_ascii=False, separators=(",", ":"))
                yield f"id: {event['id']}\nevent: {event['kind']}\ndata: {data}\n\n"
                after = event["id"]
            if wake is None or time.monotonic() >= end:
                return
            if found:
                quiet = time.monotonic()
            elif time.monotonic() - quiet > KEEPALIVE_SECONDS:
                yield ": keep-alive\n\n"
                quiet = time.monotonic()
            wake.wait(min(KEEPALIVE_SECONDS, max(0.0, end - time.monotonic())))
