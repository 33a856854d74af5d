"""What a test process builds once and reuses in every test (tests/conftest.py installs both at start):

- compiled page templates: each application the tests build (hundreds per process) has a Jinja environment of its
  own, which compiled every template it rendered again (about 50 ms per page); :class:`SharedTemplates` keeps the
  compiled code for every environment of the process (Jinja checks the template's source against it on each load).
- a migrated empty SQLite store: opening a store on a new SQLite file ran the eleven Alembic migrations (about
  0.1 s of CPU); :func:`upgrade_from_template` starts such a file as a copy of one store this process migrated
  with the real migrations, then runs the real upgrade on it (which finds it at the head revision). Existing files
  (the migration tests' older revisions) and PostgreSQL are upgraded as before.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from pathlib import Path

from flask import Flask
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy.engine import Engine

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


def upgrade_from_template(engine: Engine) -> None:
    """:func:`pmemo_replay.store.migrate.upgrade`, a new SQLite file first made as a copy of the migrated template."""
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
    """Share compiled templates between the applications of this process, and start new SQLite stores from the
    template."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": SharedTemplates()}
    store.upgrade = upgrade_from_template  # type: ignore[attr-defined]


def uninstall() -> None:
    global _template
    store.upgrade = _REAL_UPGRADE  # type: ignore[attr-defined]
    if _template is not None:
        shutil.rmtree(_template.parent, ignore_errors=True)
        _template = None
