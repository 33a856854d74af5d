"""Seek: the state after any N actions of a stored game, folded on from the nearest snapshot before it."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from engine.fold import Folder
from engine.ruleset import View, hide_unnamed
from engine.rulesets import UnknownRuleset
from engine.rulings import IllegalAction, Trail
from pmemo_replay.games import ruleset_of
from pmemo_replay.games.cards import cards_for
from pmemo_replay.games.unnamed import KEY as UNNAMED
from pmemo_replay.games.unnamed import drawn_unnamed, header_unnamed, hide_in_trail
from pmemo_replay.store.cache import GRID, SeekCache, StoredGame
from pmemo_replay.store.db import decode_json, fetch_one, orjson_exact, read_connection
from pmemo_replay.store.models import ACTION_BLOCK, GAME, SNAPSHOT
from pmemo_replay.views import ruleset_legal


class UnknownGame(LookupError):
    """No stored game has this id."""


class StepOutOfRange(ValueError):
    """N is below 0 or beyond the game's number of actions."""


#: built once (a seek runs for every step a viewer shows); JSON columns read as text (decoded where needed)
_GAME = (sa.select(GAME.c.n_actions, sa.cast(GAME.c.header, sa.Text))
         .where(GAME.c.id == sa.bindparam("game_id", type_=sa.Integer)))
_GAME_ACTIONS = (sa.select(ACTION_BLOCK.c.data)
                 .where(ACTION_BLOCK.c.game_id == sa.bindparam("game_id", type_=sa.Integer)).order_by(ACTION_BLOCK.c.seq))
_SNAPSHOT = (sa.select(SNAPSHOT.c.seq, sa.cast(SNAPSHOT.c.data, sa.Text))
             .where(SNAPSHOT.c.game_id == sa.bindparam("game_id", type_=sa.Integer),
                    SNAPSHOT.c.seq <= sa.bindparam("before", type_=sa.Integer))
             .order_by(SNAPSHOT.c.seq.desc()).limit(1))


#: the same on SQLite's own connection (fetch_one): the one query of a seek once the game is kept
_SNAPSHOT_SQLITE = ("SELECT seq, CAST(data AS TEXT) FROM game_snapshot WHERE game_id = ? AND seq <= ? "
                    "ORDER BY seq DESC LIMIT 1")

#: where a seek reads: a connection, or the store's engine (a connection of its pool for each query)
Source = Connection | Engine


def stored_game(source: Source, game_id: int, cache: SeekCache) -> StoredGame:
    """The game's header and actions, from ``cache`` or read once (they never change); ``UnknownGame``."""
    game = cache.game(game_id)
    if game is not None:
        return game
    if isinstance(source, Engine):
        with read_connection(source) as conn:
            return stored_game(conn, game_id, cache)
    row = source.execute(_GAME, {"game_id": game_id}).one_or_none()
    if row is None:
        raise UnknownGame(game_id)
    texts = "\n".join(source.execute(_GAME_ACTIONS, {"game_id": game_id}).scalars()).split("\n") if row[0] else []
    game = StoredGame(row[0], row[1], texts, header_exact=orjson_exact(row[1]),
                      exact=orjson_exact(f"[{','.join(texts)}]"))
    return cache.keep_game(game_id, game)


def _snapshot(source: Source, game_id: int, before: int) -> tuple[int, str] | None:
    """(seq, JSON text) of the game's latest snapshot taken after at most ``before`` actions, or None."""
    if isinstance(source, Engine):
        if source.dialect.name == "sqlite":
            return fetch_one(source, _SNAPSHOT_SQLITE, (game_id, before))
        with read_connection(source) as conn:
            return _snapshot(conn, game_id, before)
    row = source.execute(_SNAPSHOT, {"game_id": game_id, "before": before}).one_or_none()
    return None if row is None else (row[0], row[1])


def state_at(conn: Source, game_id: int, n: int | None, cards: Any,
             cache: SeekCache | None = None) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """The state JSON after ``n`` actions (default: all) and the rulings trail of the action that led there.

    The trail is ``None`` for ``n`` = 0. The fold starts from the latest snapshot taken before
    action ``n`` - 1 (so that action is pushed and leaves its trail), else from the header; with a
    ``cache`` (the store's), from the latest state kept there that was folded from that snapshot.
    """
    folder, trail, refusal, game = _folded(conn, game_id, n, cards, cache)
    if folder is None:
        return {}, [refusal] if refusal else None
    state = folder.ruleset.to_json(folder.state)
    if refusal is not None:
        return state, [refusal]
    shown = None if trail is None else trail.to_json()
    if f'"{UNNAMED}"' in game.header_text:  # cards drawn at the table and never named (pmemo_replay/games/unnamed.py)
        unnamed = header_unnamed(game.header())
        at = folder.applied

        def action_at(s: int) -> dict[str, Any]:
            return game.actions(s, s + 1)[0] if s < game.n_actions else {}

        hide_unnamed(folder.ruleset, state, drawn_unnamed(unnamed, action_at, at, len(state["players"])))
        last = {seat: [pos for pos in positions if pos[2] == at - 1] for seat, positions in unnamed.items()}
        shown = hide_in_trail(shown, [c for cards in drawn_unnamed(last, action_at, at, len(state["players"]))
                                      for c in cards])
    return state, shown


