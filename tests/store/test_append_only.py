"""Action blocks are append-only, enforced by the database: raw UPDATE and DELETE are refused."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from pmemo_replay.store import Store
from tests.store.data import LOGS

ROWS = "SELECT game_id, seq, stop, data FROM game_action_block ORDER BY seq"


def _stored(store: Store) -> tuple[int, list[tuple]]:
    r = store.ingest_text((LOGS / "original-points.json").read_bytes(), "o.json")
    assert r.game_id is not None
    with store.engine.connect() as conn:
        rows = conn.execute(sa.text(ROWS)).all()
    return r.game_id, [tuple(x) for x in rows]


@pytest.mark.parametrize("statement", [
    "UPDATE game_action_block SET data = '{\"type\": \"pass\"}' WHERE seq = 0",
    "UPDATE game_action_block SET seq = seq + 1000",
    "DELETE FROM game_action_block WHERE seq = 0",
    "DELETE FROM game_action_block",
])
def test_update_and_delete_on_actions_are_refused(store: Store, statement: str) -> None:
    _, before = _stored(store)
    assert before
    with pytest.raises(DBAPIError, match="append-only"), store.engine.begin() as conn:
        conn.execute(sa.text(statement))
    with store.engine.connect() as conn:
        after = [tuple(x) for x in conn.execute(sa.text(ROWS))]
    assert after == before


@pytest.mark.parametrize("store_url", ["postgresql"], indirect=True)
def test_truncate_refused_on_postgresql(store: Store) -> None:
    game_id, before = _stored(store)
    with pytest.raises(DBAPIError, match="append-only"), store.engine.begin() as conn:
        conn.execute(sa.text("TRUNCATE game_action_block"))
    assert len(store.actions(game_id)) == before[-1][2]


def test_appending_stays_possible(store: Store) -> None:
    game_id, before = _stored(store)
    end = before[-1][2]
    with store.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO game_action_block (game_id, seq, stop, data) VALUES (:g, :s, :e, :d)"),
                     {"g": game_id, "s": end, "e": end + 1, "d": '{"type": "note", "text": "gg"}'})
    assert store.actions(game_id)[-1] == {"type": "note", "text": "gg"}
