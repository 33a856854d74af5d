"""Where the warehouse lives: ``--warehouse``, else ``PMEMO_WAREHOUSE``, else a folder beside the store.

>>> str(warehouse_folder(None, "sqlite:////srv/app/instance/pmemo.sqlite3", env={}))
'/srv/app/instance/warehouse'
>>> str(warehouse_folder(None, "sqlite:////data/games.sqlite3", env={}))
'/data/games.warehouse'
>>> str(warehouse_folder("/tmp/wh", "sqlite:////data/games.sqlite3", env={"PMEMO_WAREHOUSE": "/x"}))
'/tmp/wh'
>>> str(warehouse_folder(None, "postgresql+psycopg://u:secret@db:5432/pmemo", env={}, cwd="/srv"))
'/srv/instance/warehouse-db-5432-pmemo'
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import make_url

from pmemo_replay.store.config import SQLITE_NAME, database_url, instance_folder

ENV_WAREHOUSE = "PMEMO_WAREHOUSE"
DEFAULT_NAME = "warehouse"


def beside_store(url: str, cwd: str | os.PathLike[str] | None = None) -> Path:
    """The default folder for the store ``url``.

    The default SQLite file ``<instance>/pmemo.sqlite3`` gets ``<instance>/warehouse``; another
    SQLite file ``DIR/NAME.sqlite3`` gets ``DIR/NAME.warehouse`` (two stores in one folder never
    share a warehouse); a server database gets ``<instance>/warehouse-<host>-<port>-<database>``, plus a short
    hash of the URL's query options when it has some (another ``search_path`` is another store).
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        path = Path(parsed.database)
        if not path.is_absolute():
            path = Path(cwd if cwd is not None else os.getcwd()) / path
        return path.parent / (DEFAULT_NAME if path.name == SQLITE_NAME else f"{path.stem}.{DEFAULT_NAME}")
    parts = [parsed.host or "local", str(parsed.port or ""), parsed.database or "db"]
    if parsed.query:  # e.g. another schema through search_path: another warehouse
        parts.append(hashlib.sha1(repr(sorted(parsed.query.items())).encode()).hexdigest()[:8])
    label = "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", p) for p in parts if p)
    return instance_folder(cwd) / f"{DEFAULT_NAME}-{label}"


def warehouse_folder(option: str | os.PathLike[str] | None, url: str | None, *, env: Mapping[str, str] | None = None,
                     cwd: str | os.PathLike[str] | None = None) -> Path:
    """The warehouse folder: the option, else ``PMEMO_WAREHOUSE``, else :func:`beside_store` of the store URL."""
    env = os.environ if env is None else env
    chosen = option or env.get(ENV_WAREHOUSE)
    if chosen:
        return Path(chosen)
    return beside_store(database_url(url) if url is None else url, cwd)
