"""The event store: raw uploads, games, append-only actions and snapshots in SQLite or PostgreSQL.

Names load on first use, so ``pmemo_replay.store.config`` stays cheap for the command line.

>>> from pmemo_replay.store import default_database_url
>>> default_database_url("/srv/app")
'sqlite:////srv/app/instance/pmemo.sqlite3'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "ENV_URL": "config", "database_url": "config", "default_database_url": "config", "instance_folder": "config",
    "SNAPSHOT_EVERY": "prepare", "canonical_text": "prepare", "content_hash": "prepare", "engine_version": "prepare",
    "GamePage": "queries", "GameSummary": "queries", "ReprocessReport": "reprocess", "StepOutOfRange": "seek",
    "UnknownGame": "seek", "Store": "store", "IngestResult": "writer",
}
__all__ = [
    "ENV_URL",
    "SNAPSHOT_EVERY",
    "GamePage",
    "GameSummary",
    "IngestResult",
    "ReprocessReport",
    "StepOutOfRange",
    "Store",
    "UnknownGame",
    "canonical_text",
    "content_hash",
    "database_url",
    "default_database_url",
    "engine_version",
    "instance_folder",
]

if TYPE_CHECKING:
    from pmemo_replay.store.config import ENV_URL, database_url, default_database_url, instance_folder
    from pmemo_replay.store.prepare import SNAPSHOT_EVERY, canonical_text, content_hash, engine_version
    from pmemo_replay.store.queries import GamePage, GameSummary
    from pmemo_replay.store.reprocess import ReprocessReport
    from pmemo_replay.store.seek import StepOutOfRange, UnknownGame
    from pmemo_replay.store.store import Store
    from pmemo_replay.store.writer import IngestResult


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    globals()[name] = value  # found directly from now on (request handlers import names from here)
    return value
