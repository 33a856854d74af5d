"""What a test process builds once and reuses in every test (tests/conftest.py installs these at start):

- compiled page templates: each application the tests build (hundreds per process) has a Jinja environment of its
  own, which compiled every template it rendered again (about 50 ms per page); :class:`SharedTemplates` keeps the
  compiled code for every environment of the process (Jinja checks the template's source against it on each load).
- URL builders: Werkzeug compiles two Python functions per route (``Rule._compile_builder``: an AST, then
  ``compile``) for every application, about 28 ms of CPU of the 42 ms an application takes to make;
  :func:`cached_builder` keeps each function by what it is made from (the rule, its trace, its defaults) and hands
  the same one to the same rule of the next application (it reads the rule it is bound to only when called).
- a migrated empty SQLite store: opening a store on a new SQLite file ran the eleven Alembic migrations (about
  0.1 s of CPU); :func:`upgrade_from_template` starts such a file as a copy of one store this process migrated
  with the real migrations, then runs the real upgrade on it (which finds it at the head revision). Existing files
  (the migration tests' older revisions) are upgraded as before.
- a migrated empty PostgreSQL schema: the same on PostgreSQL (about 0.5 s of the server's time per test schema),
  for a new empty schema (a store test's ``t_<hex>``): :class:`PgTemplate` migrates one schema per database with the
  real migrations, takes its definition and rows once (``pg_dump --inserts``) and drops it; each new empty schema is
  made by running that under the new name (one round trip), then the real upgrade finds the head revision. Without
  ``pg_dump`` (or when it fails) schemas are migrated as before. tests/store/test_reuse_template.py checks that a
  copy dumps as a migrated schema does.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from flask import Flask
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy.engine import URL, Connection, Engine
from werkzeug.routing.rules import Rule

import pmemo_replay.store.store as store
from pmemo_replay.store import db, migrate


class SharedTemplates(BytecodeCache):
    """Jinja bytecode kept in memory for every environment of this process."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


_REAL_COMPILE_BUILDER = Rule._compile_builder
_builders: dict[tuple[object, ...], Callable[..., tuple[str, str]]] = {}


def cached_builder(rule: Rule, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
    """``Rule._compile_builder``, made once per distinct rule (the function depends on nothing else)."""
    key = (rule.rule, rule.host, rule.subdomain, rule.merge_slashes, append_unknown, tuple(rule._trace),
           tuple((name, type(value), repr(value)) for name, value in (rule.defaults or {}).items()))
    builder = _builders.get(key)
    if builder is None:
        builder = _builders[key] = _REAL_COMPILE_BUILDER(rule, append_unknown)
    return builder


_REAL_UPGRADE = migrate.upgrade
_template: Path | None = None


def _new_sqlite_file(engine: Engine) -> Path | None:
    """The file of a SQLite store not made yet (None: another database, in memory, or a file that exists)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database.startswith(("file:", ":memory:")):
        return None
    path = Path(url.database)
    if path.exists() or not path.parent.is_dir() or Path(f"{path}-wal").exists():
        return None
    return path


def _template_file() -> Path | None:
    """This process's migrated empty store (made on first use in a folder under TMPDIR); None if SQLite left a
    write-ahead log beside it (the copy would miss what is in it)."""
    global _template
    if _template is None:
        path = Path(tempfile.mkdtemp(prefix="pmemo-store-template-")) / "empty.sqlite3"
        engine = db.create_db_engine(f"sqlite:///{path}")
        try:
            _REAL_UPGRADE(engine)
        finally:
            engine.dispose()
        _template = path
    return None if Path(f"{_template}-wal").exists() else _template


def pg_schema(url: URL) -> str | None:
    """The schema a PostgreSQL URL's ``options=-csearch_path=<schema>`` names (a single plain name), else None."""
    if url.get_backend_name() != "postgresql":
        return None
    options = url.query.get("options")
    found = re.fullmatch(r"-csearch_path=([a-z_][a-z0-9_]*)", unquote(options) if isinstance(options, str) else "")
    return found.group(1) if found else None


class PgTemplate:
    """The definition and rows of a schema migrated once by this process (then dropped), to make copies from."""

    def __init__(self, engine: Engine) -> None:
        self.schema = f"pmemo_template_{secrets.token_hex(6)}"
        url = engine.url.set(query={"options": f"-csearch_path={self.schema}"})
        with engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {self.schema}")
        template = db.create_db_engine(url.render_as_string(hide_password=False))
        try:
            _REAL_UPGRADE(template)
            self.ddl = self._definition(engine.url)
        finally:
            template.dispose()
            with engine.begin() as conn:  # gone before any test looks at the database's catalog
                conn.exec_driver_sql(f"DROP SCHEMA {self.schema} CASCADE")

    def _definition(self, url: URL) -> str | None:
        """The schema's definition and rows (``pg_dump --inserts``), names qualified by ``{schema}``; None without
        pg_dump."""
        command = ["pg_dump", "--inserts", "--no-owner", "--no-privileges", f"--schema={self.schema}",
                   "-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or "postgres",
                   url.database or "postgres"]
        env = {**os.environ, "PGPASSWORD": url.password} if url.password else None
        try:
            dump = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60, env=env).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        # left out: psql's commands, the session settings (they would stay on the pooled connection), the schema itself
        dropped = re.compile(rf"^(\\|SET |SELECT pg_catalog\.set_config\(|(CREATE|ALTER) SCHEMA {self.schema}\b)")
        text = "\n".join(line for line in dump.splitlines() if not dropped.match(line))
        if f"CREATE TABLE {self.schema}." not in text or f"INSERT INTO {self.schema}.alembic_version" not in text:
            return None
        return text.replace("{", "{{").replace("}", "}}").replace(f"{self.schema}.", "{schema}.")

    def fill(self, conn: Connection, schema: str) -> None:
        """Make the empty ``schema`` a copy of the template: its tables, indexes, triggers, rows and sequences."""
        assert self.ddl is not None
        with conn.connection.dbapi_connection.cursor() as cursor:  # type: ignore[union-attr]
            cursor.execute(self.ddl.format(schema=schema))  # no parameters: psycopg sends the statements as they are


