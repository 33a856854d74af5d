"""Reading stored games for the warehouse: games by id, folded (by their own ruleset) on from their latest snapshot.

Each finished game is folded once without trails: from its latest snapshot when that snapshot is of the
ruleset's current version and carries the statistics facts (``seen`` and friends), else from the start (always, for
a ruleset that gathers its facts with a tracker while folding). Unfinished
games give no rows; nor do games the current engine refuses or whose rows cannot be made (refused, and logged).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from dashboards.facts import CardCodes, Rows, StoredGame, game_rows
from engine.fold import Folder
from engine.rulesets import UnknownRuleset, get_ruleset
from engine.rulings import IllegalAction
from pmemo_replay.games.unnamed import header_unnamed
from pmemo_replay.store.db import decode_json
from pmemo_replay.store.models import ACTION_BLOCK, GAME, GAME_SEAT, SNAPSHOT

logger = logging.getLogger(__name__)
PM = "pm-2.22"
ROOT = Path(__file__).resolve().parents[1]
GAME_COLUMNS = ("id", "header", "first", "winner", "reason", "turns", "n_actions", "played_at", "event", "ruleset", "round",
                "source_id", "irregular")


def stored_game(row: Any) -> StoredGame:
    return StoredGame(row.id, row.header, row.first, row.winner, row.reason, row.turns, row.n_actions, row.played_at,
                      row.event, row.ruleset, row.round, row.source_id, irregular=row.irregular or 0)


def games_by_id(conn: Connection, ids: Sequence[int]) -> list[StoredGame]:
    """The stored games among ``ids``, by id, with their players and deck names from the per-seat table."""
    query = sa.select(*(GAME.c[c] for c in GAME_COLUMNS)).where(GAME.c.id.in_(list(ids))).order_by(GAME.c.id)
    games = [stored_game(r) for r in conn.execute(query)]
    seats: dict[int, list[tuple[str, str | None]]] = {}
    rows = conn.execute(sa.select(GAME_SEAT.c.game_id, GAME_SEAT.c.player, GAME_SEAT.c.deck_name)
                        .where(GAME_SEAT.c.game_id.in_(list(ids))).order_by(GAME_SEAT.c.game_id, GAME_SEAT.c.seat))
    for game_id, player, deck_name in rows:
        seats.setdefault(game_id, []).append((player, deck_name))
    return [replace(g, seats=tuple(seats[g.id])) if g.id in seats else g for g in games]


def latest_snapshots(conn: Connection, ids: Sequence[int]) -> dict[int, tuple[int, dict[str, Any]]]:
    """The latest snapshot ``(seq, data)`` of each game that has one."""
    if not ids:
        return {}
    latest = (sa.select(SNAPSHOT.c.game_id, sa.func.max(SNAPSHOT.c.seq).label("seq"))
              .where(SNAPSHOT.c.game_id.in_(list(ids))).group_by(SNAPSHOT.c.game_id).subquery())
    query = sa.select(SNAPSHOT.c.game_id, SNAPSHOT.c.seq, SNAPSHOT.c.data).join(
        latest, sa.and_(SNAPSHOT.c.game_id == latest.c.game_id, SNAPSHOT.c.seq == latest.c.seq))
    return {g: (s, decode_json(d)) for g, s, d in conn.execute(query)}  # stored as text (migration 0012)


@functools.cache
def tracker_factory(ruleset: Any) -> Callable[[Any], Any] | None:
    """How a ruleset gathers its analytics facts while a log is folded, when its final state does not keep them: its
    ``facts_tracker`` (engine.ruleset.Ruleset); None when the final state's ``facts(state, seat)`` is enough."""
    return getattr(ruleset, "facts_tracker", None)


def usable(snapshot: dict[str, Any], ruleset: Any) -> bool:
    """True for a snapshot of the ruleset's current version that the statistics can fold on from: Precious
    Memories' carries the statistics facts (``seen`` and friends); a ruleset gathering facts with a tracker while
    folding (:func:`tracker_factory`) folds from the start, never from a snapshot."""
    if tracker_factory(ruleset) is not None or snapshot.get("v") != ruleset.snapshot_version:
        return False
    players = snapshot.get("players") or [{}]
    return all("seen" in p and "played_first" in p for p in players)


def actions_from(conn: Connection, starts: dict[int, int]) -> dict[int, list[dict[str, Any]]]:
    """The actions of each game from its start index on, in order."""
    out: dict[int, list[dict[str, Any]]] = {g: [] for g in starts}
    if not starts:
        return out
    cond = sa.or_(*(sa.and_(ACTION_BLOCK.c.game_id == g, ACTION_BLOCK.c.stop > s) for g, s in starts.items()))
    # the games named on their own too: the primary key finds their blocks (PostgreSQL scanned the whole table for the
    # OR alone, every batch: 0.07 s of server CPU for 1,000 stored games, 1.4 s for 3,000)
    query = (sa.select(ACTION_BLOCK.c.game_id, ACTION_BLOCK.c.seq, ACTION_BLOCK.c.data)
             .where(ACTION_BLOCK.c.game_id.in_(list(starts)), cond)
             .order_by(ACTION_BLOCK.c.game_id, ACTION_BLOCK.c.seq))
    for g, seq, data in conn.execute(query):  # the blocks holding the actions from the start on (migration 0012)
        lines = data.split("\n")
        out[g].extend(decode_json(t) for t in lines[max(starts[g] - seq, 0):])
    return out


