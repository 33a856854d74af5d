"""The gunicorn worker: gthread, but a request's head (and a small body) is read by the worker's event loop before a
thread takes it, so slow clients hold only a socket, never a thread (slowloris).

gunicorn's own gthread worker hands a connection to a thread as soon as its first byte arrives; the thread then
blocks until the rest of the request head comes, however slowly: a few clients sending half a request each held
every thread of every worker, and a normal request waited behind them. Here the event loop reads what is there
each time the socket is readable, and a thread gets the connection only once the head (and a body up to
:data:`BUFFERED_BODY_BYTES`) is complete. A connection that has not sent its request within
:data:`REQUEST_SECONDS` (``PMEMO_REQUEST_SECONDS``) is closed; a head beyond :data:`MAX_HEAD_BYTES` is refused with 431.

A response the application sends before it reads a large body (a 413, an early 400) also closes the connection:
gunicorn drains at most 64 KB of an unread body, and a connection answered ``keep-alive`` must stay usable.

Relies on gunicorn's gthread internals (``TConn``, the poller, ``enqueue_req``): gunicorn 27 or later.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from gunicorn.workers.gthread import TConn, ThreadWorker

#: a request head (request line and header fields) must arrive complete within this, from the connection's first
#: byte or from the previous response on a kept-alive connection; else the connection is closed
#: (``PMEMO_REQUEST_SECONDS`` in the environment sets another)
REQUEST_SECONDS = 10.0
ENV_REQUEST_SECONDS = "PMEMO_REQUEST_SECONDS"
#: the largest request head read in the event loop; a longer one gets 431 and the connection closes
MAX_HEAD_BYTES = 64 * 1024
#: a body up to this size (Content-Length) is read in the event loop too; a larger one is streamed by the thread
BUFFERED_BODY_BYTES = 256 * 1024
#: the most of an unread body gunicorn drains after a response before it gives up and closes (gunicorn.http.parser)
DRAINED_BYTES = 64 * 1024
_RECV_BYTES = 64 * 1024
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_CONTENT_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\d{1,18})[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
#: a chunked body, or a client waiting for ``100 Continue`` before it sends the body: the thread takes it from the head
_BODY_LATER = re.compile(rb"^(transfer-encoding[ \t]*:|expect[ \t]*:[ \t]*100-continue)", re.IGNORECASE | re.MULTILINE)
_TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Type: text/plain\r\n"
              b"Content-Length: 33\r\n\r\nthe request head is over 64 KB.\r\n")


def request_seconds(env: dict[str, str] | None = None) -> float:
    """``PMEMO_REQUEST_SECONDS`` when it is a positive number, else :data:`REQUEST_SECONDS`.

    >>> request_seconds({}), request_seconds({"PMEMO_REQUEST_SECONDS": "2.5"}), request_seconds({"PMEMO_REQUEST_SECONDS": "x"})
    (10.0, 2.5, 10.0)
    """
    text = (os.environ if env is None else env).get(ENV_REQUEST_SECONDS, "")
    try:
        value = float(text)
    except ValueError:
        return REQUEST_SECONDS
    return value if 0 < value < 86400 else REQUEST_SECONDS


def request_end(buffer: bytes | bytearray) -> int | None:
    """Where the request in ``buffer`` ends when it is complete enough to hand to a thread, else None.

    Complete: the head is there, and either its ``Content-Length`` body (up to :data:`BUFFERED_BODY_BYTES`) is too,
    or the body is larger, chunked, or awaits ``100 Continue`` (the thread streams it). A head over :data:`MAX_HEAD_BYTES` returns -1.

    >>> request_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n"), request_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
    (None, 27)
    >>> post = b"POST / HTTP/1.1\\r\\nContent-Length: 4\\r\\n\\r\\n"
    >>> request_end(post + b"ab"), request_end(post + b"abcd")
    (None, 42)
    >>> request_end(b"POST / HTTP/1.1\\r\\nContent-Length: 4\\r\\nExpect: 100-continue\\r\\n\\r\\n")
    60
    """
    found = _HEAD_END.search(buffer, 0, MAX_HEAD_BYTES + 4)
    if found is None:
        return -1 if len(buffer) > MAX_HEAD_BYTES else None
    head = bytes(buffer[:found.start()])
    if _BODY_LATER.search(head):
        return found.end()
    length = _CONTENT_LENGTH.search(head)
    size = int(length.group(1)) if length else 0
    if size > BUFFERED_BODY_BYTES or len(buffer) >= found.end() + size:
        return found.end() + min(size, BUFFERED_BODY_BYTES)
    return None


class BufferingWorker(ThreadWorker):  # type: ignore[misc]
    """gthread with request heads (and small bodies) read by the event loop; see the module's description."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: connections whose request is still arriving, oldest deadline first
        self.arriving: deque[TConn] = deque()
        self.request_seconds = request_seconds()

    def accept(self, listener: socket.socket) -> None:
        if self.cfg.is_ssl:  # the bytes are TLS records: the thread reads them after the handshake
            super().accept(listener)
            return
        try:
            client, address = listener.accept()
        except OSError as err:
            if err.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        self._await_request(TConn(self.cfg, client, address, listener.getsockname()))  # TConn: non-blocking

    def on_client_socket_readable(self, conn: TConn, client: socket.socket) -> None:
        """A kept-alive connection has its next request coming: read it here too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._await_request(conn)
        self._on_arriving(conn, client)

    def _await_request(self, conn: TConn) -> None:
        conn.arrived = bytearray()
        conn.timeout = time.monotonic() + self.request_seconds
        self.arriving.append(conn)
        self.poller.register(conn.sock, 1, partial(self._on_arriving, conn))  # 1: selectors.EVENT_READ

    def _on_arriving(self, conn: TConn, client: socket.socket) -> None:
        try:
            chunk = client.recv(_RECV_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # the client went away
            self._drop(conn)
            return
        conn.arrived += chunk
        end = request_end(conn.arrived)
        if end is None:
            return
        if end < 0:
            with contextlib.suppress(OSError):
                client.send(_TOO_LARGE)
            self._drop(conn)
            return
        self.poller.unregister(client)
        self.arriving.remove(conn)
        conn.data_ready = True  # the thread must not wait for data: it is here
        self.enqueue_req(conn)

    def _drop(self, conn: TConn) -> None:
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if conn in self.arriving:
            self.arriving.remove(conn)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """gunicorn's pending connections, and requests not complete within :func:`request_seconds`: closed."""
        super().murder_pending()
        now = time.monotonic()
        while self.arriving and self.arriving[0].timeout <= now:
            self._drop(self.arriving[0])

    def _cap_keepalive(self, deadline: float) -> None:
        """A stopping worker waits for requests still arriving no longer than for kept-alive connections."""
        super()._cap_keepalive(deadline)
        for conn in self.arriving:
            conn.timeout = min(conn.timeout, deadline)

    def handle(self, conn: TConn) -> Any:
        """The thread's part: the bytes read in the event loop go back in front of the parser's input first."""
        arrived = getattr(conn, "arrived", None)
        if arrived:
            conn.arrived = None
            try:
                conn.sock.setblocking(True)
                conn.init()
            except OSError:
                return False
            conn.parser.unreader.unread(bytes(arrived))
        return super().handle(conn)

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi = close_after_unread_body(self.wsgi)