_pg_templates: dict[str, PgTemplate] = {}


def _fill_empty_pg_schema(engine: Engine) -> None:
    """When ``engine`` is a PostgreSQL URL naming an empty schema, make it a copy of the database's template."""
    schema = pg_schema(engine.url)
    if schema is None:
        return
    key = engine.url.set(query={}).render_as_string(hide_password=False)
    template = _pg_templates.get(key)
    if template is None:
        template = _pg_templates[key] = PgTemplate(engine)
    if template.ddl is None:
        return
    with engine.begin() as conn:
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({migrate._PG_LOCK})")  # as concurrent upgrades do
        empty = not conn.exec_driver_sql(
            "SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(s)s "
            "UNION ALL SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %(s)s "
            "LIMIT 1", {"s": schema}).first()
        exists = conn.exec_driver_sql("SELECT 1 FROM pg_namespace WHERE nspname = %(s)s", {"s": schema}).first()
        if empty and exists:
            template.fill(conn, schema)


def upgrade_from_template(engine: Engine) -> None:
    """:func:`pmemo_replay.store.migrate.upgrade`, a new SQLite file or an empty PostgreSQL schema first made as a
    copy of the migrated template."""
    _fill_empty_pg_schema(engine)
    path = _new_sqlite_file(engine)
    template = _template_file() if path is not None else None
    if path is not None and template is not None:
        part = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        shutil.copyfile(template, part)
        try:
            os.link(part, path)  # never over a file another opener made meanwhile
        except FileExistsError:
            pass
        finally:
            part.unlink()
    _REAL_UPGRADE(engine)


def install() -> None:
    """Share compiled templates and URL builders between the applications of this process, and start new SQLite
    files and PostgreSQL schemas from the templates."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": SharedTemplates()}
    Rule._compile_builder = cached_builder  # type: ignore[method-assign]
    store.upgrade = upgrade_from_template  # type: ignore[attr-defined]


def uninstall() -> None:
    global _template
    store.upgrade = _REAL_UPGRADE  # type: ignore[attr-defined]
    Rule._compile_builder = _REAL_COMPILE_BUILDER  # type: ignore[method-assign]
    _builders.clear()
    _pg_templates.clear()  # (dropped with the session's database)
    if _template is not None:
        shutil.rmtree(_template.parent, ignore_errors=True)
        _template = None
