"""The meta statistics on the web: ``/meta`` (Plotly dashboards), ``/api/stats/*`` (JSON), the card CSV, and
plotly.js served from the installed plotly package (``/static-vendor/plotly.min.js``; nothing copied into the repository).

Each request first brings the warehouse up to date with the store (a cheap check when nothing is new), so games
stored by any route or process show up; a stored upload also updates it at once (:func:`keep_current`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import plotly
from flask import Blueprint, Response, abort, current_app, render_template, request, send_file
from marshmallow import ValidationError

from dashboards.filters import FilterError, Filters
from dashboards.location import warehouse_folder
from pmemo_replay.web.context import get_store
from pmemo_replay.web.schemas import first_error
from pmemo_replay.web.stats_schemas import ENVELOPE, StatsQuery

bp = Blueprint("meta", __name__)
api_bp = Blueprint("stats_api", __name__, url_prefix="/api/stats")
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
KINDS = ("cards", "decks", "matchups", "first", "trends", "games")
DEFAULT_MIN_GAMES = 10
#: Plotly sets inline style attributes on its SVG, which the site-wide policy (style-src 'self') refuses; this page
#: allows inline styles and nothing else more (scripts stay 'self' only).
META_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def warehouse_path() -> Path:
    """The warehouse of the application's store (``PMEMO_WAREHOUSE`` in the app config, the environment, else beside the store)."""
    return warehouse_folder(current_app.config.get("PMEMO_WAREHOUSE"), get_store().url)


#: the filters a link from /meta or a card, player or deck page carries to the next page (the ruleset is passed on
#: where the next page reads it; player, archetype and seat name what a page is about, so they stay behind)
CARRIED = ("from", "to", "event", "regular_only")


@bp.app_template_global()  # a global, so the macros templates import (without their context) see it too
def carried() -> dict[str, str]:
    """The current request's :data:`CARRIED` filters, to pass to ``url_for`` (``regular_only`` only when set); none
    when they do not parse, as the page then ignores them too."""
    raw = {k: v for k in CARRIED if (v := request.args.get(k, "").strip())}
    try:
        f = Filters.parse(raw)
    except FilterError:
        return {}
    raw.pop("regular_only", None)
    return {**raw, "regular_only": "1"} if f.regular_only else raw


#: seconds a count of the store's games vouches for the warehouse while no newer game is stored (pages only)
RECHECK_SECONDS = 5.0


def keep_current(*, stored: bool = False) -> None:
    """Project games stored since the last update; a failure is logged, never shown to the uploader. A page asks
    cheaply (a new highest id shows at once; the full count at most every ``RECHECK_SECONDS``), an upload that
    ``stored`` a game counts every time."""
    from dashboards.warehouse import update_warehouse

    try:
        update_warehouse(get_store(), warehouse_path(), recheck_after=0.0 if stored else RECHECK_SECONDS)
    except Exception:  # the statistics can catch up later; the upload itself succeeded
        current_app.logger.exception("updating the warehouse failed")


def stats(kind: str, f: Filters) -> dict[str, Any]:
    from dashboards.queries import statistics

    return statistics(warehouse_path(), kind, f)


_STATS_QUERY = StatsQuery()
ENVELOPE_VALUES: tuple[str, ...] = tuple(ENVELOPE["schema"]["enum"])


def _filters() -> Filters:
    """The API's filters: as the published description has them (``StatsQuery``: ``first`` 0 or 1, ``min_games`` an
    integer, no NUL), then read as every statistic reads them."""
    args = request.args.to_dict()
    try:
        _STATS_QUERY.load(args)
    except ValidationError as err:
        abort(400, description=first_error(err))
    try:
        return Filters.parse(args)
    except FilterError as err:
        abort(400, description=str(err))