def legal_at(conn: Source, game_id: int, n: int | None, cards: Any,
             cache: SeekCache | None = None, *, view: View = "judge") -> list[dict[str, Any]]:
    """What could have been done after ``n`` actions (the ruleset's ``legal_actions``); in a seat's ``view`` of a
    game whose ruleset makes its own views, that seat's own as it may see them (``player_legal``, through
    pmemo_replay.views.ruleset_legal). [] when the current engine refuses the stored game before that step."""
    folder, _, refusal, _ = _folded(conn, game_id, n, cards, cache)
    if folder is None or refusal is not None:
        return []
    if view != "judge":
        return ruleset_legal(folder.ruleset, folder.state, view)
    return folder.ruleset.legal_actions(folder.state)  # engine.ruleset.Ruleset


def _folded(conn: Source, game_id: int, n: int | None, cards: Any,
            cache: SeekCache | None) -> tuple[Folder | None, Trail | None, dict[str, Any] | None, StoredGame]:
    """The folder after ``n`` actions, settled as shown there; the trail of action ``n``; a refusal trail line
    when the current engine refuses the stored game (then the folder stops where it refused, or is None); the game.

    ``cards``: a card library or one game's card database (pmemo_replay.games.cards.cards_for); the snapshot is
    restored by the game's ruleset, when it is of the ruleset's current version. States on the way are kept in
    ``cache`` under that snapshot's text (pmemo_replay.store.cache), so the same fold never runs twice.
    """
    cache = cache if cache is not None else SeekCache(max_states=0)
    game = stored_game(conn, game_id, cache)
    total = game.n_actions
    n = total if n is None else n
    if not 0 <= n <= total:
        raise StepOutOfRange(f"step {n} is out of range: the game has {total} action(s)")
    header = game.header()
    try:
        ruleset = ruleset_of(header)
    except UnknownRuleset as err:  # stored by an engine that had a ruleset this one lacks
        return None, None, _refusal({"rule": "log.schema", "ref": None, "index": None, "message": str(err.args[0])}), game
    cards = cards_for(cards, ruleset.name)
    row = _snapshot(conn, game_id, n - 1) if n else None
    seq, text = row if row is not None else (None, None)
    segment = cache.segment(game_id, seq, text)
    if segment is None:
        segment = cache.new_segment(game_id, seq, text, _restored(ruleset, seq, text, cards))
    kept = cache.start(segment, n - 1)
    try:
        folder = (Folder(header, cards) if kept is None
                  else Folder(header, cards, state=ruleset.clone(kept[1]), offset=kept[0]))
    except IllegalAction as err:  # the current engine refuses the decks
        return None, None, _refusal(err.ruling.to_json()), game
    trail: Trail | None = None
    start = folder.applied
    todo = game.actions(start, n + 1)  # and the action after n, which decides what shows at n
    following = todo.pop() if len(todo) > n - start else None
    last = start + len(todo) - 1
    for index, action in enumerate(todo, start=start):
        folder.keep_trails = index == last  # only the trail of action n is answered: the others skip their messages
        try:
            trail = folder.push(action)
        except IllegalAction as err:  # stored before an engine fix: show the ruling where the fold stops
            ruling = err.ruling.to_json() | {"index": index, "path": str(index)}
            folder.settle(action)
            return folder, None, _refusal(ruling), game
        if (index + 1) % GRID == 0 and index + 1 not in segment.states:
            cache.keep(segment, index + 1, ruleset.clone(folder.state))
    folder.settle(following)
    return folder, trail, None, game


def _restored(ruleset: Any, seq: int | None, text: str | None, cards: Any) -> Any:
    """The state the snapshot ``text`` taken after ``seq`` actions restores, or None when it is not of the ruleset's
    current version or does not restore (a snapshot written by an older engine: fold from the start)."""
    if seq is None or text is None:
        return None
    data = decode_json(text)
    if not isinstance(data, dict) or data.get("v") != ruleset.snapshot_version:
        return None
    try:
        return ruleset.from_snapshot(data, cards)
    except (ValueError, KeyError, TypeError):
        return None


def _refusal(ruling: dict[str, Any]) -> dict[str, Any]:
    """A trail line saying the current engine refuses the stored game here."""
    return {"rule": ruling["rule"], "ref": ruling["ref"], "ok": False,
            "message": f"the current engine refuses this stored game at action {ruling['index']}: {ruling['message']}"}
