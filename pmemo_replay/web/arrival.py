"""One HTTP/1.1 request as it arrives on a socket, read by the worker's event loop (web/worker.py) before a thread
takes it: its head, then its whole body (``Content-Length`` or chunked), spooled to a temporary file past
:data:`SPOOL_MEMORY_BYTES`. Pure bookkeeping over bytes: no sockets here.

An :class:`Arrival` is fed what the socket gives; it says when the request is complete (:attr:`Arrival.ready`), what
came after it (a pipelined next request, :attr:`Arrival.leftover`), whether the client waits for ``100 Continue``
(:attr:`Arrival.continue_due`), or raises :class:`Refusal` with the answer to send before closing.
"""

from __future__ import annotations

import json
import re
import tempfile
from typing import IO

#: the largest request head (request line and header fields); a longer one is refused with 431
MAX_HEAD_BYTES = 64 * 1024
#: a body is kept in memory up to this, then in a temporary file
SPOOL_MEMORY_BYTES = 256 * 1024
#: a chunk-size line or a trailer field longer than this is malformed
MAX_LINE_BYTES = 4096
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_CONTENT_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\d{1,18})[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_TRANSFER_ENCODING = re.compile(rb"^transfer-encoding[ \t]*:([^\r\n]*)\r?$", re.IGNORECASE | re.MULTILINE)
_EXPECT_CONTINUE = re.compile(rb"^expect[ \t]*:[ \t]*100-continue[ \t]*\r?\n", re.IGNORECASE | re.MULTILINE)
_HTTP11 = re.compile(rb"^[^\r\n]* HTTP/1\.1\r?\n")
_CHUNK_SIZE = re.compile(rb"[0-9a-fA-F]{1,15}")


class Refusal(Exception):
    """The request cannot be read: ``response`` (status line, ``Connection: close``, a JSON error) goes out and the
    connection closes."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(f"{status}: {message}")
        body = json.dumps({"error": message}).encode() + b"\n"
        self.response = (f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n").encode() + body


class ChunkedBody:
    """The framing of a chunked body, followed byte by byte: where it ends, and how much data it carries.

    >>> body = ChunkedBody(limit=100)
    >>> body.feed(b"3\\r\\nabc\\r"), body.feed(b"\\n0\\r\\n\\r\\nGET"), body.size
    (None, 6, 3)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.state = "size"  # size, data, data-end, trailer
        self.line = bytearray()
        self.left = 0

    def feed(self, data: bytes) -> int | None:
        """How many bytes of ``data`` complete the body, or None when all of it belongs to the body and more is due."""
        i = 0
        while i < len(data):
            if self.state == "data":
                take = min(self.left, len(data) - i)
                i += take
                self.left -= take
                if not self.left:
                    self.state = "data-end"
                continue
            newline = data.find(b"\n", i)
            self.line += data[i:] if newline < 0 else data[i:newline]
            if len(self.line) > MAX_LINE_BYTES:
                raise Refusal("400 Bad Request", "a chunk-size line or trailer field of the chunked body is too long")
            if newline < 0:
                return None
            i = newline + 1
            line = bytes(self.line).removesuffix(b"\r")
            self.line.clear()
            if self._line(line):
                return i
        return None

    def _line(self, line: bytes) -> bool:
        """One complete line of the framing; True when it ended the body."""
        if self.state == "data-end":
            if line:
                raise Refusal("400 Bad Request", "a chunk of the chunked body is longer than its size says")
            self.state = "size"
            return False
        if self.state == "trailer":
            return not line
        size = line.split(b";", 1)[0].strip(b" \t")
        if not _CHUNK_SIZE.fullmatch(size):
            raise Refusal("400 Bad Request", "the chunked body has a malformed chunk size")
        self.left = int(size, 16)
        self.size += self.left
        if self.size > self.limit:
            raise Refusal("413 Content Too Large", f"the request body is larger than the limit of {self.limit} bytes")
        self.state = "data" if self.left else "trailer"
        return False


class Arrival:
    """A request arriving: fed bytes until :attr:`ready`; then :meth:`take` gives the request (head and body) as a
    file to read from the start. ``limit`` is the largest body read (the application's maximum content length): a
    request declaring a larger one is ready at its head (the application answers 413 without reading it)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.head = bytearray()
        self.spool: IO[bytes] | None = None
        self.left = 0  # body bytes still due (Content-Length)
        self.chunked: ChunkedBody | None = None
        self.ready = False
        self.leftover = b""
        self.continue_due = False  # the client waits for "100 Continue" before it sends the body

    def feed(self, data: bytes) -> bool:
        """Take bytes the socket gave; True once the request is complete. Raises :class:`Refusal`."""
        if self.ready:
            self.leftover += data
            return True
        if self.spool is None:
            self._head(data)
        else:
            self._body(data)
        return self.ready

    def take(self) -> IO[bytes]:
        """The complete request, rewound; the arrival keeps only its :attr:`leftover`."""
        assert self.ready and self.spool is not None
        spool, self.spool = self.spool, None
        spool.seek(0)
        return spool

    def close(self) -> None:
        if self.spool is not None:
            self.spool.close()
            self.spool = None

    def _head(self, data: bytes) -> None:
        searched = max(0, len(self.head) - 3)
        self.head += data
        found = _HEAD_END.search(self.head, searched, MAX_HEAD_BYTES + 4)
        if found is None:
            if len(self.head) > MAX_HEAD_BYTES:
                raise Refusal("431 Request Header Fields Too Large", f"the request head is over {MAX_HEAD_BYTES} bytes")
            return
        head, rest = bytes(self.head[:found.end()]), bytes(self.head[found.end():])
        self.head = bytearray()
        expects = _EXPECT_CONTINUE.search(head) is not None
        if expects:  # answered here (or not at all, when the body is not wanted): the thread must not answer it again
            head = _EXPECT_CONTINUE.sub(b"", head)
        self.spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY_BYTES)  # noqa: SIM115 (closed by take/close)
        self.spool.write(head)
        encoding = _TRANSFER_ENCODING.search(head)
        length = _CONTENT_LENGTH.search(head)
        if encoding is not None:
            if encoding.group(1).split(b",")[-1].strip().lower() != b"chunked":
                self._ready_at_head(rest)  # gunicorn refuses it at once
                return
            self.chunked = ChunkedBody(self.limit)
        else:
            self.left = int(length.group(1)) if length else 0
            if self.left > self.limit:
                self._ready_at_head(rest)  # the application answers 413 without reading the body
                return
        self.continue_due = expects and not rest and (self.chunked is not None or self.left > 0) \
            and _HTTP11.match(head) is not None
        self._body(rest)

    def _ready_at_head(self, rest: bytes) -> None:
        assert self.spool is not None
        self.spool.write(rest)
        self.ready = True

    def _body(self, data: bytes) -> None:
        assert self.spool is not None
        if self.chunked is not None:
            end = self.chunked.feed(data)
            if end is None:
                self.spool.write(data)
                return
        else:
            end = min(self.left, len(data))
            self.left -= end
            if self.left:
                self.spool.write(data)
                return
        self.spool.write(data[:end])
        self.leftover = data[end:]
        self.ready = True
