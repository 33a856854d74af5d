"""The gunicorn worker: gthread, but each request (head and whole body) is read by the worker's event loop before a
thread takes it, so slow clients hold only a socket, never a thread (slowloris).

gunicorn's own gthread worker hands a connection to a thread as soon as its first byte arrives; the thread then
blocks until the rest of the request comes, however slowly: a few clients sending half a request each held
every thread of every worker, and a normal request waited behind them. Here the event loop reads what is there
each time the socket is readable (web/arrival.py follows the framing: ``Content-Length`` or chunked bodies, up to the
application's maximum content length, spooled to a temporary file past 256 KB), answers ``Expect: 100-continue``
itself, and keeps what a client pipelines after a request for the next round; a thread gets the connection only once
the request is complete, and reads it from the spool. A connection that has not sent its whole request within
:data:`REQUEST_SECONDS` (``PMEMO_REQUEST_SECONDS``) is closed; a head beyond 64 KB is refused with 431, a chunked body
over the limit with 413, a malformed one with 400. A request declaring a body over the limit goes to a thread at its
head: the application answers 413 without reading it.

A response goes out through a :class:`~pmemo_replay.web.outbox.DeferringSocket`: what the client does not take at once
is queued, and the event loop sends it as the socket drains, so a client that never reads its response holds a
socket, not a thread; one that takes none of it for :data:`RESPONSE_SECONDS` (``PMEMO_RESPONSE_SECONDS``), or that
trickles (less than :data:`MIN_RESPONSE_RATE` on average after that), is cut off (closed with a reset: the kernel drops
what it still holds for it).

A response the application sends before it reads a large body (a 413, an early 400) also closes the connection:
gunicorn drains at most 64 KB of an unread body, and a connection answered ``keep-alive`` must stay usable.

Relies on gunicorn's gthread internals (``TConn``, the poller, ``enqueue_req``, ``finish_request``, the parser's
unreader): gunicorn 27 or later.
"""

from __future__ import annotations

import contextlib
import errno
import socket
import struct
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from functools import partial
from typing import IO, Any

from gunicorn.arbiter import Arbiter
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers.gthread import TConn, ThreadWorker

from pmemo_replay.web.arrival import Arrival, Refusal
from pmemo_replay.web.outbox import DeferringSocket, Outbox, unsent_bytes
from pmemo_replay.web.settings import DEFAULT_REQUEST_SECONDS, DEFAULT_RESPONSE_SECONDS, max_upload_bytes, request_seconds, response_seconds

#: a request (head and body) must arrive complete within this, from the connection's first byte or from the
#: previous response on a kept-alive connection; else the connection is closed (``PMEMO_REQUEST_SECONDS`` in the
#: environment sets another: settings.request_seconds)
REQUEST_SECONDS = DEFAULT_REQUEST_SECONDS
#: a client that takes none of its response for this long is cut off (``PMEMO_RESPONSE_SECONDS``)
RESPONSE_SECONDS = DEFAULT_RESPONSE_SECONDS
#: the most of an unread body gunicorn drains after a response before it gives up and closes (gunicorn.http.parser)
DRAINED_BYTES = 64 * 1024
#: past its first :data:`RESPONSE_SECONDS`, a response must go out at this many bytes a second on average (each KB
#: taken buys a second more): a client that takes a byte now and then (trickling) is cut off like one that takes none
MIN_RESPONSE_RATE = 1024
_RECV_BYTES = 64 * 1024
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


class _SpooledUnreader(SocketUnreader):  # type: ignore[misc]
    """The parser's input: the request the event loop read (from its spool), then the socket."""

    def __init__(self, sock: socket.socket, spool: IO[bytes]) -> None:
        super().__init__(sock)
        self.spool: IO[bytes] | None = spool

    def chunk(self, size_hint: int | None = None) -> bytes:
        if self.spool is not None:
            data = self.spool.read(max(self.mxchunk, min(size_hint or 0, self.max_body_chunk)))
            if data:
                return bytes(data)
            self.spool.close()
            self.spool = None
        return bytes(super().chunk(size_hint))


