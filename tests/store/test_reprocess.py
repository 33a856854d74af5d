"""Re-processing every raw upload with the engine reproduces the same games."""

from __future__ import annotations

import sqlalchemy as sa

from engine.fold import fold
from pmemo_replay.logio import dump_jsonl, load_log, parse_log
from pmemo_replay.store import Store
from tests.store.data import LOGS, consistency_problems, illegal_log, simulated

COLUMNS = "id, upload_id, content_hash, source_id, first, winner, reason, n_actions, turns, ruleset, unverified, played_at"
SEATS = "SELECT game_id, seat, player, deck_name, score, placement FROM game_seat ORDER BY 1, 2"


def _games(store: Store) -> list[tuple]:
    with store.engine.connect() as conn:
        seats = [tuple(r) for r in conn.execute(sa.text(SEATS))]
        return [(*r, [s for s in seats if s[0] == r[0]]) for r in conn.execute(sa.text(f"SELECT {COLUMNS} FROM game ORDER BY id"))]


def _snapshots(store: Store) -> list[tuple]:
    with store.engine.connect() as conn:
        return [(g, s, str(d)) for g, s, d in conn.execute(sa.text("SELECT game_id, seq, data FROM game_snapshot ORDER BY 1, 2"))]


def _fill(store: Store) -> None:
    for path in sorted(p for p in LOGS.iterdir() if "points" in p.name):  # the two complete sample games
        store.ingest_text(path.read_bytes(), path.name)
    for i, data in enumerate(simulated(6, 41)):
        store.ingest_text(data, f"sim-{i}")


def test_reprocessing_every_upload_reproduces_the_games(store: Store) -> None:
    _fill(store)
    games, snaps = _games(store), _snapshots(store)
    report = store.reprocess_all()
    assert report.checked == len(games) == 8 and report.unchanged == 8
    assert report.changed == report.refused == report.mismatched == []
    assert _games(store) == games and _snapshots(store) == snaps
    forced = store.reprocess_all(force=True, workers=2)
    assert forced.unchanged == 8 and _games(store) == games and _snapshots(store) == snaps
    assert consistency_problems(store.engine) == []


def test_reprocessing_repairs_derived_columns(store: Store) -> None:
    _fill(store)
    games = _games(store)
    with store.engine.begin() as conn:  # as if an older engine had ruled otherwise
        conn.execute(sa.text("UPDATE game SET winner = 1 - winner, turns = 99, engine_version = 'old' WHERE id = 2"))
        conn.execute(sa.text("DELETE FROM game_snapshot WHERE game_id = 2"))
    report = store.reprocess_all()
    assert report.changed == [2] and report.unchanged == 7 and _games(store) == games
    g = store.get_game(2)
    assert g is not None and g.engine_version != "old"
    log = parse_log(_upload(store, 2))
    assert store.state_at(2, 100)[0] == fold(log.header, log.actions, store.cards, at=100).state_json()
    assert consistency_problems(store.engine) == []


def _upload(store: Store, game_id: int) -> bytes:
    with store.engine.connect() as conn:
        return bytes(conn.execute(sa.text("SELECT u.data FROM upload u JOIN game g ON g.upload_id = u.id WHERE g.id = :g"),
                                  {"g": game_id}).scalar_one())


def test_reprocessing_reports_refused_and_mismatched_uploads(store: Store) -> None:
    _fill(store)
    legal = _upload(store, 3)
    other = parse_log(legal).document()
    other["game"]["id"] = "another"
    with store.engine.begin() as conn:  # as if a later engine (or reader) saw these uploads otherwise
        for game_id, data in ((2, illegal_log()), (3, dump_jsonl(load_log(other)).encode())):
            conn.execute(sa.text("UPDATE upload SET data = :d WHERE id = (SELECT upload_id FROM game WHERE id = :g)"),
                         {"d": data, "g": game_id})
    report = store.reprocess_all()
    assert [i for i, _ in report.refused] == [2] and report.refused[0][1]["rule"] == "approach.first_turn"
    assert report.mismatched == [3] and report.unchanged == 6
    g = store.get_game(2)
    assert g is not None and g.ruling == report.refused[0][1] and len(store.actions(2)) == g.n_actions
    # its old snapshots are gone (folded by an engine that accepted it): seeks fold the stored actions from the
    # header, so they stop wherever this engine refuses them, at every step after; here they are still legal
    assert not [s for s in _snapshots(store) if s[0] == 2]
    state, _ = store.state_at(2, g.n_actions)
    assert state == fold(g.header, store.actions(2), store.cards).state_json()
