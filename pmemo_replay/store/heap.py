"""An import keeps the memory it frees (glibc): the C heap's top is not given back to the system after every game.

glibc's ``malloc`` returns the free top of its heap to the system once more than ``M_TRIM_THRESHOLD`` of it is free
(128 KB, or what its dynamic mmap threshold has grown to), and takes it back on the next allocation: fresh pages, each
zeroed by the kernel on first touch. A folded game frees and allocates around that boundary all the time (orjson's
output buffers, the fold's states), so with the modules an import loads (SQLAlchemy's among them moved the heap's
top there) each ``orjson.dumps`` of an action cost about 1.5 µs instead of 0.2, and one game's ``prepare`` about a
third more CPU (benchmarks/README.md, "Event store: ingest and seek"). Setting the threshold keeps up to
:data:`KEEP` of freed memory in the process for the next game. Elsewhere (another C library) nothing changes.
"""

from __future__ import annotations

import ctypes
import functools
import sys

#: glibc's ``mallopt`` parameter (malloc.h)
M_TRIM_THRESHOLD = -1
#: freed memory an importing process keeps at most before giving the heap's top back
KEEP = 64 * 1024 * 1024


@functools.cache
def keep_freed_memory() -> bool:
    """Raise glibc's trim threshold to :data:`KEEP` in this process (and the processes it forks after); True when
    done, False where the C library is not glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)  # the C library this process runs on
        if not hasattr(libc, "gnu_get_libc_version"):  # musl and others: their mallopt means something else or nothing
            return False
        return bool(libc.mallopt(M_TRIM_THRESHOLD, KEEP))
    except (OSError, AttributeError):  # pragma: no cover - no C library to load
        return False
