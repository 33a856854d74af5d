"""The pages players come back to: ``/cards/<id>`` (a card's facts, its own text when the card file carries it, how
the engine reads its effects, its metrics over time, the decks that play it and the games where it was played, each
linked to the step of its first play), ``/players/<name>`` (games, decks, results, matchups) and ``/decks/<name>``
(a deck by its name in the game headers: results, players, matchups, games)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from flask import Blueprint, abort, render_template, request
from werkzeug.routing import PathConverter, ValidationError

from dashboards.filters import FilterError, Filters
from engine.rulesets import RULESETS
from pmemo_replay.games.cards import cards_for
from pmemo_replay.store.db import decode_json, read_connection
from pmemo_replay.store.models import ACTION_BLOCK
from pmemo_replay.web.cardfacts import page_facts
from pmemo_replay.web.context import get_store
from pmemo_replay.web.meta import keep_current, warehouse_path
from pmemo_replay.web.pages import ruleset_words

bp = Blueprint("entities", __name__)
#: stored games listed per ruleset on a deck page (as many as the warehouse's newest finished ones)
GAMES_SHOWN = 20
#: games listed per ruleset on a player page (the games list, filtered by the player, pages the rest)
PLAYER_GAMES = 50
#: actions that name a card without playing it
NOT_PLAYS = frozenset({"identify", "trigger", "hand_adjust", "shuffle", "search", "note"})


def _page() -> int:
    """``?page=N`` of a page's games (1 unless a number from 1 on is given)."""
    value = request.args.get("page", "1")
    return int(value) if value.isdigit() and 0 < int(value) < 1_000_000 else 1


def _filters() -> Filters:
    try:
        return Filters.parse({k: v for k, v in request.args.to_dict().items() if k not in ("ruleset", "page")})
    except FilterError as err:
        abort(400, description=str(err))


def _card_in(card_id: str, ruleset: str) -> Any:
    try:
        cards = cards_for(get_store().library, ruleset)
    except Exception:  # a ruleset without card data here
        return None
    return cards.get(card_id) if card_id in cards else None


def find_card(card_id: str, ruleset: str | None) -> tuple[str, Any] | None:
    """``(ruleset, card)`` for ``card_id``: in ``ruleset`` when named, else in the first game whose cards hold it."""
    names = [ruleset] if ruleset else sorted(RULESETS, key=lambda r: (r != "pm-2.22", r))
    for name in names:
        card = _card_in(card_id, name)
        if card is not None:
            return name, card
    return None


def effect_reading(card: Any, ruleset: str | None = None) -> list[dict[str, str]]:
    """How the engine reads each effect: ``scripted`` (a hand-written script), ``compiled`` (a script the text compiler
    made), ``unverified`` (no script: applied as the log records it, with why); the game's own ``effect_reading`` when
    it has one."""
    own = getattr(RULESETS.get(ruleset or ""), "effect_reading", None)
    reading = own(card) if own is not None else None
    if reading is not None:
        return reading
    effect = getattr(card, "effect", None)
    if effect is None and getattr(card, "type", None) not in ("magical_power", "event"):
        return []
    if effect is None:
        return [{"effect": "effect", "reading": "unverified", "why": "no script: the ops the log records are applied"}]
    return [{"effect": "effect", "reading": "scripted", "why": ""}]


def card_key(ruleset: str, card_id: str) -> str:
    """The id the statistics count ``card_id`` under in ``ruleset`` (its ``card_key``: a parallel printing counts as
    its base card), else the id itself."""
    key = getattr(RULESETS.get(ruleset), "card_key", None)
    return key(card_id) if key is not None else card_id


def _named_card(action: dict[str, Any]) -> list[tuple[int, str]]:
    """A game without ``card_plays``: the action's own ``card`` is the card it plays (unless it names one otherwise)."""
    p, card = action.get("p"), action.get("card")
    return [(p, card)] if action.get("type") not in NOT_PLAYS and isinstance(p, int) and isinstance(card, str) else []


def first_plays(games: Iterable[dict[str, Any]], card_id: str, ruleset: str) -> dict[tuple[int, int], int]:
    """(game id, seat) -> the step after the first action of that seat playing ``card_id`` (a parallel printing
    too), as the game reads its actions (its ``card_plays``: a response, a setup choice, a nested play).

    Reads only the actions of the listed games whose text names the card's base id (the database picks them: a
    printing's id holds its base id), by primary key: the cost follows the number of games listed, not the store's
    size."""
    wanted = {(g["game_id"], g["seat"]) for g in games}
    if not wanted:
        return {}
    base = card_key(ruleset, card_id)
    plays = getattr(RULESETS.get(ruleset), "card_plays", None) or _named_card
    query = (sa.select(ACTION_BLOCK.c.game_id, ACTION_BLOCK.c.seq, ACTION_BLOCK.c.data)
             .where(ACTION_BLOCK.c.game_id.in_(sorted({g for g, _ in wanted})),
                    ACTION_BLOCK.c.data.contains(base, autoescape=True))
             .order_by(ACTION_BLOCK.c.game_id, ACTION_BLOCK.c.seq))
    found: dict[tuple[int, int], int] = {}
    same: dict[str, bool] = {}
    with read_connection(get_store().engine) as conn:
        for game_id, first, block in conn.execute(query):
            for seq, text in enumerate(block.split("\n"), first):
                if base not in text:
                    continue
                for seat, card in plays(decode_json(text)):
                    key = (game_id, seat)
                    if key in wanted and key not in found and same.setdefault(card, card_key(ruleset, card) == base):
                        found[key] = seq + 1
    return found


