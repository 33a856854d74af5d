"""``pmemo-replay serve`` on gunicorn, as a real process: two workers answer, connections are kept alive,
HUP replaces the workers and the server goes on, TERM stops it gracefully."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pmemo_replay.cli import main

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"serving on http://([\d.]+):(\d+)/")


@dataclass
class Served:
    """A ``serve`` process and what it printed so far (read by a thread)."""

    proc: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)

    def read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    def wait_for(self, test: Callable[[list[str]], bool], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if test(self.lines):
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        pytest.fail("the server did not get there:\n" + "".join(self.lines))

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)

    @property
    def address(self) -> tuple[str, int]:
        m = next(m for m in map(ADDRESS.search, self.lines) if m)
        return m.group(1), int(m.group(2))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "serve", "--db", f"sqlite:///{tmp_path / 'g.sqlite3'}",
                             "--port", "0", "--workers", "2", "--threads", "2"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    s = Served(proc)
    threading.Thread(target=s.read, daemon=True).start()
    try:
        s.wait_for(lambda lines: any(ADDRESS.search(line) for line in lines))
        s.wait_for(lambda _: s.count("Booting worker") >= 2)
        yield s
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def get(conn: http.client.HTTPConnection, path: str) -> http.client.HTTPResponse:
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    return response


def test_two_workers_keep_alive_and_a_graceful_stop(served: Served) -> None:
    host, port = served.address
    assert "gunicorn: 2 worker(s) x 2 thread(s)" in "".join(served.lines)
    conn = http.client.HTTPConnection(host, port, timeout=10)
    first = get(conn, "/api/games")
    sock = conn.sock
    assert first.status == 200 and first.getheader("Connection", "").lower() != "close" and not first.will_close
    for _ in range(5):  # the same connection serves every request
        assert get(conn, "/api/games").status == 200 and conn.sock is sock
    assert get(conn, "/static/css/app.css").status == 200 and conn.sock is sock
    conn.close()

    served.proc.send_signal(signal.SIGTERM)
    assert served.proc.wait(timeout=40) == 0
    served.wait_for(lambda lines: any("Shutting down: Master" in line for line in lines), timeout=5)
    assert served.count("Worker exiting") == 2
    with pytest.raises(OSError):
        socket.create_connection((host, port), timeout=2).close()


def test_hup_replaces_the_workers_and_serving_goes_on(served: Served) -> None:
    host, port = served.address
    served.proc.send_signal(signal.SIGHUP)
    served.wait_for(lambda _: served.count("Booting worker") >= 4)
    conn = http.client.HTTPConnection(host, port, timeout=10)
    assert get(conn, "/api/games").status == 200
    conn.close()
    assert served.proc.poll() is None


def test_busy_port_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--db", f"sqlite:///{tmp_path / 'b.sqlite3'}", "--port", str(port)]) == 2
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


def test_bad_worker_count_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err


TLS_SERVER = """
import sys
from pmemo_replay.web.server import listen, options, run
settings = options(listen("127.0.0.1", 0), workers=1, threads=1, access_log=False, when_ready=lambda _: None)
settings.update(certfile=sys.argv[1], keyfile=sys.argv[1])
sys.exit(run(lambda: None, settings))
"""


def test_the_worker_refuses_tls_and_the_server_stops(tmp_path: Path) -> None:
    """TLS is the proxy's job (README, Deployment): the worker would hand a TLS connection to a thread at its first
    byte, so it refuses to boot with a certificate and gunicorn's master stops, saying why."""
    pem = tmp_path / "server.pem"
    pem.write_text("not read: the worker stops before any handshake\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", TLS_SERVER, str(pem)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode != 0
    assert "serves plain HTTP behind a proxy that terminates TLS" in run.stderr + run.stdout