@api_bp.get("/<any(cards, decks, matchups, first, trends, games):kind>")
def stats_json(kind: str) -> Any:
    """One statistic of metrics.md; 400 ``{"error"}`` on a bad filter.

    ``/api/stats/cards`` answers the metrics.md rows as a JSON array (the games covered in the
    ``X-Pmemo-Games`` / ``X-Pmemo-Player-Games`` headers); ``?envelope=1``, and the other kinds,
    answer ``{"covers", "filters", "rows", ...}`` (described in ``stats_schemas``).
    """
    envelope_arg = request.args.get("envelope")
    if envelope_arg is not None and envelope_arg not in ENVELOPE_VALUES:
        abort(400, description=f"envelope: must be one of {', '.join(ENVELOPE_VALUES)}, not {envelope_arg!r}")
    envelope = envelope_arg in ("1", "true")
    f = _filters()
    keep_current()
    body = stats(kind, f)
    if kind != "cards":
        return current_app.json.response(body)
    response = current_app.json.response(body if envelope else body["rows"])
    response.headers["X-Pmemo-Games"] = str(body["covers"]["games"])
    response.headers["X-Pmemo-Player-Games"] = str(body["covers"]["player_games"])
    response.headers["X-Pmemo-Ruleset"] = quote(body["ruleset"], safe="")  # the name as asked: percent-encoded
    if "known_hands_player_games" in body["covers"]:
        response.headers["X-Pmemo-Known-Hands"] = str(body["covers"]["known_hands_player_games"])
    return response


@bp.get("/meta/cards.csv")
def cards_csv() -> Response:
    """The card statistics with the given filters, as a CSV download (``/meta`` links it without ``min_games``: the
    rows of its table, greyed ones included)."""
    from dashboards.export import cards_csv as to_csv

    f = _filters()
    keep_current()
    response = Response(to_csv(stats("cards", f)["rows"]), mimetype="text/csv")
    response.headers["Content-Disposition"] = "attachment; filename=card-stats.csv"
    return response


@bp.get("/static-vendor/plotly.min.js")
def plotly_js() -> Response:
    """plotly.js from the installed plotly package (the same version the figures are built with)."""
    return send_file(PLOTLY_JS, mimetype="text/javascript", max_age=86400)


def _page_filters() -> tuple[Filters, int, str | None]:
    """The page's filters (statistics are computed without ``min_games``, which only greys), the minimum, an error."""
    args = request.args.to_dict()
    args.setdefault("min_games", str(DEFAULT_MIN_GAMES))
    try:
        f = Filters.parse(args)
    except FilterError as err:
        return Filters(min_games=DEFAULT_MIN_GAMES).without_min(), DEFAULT_MIN_GAMES, str(err)
    return f.without_min(), f.min_games, None


@bp.get("/meta")
def meta() -> Any:
    """The dashboards of one ruleset (chosen by the ruleset filter, else Precious Memories when it has games, else
    the most played): card table, GIH WR, IWD, archetypes, weekly trends, game rows, and matchups and first player
    where the game has two seats."""
    from dashboards.entities import meta_links
    from dashboards.figures import MAX_IWD_CARDS, dashboard
    from dashboards.queries import connect, for_ruleset, options, run_stat, two_seats

    f, min_games, error = _page_filters()
    keep_current()
    with connect(warehouse_path()) as con:
        f = for_ruleset(con, f)  # one game at a time: the ruleset chosen, else dashboards.queries.default_ruleset
        views = {kind: run_stat(con, kind, f) for kind in KINDS}
        choices = options(con, f.ruleset)
        links = meta_links(con, f)  # every deck and player shown links to its page
    if f.ruleset not in choices["rulesets"]:
        choices["rulesets"] = [*choices["rulesets"], f.ruleset]
    csv_args = f.query_args()  # the table's rows: every filter but the minimum, which only greys
    html = render_template("meta.html", views=views, figures=dashboard(views, min_games), choices=choices, filters=f.to_json(),
                           min_games=min_games, error=error, csv_args=csv_args, ruleset=f.ruleset,
                           two_seats=two_seats(f.ruleset), ruleset_given=bool(request.args.get("ruleset")),
                           links=links, iwd_cards=MAX_IWD_CARDS)
    response = Response(html, status=400 if error else 200, mimetype="text/html")
    response.headers["Content-Security-Policy"] = META_CSP
    return response
