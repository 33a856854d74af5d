"""web/arrival.py: a request followed byte by byte as the worker's event loop reads it (issue 19, slow clients)."""

from __future__ import annotations

import pytest

from pmemo_replay.web.arrival import MAX_HEAD_BYTES, SPOOL_MEMORY_BYTES, Arrival, Refusal


def fed(arrival: Arrival, data: bytes, step: int = 1) -> list[bool]:
    """What ``feed`` said after each piece of ``data`` cut in ``step`` bytes."""
    return [arrival.feed(data[i:i + step]) for i in range(0, len(data), step)]


def test_a_content_length_body_is_complete_at_its_last_byte_and_the_rest_is_left_over() -> None:
    request = b"POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
    arrival = Arrival(limit=100)
    said = fed(arrival, request + b"GET /y HTTP/1.1\r\n")
    assert said.index(True) == len(request) - 1
    assert arrival.take().read() == request
    assert arrival.leftover == b"GET /y HTTP/1.1\r\n"


def test_a_large_body_is_spooled_to_a_file_and_read_back_whole() -> None:
    body = bytes(range(256)) * (SPOOL_MEMORY_BYTES // 128)
    head = f"POST /x HTTP/1.1\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    arrival = Arrival(limit=len(body))
    assert not any(fed(arrival, head + body[:-1], 65536))
    assert arrival.spool is not None and arrival.spool._rolled  # type: ignore[attr-defined]
    assert arrival.feed(body[-1:])
    assert arrival.take().read() == head + body


def test_a_chunked_body_is_followed_to_its_last_chunk_and_trailers() -> None:
    request = (b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
               b"5;ext=1\r\nhello\r\n1A\r\n" + b"z" * 26 + b"\r\n0\r\nX-Trailer: t\r\n\r\n")
    arrival = Arrival(limit=31)
    said = fed(arrival, request + b"GET")
    assert said.index(True) == len(request) - 1
    assert arrival.take().read() == request and arrival.leftover == b"GET"


@pytest.mark.parametrize(("body", "status"), [
    (b"zz\r\nhello\r\n0\r\n\r\n", b"400"),  # not a hex size
    (b"2\r\nhello\r\n0\r\n\r\n", b"400"),  # data longer than its size
    (b"9" * 5000, b"400"),  # a size line without end
    (b"65\r\n", b"413"),  # 101 bytes announced, 100 allowed
])
def test_a_malformed_or_oversized_chunked_body_is_refused(body: bytes, status: bytes) -> None:
    arrival = Arrival(limit=100)
    with pytest.raises(Refusal) as refused:
        fed(arrival, b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + body, 7)
    assert refused.value.response.startswith(b"HTTP/1.1 " + status)
    assert b"Connection: close" in refused.value.response


def test_a_head_over_the_limit_is_refused_with_431() -> None:
    with pytest.raises(Refusal) as refused:
        fed(Arrival(limit=100), b"GET / HTTP/1.1\r\nX: " + b"x" * MAX_HEAD_BYTES, 4096)
    assert refused.value.response.startswith(b"HTTP/1.1 431")


def test_100_continue_is_due_once_the_head_is_in_and_the_thread_does_not_see_the_expectation() -> None:
    arrival = Arrival(limit=100)
    assert not arrival.feed(b"POST /x HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
    assert arrival.continue_due
    assert arrival.feed(b"ok")
    assert arrival.take().read() == b"POST /x HTTP/1.1\r\nContent-Length: 2\r\n\r\nok"


def test_a_body_over_the_limit_is_handed_on_at_its_head_without_100_continue() -> None:
    """The application answers 413 without reading it; the client is not invited to send it."""
    arrival = Arrival(limit=100)
    assert arrival.feed(b"POST /x HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 101\r\n\r\n")
    assert not arrival.continue_due
    assert arrival.take().read() == b"POST /x HTTP/1.1\r\nContent-Length: 101\r\n\r\n"


def test_100_continue_is_not_due_for_http_1_0_nor_when_the_body_already_comes() -> None:
    old = Arrival(limit=100)
    old.feed(b"POST /x HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
    eager = Arrival(limit=100)
    eager.feed(b"POST /x HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\no")
    assert not old.continue_due and not eager.continue_due