def final_facts(game: StoredGame, start: tuple[int, dict[str, Any]] | None, actions: list[dict[str, Any]],
                cards: Any) -> list[dict[str, Any]] | None:
    """Each seat's analytics facts at the end of the game (the ruleset's ``facts``, or its tracker's when it folds
    with one); None when the current engine refuses the log or the snapshot cannot be restored."""
    ruleset = get_ruleset(game.ruleset)
    try:
        if start is None:
            folder = Folder(game.header, cards, keep_trails=False)
        else:
            state = ruleset.from_snapshot(start[1], cards)
            folder = Folder(game.header, cards, keep_trails=False, state=state, offset=start[0])
        make_tracker = tracker_factory(ruleset)
        tracker = make_tracker(folder.state) if make_tracker is not None and start is None else None
        for action in actions:
            folder.push(action)
            if tracker is not None:
                tracker.after(folder.state, action)
        state = folder.settle()
    except (IllegalAction, ValueError, KeyError, TypeError):
        return None
    facts = tracker.facts if tracker is not None else ruleset.facts
    out = [facts(state, seat) for seat in range(len(state.players))]
    for seat in header_unnamed(game.header):  # drawn at the table, never named: that hand is not known
        if 0 <= seat < len(out):
            out[seat] = {**out[seat], "hands_known": False}
    return out


def ruleset_cards(store: Any) -> Callable[[str], Any]:
    """The card data each ruleset's games fold with: the store's per-game card library (``store.library``) when it
    has one, else its card data for Precious Memories and the ruleset's bundled set for another game."""
    library = getattr(store, "library", None)
    cache: dict[str, Any] = {}

    def cards(name: str) -> Any:
        if name not in cache:
            if library is not None:
                cache[name] = library.for_ruleset(name)
            elif name == PM:
                cache[name] = store.cards
            else:
                cache[name] = bundled_cards(name)
        return cache[name]

    return cards


def bundled_cards(name: str) -> Any:
    """A ruleset's bundled card set: the files its ``bundled_cards`` names (paths from the project root), or
    ``fixtures/<game folder>/cards.json``, read by its ``parse_cards`` (engine.ruleset.Ruleset)."""
    ruleset = get_ruleset(name)
    package = type(ruleset).__module__.rsplit(".", 1)[0]  # engine.<game>
    files = [ROOT / f for f in getattr(ruleset, "bundled_cards", None) or (f"fixtures/{package.rsplit('.', 1)[-1]}/cards.json",)]
    parse = ruleset.parse_cards
    if parse is None:
        raise LookupError(f"ruleset {name!r} has no card reader (parse_cards)")
    databases = [parse(json.loads(f.read_text("utf-8"))) for f in files]
    if len(databases) == 1:
        return databases[0]
    return ruleset.merge_cards(databases)


def project_batch(conn: Connection, games: Sequence[StoredGame], cards: Callable[[str], Any] | Any,
                  codes: CardCodes) -> tuple[Rows, int, list[int]]:
    """The rows of the finished games among ``games``, how many were unfinished, and the ids of the refused ones.
    ``cards``: the card data by ruleset name (:func:`ruleset_cards`), or one card database for every game."""
    card_data = cards if callable(cards) else (lambda _name: cards)
    finished = [g for g in games if g.finished]
    by_id = {g.id: g for g in finished}
    snaps: dict[int, tuple[int, dict[str, Any]]] = {}
    for g, snap in latest_snapshots(conn, list(by_id)).items():
        try:
            if usable(snap[1], get_ruleset(by_id[g].ruleset)):
                snaps[g] = snap
        except UnknownRuleset:
            pass
    starts = {g.id: snaps[g.id][0] if g.id in snaps else 0 for g in finished}
    # a game whose latest snapshot is its end (as every import stores it) has no action left to read: not asked for
    later = {g.id: starts[g.id] for g in finished if starts[g.id] < g.actions}
    acts: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in starts} | actions_from(conn, later)
    rows = Rows()
    refused = []
    for g in finished:
        try:
            db = card_data(g.ruleset)
            facts = final_facts(g, snaps.get(g.id), acts[g.id], db)
            if facts is None and g.id in snaps:  # the snapshot would not restore: fold from the start
                facts = final_facts(g, None, actions_from(conn, {g.id: 0})[g.id], db)
            got = None if facts is None else game_rows(g, facts, db, codes)
        except Exception:  # one game's failure (an unknown ruleset included) must not stop the others
            logger.exception("warehouse: game %s cannot be projected", g.id)
            got = None
        if got is None:
            refused.append(g.id)
        else:
            rows.extend(got)
    return rows, len(games) - len(finished), refused
