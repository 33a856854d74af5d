"""The store's seek cache (pmemo_replay.store.cache) changes no answer: cached seeks equal seeks without it, in any
order, from several threads, with a small bound, and after a snapshot is rewritten under it."""

from __future__ import annotations

import random
import threading
from typing import Any

import sqlalchemy as sa

from pmemo_replay.logio import parse_log
from pmemo_replay.store import Store, seek
from pmemo_replay.store.cache import GRID, SeekCache
from pmemo_replay.store.db import read_connection
from pmemo_replay.store.queries import actions as sql_actions
from pmemo_replay.web.jsonprovider import OrjsonProvider
from tests.store.data import LOGS, simulated


def _fill(store: Store) -> list[tuple[int, int]]:
    """The MHK sample and three simulated games: (id, number of actions) of each."""
    out = []
    for data in ((LOGS / "mhk-points.json").read_bytes(), *simulated(3, 21)):
        r = store.ingest_text(data, "t")
        assert r.game_id is not None
        out.append((r.game_id, len(parse_log(data).actions)))
    return out


def _uncached(store: Store, game_id: int, n: int | None) -> tuple[Any, Any]:
    with read_connection(store.engine) as conn:
        return seek.state_at(conn, game_id, n, store.library)


def _steps(games: list[tuple[int, int]], count: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(gid, rng.randint(0, total)) for gid, total in (rng.choice(games) for _ in range(count))]


def test_cached_seeks_equal_seeks_without_the_cache(store: Store) -> None:
    games = _fill(store)
    steps = _steps(games, 150, 1)
    steps += [(gid, n) for gid, total in games[:1] for n in range(total + 1)]  # one game step by step, as a viewer
    for gid, n in steps:
        assert store.state_at(gid, n) == _uncached(store, gid, n), (gid, n)
    assert store.seek_cache._n_states > 0  # the cache was used
    for gid, n in _steps(games, 60, 2):
        with read_connection(store.engine) as conn:
            assert store.legal_at(gid, n) == seek.legal_at(conn, gid, n, store.library), (gid, n)
    gid, total = games[0]
    assert store.state_at(gid) == _uncached(store, gid, None) == store.state_at(gid, total)


def test_a_small_cache_stays_within_its_bound(store: Store) -> None:
    games = _fill(store)
    store.seek_cache = SeekCache(max_states=5, max_actions=300)
    for gid, n in _steps(games, 120, 3):
        assert store.state_at(gid, n) == _uncached(store, gid, n), (gid, n)
        assert store.seek_cache._n_states <= 5 and store.seek_cache._n_actions <= 300


def test_seeks_from_several_threads(store: Store) -> None:
    games = _fill(store)
    steps = _steps(games, 160, 4)
    expected = {(gid, n): _uncached(store, gid, n) for gid, n in steps}
    wrong: list[tuple[int, int]] = []

    def work(part: list[tuple[int, int]]) -> None:
        wrong.extend(step for step in part if store.state_at(*step) != expected[step])

    threads = [threading.Thread(target=work, args=(steps[k::4],)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_a_rewritten_snapshot_is_read_anew(store: Store) -> None:
    """Snapshots may be rewritten (re-processing): states folded from the old text are not used for the new one."""
    games = _fill(store)
    gid, total = max(games, key=lambda g: g[1])
    assert total > 2 * 64 + GRID
    for n in range(60, total + 1, 3):
        store.state_at(gid, n)  # fills the cache from the stored snapshots
    with store.engine.begin() as conn:  # the snapshot at 128 replaced by the one at 64 (as if another engine wrote it)
        other = conn.execute(sa.text("SELECT data FROM game_snapshot WHERE game_id = :g AND seq = 64"), {"g": gid}).scalar_one()
        conn.execute(sa.text("DELETE FROM game_snapshot WHERE game_id = :g AND seq = 128"), {"g": gid})
        conn.execute(sa.text("INSERT INTO game_snapshot (game_id, seq, data) VALUES (:g, 128, :d)"),
                     {"g": gid, "d": other if isinstance(other, str) else OrjsonProvider.dumps_fast(other)})
    for n in (129, 130, 128 + GRID + 1, 150):
        assert store.state_at(gid, n) == _uncached(store, gid, n), n
    with store.engine.begin() as conn:  # and none at all: folded from the snapshot before it
        conn.execute(sa.text("DELETE FROM game_snapshot WHERE game_id = :g AND seq = 128"), {"g": gid})
    for n in (129, 150):
        assert store.state_at(gid, n) == _uncached(store, gid, n), n


def test_actions_from_the_cache(store: Store) -> None:
    games = _fill(store)
    gid, total = games[0]
    with read_connection(store.engine) as conn:
        stored = sql_actions(conn, gid)
        for start, stop in ((0, 5), (3, 3), (5, 2), (-1, 2), (0, -1), (total - 2, total + 5), (total, total + 1)):
            assert store.actions_range(gid, start, stop) == sql_actions(conn, gid, start, stop), (start, stop)
    assert store.actions(gid) == stored and len(stored) == total
    assert store.actions_json(gid) == OrjsonProvider.dumps_fast(stored)
    assert store.actions(10_000) == [] and store.actions_json(10_000) is None


def test_segments_without_states_count_toward_the_bound() -> None:
    """Seeks before the first kept state (steps 0-7, refused decks) and snapshots of older versions leave segments
    with no state: they are bounded too (a reviewer's cache grew to 200,000 such segments)."""
    cache = SeekCache(max_states=5)
    for game_id in range(1000):
        cache.new_segment(game_id, None, None, None)
        cache.new_segment(game_id, 64, "x" * 1000, None)
    assert len(cache._segments) <= 5
