"""Ingest speed: games/s importing simulated logs into SQLite and into PostgreSQL.

Simulates N logs (bundled decks, seeded) into a folder (or reuses --logdir), then, for each
backend and job count, imports every file into a fresh store exactly as ``pmemo-replay import --jobs N``
does: N worker processes read, parse and fold with full rule checking, snapshot, and store their
chunk of logs in one transaction each (``--jobs 1``: this process does it all, today's single
process). The job counts run one after the other in the same run, so their figures compare under the
same machine load, which is printed (load average before and after). PostgreSQL gets a fresh
database that is dropped afterwards; it is skipped when the server does not answer.

``--phases`` instead runs one worker's path in this process (the worker's start, a first chunk to warm up, then every
other chunk) with a CPU timer around each step where prepare.py and the pipeline call it, and prints the CPU per game
of each step: where a worker's time goes.

``--command`` instead runs the whole command, ``pmemo-replay import --jobs N LOGDIR --db <fresh database>`` (its warehouse
beside the store, or in a temporary folder for PostgreSQL), in a child process per job count: the wall time from its
start to its exit, its CPU (its process and its reaped workers) and the server's, and of these the warehouse step's
(``update_warehouse``: its wall time, and the CPU of the command's process and of the projection's workers).

Usage: python3 benchmarks/bench_ingest.py [--games 1000] [--seed 2026] [--logdir DIR] [--jobs 1,2]
       [--backends sqlite,postgresql] [--pg postgresql+psycopg://postgres@127.0.0.1:5432] [--json] [--phases] [--command]
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
from collections import Counter
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
from pmemo_replay.store import prepare as preparing

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
#: it), sampled from /proc every 50 ms until standard input closes. A process whose command line does not name
#: postgres (nor, then, ever will: a backend inherits the server's) is passed over until the list is made afresh each
#: second (a reused process id), so that a sweep reads little besides the backends: the sampler takes its share of
#: the CPU from the import it measures. A backend seen late is counted whole (its CPU time from its start). The
#: sampler's own command line names the database: it leaves itself out (it counted itself before 2026-11-28, about
#: 0.03 ms per game of the server's CPU in a run of 1,000 games).
SERVER_CPU = """
import os, select, sys
name, tick, seen, before, sweeps, others = sys.argv[1].encode(), os.sysconf("SC_CLK_TCK"), {}, {}, 0, set()
me = str(os.getpid())  # its own command line names the database too
while not select.select([sys.stdin], [], [], 0.05)[0] or not sweeps:
    if sweeps % 20 == 0:
        others.clear()
        others.add(me)
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if pid in others:
            continue
        try:
            title = open(f"/proc/{pid}/cmdline", "rb").read()
            if name in title and title.startswith(b"postgres:"):  # a backend (a client's command line may name the database)
                fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                seen[pid] = int(fields[11]) + int(fields[12])
                if not sweeps:  # a backend already there (the store's own): only what it spends from now on
                    before[pid] = seen[pid]
            elif b"postgres" not in title:
                others.add(pid)
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
    return sum(_cpu_split())


def _cpu_split() -> tuple[float, float]:
    """CPU seconds of this process, and of its reaped children (the workers, once the import is over)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


def machine_busy() -> float | None:
    """CPU seconds all the machine's cores have spent busy since boot (/proc/stat; None where there is none)."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
    except OSError:
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # less idle and iowait


