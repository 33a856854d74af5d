"""Slow clients (slowloris) against ``pmemo-replay serve``: does a normal request still answer at once?

Starts ``serve`` (gunicorn, ``--workers`` x ``--threads``) on 127.0.0.1 with a fresh SQLite store (or ``--db``).
For each kind of slow client in ``--kinds`` in turn (default: all of :data:`KINDS`), opens ``--slow`` connections
that each send the start of a request and then trickle on every ``--trickle`` seconds without ever completing it:

- ``head``: half a request head, one more header byte each time;
- ``body``: a whole head announcing a 4 MB body (over the 256 KB the old worker read itself), 300 KB of it, then one
  more byte each time;
- ``expect``: a head with ``Expect: 100-continue`` and then no body at all;
- ``chunked``: a chunked body, one 1-byte chunk each time, never the last chunk;
- ``pipelined``: a complete ``GET`` followed by half a request head, one more byte each time;

and meanwhile (after ``--settle`` seconds; for ``pipelined``, once every complete request was answered) times
``--requests`` normal ``GET /api/games`` requests (each on a new connection, one every 0.2 s).
Then it times how long the server takes to close one more slow client of that kind (``PMEMO_REQUEST_SECONDS``, 10 s
by default). Loopback only; everything stops by itself (``--seconds`` at most for the normal requests of a kind, a
request timeout of ``--timeout``). ``--root`` serves another checkout's code (to compare with an older server).

Usage: python3 benchmarks/bench_slowloris.py [--slow 300] [--kinds head,body,expect,chunked,pipelined]
    [--requests 25] [--workers 2] [--threads 4] [--db URL] [--root DIR] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"serving on http://127\.0\.0\.1:(\d+)/")
HALF = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slowloris\r\nX-Slow: "
POST = b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
#: kind of slow client: (what it sends first, what it trickles on)
KINDS = {
    "head": (HALF, b"x"),
    "body": (POST + b"Content-Length: 4000000\r\n\r\n" + b" " * 300_000, b" "),
    "expect": (POST + b"Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n", b""),
    "chunked": (POST + b"Transfer-Encoding: chunked\r\n\r\n1\r\n \r\n", b"1\r\n \r\n"),
    "pipelined": (b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + HALF, b"x"),
}


@contextmanager
def server(db: str, folder: Path, root: Path, workers: int, threads: int) -> Iterator[int]:
    """``serve`` on 127.0.0.1, any free port; its port; stopped (TERM, then KILL) afterwards."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONUNBUFFERED": "1", "PMEMO_WRITE_RATE": "off"}
    log = folder / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "serve", "--db", db, "--host", "127.0.0.1",
                                 "--port", "0", "--workers", str(workers), "--threads", str(threads)],
                                cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            text = log.read_text()
            m = ADDRESS.search(text)
            if m and text.count("Booting worker") >= workers:
                yield int(m.group(1))
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


