"""Ingest speed: games/s importing simulated logs into SQLite and into PostgreSQL.

Simulates N logs (bundled decks, seeded) into a folder (or reuses --logdir), then, for each
backend and job count, imports every file into a fresh store exactly as ``pmemo-replay import --jobs N``
does: N worker processes read, parse and fold with full rule checking, snapshot, and store their
chunk of logs in one transaction each (``--jobs 1``: this process does it all, today's single
process). The job counts run one after the other in the same run, so their figures compare under the
same machine load, which is printed (load average before and after). PostgreSQL gets a fresh
database that is dropped afterwards; it is skipped when the server does not answer.

Usage: python3 benchmarks/bench_ingest.py [--games 1000] [--seed 2026] [--logdir DIR] [--jobs 1,2]
       [--backends sqlite,postgresql] [--pg postgresql+psycopg://postgres@127.0.0.1:5432] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code, not an installed one

from engine.pm import BUILD
from pmemo_replay.cards import bundled_cards
from pmemo_replay.cli.importing import workers_for
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store, pipeline

PG = "postgresql+psycopg://postgres@127.0.0.1:5432"


def write_logs(folder: Path, games: int, seed: int) -> list[Path]:
    existing = sorted(folder.glob("*.jsonl"))
    if len(existing) >= games:
        return existing[:games]
    for doc in simulated_logs(bundled_cards(), games, seed):
        (folder / f"{doc['game']['id']}.jsonl").write_text(dump_jsonl(load_log(doc)), encoding="utf-8")
    return sorted(folder.glob("*.jsonl"))[:games]


@contextmanager
def pg_database(base: str) -> Iterator[str]:
    name = f"pmemo_bench_{secrets.token_hex(4)}"
    admin = base.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


#: run in a child process: the CPU seconds of the PostgreSQL backends serving one database (their process title names
#: it), sampled from /proc every 50 ms until standard input closes
SERVER_CPU = """
import os, select, sys
name, tick, seen, before, sweeps = sys.argv[1].encode(), os.sysconf("SC_CLK_TCK"), {}, {}, 0
while not select.select([sys.stdin], [], [], 0.05)[0] or not sweeps:
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if name in open(f"/proc/{pid}/cmdline", "rb").read():
                fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                seen[pid] = int(fields[11]) + int(fields[12])
                if not sweeps:  # a backend already there (the store's own): only what it spends from now on
                    before[pid] = seen[pid]
        except OSError:
            pass
    if not sweeps:
        print("ready", flush=True)
    sweeps += 1
print(sum(t - before.get(pid, 0) for pid, t in seen.items()) / tick)
"""


@contextmanager
def server_cpu(url: str) -> Iterator[list[float]]:
    """The CPU seconds PostgreSQL spends serving ``url``'s database while in the block (in the list, after it); nothing
    for SQLite, or where /proc cannot be read."""
    out: list[float] = []
    name = url.rsplit("/", 1)[-1]
    if not url.startswith("postgresql") or not Path("/proc/self/stat").exists():
        yield out
        return
    sampler = subprocess.Popen([sys.executable, "-c", SERVER_CPU, name], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert sampler.stdout is not None
    sampler.stdout.readline()  # its first look at the backends is taken
    try:
        yield out
    finally:
        stdout, _ = sampler.communicate("", timeout=60)
        out.append(float(stdout))


def _cpu() -> float:
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def bench(url: str, files: list[Path], jobs: int, chunk: int = pipeline.WRITE_CHUNK) -> dict[str, Any]:
    """Import ``files`` into ``url`` with ``jobs`` processes, ``chunk`` games per transaction; the wall time, and the
    CPU time of this process and its workers (``client``) and of the database server (``server``, PostgreSQL)."""
    workers = workers_for(jobs, len(files))
    pipeline.WRITE_CHUNK = chunk  # worker transactions (read when the workers start)
    with Store(url) as store:
        with server_cpu(url) as server:
            cpu = _cpu()
            start = time.perf_counter()
            first = None
            stored = 0
            for r in store.ingest_many(((str(f), None) for f in files), workers=workers, batch_size=chunk):
                first = first or time.perf_counter()
                stored += r.status == "stored"
            seconds = time.perf_counter() - start
            client = _cpu() - cpu  # the workers are reaped (and counted) once the import is over
        actions = store.count_actions()
    steady = seconds - ((first or start) - start)
    per_game = {"client_cpu_ms_per_game": round(1000 * client / max(stored, 1), 2)}
    if server:
        per_game["server_cpu_ms_per_game"] = round(1000 * server[0] / max(stored, 1), 2)
    return {"games": stored, "actions": actions, "jobs": jobs, "chunk": chunk, "seconds": round(seconds, 3),
            "games_per_second": round(stored / seconds, 1), "games_per_second_after_first": round((stored - 1) / steady, 1),
            **per_game}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--logdir", type=Path, help="folder of simulated logs to (re)use")
    parser.add_argument("--jobs", "--workers", dest="jobs", default=f"1,{os.cpu_count() or 1}",
                        help="comma-separated job counts (processes; 1: this process only, as before --jobs)")
    parser.add_argument("--chunks", default=str(pipeline.WRITE_CHUNK),
                        help=f"comma-separated games per transaction, each run with every job count (default {pipeline.WRITE_CHUNK})")
    parser.add_argument("--backends", default="sqlite,postgresql", help="comma-separated: sqlite, postgresql")
    parser.add_argument("--pg", default=PG, help="PostgreSQL server URL without database ('' to skip)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if os.environ.get("PMEMO_EXPECT_COMPILED") == "1" and BUILD.kind != "mypyc":
        sys.exit(f"PMEMO_EXPECT_COMPILED=1 but the fold runs as {BUILD}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.logdir or Path(tmp) / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        files = write_logs(folder, args.games, args.seed)
        rows = []
        backends = args.backends.split(",")
        load_before = os.getloadavg()
        runs = [(int(c), int(j)) for c in args.chunks.split(",") for j in args.jobs.split(",")]
        for run, (chunk, jobs) in enumerate(runs):
            if "sqlite" in backends:
                db = Path(tmp) / f"bench-{run}-{jobs}.sqlite3"  # a fresh store for every run
                rows.append({"backend": "sqlite", **bench(f"sqlite:///{db}", files, jobs, chunk)})
            if args.pg and "postgresql" in backends:
                try:
                    with pg_database(args.pg) as url:
                        rows.append({"backend": "postgresql", **bench(url, files, jobs, chunk)})
                except psycopg.OperationalError as err:
                    print(f"PostgreSQL skipped: {err}")
        load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps({"load_average": load, "cores": os.cpu_count(), "build": str(BUILD), "runs": rows}))
        return
    print(f"build: {BUILD}")
    print(f"{len(files)} logs, {os.cpu_count()} cores, load average (1, 5, 15 min) before {load['before']}, after {load['after']}")
    for r in rows:
        print(f"{r['backend']:<10} jobs {r['jobs']}, {r['chunk']:>3} games per transaction: "
              f"{r['games']} games, {r['actions']} actions in {r['seconds']:.2f} s: "
              f"{r['games_per_second']:.0f} games/s ({r['games_per_second_after_first']:.0f} after the first result); CPU ms per "
              f"game: client {r['client_cpu_ms_per_game']}, server {r.get('server_cpu_ms_per_game', '-')}")


if __name__ == "__main__":
    main()
