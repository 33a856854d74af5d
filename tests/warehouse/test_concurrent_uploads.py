"""Four processes upload 100 overlapping games through the HTTP API of two server processes while statistics
are read: afterwards the warehouse holds exactly the store's finished games, each once (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dashboards.warehouse import verify_warehouse
from pmemo_replay.store import Store
from tests.store.data import simulated, variants

ROOT = Path(__file__).resolve().parents[2]
#: 100 distinct games (about 130 uploads, some the same game from two uploaders) keep four uploaders busy together on
#: both servers for some seconds while the statistics are read (250 games took twice the time, issue 19)
UPLOADERS, SERVERS, BASE_GAMES, VARIANTS = 4, 2, 20, 5
OVERLAP = 0.3  # the share of games a second uploader sends too
#: seconds between two reads of the statistics: several reads meet the uploads (reads back to back made the
#: servers spend a fifth of the test's CPU on statistics while the uploads waited)
READ_PAUSE = 0.5


def write_logs(folder: Path) -> list[Path]:
    folder.mkdir()
    paths = []
    for i, data in enumerate(d for base in simulated(BASE_GAMES, 31) for d in variants(base, VARIANTS)):
        paths.append(folder / f"game-{i:03d}.jsonl")
        paths[-1].write_bytes(data)
    return paths


def plan(paths: list[Path], rng: random.Random) -> list[list[Path]]:
    """Each game to one uploader, and to a second one now and then; each uploader's share shuffled."""
    shares: list[list[Path]] = [[] for _ in range(UPLOADERS)]
    for i, path in enumerate(paths):
        shares[i % UPLOADERS].append(path)
        if rng.random() < OVERLAP:
            shares[(i + rng.randrange(1, UPLOADERS)) % UPLOADERS].append(path)
    for share in shares:
        rng.shuffle(share)
    return shares


@contextmanager
def servers(url: str, warehouse: Path, logs: Path) -> Iterator[list[str]]:
    """Server processes on one store and warehouse; their base URLs."""
    with open(logs, "w") as err:
        procs = [subprocess.Popen([sys.executable, "-m", "tests.warehouse.server", url, str(warehouse)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=err, text=True) for _ in range(SERVERS)]
        try:
            ports = [p.stdout.readline().strip() if p.stdout else "" for p in procs]
            assert all(ports), logs.read_text()
            yield [f"http://127.0.0.1:{port}" for port in ports]
        finally:
            for p in procs:
                p.terminate()
                p.wait(timeout=30)


@contextmanager
def readers(bases: list[str]) -> Iterator[list[int]]:
    """A thread reading the card statistics from the servers in turn until the block ends, pausing
    ``READ_PAUSE`` seconds between reads; the status codes."""
    statuses: list[int] = []
    stop = threading.Event()

    def read() -> None:
        k = 0
        while not stop.is_set():
            with urllib.request.urlopen(f"{bases[k % len(bases)]}/api/stats/cards?envelope=1", timeout=120) as response:
                statuses.append(response.status)
            k += 1
            stop.wait(READ_PAUSE)

    thread = threading.Thread(target=read)
    thread.start()
    try:
        yield statuses
    finally:
        stop.set()
        thread.join()


def test_concurrent_uploads_leave_every_game_in_the_warehouse_once(store_url: str, tmp_path: Path) -> None:
    paths = write_logs(tmp_path / "logs")
    Store(store_url).close()  # migrated once, before the servers open it
    warehouse = tmp_path / "warehouse"
    outs = []
    with servers(store_url, warehouse, tmp_path / "servers.log") as bases, readers(bases) as reads:
        procs = []
        for k, share in enumerate(plan(paths, random.Random(5))):
            listing = tmp_path / f"share-{k}.txt"
            listing.write_text("\n".join(map(str, share)))
            procs.append(subprocess.Popen([sys.executable, "-m", "tests.warehouse.uploader", str(k), str(listing), *bases],
                                          cwd=ROOT, stdout=subprocess.PIPE, text=True))
        outs = [p.communicate(timeout=300)[0] for p in procs]
    results = [json.loads(line) for out in outs for line in out.splitlines()]
    assert len(results) > len(paths) and {r["status"] for r in results} <= {200, 201}, results
    assert sum(r["status"] == 201 for r in results) == len({r["id"] for r in results}) == len(paths)
    assert reads and set(reads) == {200}
    with Store(store_url) as store:
        assert store.count() == len(paths)
        found = verify_warehouse(store, warehouse)
    assert found.ok, found
    assert found.warehouse_games == found.store_games == len(paths) - found.unfinished
