"""Reading stored games for the warehouse: games by id, folded on from their latest snapshot.

Each finished game is folded once without trails: from its latest snapshot when that snapshot is of the
current version and carries the statistics facts (``seen`` and friends), else from the start. Unfinished
games give no rows; nor do games the current engine refuses or whose rows cannot be made (refused, and logged).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from dashboards.facts import CardCodes, Rows, StoredGame, game_rows
from engine.cards import CardDB
from engine.fold import Folder
from engine.pm.snapshot import SNAPSHOT_VERSION, from_snapshot
from engine.rulings import IllegalAction
from pmemo_replay.store.models import ACTION, GAME, SNAPSHOT

logger = logging.getLogger(__name__)
GAME_COLUMNS = ("id", "header", "first", "winner", "reason", "turns", "n_actions", "played_at", "event", "ruleset", "round",
                "source_id")


def stored_game(row: Any) -> StoredGame:
    return StoredGame(row.id, row.header, row.first, row.winner, row.reason, row.turns, row.n_actions, row.played_at,
                      row.event, row.ruleset, row.round, row.source_id)


def games_by_id(conn: Connection, ids: Sequence[int]) -> list[StoredGame]:
    """The stored games among ``ids``, by id."""
    query = sa.select(*(GAME.c[c] for c in GAME_COLUMNS)).where(GAME.c.id.in_(list(ids))).order_by(GAME.c.id)
    return [stored_game(r) for r in conn.execute(query)]


def latest_snapshots(conn: Connection, ids: Sequence[int]) -> dict[int, tuple[int, dict[str, Any]]]:
    """The latest snapshot ``(seq, data)`` of each game that has one."""
    if not ids:
        return {}
    latest = (sa.select(SNAPSHOT.c.game_id, sa.func.max(SNAPSHOT.c.seq).label("seq"))
              .where(SNAPSHOT.c.game_id.in_(list(ids))).group_by(SNAPSHOT.c.game_id).subquery())
    query = sa.select(SNAPSHOT.c.game_id, SNAPSHOT.c.seq, SNAPSHOT.c.data).join(
        latest, sa.and_(SNAPSHOT.c.game_id == latest.c.game_id, SNAPSHOT.c.seq == latest.c.seq))
    return {g: (s, d) for g, s, d in conn.execute(query)}


def usable(snapshot: dict[str, Any]) -> bool:
    """True for a snapshot of the current version that carries the statistics facts (``seen`` and friends)."""
    players = snapshot.get("players") or [{}]
    return snapshot.get("v") == SNAPSHOT_VERSION and all("seen" in p and "played_first" in p for p in players)


def actions_from(conn: Connection, starts: dict[int, int]) -> dict[int, list[dict[str, Any]]]:
    """The actions of each game from its start index on, in order."""
    out: dict[int, list[dict[str, Any]]] = {g: [] for g in starts}
    if not starts:
        return out
    cond = sa.or_(*(sa.and_(ACTION.c.game_id == g, ACTION.c.seq >= s) for g, s in starts.items()))
    query = sa.select(ACTION.c.game_id, ACTION.c.data).where(cond).order_by(ACTION.c.game_id, ACTION.c.seq)
    for g, data in conn.execute(query):
        out[g].append(data)
    return out


def final_players(game: StoredGame, start: tuple[int, dict[str, Any]] | None, actions: list[dict[str, Any]],
                  cards: CardDB) -> list[Any] | None:
    """The players' folded states at the end of the game; None when the current engine refuses the log or the
    snapshot cannot be restored."""
    try:
        if start is None:
            folder = Folder(game.header, cards, keep_trails=False)
        else:
            folder = Folder(game.header, cards, keep_trails=False, state=from_snapshot(start[1], cards), offset=start[0])
        for action in actions:
            folder.push(action)
    except (IllegalAction, ValueError, KeyError, TypeError):
        return None
    return list(folder.settle().players)


def project_batch(conn: Connection, games: Sequence[StoredGame], cards: CardDB,
                  codes: CardCodes) -> tuple[Rows, int, list[int]]:
    """The rows of the finished games among ``games``, how many were unfinished, and the ids of the refused ones."""
    finished = [g for g in games if g.finished]
    snaps = {g: s for g, s in latest_snapshots(conn, [g.id for g in finished]).items() if usable(s[1])}
    acts = actions_from(conn, {g.id: snaps[g.id][0] if g.id in snaps else 0 for g in finished})
    rows = Rows()
    refused = []
    for g in finished:
        try:
            players = final_players(g, snaps.get(g.id), acts[g.id], cards)
            if players is None and g.id in snaps:  # the snapshot would not restore: fold from the start
                players = final_players(g, None, actions_from(conn, {g.id: 0})[g.id], cards)
            got = None if players is None else game_rows(g, players, cards, codes)
        except Exception:  # one game's failure must not stop the others
            logger.exception("warehouse: game %s cannot be projected", g.id)
            got = None
        if got is None:
            refused.append(g.id)
        else:
            rows.extend(got)
    return rows, len(games) - len(finished), refused