class EntityName(PathConverter):
    """``<entity:…>``: a card id, player or deck name in a page's path, built with every "/" percent-encoded, so that no
    part of a name is read as a path segment of its own. A name whose path a browser, server or proxy may resolve
    away is built as ``?name=`` instead (its page's second rule, ``/players/?name=%2FAoi``): one with a "." or ".."
    segment (a browser drops it, however its dots are encoded), or with an empty one (a leading or trailing "/", or
    "//": once the "%2F" are decoded, the slashes are merged, and ``/players/%2FAoi`` would become ``/players/Aoi``)."""

    def to_url(self, value: Any) -> str:
        name = str(value)
        if not path_safe(name):
            raise ValidationError  # url_for takes the next rule: the name in the query
        return super().to_url(name).replace("/", "%2F")


DOT_SEGMENTS = (".", "..")


def path_safe(name: str) -> bool:
    """Whether ``name`` can stand in a path: split at its "/", every part is neither empty nor a dot segment.

    >>> [path_safe(n) for n in ("Aoi", "a/b", "/Aoi", "a//b", "x/", "..", "a/./b")]
    [True, True, False, False, False, False, False]
    """
    return all(part and part not in DOT_SEGMENTS for part in name.split("/"))


def _named(name: str | None, key: str = "name") -> str:
    """The name from the path, else from ``?name=`` (a dot-segment name); 404 when neither gives one."""
    name = name if name is not None else request.args.get(key)
    if not name:
        abort(404, description=f"No {key.replace('_', ' ')} given.")
    return name


@bp.get("/cards/")
@bp.get("/cards/<entity:card_id>")
def card(card_id: str | None = None) -> Any:
    from dashboards.entities import card_page
    from dashboards.queries import connect

    card_id = _named(card_id, "card_id")
    located = find_card(card_id, request.args.get("ruleset") or None)
    if located is None:
        abort(404, description=f"No card {card_id!r} in the card data this server reads.")
    ruleset, found = located
    f = _filters()
    keep_current()
    with connect(warehouse_path()) as con:
        body = card_page(con, card_key(ruleset, card_id), ruleset, f, _page())
    steps = first_plays(body["games"], card_id, ruleset)
    for g in body["games"]:
        g["step"] = steps.get((g["game_id"], g["seat"]))
    facts = page_facts(found, ruleset)
    page_args = {k: v for k, v in request.args.items() if k not in ("page", "card_id")}
    # a page of its games past the last one (a stale link): the page says so and links the last; 404, as the games
    # list and GET /api/games answer a page past the end
    past_end = body["page"] > body["pages"]
    return render_template("card.html", card=found, facts=facts, text=facts.pop("text", None) or getattr(found, "text", None),
                           reading=effect_reading(found, ruleset), body=body, ruleset=ruleset, filters=f.to_json(),
                           page_args=page_args, past_end=past_end), 404 if past_end else 200


@bp.get("/players/")
@bp.get("/players/<entity:name>")
def player(name: str | None = None) -> Any:
    from dashboards.entities import player_page
    from dashboards.queries import connect

    name = _named(name)
    if "\x00" in name:  # no stored name holds a NUL (the log boundary refuses it); PostgreSQL cannot even compare one
        abort(404, description="No stored game has a player whose name holds a NUL character.")
    f = _filters()
    store = get_store()
    games = store.list_games(player=name, per_page=PLAYER_GAMES, regular_only=f.regular_only)  # the list as filtered as the rest
    keep_current()
    with connect(warehouse_path()) as con:
        body = player_page(con, name, f)
    if games.total == 0 and not body["totals"] and (not f.regular_only or store.list_games(player=name, per_page=1).total == 0):
        abort(404, description=f"No stored game has a player named {name!r}.")
    sections = body["rulesets"] + [{"ruleset": r, "totals": None, "decks": [], "matchups": [], "opponents": []}
                                   for r in dict.fromkeys(g.ruleset for g in games.items)
                                   if all(r != s["ruleset"] for s in body["rulesets"])]
    for section in sections:  # statistics never mix games: each ruleset's games listed apart
        section["games"] = store.list_games(player=name, ruleset=section["ruleset"], per_page=PLAYER_GAMES,
                                            regular_only=f.regular_only)
        section["game"] = ruleset_words(section["ruleset"])
    return render_template("player.html", name=name, games=games, body=body, sections=sections, filters=f.to_json())


@bp.get("/decks/")
@bp.get("/decks/<entity:name>")
def deck(name: str | None = None) -> Any:
    from dashboards.entities import deck_page
    from dashboards.queries import connect

    name = _named(name)
    f = _filters()
    store = get_store()
    keep_current()
    with connect(warehouse_path()) as con:
        body = deck_page(con, name, f)
    stored = store.list_games(deck=name, per_page=GAMES_SHOWN, regular_only=f.regular_only)  # finished or not
    if not body["totals"] and stored.total == 0 and (
            not f.regular_only or store.list_games(deck=name, per_page=1).total == 0):
        abort(404, description=f"No stored game has a deck named {name!r}.")
    sections = body["rulesets"] + [{"ruleset": r, "totals": [], "players": [], "matchups": [], "games": []}
                                   for r in dict.fromkeys(g.ruleset for g in stored.items)
                                   if all(r != s["ruleset"] for s in body["rulesets"])]
    for section in sections:  # statistics never mix games: each ruleset's players and games apart
        section["game"] = ruleset_words(section["ruleset"])
        section["stored"] = store.list_games(deck=name, ruleset=section["ruleset"], per_page=GAMES_SHOWN,
                                             regular_only=f.regular_only)
    return render_template("deck.html", name=name, body=body, sections=sections, filters=f.to_json())
