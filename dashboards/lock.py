"""The warehouse's update lock: one writer at a time across threads and processes (an ``flock`` on ``.lock``)."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_FILE = ".lock"


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the warehouse's update lock (blocking; not re-entrant: a second hold in the same process waits)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / LOCK_FILE, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
