"""Where the store lives: the database URL from ``--db``, ``PMEMO_DATABASE_URL`` or the instance folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_URL = "PMEMO_DATABASE_URL"
INSTANCE_DIR = "instance"
SQLITE_NAME = "pmemo.sqlite3"


def instance_folder(cwd: str | os.PathLike[str] | None = None) -> Path:
    """The instance folder: ``instance/`` under ``cwd`` (default: the current working directory)."""
    return Path(cwd if cwd is not None else os.getcwd()) / INSTANCE_DIR


def default_database_url(cwd: str | os.PathLike[str] | None = None) -> str:
    """``sqlite:///<cwd>/instance/pmemo.sqlite3``: the store when nothing is configured."""
    return f"sqlite:///{instance_folder(cwd) / SQLITE_NAME}"


def normalize_url(url: str) -> str:
    """Spell PostgreSQL URLs with the psycopg 3 driver (``postgresql+psycopg://``)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def database_url(option: str | None = None) -> str:
    """The store URL: the ``--db`` option, else ``PMEMO_DATABASE_URL``, else the instance-folder SQLite file."""
    return normalize_url(option or os.environ.get(ENV_URL) or default_database_url())
