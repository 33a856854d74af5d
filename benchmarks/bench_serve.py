"""Serving speed: wrk against the development server and against gunicorn, in the same run.

A fresh SQLite store is filled with simulated games; each server is started as
``pmemo-replay serve --port 0`` (``--dev``, then gunicorn with ``--workers``/``--threads``) on
127.0.0.1 only, warmed up, then loaded by ``wrk`` with 32 keep-alive connections for
``--seconds``, each request ``GET /api/games/<id>/state?at=N`` with a random game and a random N
(a Lua script picks them). Reports requests/s, latency p50/p90/p99/max, errors and the server's
CPU time per request (its processes' user + system time over the run, from /proc) per server;
goal: gunicorn at least 3x the development server's requests/s, p99 under 100 ms. ``--rounds``
alternates the two servers that many times (the machine is shared: figures drift).

Needs wrk (Debian: ``apt-get install wrk``). Usage:
python3 benchmarks/bench_serve.py [--games 60] [--connections 32] [--seconds 20] [--workers cores+1] [--threads 2]
    [--rounds 1] [--db URL] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"serving on (http://127\.0\.0\.1:\d+/)")
START_TIMEOUT = 120

LUA = """
local games = {%s}
local counter = 0
setup = function(thread) counter = counter + 1; thread:set("seed", counter) end
init = function(args) math.randomseed(os.time() * 1000 + (seed or 0)) end
request = function()
  local g = games[math.random(#games)]
  return wrk.format("GET", "/api/games/" .. g[1] .. "/state?at=" .. math.random(0, g[2]))
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests": %%d, "duration_us": %%d, "p50_us": %%d, "p90_us": %%d, "p99_us": %%d, '
    .. '"max_us": %%d, "errors": {"connect": %%d, "read": %%d, "write": %%d, "status": %%d, "timeout": %%d}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def fill_store(url: str, games: int, seed: int) -> list[tuple[int, int]]:
    """Store ``games`` simulated games; their (id, number of actions)."""
    from pmemo_replay.cards import bundled_cards
    from pmemo_replay.logio import dump_jsonl, load_log
    from pmemo_replay.simulate import simulated_logs
    from pmemo_replay.store import Store

    with Store(url) as store:
        items = ((f"sim-{i}", dump_jsonl(load_log(doc)).encode()) for i, doc in enumerate(simulated_logs(bundled_cards(), games, seed)))
        list(store.ingest_many(items))
        return [(g.id, g.actions) for g in store.list_games(per_page=None).items]


def stored_games(url: str) -> list[tuple[int, int]]:
    """The (id, number of actions) of the games in the store at ``url``."""
    from pmemo_replay.store import Store

    with Store(url) as store:
        return [(g.id, g.actions) for g in store.list_games(per_page=None).items]


@contextmanager
def server(url: str, folder: Path, extra: list[str]) -> Iterator[tuple[str, int]]:
    """``pmemo-replay serve`` on 127.0.0.1 with ``extra`` options; its address and pid, stopped (TERM) afterwards."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "PMEMO_WRITE_RATE": "off"}
    log = folder / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "serve", "--db", url, "--host", "127.0.0.1", "--port",
                                 "0", *extra], cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and proc.poll() is None:
            m = ADDRESS.search(log.read_text())
            if m:
                yield m.group(1), proc.pid
                return
            time.sleep(0.1)
        raise RuntimeError("the server did not start:\n" + log.read_text())
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=40)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU seconds of process ``root`` and its live descendants so far (from /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parents[pid], times[pid] = int(fields[1]), (int(fields[11]) + int(fields[12])) / tick
    tree, frontier = {root}, [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier and pid not in tree]
        tree.update(children)
        frontier = children
    return sum(times.get(pid, 0.0) for pid in tree)


def wait_ready(address: str, games: list[tuple[int, int]]) -> None:
    """Until every worker answers (a few requests each), so start-up is not measured."""
    for _ in range(40):
        with urllib.request.urlopen(f"{address}api/games/{games[0][0]}/state?at=1", timeout=30) as r:
            r.read()


def load(address: str, script: Path, connections: int, seconds: int, threads: int = 2) -> dict[str, Any]:
    out = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "10s",
                          "-s", str(script), address], capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("RESULT "))
    raw = json.loads(line[len("RESULT "):])
    seconds_run = raw["duration_us"] / 1e6
    return {"requests": raw["requests"], "rps": round(raw["requests"] / seconds_run, 1),
            **{k.replace("_us", "_ms"): round(raw[k] / 1000, 2) for k in ("p50_us", "p90_us", "p99_us", "max_us")},
            "errors": raw["errors"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    # the read-heavy configuration: one process per core and one more (the fold holds the GIL), two threads each
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) + 1)
    parser.add_argument("--threads", type=int, default=2,
                        help="gunicorn threads per worker (default 2: one answers while another waits on the network)")
    parser.add_argument("--rounds", type=int, default=1, help="measure both servers this many times, alternating")
    parser.add_argument("--db", metavar="URL", help="serve this store's games instead of simulating --games into a fresh one")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("bench_serve: wrk is missing (Debian: apt-get install wrk)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        folder = Path(tmp)
        url = args.db or f"sqlite:///{folder / 'serve.sqlite3'}"
        games = stored_games(url) if args.db else fill_store(url, args.games, args.seed)
        script = folder / "state.lua"
        script.write_text(LUA % ", ".join(f"{{{gid}, {n}}}" for gid, n in games), encoding="utf-8")
        results: dict[str, Any] = {"games": len(games), "actions": sum(n for _, n in games), "connections": args.connections,
                                   "seconds": args.seconds, "cores": os.cpu_count(), "workers": args.workers,
                                   "threads": args.threads, "runs": []}
        for round_ in range(1, args.rounds + 1):
            run: dict[str, Any] = {"round": round_}
            for name, extra in (("development", ["--dev"]),
                                ("gunicorn", ["--workers", str(args.workers), "--threads", str(args.threads)])):
                with server(url, folder, extra) as (address, pid):
                    wait_ready(address, games)
                    load(address, script, args.connections, args.warmup)
                    cpu = tree_cpu_seconds(pid)
                    run[name] = load(address, script, args.connections, args.seconds)
                    run[name]["cpu_ms_per_request"] = round(1000 * (tree_cpu_seconds(pid) - cpu) / max(1, run[name]["requests"]), 2)
            dev, prod = run["development"], run["gunicorn"]
            run["speedup"] = round(prod["rps"] / dev["rps"], 2) if dev["rps"] else None
            run["goal_met"] = bool(run["speedup"] and run["speedup"] >= 3 and prod["p99_ms"] < 100)
            results["runs"].append(run)
    if args.json:
        print(json.dumps(results))
        return 0
    for run in results["runs"]:
        print(f"round {run['round']}, {results['connections']} connections, {results['seconds']} s each:")
        for name in ("development", "gunicorn"):
            r = run[name]
            errors = sum(r["errors"].values())
            print(f"  {name:>12}: {r['rps']:8.1f} requests/s  p50 {r['p50_ms']} ms  p90 {r['p90_ms']} ms  p99 {r['p99_ms']} ms  "
                  f"max {r['max_ms']} ms  server CPU {r['cpu_ms_per_request']} ms/request  errors {errors}")
        print(f"  speedup {run['speedup']}x (goal 3x), gunicorn p99 {run['gunicorn']['p99_ms']} ms (goal < 100 ms): "
              f"{'met' if run['goal_met'] else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
