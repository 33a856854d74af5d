"""Issue 19, findings 2 and 3, against a real ``serve`` process (gunicorn with web/worker.py's worker):

- slow clients holding half-sent requests do not keep a normal request waiting, and a half-sent request is closed
  after ``PMEMO_REQUEST_SECONDS``;
- a response sent before a large body was read (413, an early 401/400) says ``Connection: close`` and closes; one
  that says ``keep-alive`` serves the next request on the same connection.

(benchmarks/bench_slowloris.py measures the same with 300 slow clients.)
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.serve.test_gunicorn import ADDRESS, ROOT, Served

HEAD_ONLY = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Slow: "


@contextmanager
def serving(tmp_path: Path, stop_seconds: list[float] | None = None, **env: str) -> Iterator[tuple[str, int]]:
    """``serve`` on a free port with 2 workers of 2 threads, the environment's settings plus ``env``; how long TERM
    took to stop it goes in ``stop_seconds``."""
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "serve", "--db", f"sqlite:///{tmp_path / 'g.sqlite3'}",
                             "--port", "0", "--workers", "2", "--threads", "2"],
                            cwd=tmp_path, env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT), **env},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    served = Served(proc)
    threading.Thread(target=served.read, daemon=True).start()
    try:
        served.wait_for(lambda lines: any(ADDRESS.search(line) for line in lines))
        served.wait_for(lambda _: served.count("Booting worker") >= 2)
        yield served.address
    finally:
        proc.terminate()
        start = time.monotonic()
        try:
            proc.wait(timeout=40)
            if stop_seconds is not None:
                stop_seconds.append(time.monotonic() - start)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 response (status, headers in lower case, body) read from ``sock`` (Content-Length bodies)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a response: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    size = int(headers.get("content-length", "0"))
    while len(body) < size:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def get(address: tuple[str, int], sock: socket.socket | None = None) -> tuple[int, dict[str, str], bytes]:
    own = sock is None
    sock = sock or socket.create_connection(address, timeout=10)
    try:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {address[0]}\r\n\r\n".encode())
        return read_response(sock)
    finally:
        if own:
            sock.close()


def test_slow_clients_do_not_hold_up_a_normal_request(tmp_path: Path) -> None:
    with serving(tmp_path, PMEMO_REQUEST_SECONDS="60") as address:
        slow = []
        try:
            for _ in range(50):
                s = socket.create_connection(address, timeout=10)
                s.sendall(HEAD_ONLY)
                slow.append(s)
            time.sleep(0.5)
            for s in slow:  # they trickle on: each byte wakes the server, none makes a request
                s.sendall(b"x")
            waits = []
            for _ in range(5):
                start = time.monotonic()
                status, _, _ = get(address)
                waits.append(time.monotonic() - start)
                assert status == 200
            assert max(waits) < 3.0, waits
        finally:
            for s in slow:
                s.close()


def test_a_half_sent_request_is_closed_after_the_request_time(tmp_path: Path) -> None:
    with serving(tmp_path, PMEMO_REQUEST_SECONDS="1") as address:
        s = socket.create_connection(address, timeout=20)
        try:
            s.sendall(HEAD_ONLY)
            start = time.monotonic()
            assert s.recv(1024) == b""  # closed by the server, without an answer
            assert time.monotonic() - start < 8
        finally:
            s.close()


def _post(path: str, body: bytes, content_type: str) -> Callable[[tuple[str, int]], bytes]:
    def request(address: tuple[str, int]) -> bytes:
        return (f"POST {path} HTTP/1.1\r\nHost: {address[0]}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    return request


def _multipart(size: int) -> bytes:
    return (b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"log.json\"\r\n"
            b"Content-Type: application/json\r\n\r\n" + b"x" * size + b"\r\n--b--\r\n")


CASES = {
    "413 on a 300 KB body": (_post("/api/check", b"[" + b" " * 300_000 + b"]", "application/json"), 413),
    "413 on a 300 KB multipart upload": (_post("/api/games", _multipart(300_000), "multipart/form-data; boundary=b"), 413),
    "401 before a 90 KB upload is read": (_post("/api/games", _multipart(90_000), "multipart/form-data; boundary=b"), 401),
    "401 before a 30 KB upload is read": (_post("/api/games", _multipart(30_000), "multipart/form-data; boundary=b"), 401),
}


def test_an_early_answer_keeps_its_word_on_the_connection(tmp_path: Path) -> None:
    with serving(tmp_path, PMEMO_MAX_UPLOAD_BYTES="100000", PMEMO_OPEN_UPLOADS="") as address:
        for name, (request, status) in CASES.items():
            with socket.create_connection(address, timeout=15) as sock:
                sock.sendall(request(address))
                got, headers, _ = read_response(sock)
                assert got == status, name
                if headers.get("connection") == "keep-alive":
                    assert get(address, sock)[0] == 200, name  # the next request on it is answered
                else:
                    assert headers.get("connection") == "close", (name, headers)
                    sock.settimeout(10)
                    assert sock.recv(1) == b"", name  # and it is closed
            if "30 KB" in name:  # a small body is drained: the connection stays usable
                assert headers.get("connection") == "keep-alive", name


def test_a_client_awaiting_100_continue_is_not_kept_waiting(tmp_path: Path) -> None:
    """The worker hands such a request on at its head (the client sends the body only after ``100 Continue``)."""
    body = b'{"format": "pmemo-log"}'
    with serving(tmp_path) as address, socket.create_connection(address, timeout=10) as sock:
        sock.sendall(f"POST /api/check HTTP/1.1\r\nHost: {address[0]}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\nExpect: 100-continue\r\n\r\n".encode())
        start = time.monotonic()
        assert sock.recv(1024).startswith(b"HTTP/1.1 100 Continue")
        assert time.monotonic() - start < 3
        sock.sendall(body)
        assert read_response(sock)[0] == 200


def test_term_does_not_wait_for_half_sent_requests(tmp_path: Path) -> None:
    """A stopping worker gives requests still arriving the few seconds it gives kept-alive connections."""
    took: list[float] = []
    slow = []
    try:
        with serving(tmp_path, took, PMEMO_REQUEST_SECONDS="60") as address:
            for _ in range(10):
                s = socket.create_connection(address, timeout=10)
                s.sendall(HEAD_ONLY)
                slow.append(s)
            assert get(address)[0] == 200
    finally:
        for s in slow:
            s.close()
    assert took and took[0] < 15, took
