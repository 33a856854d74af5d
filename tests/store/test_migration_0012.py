"""Migration 0012 (actions in blocks of 64, PostgreSQL's snapshots as text), down and up on SQLite and PostgreSQL:
the downgrade gives back one row per action with the ``type`` and ``player`` the writer gave them, the upgrade the
same blocks the writer makes, and every read (actions, seeks, snapshots) answers as before."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command

from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, encode_sorted_lines, write_transaction
from pmemo_replay.store.migrate import alembic_config, head_revision
from pmemo_replay.store.prepare import ACTION_BLOCK
from tests.store.data import LOGS, simulated
from tests.store.test_copy_rows import awkward_log

BLOCKS = "SELECT game_id, seq, stop, data FROM game_action_block ORDER BY game_id, seq"


def _migrate(url: str, revision: str) -> None:
    engine = create_db_engine(url)
    try:
        with write_transaction(engine) as conn:
            if revision == "head":
                command.upgrade(alembic_config(conn), revision)
            else:
                command.downgrade(alembic_config(conn), revision)
    finally:
        engine.dispose()


def _player(action: dict) -> int | None:
    p = action.get("p")
    return p if type(p) is int and 0 <= p < 255 else None


#: actions whose ``p`` the player column leaves null (a float, a string, 255, a boolean), and a seat 254: no log
#: passes the schema with them, so they are appended as a block of their own (appending stays possible)
ODD = [{"type": "note", "p": p, "text": "x"} for p in (1.5, 1.0, "1", 255, True, 254, -1)]


def test_down_and_up_keep_every_action_and_snapshot(store_url: str) -> None:
    datas = [awkward_log(), (LOGS / "original-points.json").read_bytes(), *simulated(3, seed=12)]
    with Store(store_url) as store:
        ids = [store.ingest_text(d, f"log{i}").game_id for i, d in enumerate(datas)]
        assert None not in ids
        end = store.get_game(ids[1]).n_actions  # type: ignore[union-attr]
        with store.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO game_action_block (game_id, seq, stop, data) VALUES (:g, :s, :e, :d)"),
                         {"g": ids[1], "s": end, "e": end + len(ODD), "d": encode_sorted_lines(ODD)})
        actions = {g: store.actions(g) for g in ids}
        states = {g: [store.state_at(g, n) for n in (0, 1, ACTION_BLOCK - 1, ACTION_BLOCK, ACTION_BLOCK + 1, None)
                      if n is None or n <= len(actions[g])] for g in ids}
        with store.engine.connect() as conn:
            blocks = [tuple(r) for r in conn.execute(sa.text(BLOCKS))]
            snapshots = [tuple(r) for r in conn.execute(sa.text("SELECT game_id, seq, CAST(data AS TEXT) FROM game_snapshot "
                                                                 "ORDER BY game_id, seq"))]
    assert len(blocks) > len(ids)  # games of more than one block

    _migrate(store_url, "0011")
    engine = create_db_engine(store_url)
    try:
        with engine.connect() as conn:
            cast = "data::text" if conn.dialect.name == "postgresql" else "data"
            rows = conn.execute(sa.text(f"SELECT game_id, seq, type, player, {cast} FROM game_action ORDER BY game_id, seq")).all()
            tables = sa.inspect(conn).get_table_names()
            old_snapshots = [tuple(r) for r in conn.execute(sa.text("SELECT game_id, seq, CAST(data AS TEXT) FROM game_snapshot "
                                                                     "ORDER BY game_id, seq"))]
            if conn.dialect.name == "postgresql":
                types = dict(conn.execute(sa.text("SELECT table_name || '.' || column_name, data_type FROM information_schema.columns "
                                                  "WHERE column_name = 'data' AND table_name IN ('game_action', 'game_snapshot')")).all())
                assert types == {"game_action.data": "json", "game_snapshot.data": "json"}
    finally:
        engine.dispose()
    assert "game_action_block" not in tables and old_snapshots == snapshots
    expected = [(g, seq, a["type"], _player(a), text) for g in ids
                for seq, (a, text) in enumerate(zip(actions[g], encode_sorted_lines(actions[g]).split("\n"), strict=True))]
    assert [tuple(r) for r in rows] == expected
    assert [r[3] for r in rows if r[0] == ids[1]][-len(ODD):] == [None, None, None, None, None, 254, None]

    with Store(store_url) as store:  # opening upgrades to the head again
        with store.engine.connect() as conn:
            again = [tuple(r) for r in conn.execute(sa.text(BLOCKS))]
            assert "game_action" not in sa.inspect(conn).get_table_names()
        assert {g: store.actions(g) for g in ids} == actions
        assert {g: [store.state_at(g, n) for n in (0, 1, ACTION_BLOCK - 1, ACTION_BLOCK, ACTION_BLOCK + 1, None)
                    if n is None or n <= len(actions[g])] for g in ids} == states
    texts = {g: encode_sorted_lines(actions[g]).split("\n") for g in ids}
    assert again == [(g, i, min(i + ACTION_BLOCK, len(texts[g])), "\n".join(texts[g][i:i + ACTION_BLOCK]))
                     for g in ids for i in range(0, len(texts[g]), ACTION_BLOCK)]  # the writer's blocks
    assert [b for b in again if b[0] != ids[1]] == [b for b in blocks if b[0] != ids[1]]
    _migrate(store_url, "head")  # nothing left to do
    assert head_revision() == "0012"
