"""Clients that never read their responses (r19): 8 of them asking for plotly.js (4.8 MB) on small receive buffers
do not keep a normal request waiting, and each is cut off once it has taken nothing for ``PMEMO_RESPONSE_SECONDS``.

The tests share one ``serve`` (:data:`RESPONSE_SECONDS`): each opens its own connections, and a process started costs
about 1.5 s of CPU and 3 s of waiting."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from tests.serve.test_slow_clients import get, serving

#: the server's ``PMEMO_RESPONSE_SECONDS``: a response that takes nothing for this long is cut off
RESPONSE_SECONDS = 3.0
BIG = b"GET /static-vendor/plotly.min.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with serving(tmp_path_factory.mktemp("slow-readers"), PMEMO_RESPONSE_SECONDS=str(RESPONSE_SECONDS)) as served:
        yield served


def _non_reader(address: tuple[str, int]) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(address)
    sock.sendall(BIG)
    return sock


def _received(sock: socket.socket) -> tuple[int, bool]:
    """What the client gets when it finally reads: the bytes, and whether the server ended the connection."""
    got = 0
    sock.settimeout(5)
    try:
        while chunk := sock.recv(1 << 20):
            got += len(chunk)
    except ConnectionResetError:
        return got, True
    except TimeoutError:
        return got, False
    return got, True


def test_clients_that_never_read_do_not_hold_the_threads(address: tuple[str, int]) -> None:
    for _ in range(4):
        get(address)  # each worker has served a request before: the waits measure the stuck clients only
    stuck = [_non_reader(address) for _ in range(12)]  # 2 workers of 2 threads: 3 per thread
    try:
        time.sleep(1.0)
        waits = []
        for _ in range(5):
            start = time.monotonic()
            assert get(address)[0] == 200
            waits.append(time.monotonic() - start)
        assert sorted(waits)[2] < 1.0 and max(waits) < 3.0, waits  # the median; some slack for a loaded machine
        time.sleep(RESPONSE_SECONDS + 2.0)  # past the deadline: each was cut off
        for sock in stuck:
            got, ended = _received(sock)
            assert ended and got < 4_000_000, got
    finally:
        for sock in stuck:
            sock.close()


def test_a_slow_reader_gets_the_whole_response(address: tuple[str, int]) -> None:
    """One that takes its bytes, however late within the deadline each time, gets all of them."""
    whole = get_size(address)
    sock = _non_reader(address)
    with sock:
        time.sleep(RESPONSE_SECONDS - 1.0)
        data = b""
        while len(data) < whole:
            chunk = sock.recv(1 << 16)
            assert chunk
            data += chunk
        assert data.startswith(b"HTTP/1.1 200") and b"Connection: keep-alive" in data[:400]
        assert get(address, sock)[0] == 200  # the connection serves its next request


def get_size(address: tuple[str, int]) -> int:
    """The whole answer to :data:`BIG`, head and body, in bytes."""
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(BIG)
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head = data.split(b"\r\n\r\n")[0]
        length = int(next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")).split(b":")[1])
        return len(head) + 4 + length


def test_a_trickling_reader_is_cut_off(address: tuple[str, int]) -> None:
    """One that takes a few bytes now and then (never none for the deadline, but far under a kilobyte a second on
    average) is cut off soon after the deadline, not served for the hours its response would take: reading on at
    full speed afterwards, it gets only what was already on its way."""
    whole = get_size(address)
    sock = _non_reader(address)
    with sock:
        start = time.monotonic()
        while time.monotonic() - start < 6:
            assert sock.recv(64)
            time.sleep(0.25)
        got, ended = _received(sock)
        assert ended and got < whole // 2, (got, whole)
