"""Seek: the state after N actions from the nearest snapshot equals a full fold to N, with the trail of action N."""

from __future__ import annotations

import pytest

from engine.fold import fold
from pmemo_replay.logio import parse_log
from pmemo_replay.store import SNAPSHOT_EVERY, StepOutOfRange, Store, UnknownGame
from tests.store.data import LOGS, simulated


def _steps(total: int) -> list[int]:
    edges = {0, 1, 2, total - 1, total}
    for k in range(SNAPSHOT_EVERY, total + 1, SNAPSHOT_EVERY):
        edges.update({k - 1, k, k + 1})
    return sorted(n for n in edges | set(range(0, total + 1, 7)) if 0 <= n <= total)


@pytest.mark.parametrize("name", ["mhk-points.json", "original-points.jsonl"])
def test_seek_equals_a_full_fold(store: Store, name: str) -> None:
    data = (LOGS / name).read_bytes()
    log = parse_log(data)
    r = store.ingest_text(data, name)
    assert r.game_id is not None
    full = fold(log.header, log.actions, store.cards)
    for n in _steps(len(log.actions)):
        state, trail = store.state_at(r.game_id, n)
        upto = fold(log.header, log.actions, store.cards, at=n)  # settled after action n, its trail too
        assert state == upto.state_json(), n
        assert trail == (upto.trails[n - 1].to_json() if n else None), n
    assert store.state_at(r.game_id)[0] == full.state_json()


def test_seek_in_simulated_games(store: Store) -> None:
    for data in simulated(3, 9):
        log = parse_log(data)
        r = store.ingest_text(data, "sim")
        assert r.game_id is not None
        for n in _steps(len(log.actions))[::3]:
            assert store.state_at(r.game_id, n)[0] == fold(log.header, log.actions, store.cards, at=n).state_json(), n


def test_seek_out_of_range_and_unknown_game(store: Store) -> None:
    r = store.ingest_text((LOGS / "original-points.json").read_bytes(), "o")
    assert r.game_id is not None
    with pytest.raises(StepOutOfRange):
        store.state_at(r.game_id, -1)
    with pytest.raises(StepOutOfRange):
        store.state_at(r.game_id, 260)
    with pytest.raises(UnknownGame):
        store.state_at(r.game_id + 1, 0)
