"""DuckDB's resource settings for the warehouse queries: a memory limit and a spill folder, set by the project.

DuckDB's own defaults (80% of the machine's memory, spilling beside a database file, none for an in-memory
one) would let a query over a large warehouse take the whole machine or fail instead of spilling. Every
connection :mod:`dashboards.queries` opens gets these settings:

- ``PMEMO_DUCKDB_MEMORY_LIMIT`` (default :data:`DEFAULT_MEMORY_LIMIT`): DuckDB's ``memory_limit``, e.g. ``2GB``
  or ``500MB``; beyond it, sorts, joins and large aggregations spill to disk;
- ``PMEMO_DUCKDB_TEMP_DIR`` (default: ``pmemo-duckdb`` in the system temporary folder): ``temp_directory``,
  where they spill;
- ``PMEMO_DUCKDB_THREADS`` (default: DuckDB's, one per core): ``threads``.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import duckdb

DEFAULT_MEMORY_LIMIT = "2GB"
DEFAULT_TEMP_DIR = Path(tempfile.gettempdir()) / "pmemo-duckdb"
MEMORY_ENV = "PMEMO_DUCKDB_MEMORY_LIMIT"
TEMP_ENV = "PMEMO_DUCKDB_TEMP_DIR"
THREADS_ENV = "PMEMO_DUCKDB_THREADS"
_SIZE = re.compile(r"^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)\s*$", re.IGNORECASE)


class BadSetting(ValueError):
    """A DuckDB setting from the environment that is not of the expected form."""


@dataclass(frozen=True, slots=True)
class DuckSettings:
    """The memory limit (a size such as ``2GB``), the spill folder and the thread count (None: DuckDB's)."""

    memory_limit: str = DEFAULT_MEMORY_LIMIT
    temp_directory: Path = DEFAULT_TEMP_DIR
    threads: int | None = None

    @classmethod
    def from_env(cls) -> DuckSettings:
        """The settings the environment gives, the defaults otherwise; raises :class:`BadSetting` on a bad value."""
        limit = os.environ.get(MEMORY_ENV) or DEFAULT_MEMORY_LIMIT
        if not _SIZE.match(limit):
            raise BadSetting(f"{MEMORY_ENV}={limit!r} is not a size such as 2GB or 500MB")
        temp = os.environ.get(TEMP_ENV)
        threads = os.environ.get(THREADS_ENV)
        if threads is not None and not (threads.isdigit() and int(threads) > 0):
            raise BadSetting(f"{THREADS_ENV}={threads!r} is not a positive whole number")
        return cls(limit.strip(), Path(temp) if temp else DEFAULT_TEMP_DIR, int(threads) if threads else None)

    def apply(self, con: duckdb.DuckDBPyConnection) -> None:
        """Set these on ``con`` (the spill folder is created when missing)."""
        self.temp_directory.mkdir(parents=True, exist_ok=True)
        con.execute(f"SET memory_limit = '{self.memory_limit}'")
        folder = str(self.temp_directory).replace("'", "''")
        con.execute(f"SET temp_directory = '{folder}'")
        if self.threads is not None:
            con.execute(f"SET threads = {self.threads}")


def configured(con: duckdb.DuckDBPyConnection, settings: DuckSettings | None = None) -> duckdb.DuckDBPyConnection:
    """``con`` with the project's settings (from the environment unless given)."""
    (settings or DuckSettings.from_env()).apply(con)
    return con
