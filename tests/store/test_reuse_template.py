"""The stores the tests start from a template (tests/reuse.py) are the stores the real migrations make: a PostgreSQL
schema filled from the template dumps (definition and rows) as a schema migrated from empty does, and a SQLite file
copied from the template holds the same schema and rows as one migrated from empty."""

from __future__ import annotations

import secrets
import sqlite3
import subprocess
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from pmemo_replay.store import db
from tests import reuse


def _dump(database: str, schema: str) -> str:
    url = make_url(database)
    out = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "--inserts", f"--schema={schema}",
                          "-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or "postgres",
                          url.database or ""], capture_output=True, text=True, check=True).stdout
    lines = [line for line in out.splitlines() if not line.startswith(("\\", "--"))]
    return "\n".join(lines).replace(schema, "<schema>")


def _new_schema(database: str) -> tuple[str, str]:
    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(database.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return schema, f"{database}?options=-csearch_path%3D{schema}"


def test_a_schema_filled_from_the_template_dumps_as_a_migrated_one(pg_database: str) -> None:
    made = {}
    for how, upgrade in (("migrated", reuse._REAL_UPGRADE), ("copied", reuse.upgrade_from_template)):
        schema, url = _new_schema(pg_database)
        engine = db.create_db_engine(url)
        try:
            upgrade(engine)
        finally:
            engine.dispose()
        made[how] = _dump(pg_database, schema)
    if not any(t.ddl for t in reuse._pg_templates.values()):
        pytest.fail("no template was made (pg_dump missing?): the copy was not tried")
    assert "CREATE TABLE <schema>.game " in made["migrated"] and "INSERT INTO <schema>.alembic_version" in made["migrated"]
    assert made["copied"] == made["migrated"]


def _sqlite_contents(path: Path) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    with sqlite3.connect(path) as conn:
        schema = sorted(conn.execute("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master"))
        rows = sorted(conn.execute("SELECT version_num FROM alembic_version"))
    return schema, rows


def test_a_sqlite_store_copied_from_the_template_holds_what_a_migrated_one_holds(tmp_path: Path) -> None:
    contents = {}
    for how, upgrade in (("migrated", reuse._REAL_UPGRADE), ("copied", reuse.upgrade_from_template)):
        path = tmp_path / f"{how}.sqlite3"
        engine = db.create_db_engine(f"sqlite:///{path}")
        try:
            upgrade(engine)
        finally:
            engine.dispose()
        contents[how] = _sqlite_contents(path)
    assert any(name == "game" for _, name, _, _ in contents["migrated"][0])
    assert contents["copied"] == contents["migrated"]