def normal_request(port: int, timeout: float) -> float | None:
    """Seconds to a complete ``GET /api/games`` answer on a new connection; None on a timeout or error."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
    except OSError:
        return None
    return time.monotonic() - start if data.startswith(b"HTTP/1.1 200") else None


class SlowClients:
    """``n`` connections of a ``kind`` of slow client, each trickling on every ``trickle`` seconds."""

    def __init__(self, port: int, n: int, trickle: float, kind: str = "head") -> None:
        self.port, self.n, self.trickle = port, n, trickle
        self.first, self.more = KINDS[kind]
        self.sockets: list[socket.socket] = []
        self.refused = 0
        self.closed_by_server = 0
        self.stop = threading.Event()

    def open(self) -> None:
        for _ in range(self.n):
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                s.sendall(self.first)
                self.sockets.append(s)
            except OSError:
                self.refused += 1
        if self.first.count(b" HTTP/1.1\r\n") > 1:  # pipelined: its whole first request is answered before timing
            for s in self.sockets:
                with contextlib.suppress(OSError):
                    s.recv(65536)

    def run(self) -> None:
        while not self.stop.wait(self.trickle):
            for s in list(self.sockets):
                try:
                    s.setblocking(False)  # what the server sent back (100 Continue, the pipelined answer) is dropped
                    while s.recv(65536):
                        pass
                    self.closed_by_server += 1
                    self.sockets.remove(s)
                    continue
                except BlockingIOError:
                    pass
                except OSError:
                    self.closed_by_server += 1
                    self.sockets.remove(s)
                    continue
                try:
                    s.setblocking(True)
                    if self.more:
                        s.sendall(self.more)
                except OSError:
                    self.closed_by_server += 1
                    self.sockets.remove(s)

    def close(self) -> None:
        self.stop.set()
        for s in self.sockets:
            s.close()


def time_to_close(port: int, limit: float, kind: str = "head") -> float | None:
    """Seconds until the server closes one slow client of ``kind``; None if still open after ``limit``."""
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as s:
        s.sendall(KINDS[kind][0])
        start = time.monotonic()
        try:
            while s.recv(1024):
                pass
        except OSError:
            return None
        return time.monotonic() - start


def one_kind(port: int, kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """Normal requests timed while ``args.slow`` clients of ``kind`` hold connections; then one more is timed to
    its closing."""
    slow = SlowClients(port, args.slow, args.trickle, kind)
    slow.open()
    trickler = threading.Thread(target=slow.run, daemon=True)
    trickler.start()
    time.sleep(args.settle)  # the server reads what the slow clients sent at first (300 KB each for "body")
    waits: list[float | None] = []
    end = time.monotonic() + args.seconds
    try:
        for _ in range(args.requests):
            if time.monotonic() > end:
                break
            waits.append(normal_request(port, args.timeout))
            time.sleep(0.2)
    finally:
        slow.close()
        trickler.join()
    closed_after = time_to_close(port, args.close_limit, kind)
    answered = [w for w in waits if w is not None]
    return {
        "kind": kind, "slow_clients": args.slow, "slow_refused": slow.refused,
        "slow_closed_by_server": slow.closed_by_server, "requests": len(waits), "answered": len(answered),
        "timed_out": len(waits) - len(answered), "within_1s": sum(w < 1.0 for w in answered),
        "p50_ms": round(1000 * statistics.median(answered), 1) if answered else None,
        "max_ms": round(1000 * max(answered), 1) if answered else None,
        "closed_after_s": None if closed_after is None else round(closed_after, 1),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-slowloris-") as tmp:
        folder = Path(tmp)
        db = args.db or f"sqlite:///{folder / 'store.sqlite3'}"
        with server(db, folder, Path(args.root), args.workers, args.threads) as port:
            baseline = [normal_request(port, args.timeout) for _ in range(5)]
            kinds = [one_kind(port, kind.strip(), args) for kind in args.kinds.split(",") if kind.strip()]
    return {
        "workers": args.workers, "threads": args.threads, "store": "postgresql" if args.db else "sqlite",
        "baseline_ms": round(1000 * statistics.median([b for b in baseline if b is not None] or [0]), 1),
        "kinds": kinds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slow", type=int, default=300, help="slow clients (default 300)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="kinds of slow client, in turn (default: all: "
                        + ", ".join(KINDS) + ")")
    parser.add_argument("--settle", type=float, default=1.0, help="seconds between opening the slow clients and the "
                        "first normal request (default 1)")
    parser.add_argument("--trickle", type=float, default=5.0, help="seconds between a slow client's bytes (default 5)")
    parser.add_argument("--requests", type=int, default=25, help="normal requests timed (default 25)")
    parser.add_argument("--seconds", type=float, default=60.0, help="at most this long for the normal requests")
    parser.add_argument("--timeout", type=float, default=5.0, help="a normal request's timeout (default 5 s)")
    parser.add_argument("--close-limit", type=float, default=30.0, help="wait at most this for the server to close a "
                        "half-sent request (default 30 s)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--db", help="store URL (default: a fresh SQLite file)")
    parser.add_argument("--root", default=str(ROOT), help="the checkout whose code serves (default: this one)")
    parser.add_argument("--json", action="store_true")
    result = run(parser.parse_args())
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    kinds = result.pop("kinds")
    for key, value in result.items():
        print(f"{key:>22}: {value}")
    for kind in kinds:
        print(", ".join(f"{key} {value}" for key, value in kind.items()))


if __name__ == "__main__":
    main()
