"""The HTTP API (../shared/spec/interfaces.md, "HTTP API"): JSON in, JSON out, no CSRF (no cookies needed)."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, current_app, request, url_for
from marshmallow import Schema, ValidationError

from engine.rulesets import UnknownRuleset
from pmemo_replay import views
from pmemo_replay.checking import CheckReport, check_text, text_as_played
from pmemo_replay.drafts.pairing import recordings
from pmemo_replay.flags import parse_flag
from pmemo_replay.games import ruleset_of
from pmemo_replay.store.queries import Seat, iso_utc, result_of
from pmemo_replay.store.seek import StepOutOfRange, UnknownGame
from pmemo_replay.store.store import engine_failure
from pmemo_replay.web import meta, schemas
from pmemo_replay.web.context import get_cards, get_store
from pmemo_replay.web.jsonprovider import dumps_bytes
from pmemo_replay.web.openapi import build_spec
from pmemo_replay.web.uploads import NoLog, as_played_asked, log_from_request

bp = Blueprint("api", __name__, url_prefix="/api")

#: query schemas built once (a schema instance costs more to build than to load a query with; loading keeps no state)
GAMES_QUERY = schemas.GamesQuery()
ACTIONS_QUERY = schemas.ActionsQuery()
STATE_QUERY = schemas.StateQuery()
CHECK_QUERY = schemas.CheckQuery()


def load_query(schema: Schema) -> dict[str, Any]:
    """The query parameters loaded by ``schema``; 400 ``{"error"}`` when they are invalid."""
    try:
        return schema.load(request.args.to_dict())  # type: ignore[no-any-return]
    except ValidationError as err:
        abort(400, description=schemas.first_error(err))


_VIEW = re.compile(schemas.VIEW_PATTERN.removeprefix("^").removesuffix("$"))  # the schema's, read without it


def state_query() -> dict[str, Any]:
    """The ``at`` and ``view`` of a state or legal-actions request, as :data:`STATE_QUERY` loads them: the usual
    ``?at=N`` (a plain number in range, any ``view`` it accepts) read directly, anything else by the schema."""
    args = request.args
    at, view = args.get("at"), args.get("view", "judge")
    if (at is None or (len(at) <= 10 and at.isascii() and at.isdigit() and int(at) <= schemas.MAX_INT)) and _VIEW.fullmatch(view):
        return {"view": view} if at is None else {"at": int(at), "view": view}
    return load_query(STATE_QUERY)


def json_response(body: Any, status: int = 200) -> Any:
    """``body`` as the app's JSON answer (jsonprovider: orjson's bytes as they are, else the app's provider)."""
    try:
        data = dumps_bytes(body)
    except TypeError:
        response = current_app.json.response(body)
    else:
        response = current_app.response_class(data, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]
    response.status_code = status
    return response


def json_text_response(text: str) -> Any:
    """JSON text made as the app's provider makes it, answered as :func:`json_response` would answer that value."""
    return current_app.response_class(f"{text}\n", mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]


@bp.post("/games")
def upload_game() -> Any:
    """Store one log: 201 new, 200 already stored, 422 illegal or unknown card, 400 malformed."""
    try:
        data, source = log_from_request(request)
    except NoLog as err:
        return json_response({"ruling": err.ruling}, 400)
    as_played = as_played_asked(request)
    result = get_store().ingest_text(data, source, as_played=as_played)
    if result.status == "rejected":
        ruling = result.ruling or {}
        if ruling.get("rule") == "log.schema":
            return json_response({"ruling": ruling}, 400)
        played = text_as_played(data, get_store().library) if ruling.get("index") is not None else None
        stands = not as_played and played is not None and played.ruling is None
        return json_response(refusal(ruling, stands, [] if played is None else played.irregular), 422)
    if result.status == "stored":
        meta.keep_current(stored=True)
    response = json_response({"id": result.game_id}, 201 if result.status == "stored" else 200)
    response.headers["Location"] = url_for("api.game", game_id=result.game_id)
    return response


#: the hint of a refused upload that would stand as played (docs/as-played.md)
AS_PLAYED_HINT = ("the refused action would stand as played (the table may have let it pass): send the log again with "
                  "?as_played=1 to fold it as played (docs/as-played.md)")