def close_after_unread_body(app: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    """WSGI middleware: when the application answers before reading a body of more than gunicorn drains (or a
    chunked one), the response closes the connection instead of announcing ``keep-alive`` it cannot keep."""

    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        try:
            declared = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if not chunked and declared <= DRAINED_BYTES:
            return app(environ, start_response)
        counted = _CountingInput(environ["wsgi.input"])
        environ["wsgi.input"] = counted

        def starting(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if not counted.exhausted and (chunked or declared - counted.read_bytes > DRAINED_BYTES):
                response = getattr(start_response, "__self__", None)  # gunicorn's Response
                if response is not None and hasattr(response, "force_close"):
                    response.force_close()
            return start_response(status, headers, exc_info)

        return app(environ, starting)

    return wrapped


class _CountingInput:
    """``wsgi.input`` counting what the application read, and whether it read to the end (an empty read)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.read_bytes = 0
        self.exhausted = False

    def _saw(self, data: bytes, *, whole: bool) -> bytes:
        self.read_bytes += len(data)
        if whole or not data:
            self.exhausted = True
        return data

    def read(self, *args: Any) -> bytes:
        return self._saw(self.stream.read(*args), whole=not args or args[0] is None or args[0] < 0)

    def readline(self, *args: Any) -> bytes:
        return self._saw(self.stream.readline(*args), whole=False)

    def readlines(self, *args: Any) -> list[bytes]:
        lines = self.stream.readlines(*args)
        self._saw(b"".join(lines), whole=not args)
        return list(lines)

    def __iter__(self) -> Any:
        return iter(self.readline, b"")
