"""An import keeps the memory it frees (store.heap): with glibc, the heap's free top stays in the process instead of
going back to the system after each game; and an import sets it in its own process and its workers."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmemo_replay.store import heap

ROOT = Path(__file__).resolve().parents[2]
GLIBC = sys.platform.startswith("linux") and hasattr(ctypes.CDLL(None), "gnu_get_libc_version")

#: frees 10 MB of the C heap and prints how much of the heap's top glibc still holds (mallinfo2's keepcost)
FREED = """
import ctypes, sys
from pmemo_replay.store.heap import keep_freed_memory
class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                                               "uordblks", "fordblks", "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = MallInfo2
kept = sys.argv[1] == "keep" and keep_freed_memory()
blocks = [ctypes.create_string_buffer(100_000) for _ in range(100)]
del blocks
print(kept, libc.mallinfo2().keepcost)
"""


def _freed(how: str) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", FREED, how], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.split()
    return out[0], int(out[1])


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only: elsewhere keep_freed_memory does nothing (and says so)")
def test_glibc_keeps_the_freed_top_of_the_heap() -> None:
    kept, keep_cost = _freed("keep")
    default, default_cost = _freed("default")
    assert (kept, default) == ("True", "False")
    assert default_cost <= 256 * 1024 < 2 * default_cost < keep_cost  # glibc gave it back at 128 KB by default


def test_an_import_sets_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from pmemo_replay.store import Store, pipeline

    calls: list[bool] = []
    monkeypatch.setattr(pipeline, "keep_freed_memory", lambda: calls.append(True) or GLIBC)
    with Store(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        assert list(store.ingest_many([])) == []
    assert calls == [True]
    assert heap.keep_freed_memory() is GLIBC