class BufferingWorker(ThreadWorker):  # type: ignore[misc]
    """gthread with whole requests read by the event loop; see the module's description."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: connections whose request is still arriving, oldest deadline first
        self.arriving: deque[TConn] = deque()
        #: connections whose response the event loop is sending, oldest deadline first
        self.sending: list[TConn] = []
        self.request_seconds = request_seconds()
        self.response_seconds = response_seconds()
        self.max_body_bytes = max_upload_bytes()

    def init_process(self) -> None:
        """Refuse TLS (``certfile``/``keyfile``): the event loop reads requests as plain bytes, and a TLS connection
        would go to a thread at its first byte, slow clients and all. TLS belongs to the proxy in front (README,
        Deployment). gunicorn's master stops when a worker exits with ``WORKER_BOOT_ERROR``."""
        if self.cfg.is_ssl:
            self.log.error("pmemo-replay serves plain HTTP behind a proxy that terminates TLS: certfile/keyfile are "
                           "refused (README, Deployment)")
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
        super().init_process()

    def accept(self, listener: socket.socket) -> None:
        try:
            client, address = listener.accept()
        except OSError as err:
            if err.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, client, address, listener.getsockname())  # TConn: non-blocking
        conn.leftover = b""
        self._await_request(conn)

    def on_client_socket_readable(self, conn: TConn, client: socket.socket) -> None:
        """A kept-alive connection has its next request coming: read it here too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._await_request(conn)
        self._on_arriving(conn, client)

    def _await_request(self, conn: TConn, already: bytes = b"") -> None:
        conn.arrival = Arrival(self.max_body_bytes)
        conn.timeout = time.monotonic() + self.request_seconds
        if not self.alive:
            conn.timeout = min(conn.timeout, time.monotonic() + 2.0)
        self.arriving.append(conn)
        self.poller.register(conn.sock, 1, partial(self._on_arriving, conn))  # 1: selectors.EVENT_READ
        if already:
            self._arrived(conn, already)

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
        self._arrived(conn, chunk)

    def _arrived(self, conn: TConn, chunk: bytes) -> None:
        arrival: Arrival = conn.arrival
        try:
            ready = arrival.feed(chunk)
        except Refusal as refusal:
            with contextlib.suppress(OSError):
                conn.sock.send(refusal.response)
            self._drop(conn)
            return
        if arrival.continue_due:
            arrival.continue_due = False
            try:
                conn.sock.send(_CONTINUE)  # 25 bytes on a fresh socket buffer: sent whole
            except OSError:
                self._drop(conn)
                return
        if not ready:
            return
        self.poller.unregister(conn.sock)
        self.arriving.remove(conn)
        conn.spool = arrival.take()
        conn.leftover = arrival.leftover
        conn.arrival = None
        conn.data_ready = True  # the thread must not wait for data: it is here
        self.enqueue_req(conn)

    def _drop(self, conn: TConn) -> None:
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if conn in self.arriving:
            self.arriving.remove(conn)
        arrival = getattr(conn, "arrival", None)
        if arrival is not None:
            arrival.close()
            conn.arrival = None
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """gunicorn's pending connections, and requests not complete within :func:`request_seconds`: closed."""
        super().murder_pending()
        now = time.monotonic()
        while self.arriving and self.arriving[0].timeout <= now:
            self._drop(self.arriving[0])
        for conn in [c for c in self.sending if self._response_deadline(c, now) <= now]:
            self.log.info("Cut off %s: it took none of its response in %s s, or less than %s bytes a second",
                          conn.client, self.response_seconds, MIN_RESPONSE_RATE)
            self._cut(conn)

    def _response_deadline(self, conn: TConn, now: float) -> float:
        """When a response being sent on is cut off: :data:`RESPONSE_SECONDS` after the client last took some of it,
        or after it fell below :data:`MIN_RESPONSE_RATE` on average (what it took: what the socket was handed less what
        the client has not acknowledged)."""
        taken = conn.outbox.sent_bytes - unsent_bytes(conn.sock)
        if taken > conn.taken:
            conn.taken, conn.progress_at = taken, now
        return min(conn.progress_at, conn.sending_since + conn.taken / MIN_RESPONSE_RATE) + self.response_seconds

    def _cap_keepalive(self, deadline: float) -> None:
        """A stopping worker waits for requests still arriving no longer than for kept-alive connections."""
        super()._cap_keepalive(deadline)
        for conn in self.arriving:
            conn.timeout = min(conn.timeout, deadline)

    def handle(self, conn: TConn) -> Any:
        """The thread's part: the parser reads the request from the event loop's spool first."""
        spool = getattr(conn, "spool", None)
        if spool is not None:
            conn.spool = None
            try:
                conn.sock.setblocking(True)
                conn.init()
            except OSError:
                spool.close()
                return False
            conn.parser.unreader = _SpooledUnreader(conn.sock, spool)
        return super().handle(conn)

    def handle_request(self, req: Any, conn: TConn) -> Any:
        """The response is written through a :class:`DeferringSocket`: what the client does not take at once is left
        in ``conn.outbox`` for the event loop."""
        sock = conn.sock
        conn.sock = writer = DeferringSocket(sock, self.response_seconds)
        try:
            result = super().handle_request(req, conn)
        except BaseException:
            writer.outbox.close()
            raise
        finally:
            conn.sock = sock
        conn.outbox = writer.outbox
        return result

    def _send_on(self, conn: TConn, fs: Future[Any]) -> None:
        """The event loop takes over the response's queued rest; then the request finishes as usual."""
        try:
            conn.sock.setblocking(False)
        except OSError:
            self._cut(conn)
            return
        conn.sending_since = conn.progress_at = time.monotonic()
        conn.taken = 0
        self.sending.append(conn)
        self.poller.register(conn.sock, 2, partial(self._on_writable, conn, fs))  # 2: selectors.EVENT_WRITE

    def _on_writable(self, conn: TConn, fs: Future[Any], client: socket.socket) -> None:
        outbox: Outbox = conn.outbox
        try:
            outbox.flush(client)
        except OSError:
            self._cut(conn)
            return
        if outbox:
            return
        self.poller.unregister(client)
        self.sending.remove(conn)
        conn.outbox = None
        self.finish_request(conn, fs)

    def _cut(self, conn: TConn) -> None:
        """Close a connection whose response is not taken, with a reset: nothing of it lingers in the kernel."""
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if conn in self.sending:
            self.sending.remove(conn)
        outbox = getattr(conn, "outbox", None)
        if outbox is not None:
            outbox.close()
            conn.outbox = None
        with contextlib.suppress(OSError):
            conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.nr_conns -= 1
        conn.close()

    def finish_request(self, conn: TConn, fs: Future[Any]) -> None:
        """A response not yet taken whole is sent on by the event loop first. After a kept-alive response, what the
        client pipelined behind the request is the next request's start: read on in the event loop (the socket may
        never be readable again for it)."""
        outbox = getattr(conn, "outbox", None)
        if outbox:
            self._send_on(conn, fs)
            return
        parser = getattr(conn, "parser", None)
        unreader = getattr(parser, "unreader", None)
        ahead = getattr(conn, "leftover", b"") + (unreader.take_buffered() if unreader is not None else b"")
        conn.leftover = b""
        kept = fs.done() and not fs.cancelled() and fs.exception() is None and fs.result() is True
        if not (ahead and kept):
            super().finish_request(conn, fs)
            return
        try:
            conn.sock.setblocking(False)
        except OSError:
            self.nr_conns -= 1
            conn.close()
            return
        self._await_request(conn, ahead)

    def load_wsgi(self) -> None:
        super().load_wsgi()
        limit = getattr(self.wsgi, "config", {}).get("MAX_CONTENT_LENGTH")
        if isinstance(limit, int) and limit > 0:
            self.max_body_bytes = limit
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
