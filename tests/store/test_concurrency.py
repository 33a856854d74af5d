"""Concurrent importers and a killed importer: every game exactly once, never a partial game."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlalchemy as sa

from pmemo_replay.cli import main
from pmemo_replay.store import Store
from tests.store.data import ROOT, consistency_problems, simulated, table_counts, variants
from tests.store.procs import import_files


def _many_logs(folder: Path, count: int) -> list[Path]:
    """``count`` distinct logs: simulated games, each under several header ids."""
    per = -(-count // 12)
    files = []
    for i, data in enumerate(simulated(12, 31)):
        for k, text in enumerate(variants(data, per)):
            path = folder / f"g{i:02d}-{k:03d}.jsonl"
            path.write_bytes(text)
            files.append(path)
    return files[:count]


def test_four_processes_import_overlapping_sets(store_url: str, tmp_path: Path) -> None:
    files = [str(f) for f in _many_logs(tmp_path, 48)]
    sets = [files[k * 12:k * 12 + 24] + files[(k * 12 + 36) % 48:(k * 12 + 36) % 48 + 6] for k in range(4)]
    assert set().union(*sets) == set(files)
    Store(store_url).close()  # the schema first, so the racers only race on games
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ctx.Pool(4) as pool:
        barrier = manager.Barrier(4)
        outcomes = pool.starmap(import_files, [(store_url, s, barrier) for s in sets])
    results = [r for out in outcomes for r in out]
    assert len(results) == sum(len(s) for s in sets)
    statuses = Counter(status for _, status, _ in results)
    assert statuses["stored"] == len(files) and statuses["present"] == len(results) - len(files)
    ids_by_file: dict[str, set[int | None]] = {}
    for source, _, game_id in results:
        ids_by_file.setdefault(source, set()).add(game_id)
    assert all(len(ids) == 1 and None not in ids for ids in ids_by_file.values())
    with Store(store_url) as store:
        counts = table_counts(store.engine)
        assert counts["game"] == counts["upload"] == len(files)
        with store.engine.connect() as conn:
            hashes = conn.execute(sa.text("SELECT count(DISTINCT content_hash) FROM game")).scalar_one()
        assert hashes == len(files) and consistency_problems(store.engine) == []


def test_killed_import_leaves_no_partial_game(store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    files = _many_logs(folder, 336)  # 28 of each game: the first transactions (a chunk of 64 games per worker) leave most
    Store(store_url).close()
    engine = sa.create_engine(store_url)
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "import", str(folder), "--db", store_url],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            with engine.connect() as conn:
                if conn.execute(sa.text("SELECT count(*) FROM game")).scalar_one() > 0:
                    break
            time.sleep(0.02)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the importer and its workers, mid-way
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the import ended before it could be killed"
    stored = table_counts(engine)["game"]
    assert 0 < stored < len(files)
    assert consistency_problems(engine) == []
    engine.dispose()
    code = main(["import", str(folder), "--db", store_url])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    done, present = (int(x.split()[-1]) for x in out[0].split(",")[:2])
    assert present == stored and done + present == len(files)
    with Store(store_url) as store:
        assert table_counts(store.engine)["game"] == len(files) and consistency_problems(store.engine) == []
