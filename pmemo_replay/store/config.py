"""Where the store lives: the database URL from ``--db``, ``PMEMO_DATABASE_URL`` or the instance folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_URL = "PMEMO_DATABASE_URL"
INSTANCE_DIR = "instance"
SQLITE_NAME = "pmemo.sqlite3"


ENV_HOME = "PMEMO_HOME"
APP_DIR = "pmemo-replay"


def instance_folder(cwd: str | os.PathLike[str] | None = None) -> Path:
    """The instance folder: ``instance/`` under ``cwd`` when given; otherwise ``PMEMO_HOME`` when set, else
    ``instance/`` under the current folder when that is a pmemo-replay project (it has ``instance/`` or the
    project's ``pyproject.toml``), else the per-user data folder (:func:`user_folder`)."""
    if cwd is not None:
        return Path(cwd) / INSTANCE_DIR
    if os.environ.get(ENV_HOME):
        return Path(os.environ[ENV_HOME])
    here = Path.cwd()
    if in_project(here):
        return here / INSTANCE_DIR
    return user_folder()


def in_project(folder: Path) -> bool:
    """True when ``folder`` is a pmemo-replay checkout or already holds an instance folder."""
    if (folder / INSTANCE_DIR).is_dir():
        return True
    try:
        return 'name = "pmemo-replay"' in (folder / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False


def user_folder() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/pmemo-replay``, else ``~/.local/share/pmemo-replay``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR


def default_database_url(cwd: str | os.PathLike[str] | None = None) -> str:
    """``sqlite:///<instance folder>/pmemo.sqlite3``: the store when nothing is configured."""
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
