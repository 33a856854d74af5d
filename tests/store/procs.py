"""Code run in spawned processes by the concurrency tests (importable by name)."""

from __future__ import annotations

from multiprocessing.synchronize import Barrier


def import_files(url: str, files: list[str], barrier: Barrier) -> list[tuple[str, str, int | None]]:
    """Open the store, wait for the others, then import ``files`` in small batches; (source, status, id) each."""
    from pmemo_replay.store import Store

    with Store(url) as store:
        barrier.wait(timeout=120)
        return [(r.source, r.status, r.game_id) for r in store.ingest_many(((f, None) for f in files), batch_size=4)]
