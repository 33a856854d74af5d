"""HTML pages: the games list with search, paging and the upload form (``/``), the replay viewer (``/games/<id>``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from marshmallow import ValidationError

from engine.rulesets import RULESETS, UnknownRuleset, get_ruleset
from pmemo_replay import views
from pmemo_replay.checking import text_stands_as_played
from pmemo_replay.drafts.pairing import awaiting_merge, recordings
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import DEFAULT_RULESET  # a log that names no ruleset is the first game's
from pmemo_replay.web import meta, schemas
from pmemo_replay.web.api import games_page, redaction_or_422, regular_only, ruleset_or_422
from pmemo_replay.web.auth import credentials_problem, uploads_open
from pmemo_replay.web.context import get_store
from pmemo_replay.web.uploads import NoLog, as_played_asked, explain, log_from_request
from pmemo_replay.web.viewdata import game_view

bp = Blueprint("pages", __name__)
FILTERS = ("ruleset", "player", "deck", "card", "event", "from", "to", "regular_only")
RULESET_NAME = re.compile(r"[a-z0-9][a-z0-9.\-]{0,63}")


def board_assets(ruleset: str | None) -> dict[str, str | None]:
    """The viewer's board module for a ruleset: ``js/boards/<ruleset>.js`` (``generic.js`` when the game has none)
    and its stylesheet ``css/boards/<ruleset>.css`` when there is one."""
    name = ruleset or DEFAULT_RULESET
    static = Path(current_app.static_folder or "static")
    known = RULESET_NAME.fullmatch(name) is not None
    js = f"js/boards/{name}.js" if known and (static / "js" / "boards" / f"{name}.js").is_file() else "js/boards/generic.js"
    css = f"css/boards/{name}.css" if known and (static / "css" / "boards" / f"{name}.css").is_file() else None
    return {"ruleset": name, "js": url_for("static", filename=js),
            "css": None if css is None else url_for("static", filename=css)}


def ruleset_words(name: str | None) -> str:
    """A ruleset's game for people ("Mahou Shoujo"), or its name when the engine does not know it."""
    try:
        return str(get_ruleset(name or DEFAULT_RULESET).game)
    except (UnknownRuleset, AttributeError):
        return str(name)


@bp.app_context_processor
def viewer_helpers() -> dict[str, Any]:
    return {"board_assets": board_assets, "ruleset_words": ruleset_words, "known_games": known_games}


def known_games() -> str:
    """The games the engine rules, for people: "Mahou Shoujo (mahou-shoujo-1), Precious Memories (pm-2.22)"."""
    return ", ".join(f"{ruleset_words(name)} ({name})" for name in sorted(RULESETS))


def _search() -> tuple[dict[str, Any], dict[str, str], str | None]:
    """The loaded filters, the raw ones (to refill the form) and an error message for invalid ones."""
    raw = {k: v for k, v in request.args.items() if k in (*FILTERS, "page") and v.strip()}
    raw.setdefault("per_page", str(current_app.config["PER_PAGE"]))
    try:
        return schemas.GamesQuery().load(raw), raw, None
    except ValidationError as err:
        return schemas.GamesQuery().load({"per_page": raw["per_page"]}), raw, schemas.first_error(err)


def render_index(status: int = 200, rejection: dict[str, Any] | None = None, auth_error: str | None = None) -> Any:
    """The games list (its search as ``GET /api/games`` reads it) and the upload panel. A page past the last one
    answers 404, saying so with a link to the last page (as the API's 404 does), not "No games yet"."""
    q, raw, error = _search()
    page = games_page(q)
    keep = {k: v for k, v in raw.items() if k in FILTERS}
    keep.pop("regular_only", None)
    if regular_only(q):  # carried on (pager, Clear) only when set: the box sends 1
        keep["regular_only"] = "1"
    past_end = page.past_end_message(bool(keep)) if page.past_end else None
    if past_end is not None and status == 200:
        status = 404
    games = [(name, ruleset_words(name)) for name in sorted(RULESETS)]
    return render_template("index.html", page=page, pages=page.pages, filters=keep, search_error=error, games=games,
                           rejection=rejection, auth_error=auth_error, uploads_open=uploads_open(),
                           archetypes=listed_archetypes([g.id for g in page.items]), past_end=past_end,
                           awaiting=awaiting_merge(get_store().engine, [g.id for g in page.items])), status