def bench(url: str, files: list[Path], jobs: int, chunk: int = pipeline.WRITE_CHUNK) -> dict[str, Any]:
    """Import ``files`` into ``url`` with ``jobs`` processes, ``chunk`` games per transaction; the wall time, and the
    CPU time of this process and its workers (``client``) and of the database server (``server``, PostgreSQL); and
    the share of the machine's CPU that others used meanwhile (``others``: the machine busy less both, over the wall
    time times the cores; the games/s say little of the import when it is large)."""
    workers = workers_for(jobs, len(files))
    pipeline.WRITE_CHUNK = chunk  # worker transactions (read when the workers start)
    with Store(url) as store:
        with server_cpu(url) as server:
            (own, reaped), busy = _cpu_split(), machine_busy()
            start = time.perf_counter()
            first = None
            stored = 0
            for r in store.ingest_many(((str(f), None) for f in files), workers=workers, batch_size=chunk):
                first = first or time.perf_counter()
                stored += r.status == "stored"
            seconds = time.perf_counter() - start
            own_after, reaped_after = _cpu_split()  # the workers are reaped (and counted) once the import is over
            driver, workers_cpu = own_after - own, reaped_after - reaped
            client = driver + workers_cpu
            busy_after = machine_busy()
        actions = store.count_actions()
    steady = seconds - ((first or start) - start)
    per_game = {"client_cpu_ms_per_game": round(1000 * client / max(stored, 1), 2),
                "driver_cpu_ms_per_game": round(1000 * driver / max(stored, 1), 3),
                "workers_cpu_ms_per_game": round(1000 * workers_cpu / max(stored, 1), 3)}
    if server:
        per_game["server_cpu_ms_per_game"] = round(1000 * server[0] / max(stored, 1), 2)
    if busy is not None and busy_after is not None:
        others = busy_after - busy - client - (server[0] if server else 0.0)
        per_game["others_cpu_share"] = round(max(others, 0.0) / (seconds * (os.cpu_count() or 1)), 2)
    return {"games": stored, "actions": actions, "jobs": jobs, "chunk": chunk, "seconds": round(seconds, 3),
            "games_per_second": round(stored / seconds, 1), "games_per_second_after_first": round((stored - 1) / steady, 1),
            **per_game}


#: run as the command's process: ``pmemo-replay`` with the arguments given, its warehouse step timed (printed last, on
#: standard error, after ``BENCH``): wall seconds, CPU seconds of this process and of the workers it reaped meanwhile
COMMAND = """
import json, resource, sys, time
from dashboards import warehouse
from pmemo_replay.cli import main
update = warehouse.update_warehouse
took = {}
def cpu(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime
def timed(*args, **kwargs):
    start, own, reaped = time.perf_counter(), cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
    try:
        return update(*args, **kwargs)
    finally:
        took.update(wall=time.perf_counter() - start, own=cpu(resource.RUSAGE_SELF) - own,
                    workers=cpu(resource.RUSAGE_CHILDREN) - reaped, jobs=kwargs.get("jobs", 1))
warehouse.update_warehouse = timed
code = main(sys.argv[1:])
print("BENCH " + json.dumps(took), file=sys.stderr)
sys.exit(code)
"""


