"""The schema the migrations build: at the head revision, and on PostgreSQL large values compressed with lz4."""

from __future__ import annotations

import sqlalchemy as sa

from pmemo_replay.store import Store
from pmemo_replay.store.migrate import current_revision, head_revision


def test_a_new_store_is_at_the_head_revision(store: Store) -> None:
    with store.engine.connect() as conn:
        assert current_revision(conn) == head_revision()


def test_large_values_use_lz4_on_postgresql(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        return  # SQLite stores values uncompressed: no setting to check
    with store.engine.connect() as conn:
        lz4 = conn.execute(sa.text(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")).scalar()
        rows = conn.execute(sa.text(
            "SELECT c.relname, a.attname, a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
            "WHERE c.relnamespace = to_regnamespace(current_schema()) AND (c.relname, a.attname) IN "
            "(('upload', 'data'), ('game_snapshot', 'data'), ('game', 'header'))")).all()
    assert len(rows) == 3
    assert all(r.attcompression == ("l" if lz4 else "") for r in rows), rows
