"""What a response still has to send when its client is not taking the bytes: the worker's thread hands it to the
event loop (web/worker.py), which sends it as the socket drains, so a client that reads slowly or never holds a
socket, never a thread.

A :class:`DeferringSocket` stands in for the connection's socket while a thread writes the response: it sends what
the socket takes at once (never waiting) and queues the rest, in order, in an :class:`Outbox` (bytes, or a file's
range by a duplicated descriptor: a large static file is not read into memory).
"""

from __future__ import annotations

import fcntl
import os
import select
import socket
import struct
import termios
from collections import deque
from dataclasses import dataclass
from typing import IO, Any

#: past this many queued bytes a thread waits (up to the response deadline) for the client before queueing more
MAX_QUEUED_BYTES = 8 * 1024 * 1024


@dataclass
class FileRange:
    """``count`` bytes of an open file (``fd``, owned here) from ``offset``."""

    fd: int
    offset: int
    count: int


class Outbox:
    """Bytes and file ranges still to send, in order."""

    def __init__(self) -> None:
        self.items: deque[bytes | FileRange] = deque()
        self.queued_bytes = 0
        #: every byte handed to the socket so far (by the thread and by the event loop)
        self.sent_bytes = 0

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, item: bytes | FileRange) -> None:
        self.items.append(item)
        self.queued_bytes += len(item) if isinstance(item, bytes) else 0

    def flush(self, sock: socket.socket) -> int:
        """Send what ``sock`` takes without waiting; the bytes sent. Raises OSError when the client is gone."""
        sent = 0
        while self.items:
            item = self.items[0]
            try:
                if isinstance(item, bytes):
                    n = sock.send(item, socket.MSG_DONTWAIT)
                    self.queued_bytes -= n
                    if n < len(item):
                        self.items[0] = item[n:]
                else:
                    n = _sendfile_now(sock, item.fd, item.offset, item.count)
                    item.offset += n
                    item.count -= n
            except (BlockingIOError, InterruptedError):
                break
            sent += n
            self.sent_bytes += n
            if (isinstance(item, bytes) and n == len(item)) or (isinstance(item, FileRange) and (not item.count or not n)):
                self._pop()  # sent whole (a file that ends early: all it had)
        return sent

    def close(self) -> None:
        while self.items:
            self._pop()

    def _pop(self) -> None:
        item = self.items.popleft()
        if isinstance(item, FileRange):
            os.close(item.fd)


def unsent_bytes(sock: socket.socket) -> int:
    """Bytes handed to ``sock`` that its client has not acknowledged yet (Linux ``SIOCOUTQ``); 0 where the system
    does not tell."""
    try:
        return int(struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0])
    except (OSError, ValueError):
        return 0


def _sendfile_now(sock: socket.socket, fd: int, offset: int, count: int) -> int:
    """``os.sendfile`` without waiting, whatever the socket's blocking mode."""
    timeout = sock.gettimeout()
    sock.setblocking(False)
    try:
        return os.sendfile(sock.fileno(), fd, offset, count)
    finally:
        sock.settimeout(timeout)


class DeferringSocket:
    """The connection's socket as a response writer sees it: writes never wait; what the client does not take at once
    goes to :attr:`outbox`. Everything else is the socket's."""

    def __init__(self, sock: socket.socket, deadline_seconds: float) -> None:
        self.sock = sock
        self.outbox = Outbox()
        self.deadline_seconds = deadline_seconds

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)

    def sendall(self, data: bytes | bytearray | memoryview) -> None:
        if data:
            self.outbox.add(bytes(data))
            self._flush()

    def send(self, data: bytes | bytearray | memoryview, flags: int = 0) -> int:
        self.sendall(data)
        return len(data)

    def sendfile(self, file: IO[bytes], offset: int = 0, count: int | None = None) -> int:
        fd = file.fileno()
        if count is None:
            count = os.fstat(fd).st_size - offset
        if count > 0:
            self.outbox.add(FileRange(os.dup(fd), offset, count))
            self._flush()
        return count

    def _flush(self) -> None:
        """Send what the socket takes now; past :data:`MAX_QUEUED_BYTES` queued, wait for the client to take some
        (``TimeoutError`` when it takes nothing for the deadline)."""
        self.outbox.flush(self.sock)
        while self.outbox.queued_bytes > MAX_QUEUED_BYTES:
            _, writable, _ = select.select([], [self.sock], [], self.deadline_seconds)
            if not writable:
                raise TimeoutError("the client took none of its response within the deadline")
            self.outbox.flush(self.sock)