def listed_archetypes(game_ids: list[int]) -> dict[int, list[str | None]]:
    """Each listed finished game's archetype per seat, from the warehouse as it stands (none when it cannot be read:
    the list then shows the deck names alone)."""
    from dashboards.entities import seat_archetypes
    from dashboards.queries import connect

    if not game_ids:
        return {}
    try:
        with connect(meta.warehouse_path()) as con:
            return seat_archetypes(con, game_ids)
    except Exception:  # the list stands without the statistics' archetypes
        current_app.logger.warning("the games list could not read archetypes from the warehouse", exc_info=True)
        return {}


@bp.get("/")
def index() -> Any:
    return render_index()


@bp.post("/")
def upload() -> Any:
    """The upload form: store a legal log and open it, or explain the ruling; without open uploads, the form's
    API token must be valid (401 otherwise, explained on the page)."""
    problem = credentials_problem(open_access=uploads_open())
    if problem is not None:
        return render_index(problem.code or 401, auth_error=problem.description)
    try:
        data, source = log_from_request(request)
    except NoLog as err:
        return render_index(400, {"ruling": err.ruling, "action": None, "action_json": None, "source": None})
    as_played = as_played_asked(request)
    result = get_store().ingest_text(data, source, as_played=as_played)
    if result.status == "rejected":
        ruling = result.ruling or {}
        status = 400 if ruling.get("rule") == "log.schema" else 422
        could = status == 422 and not as_played and text_stands_as_played(data, get_store().library, ruling)
        return render_index(status, {**explain(data, ruling), "source": source, "could_stand": could})
    if result.status == "stored":
        meta.keep_current(stored=True)  # as POST /api/games does: project the new game into the warehouse at once
    flash("Stored as a new game." if result.status == "stored" else "This log was already stored: here it is.")
    return redirect(url_for("pages.game", game_id=result.game_id), code=303)


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Any:
    store = get_store()
    row = store.get_game(game_id)
    if row is None:
        abort(404, description=f"There is no game {game_id}.")
    view = request.args.get("view", "judge")
    seats = len(row.seats) or len(row.header.get("players") or ())
    if view not in ("judge", "public", *map(str, range(seats))):
        abort(400, description=f"Unknown view {view!r}: use judge, a seat 0 to {seats - 1}, or public.")
    actions = store.actions(game_id)
    try:
        cards = cards_for(store.library, row.ruleset)
    except UnknownRuleset:
        abort(422, description=f"Game {game_id} is of ruleset {row.ruleset!r}, which this server's engine does not have.")
    seen = None
    if view != "judge":  # a player view: the page holds only what that seat saw (table-logs.md, "Views")
        ruleset = ruleset_or_422(row)
        if views.own_views(ruleset):  # the ruleset hides what the seat may not see (Mahou Shoujo)
            seen = (row.header, views.ruleset_actions(ruleset, actions, view if view == "public" else int(view), seats))
        else:
            red = redaction_or_422(row, view)
            seen = (red.header, red.actions)  # its identify actions name the seat's own draws: they get facts too
    data = game_view(row, actions, cards, view=view, seen=seen)
    if seen is not None:  # the reasons may name cards the seat did not see: which steps, not why (the trail tells)
        data["unverified"] = {index: [] for index in data.get("unverified", {})}
    query = {} if view == "judge" else {"view": view}
    data["api"] = {"actions": url_for("api.game_actions", game_id=game_id, **query),
                   "state": url_for("api.game_state", game_id=game_id, **query),
                   "legal": url_for("api.game_legal", game_id=game_id, **query)}
    return render_template("game.html", game=row, data=data, links=recordings(store.engine, game_id))
