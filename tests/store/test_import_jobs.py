"""``pmemo-replay import --jobs N``: the same store as one process, and a killed parallel import leaves whole games only."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from pmemo_replay.cli import main
from pmemo_replay.store import Store
from tests.store.data import ROOT, consistency_problems, simulated, table_counts, variants


def _logs(folder: Path, count: int, duplicates: int = 0) -> list[Path]:
    """``count`` distinct logs (simulated games under several header ids) and ``duplicates`` byte-identical copies."""
    folder.mkdir(parents=True, exist_ok=True)
    per = -(-count // 8)
    files = []
    for i, data in enumerate(simulated(8, 47)):
        for k, text in enumerate(variants(data, per)):
            path = folder / f"g{i:02d}-{k:03d}.jsonl"
            path.write_bytes(text)
            files.append(path)
    files = files[:count]
    for k, path in enumerate(files[:duplicates]):
        shutil.copyfile(path, folder / f"copy-{k:03d}.jsonl")
    return files


def _games(url: str) -> set[tuple[str, int, int]]:
    with Store(url) as store, store.engine.connect() as conn:
        return set(map(tuple, conn.execute(sa.text("SELECT content_hash, n_actions, (SELECT coalesce(sum(a.stop - a.seq), 0) "
                                                   "FROM game_action_block a WHERE a.game_id = g.id) FROM game g")).all()))


def _summary(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[int]]:
    code = main(list(argv))
    first = capsys.readouterr().out.splitlines()[0]
    return code, [int(part.split()[-1]) for part in first.split(",")]


def test_jobs_store_what_one_process_stores(store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "logs"
    _logs(folder, 40, duplicates=6)
    one = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    assert _summary(capsys, "import", str(folder), "--db", one, "--jobs", "1") == (0, [40, 6, 0])
    assert _summary(capsys, "import", str(folder), "--db", store_url, "-j", "3") == (0, [40, 6, 0])
    assert _games(store_url) == _games(one) and len(_games(one)) == 40
    assert _summary(capsys, "import", str(folder), "--db", store_url, "--jobs", "2") == (0, [0, 46, 0])
    with Store(store_url) as store:
        assert consistency_problems(store.engine) == []


def test_killed_parallel_import_leaves_whole_games_and_completes(store_url: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "logs"
    files = _logs(folder, 320)  # the first chunks (pipeline.WRITE_CHUNK: 64 games per worker) leave most of them
    Store(store_url).close()
    engine = sa.create_engine(store_url)
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "import", str(folder), "--db", store_url, "--jobs", "2"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            with engine.connect() as conn:
                if conn.execute(sa.text("SELECT count(*) FROM game")).scalar_one() > 0:
                    break
            time.sleep(0.02)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the importer and its worker processes, mid-way
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the import ended before it could be killed"
    stored = table_counts(engine)["game"]
    assert 0 < stored < len(files)
    assert consistency_problems(engine) == []  # every stored game has all its actions, snapshots and upload
    engine.dispose()
    code, (done, present, rejected) = _summary(capsys, "import", str(folder), "--db", store_url, "--jobs", "2")
    assert code == 0 and present == stored and done + present == len(files) and rejected == 0
    with Store(store_url) as store:
        assert table_counts(store.engine)["game"] == len(files) and consistency_problems(store.engine) == []