def refusal(ruling: dict[str, Any], stands: bool, irregular: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The body of a refused upload (422): the ruling, whether the log would stand as played (folded as played to its
    end), then a hint; ``irregular``: the actions that stood irregular as played before the as-played fold stopped
    (or in the whole log, when it stands)."""
    return {"ruling": ruling, "stands_as_played": stands, "irregular": irregular or [],
            **({"hint": AS_PLAYED_HINT} if stands else {})}


#: the filters of GamesQuery (everything but the paging), as loaded
GAME_FILTERS = ("player", "deck", "card", "event", "ruleset", "played_from", "played_to")


def games_page(q: dict[str, Any]) -> Any:
    """The page of stored games a loaded :class:`schemas.GamesQuery` asks for (``regular_only`` read as every flag is:
    games stored as played with irregular actions left out), for the API and the games list page alike."""
    return get_store().list_games(**{k: q.get(k) for k in GAME_FILTERS}, regular_only=regular_only(q),
                                  page=q["page"], per_page=q["per_page"])


def regular_only(q: dict[str, Any]) -> bool:
    """The loaded query's ``regular_only`` flag (the schema has checked its value)."""
    return parse_flag("regular_only", q["regular_only"]) if "regular_only" in q else False


def filtered(q: dict[str, Any]) -> bool:
    """True when a loaded :class:`schemas.GamesQuery` names a filter (not only a page)."""
    return any(q.get(k) is not None for k in GAME_FILTERS) or regular_only(q)


@bp.get("/games")
def list_games() -> Any:
    """Stored games, a page at a time; ``regular_only`` as the statistics read it; 404 for a page past the last."""
    q = load_query(GAMES_QUERY)
    page = games_page(q)
    if page.past_end:
        abort(404, description=page.past_end_message(filtered(q)))
    return json_response(page.to_json())


def game_or_404(game_id: int) -> Any:
    game = get_store().get_game(game_id)
    if game is None:
        abort(404, description=f"no game with id {game_id}")
    return game


def game_json(game: Any) -> dict[str, Any]:
    seats = [Seat(s.seat, s.player, s.deck_name, s.score, s.placement).to_json() for s in game.seats]
    return {
        "id": game.id, "source_id": game.source_id, "players": game.players, "decks": game.decks, "seats": seats,
        "first": game.first, "played_at": iso_utc(game.played_at),
        "result": result_of(game.winner, game.reason), "actions": game.n_actions, "turns": game.turns,
        "ruleset": game.ruleset, "unverified": game.unverified, "irregular": game.irregular or 0, "event": game.event,
        "round": game.round, "header": game.header, "stored_at": iso_utc(game.stored_at), "ruling": game.ruling,
    }


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Any:
    """The game; ``recordings``: the two seats' drafts (and their superseded seat games) a merged game was made of,
    ``merged_into``: the merged game a seat's recording was superseded by; ``second_recording`` and
    ``second_recording_of``: the two seats' recordings of a paired game not merged yet, of which only the first
    counts."""
    return json_response({**game_json(game_or_404(game_id)), **recordings(get_store().engine, game_id)})


@bp.get("/games/<int:game_id>/actions")
def game_actions(game_id: int) -> Any:
    """The stored actions; in a player view, as that seat could have recorded them (one for one)."""
    view = load_query(ACTIONS_QUERY)["view"]
    if view == "judge":  # the stored actions' JSON, encoded once per process (store.cache)
        actions = get_store().actions_json(game_id)
        if actions is None:
            abort(404, description=f"no game with id {game_id}")
        return json_text_response(f'{{"id":{game_id},"actions":{actions}}}')
    game = game_or_404(game_id)
    seat = seat_view(game, view)
    ruleset_or_422(game)
    try:
        seen = views.seat_actions(game.content_hash, game.header, get_store().actions(game_id), get_cards(), seat)
    except views.RedactionError as err:
        abort(422, description=f"game {game.id} cannot be shown in view {view}: {err}")
    return json_response({"id": game_id, "view": view, "actions": seen})


def step_in(game: Any, at: int | None) -> int:
    """The step ``at`` of a stored game (default: its end); 400 past the end (the seek's message)."""
    n = game.n_actions if at is None else at
    if n > game.n_actions:
        abort(400, description=f"step {n} is out of range: the game has {game.n_actions} action(s)")
    return n


def seat_view(game: Any, view: str) -> views.View:
    """A player view of a stored game: ``"public"`` or a seat it has (400 for a seat it does not have)."""
    if view == "public":
        return view
    seats = len(game.seats) or len(game.header.get("players") or ())
    if int(view) >= seats:
        abort(400, description=f"view: game {game.id} has seats 0 to {seats - 1}, not {view}")
    return int(view)


def ruleset_or_422(game: Any) -> Any:
    """The ruleset of a stored game; 422 when the current engine no longer has it."""
    try:
        return ruleset_of(game.header)
    except UnknownRuleset as err:
        abort(422, description=f"game {game.id}: {err.args[0]}")


def redaction_or_422(game: Any, view: str) -> views.Redaction:
    """The redaction of a stored game for a player view; 422 when the current engine cannot make it."""
    try:
        return views.redaction(game.content_hash, game.header, get_store().actions(game.id), get_cards(),
                               views.parse_view(view))
    except views.RedactionError as err:
        abort(422, description=f"game {game.id} cannot be shown in view {view}: {err}")


@bp.get("/games/<int:game_id>/state")
def game_state(game_id: int) -> Any:
    """The state after ``at`` actions (default: all) and the rulings trail of action ``at``, in a view (a game whose
    ruleset makes its own views: the judge's state filtered by it; else folded from the seat's redaction)."""
    query = state_query()
    at, view = query.get("at"), query["view"]
    if view == "judge":
        state, trail = judge_state(game_id, at)
        return json_response({"id": game_id, "at": state["applied"], "view": "judge", "state": state, "trail": trail})
    game = game_or_404(game_id)
    seat = seat_view(game, view)
    n = step_in(game, at)
    ruleset_or_422(game)
    try:
        state, trail = views.seat_view(game.content_hash, game.header, get_store().actions(game_id), get_cards(), seat,
                                       n, lambda k: judge_state(game_id, k))
    except views.RedactionError as err:
        abort(422, description=f"game {game.id} cannot be shown in view {view}: {err}")
    return json_response({"id": game_id, "at": n, "view": view, "state": state, "trail": trail})


def judge_state(game_id: int, at: int | None) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """The judge's state after ``at`` actions and the trail of action ``at``; 404 unknown game, 400 out of range."""
    try:
        return get_store().state_at(game_id, at)
    except UnknownGame:
        abort(404, description=f"no game with id {game_id}")
    except StepOutOfRange as err:
        abort(400, description=str(err))


@bp.get("/games/<int:game_id>/legal")
def game_legal(game_id: int) -> Any:
    """What could have been done after ``at`` actions: the judge view's legal actions; in a player view only the
    seat's own, as it may see them (computed on what it saw; the public view: none)."""
    query = state_query()
    at, view = query.get("at"), query["view"]
    game = game_or_404(game_id)
    n = step_in(game, at)
    if view == "judge":
        try:
            legal = get_store().legal_at(game_id, n)
        except (UnknownGame, StepOutOfRange) as err:  # pragma: no cover - checked above
            abort(400, description=str(err))
    elif views.own_views(ruleset_or_422(game)):  # the ruleset's player_legal: no card hidden from the seat named
        legal = get_store().legal_at(game_id, n, seat_view(game, view))
    else:
        seat = seat_view(game, view)
        legal = [] if seat == "public" else views.player_legal(redaction_or_422(game, view), get_cards(), seat, n)
    return json_response({"id": game_id, "at": n, "view": view, "legal": legal})


@bp.post("/check")
def check() -> Any:
    """Validate a log without storing it: the ``check --json`` object; ``?as_played=1`` folds it as played."""
    query = load_query(CHECK_QUERY)
    as_played = parse_flag("as_played", query.get("as_played", "0"))
    try:
        data, _ = log_from_request(request)
    except NoLog as err:
        return json_response(CheckReport.refused(err.ruling).to_json())
    try:
        report = check_text(data, get_store().library, at=query.get("at"), as_played=as_played)
    except Exception as err:  # an engine bug: a ruling, as an upload of the same log gets, not a server error
        current_app.logger.exception("the engine failed on a log posted to %s", request.path)
        return json_response(CheckReport.refused(engine_failure(err)).to_json())
    return json_response(report.to_json())


@bp.get("/openapi.json")
def openapi() -> Any:
    return json_response(build_spec())