def bench_command(url: str, files: list[Path], jobs: int, folder: Path, tmp: Path) -> dict[str, Any]:
    """``pmemo-replay import --jobs N`` of the logs in ``folder`` into ``url``, as a user runs it, in a child process:
    the whole command's wall time and CPU (its process and workers: ``client``; the server's), and its warehouse
    step's (wall; CPU of the command's process and of the projection's workers)."""
    warehouse = tmp / f"warehouse-{secrets.token_hex(4)}"
    argv = [sys.executable, "-c", COMMAND, "import", "--jobs", str(jobs), "--db", url, "--warehouse", str(warehouse), str(folder)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with server_cpu(url) as server:
        before, busy = resource.getrusage(resource.RUSAGE_CHILDREN), machine_busy()
        start = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - start
        after, busy_after = resource.getrusage(resource.RUSAGE_CHILDREN), machine_busy()
    client = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    step = json.loads(done.stderr.rsplit("BENCH ", 1)[1]) if "BENCH " in done.stderr else {}
    if done.returncode != 0 or not step:
        sys.exit(f"the command failed ({done.returncode}): {done.stderr[-2000:]}")
    games = len(files)
    per_game = {"client_cpu_ms_per_game": round(1000 * client / games, 3),
                "warehouse_cpu_ms_per_game": round(1000 * (step["own"] + step["workers"]) / games, 3),
                "warehouse_own_cpu_ms_per_game": round(1000 * step["own"] / games, 3),
                "warehouse_workers_cpu_ms_per_game": round(1000 * step["workers"] / games, 3)}
    if server:
        per_game["server_cpu_ms_per_game"] = round(1000 * server[0] / games, 3)
    if busy is not None and busy_after is not None:
        others = busy_after - busy - client - (server[0] if server else 0.0)
        per_game["others_cpu_share"] = round(max(others, 0.0) / (seconds * (os.cpu_count() or 1)), 2)
    return {"games": games, "jobs": jobs, "seconds": round(seconds, 3), "games_per_second": round(games / seconds, 1),
            "warehouse_seconds": round(step["wall"], 3), "warehouse_jobs": step["jobs"], **per_game}


#: the steps of a worker's path, timed where they are called: (module, name, label, depth: the steps of depth n + 1
#: below one of depth n are part of it)
STEPS = (
    (pipeline, "prepare", "prepare", 0),
    (preparing, "parse_log", "read and validate (card ids collected)", 1),
    (preparing, "encode_sorted_lines", "canonical action texts", 1),
    (preparing, "check_card_ids", "card-id check", 1),
    (preparing, "_fold", "fold with rule checks, snapshots", 1),
    (preparing, "encode_json", "JSON of the snapshots (and of the header)", 2),
    (preparing, "_game_row", "game row", 1),
    (preparing, "_seats", "seats", 1),
    (pipeline, "write_batch", "write (client side)", 0),
)


@contextmanager
def timed_steps() -> Iterator[Counter[str]]:
    """CPU seconds spent in each of :data:`STEPS` while in the block (the functions wrapped, then put back)."""
    spent: Counter[str] = Counter()
    saved = []
    for module, name, label, _ in STEPS:
        original = getattr(module, name)

        def timed(*args: Any, _original: Any = original, _label: str = label, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return _original(*args, **kwargs)
            finally:
                spent[_label] += time.process_time() - started

        saved.append((module, name, original))
        setattr(module, name, timed)
    try:
        yield spent
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


def phases(url: str, files: list[Path], chunk: int = pipeline.WRITE_CHUNK) -> dict[str, Any]:
    """One worker's path in this process, ``chunk`` games per transaction: CPU ms per game of each step, after a
    first chunk (connection, first statements, first touch of the inherited memory)."""
    with Store(url):  # migrated
        pass
    pipeline._init(pipeline.loaded_library(None), url)  # as a worker starts (frozen for the collector, own engine)
    chunks = [[(str(f), None) for f in files[i:i + chunk]] for i in range(0, len(files), chunk)]
    pipeline._store_chunk(chunks[0])
    games = sum(len(c) for c in chunks[1:])
    with timed_steps() as spent:
        started = time.process_time()
        for items in chunks[1:]:
            pipeline._store_chunk(items)
        total = time.process_time() - started
    steps = {label: round(1000 * spent[label] / games, 3) for _, _, label, _ in STEPS}
    return {"games": games, "worker_cpu_ms_per_game": round(1000 * total / games, 3), "steps": steps}


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
    parser.add_argument("--phases", action="store_true", help="one worker's path in this process, CPU per game of each step")
    parser.add_argument("--command", action="store_true", help="the whole import command (and its warehouse step), timed")
    args = parser.parse_args()
    if os.environ.get("PMEMO_EXPECT_COMPILED") == "1" and BUILD.kind != "mypyc":
        sys.exit(f"PMEMO_EXPECT_COMPILED=1 but the fold runs as {BUILD}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.logdir or Path(tmp) / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        files = write_logs(folder, args.games, args.seed)
        if args.phases:
            show_phases(args, files, Path(tmp))
            return
        if args.command:
            show_command(args, files, folder, Path(tmp))
            return
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
    if headed(args, files, load_before, "runs", rows):
        return
    for r in rows:
        print(f"{r['backend']:<10} jobs {r['jobs']}, {r['chunk']:>3} games per transaction: "
              f"{r['games']} games, {r['actions']} actions in {r['seconds']:.2f} s: "
              f"{r['games_per_second']:.0f} games/s ({r['games_per_second_after_first']:.0f} after the first result); CPU ms per "
              f"game: client {r['client_cpu_ms_per_game']} (importing process {r['driver_cpu_ms_per_game']}, workers "
              f"{r['workers_cpu_ms_per_game']}), server {r.get('server_cpu_ms_per_game', '-')}; "
              f"others' share of the CPU meanwhile {r.get('others_cpu_share', '-')}")



def headed(args: argparse.Namespace, files: list[Path], load_before: tuple[float, ...], key: str,
           rows: list[dict[str, Any]]) -> bool:
    """The report's start: with ``--json`` the whole report (rows under ``key``; True: nothing more to print), else
    the build, the logs, the cores and the load average before and after."""
    load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps({"load_average": load, "cores": os.cpu_count(), "build": str(BUILD), key: rows}))
        return True
    print(f"build: {BUILD}")
    print(f"{len(files)} logs, {os.cpu_count()} cores, load average (1, 5, 15 min) before {load['before']}, after {load['after']}")
    return False


def show_command(args: argparse.Namespace, files: list[Path], folder: Path, tmp: Path) -> None:
    load_before = os.getloadavg()
    rows = []
    for jobs in (int(j) for j in args.jobs.split(",")):
        for backend in args.backends.split(","):
            if backend == "sqlite":
                url = f"sqlite:///{tmp / f'command-{secrets.token_hex(4)}.sqlite3'}"
                rows.append({"backend": backend, **bench_command(url, files, jobs, folder, tmp)})
            elif args.pg:
                with pg_database(args.pg) as url:
                    rows.append({"backend": backend, **bench_command(url, files, jobs, folder, tmp)})
    if headed(args, files, load_before, "command", rows):
        return
    for r in rows:
        print(f"{r['backend']:<10} import --jobs {r['jobs']}: {r['games']} logs in {r['seconds']:.2f} s: "
              f"{r['games_per_second']:.0f} games/s end to end, of which the warehouse {r['warehouse_seconds']:.2f} s "
              f"({r['warehouse_jobs']} process(es)); CPU ms per game: command {r['client_cpu_ms_per_game']} (warehouse "
              f"{r['warehouse_cpu_ms_per_game']}: its process {r['warehouse_own_cpu_ms_per_game']}, workers "
              f"{r['warehouse_workers_cpu_ms_per_game']}), server {r.get('server_cpu_ms_per_game', '-')}; "
              f"others' share of the CPU meanwhile {r.get('others_cpu_share', '-')}")


def show_phases(args: argparse.Namespace, files: list[Path], tmp: Path) -> None:
    load_before = os.getloadavg()
    results = []
    for backend in args.backends.split(","):
        if backend == "sqlite":
            results.append({"backend": backend, **phases(f"sqlite:///{tmp / 'phases.sqlite3'}", files)})
        elif args.pg:
            with pg_database(args.pg) as url:
                results.append({"backend": backend, **phases(url, files)})
    load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps({"load_average": load, "build": str(BUILD), "phases": results}))
        return
    print(f"build: {BUILD}")
    print(f"{len(files)} logs, load average (1, 5, 15 min) before {load['before']}, after {load['after']}")
    for r in results:
        print(f"{r['backend']}: one worker's path, {r['games']} games after the first chunk: "
              f"{r['worker_cpu_ms_per_game']} ms of CPU per game")
        for _, _, label, depth in STEPS:
            print(f"  {'  ' * depth + label:<48} {r['steps'][label]:6.3f} ms")


if __name__ == "__main__":
    main()
