"""Seek: the state after any N actions of a stored game, folded on from the nearest snapshot before it."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from engine.fold import Folder
from engine.rulesets import UnknownRuleset
from engine.rulings import IllegalAction, Trail
from pmemo_replay.games import ruleset_of
from pmemo_replay.games.cards import cards_for
from pmemo_replay.store.models import GAME, SNAPSHOT
from pmemo_replay.store.queries import actions


class UnknownGame(LookupError):
    """No stored game has this id."""


class StepOutOfRange(ValueError):
    """N is below 0 or beyond the game's number of actions."""


def _game_and_snapshot_query(before: Any) -> sa.Select[Any]:
    """The game's header and length with its latest snapshot taken at or before action ``before``."""
    other = SNAPSHOT.alias("earlier")
    best = (sa.select(sa.func.max(other.c.seq)).where(other.c.game_id == GAME.c.id, other.c.seq <= before)
            .correlate(GAME).scalar_subquery())
    joined = GAME.outerjoin(SNAPSHOT, sa.and_(SNAPSHOT.c.game_id == GAME.c.id, SNAPSHOT.c.seq == best))
    return (sa.select(GAME.c.header, GAME.c.n_actions, SNAPSHOT.c.seq, SNAPSHOT.c.data).select_from(joined)
            .where(GAME.c.id == sa.bindparam("game_id", type_=sa.Integer)))


#: built once (a seek runs for every step a viewer shows): up to step N, and up to the end
_AT_STEP = _game_and_snapshot_query(sa.bindparam("before", type_=sa.Integer))
_AT_END = _game_and_snapshot_query(GAME.c.n_actions - 1)


def _game_and_snapshot(conn: Connection, game_id: int, n: int | None) -> Any:
    """The row of :func:`_game_and_snapshot_query` before action ``n`` - 1 (``n`` None: the end), or None."""
    if n is None:
        return conn.execute(_AT_END, {"game_id": game_id}).one_or_none()
    return conn.execute(_AT_STEP, {"game_id": game_id, "before": n - 1}).one_or_none()


def state_at(conn: Connection, game_id: int, n: int | None, cards: Any) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """The state JSON after ``n`` actions (default: all) and the rulings trail of the action that led there.

    The trail is ``None`` for ``n`` = 0. The fold starts from the latest snapshot taken before
    action ``n`` - 1 (so that action is pushed and leaves its trail), else from the header.
    Two queries: the game with that snapshot, then the actions after it.
    """
    folder, trail, refusal = _folded(conn, game_id, n, cards)
    if folder is None:
        return {}, [refusal] if refusal else None
    state = folder.ruleset.to_json(folder.state)
    if refusal is not None:
        return state, [refusal]
    return state, None if trail is None else trail.to_json()


def legal_at(conn: Connection, game_id: int, n: int | None, cards: Any) -> list[dict[str, Any]]:
    """What the player who may act after ``n`` actions could have done there (engine.pm.legal); [] when the
    current engine refuses the stored game before that step."""
    folder, _, refusal = _folded(conn, game_id, n, cards)
    if folder is None or refusal is not None:
        return []
    return folder.ruleset.legal_actions(folder.state)  # engine.ruleset.Ruleset


def _folded(conn: Connection, game_id: int, n: int | None, cards: Any) -> tuple[Folder | None, Trail | None,
                                                                                  dict[str, Any] | None]:
    """The folder after ``n`` actions, settled as shown there; the trail of action ``n``; a refusal trail line
    when the current engine refuses the stored game (then the folder stops where it refused, or is None).

    ``cards``: a card library or one game's card database (pmemo_replay.games.cards.cards_for); the snapshot is
    restored by the game's ruleset, when it is of the ruleset's current version."""
    row = _game_and_snapshot(conn, game_id, n)
    if row is None:
        raise UnknownGame(game_id)
    header, total, seq, data = row
    n = total if n is None else n
    if not 0 <= n <= total:
        raise StepOutOfRange(f"step {n} is out of range: the game has {total} action(s)")
    try:
        ruleset = ruleset_of(header)
    except UnknownRuleset as err:  # stored by an engine that had a ruleset this one lacks
        return None, None, _refusal({"rule": "log.schema", "ref": None, "index": None, "message": str(err.args[0])})
    cards = cards_for(cards, ruleset.name)
    state, offset = None, 0
    if seq is not None and isinstance(data, dict) and data.get("v") == ruleset.snapshot_version:
        try:
            state, offset = ruleset.from_snapshot(data, cards), seq
        except (ValueError, KeyError, TypeError):  # a snapshot written by an older engine: fold from the start
            state, offset = None, 0
    try:
        folder = Folder(header, cards, state=state, offset=offset)
    except IllegalAction as err:  # the current engine refuses the decks
        return None, None, _refusal(err.ruling.to_json())
    trail: Trail | None = None
    todo = actions(conn, game_id, folder.applied, n + 1)  # and the action after n, which decides what shows at n
    following = todo.pop() if len(todo) > n - folder.applied else None
    last = folder.applied + len(todo) - 1
    for index, action in enumerate(todo, start=folder.applied):
        folder.keep_trails = index == last  # only the trail of action n is answered: the others skip their messages
        try:
            trail = folder.push(action)
        except IllegalAction as err:  # stored before an engine fix: show the ruling where the fold stops
            ruling = err.ruling.to_json() | {"index": index, "path": str(index)}
            folder.settle(action)
            return folder, None, _refusal(ruling)
    folder.settle(following)
    return folder, trail, None


def _refusal(ruling: dict[str, Any]) -> dict[str, Any]:
    """A trail line saying the current engine refuses the stored game here."""
    return {"rule": ruling["rule"], "ref": ruling["ref"], "ok": False,
            "message": f"the current engine refuses this stored game at action {ruling['index']}: {ruling['message']}"}
