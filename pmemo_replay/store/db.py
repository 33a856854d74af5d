"""Engines and transactions for SQLite and PostgreSQL, and JSON text made once (in a worker) and stored as is."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

SQLITE_BUSY_SECONDS = 120
_WRITE = "pmemo_write"


def _encoder(*, sort_keys: bool) -> Callable[[Any], str]:
    """A compact, non-ASCII-escaping JSON encoder, built once (``JSONEncoder.encode`` rebuilds it per call)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - no C accelerator
        return json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, sort_keys=sort_keys).encode

    def refuse(value: Any) -> Any:
        raise TypeError(f"{type(value).__name__} is not JSON serializable")

    encode = make(None, refuse, json.encoder.encode_basestring, None, ":", ",", sort_keys, False, False)
    return lambda value: "".join(encode(value, 0))


_PASS_THROUGH = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def _fast_encoder(*, sort_keys: bool) -> Callable[[Any], str]:
    """:func:`_encoder`'s output, made by orjson (5x faster on snapshots and actions).

    orjson writes the same text for JSON data; what it refuses (integers beyond 64 bits, keys
    that are not strings, anything not plain JSON data) goes to the standard encoder, which
    handles or refuses it as before. (orjson writes NaN and infinities as null; validated logs and
    snapshots hold neither: the log schema has no float field.)
    """
    standard = _encoder(sort_keys=sort_keys)
    option = _PASS_THROUGH | (orjson.OPT_SORT_KEYS if sort_keys else 0)
    dumps = orjson.dumps

    def encode(value: Any) -> str:
        try:
            return dumps(value, option=option).decode()
        except TypeError:  # orjson.JSONEncodeError
            return standard(value)

    return encode


#: Compact JSON text; ``encode_sorted`` sorts keys (the canonical form).
encode_json = _fast_encoder(sort_keys=False)
encode_sorted = _fast_encoder(sort_keys=True)


#: a string value the canonical form writes as ``"\u0000"``, put between the values encoded in one orjson call
_SEPARATOR = "\x00"
_SEPARATOR_TOKEN = b'"\\u0000"'
_SEPARATOR_BETWEEN = b',"\\u0000",'


def encode_sorted_lines(values: Sequence[Any]) -> str:
    r"""``encode_sorted`` of each value, one per line (compact JSON text holds no raw newline), in one orjson call.

    The values are encoded as one array with the string ``"\x00"`` between each two (``,"\u0000",`` in the text),
    which then become the newlines. That token can only stand for such a string (a quote inside a string is
    escaped, so a string's text never holds ``"\u0000"`` between two real quotes): when it occurs exactly once between
    each two values, every occurrence is a separator. A value holding the string ``"\x00"`` itself (which no
    validated log does: NUL is refused) makes one more, and each value is then encoded on its own; so is every value
    when orjson refuses one (an integer beyond 64 bits: ``encode_sorted`` writes it as before).

    >>> encode_sorted_lines([{"b": 1, "a": "x"}, [2**70]])
    '{"a":"x","b":1}\n[1180591620717411303424]'
    >>> encode_sorted_lines([{"p": 0, "type": "pass"}, "\x00", {"t": ["\x00"]}])
    '{"p":0,"type":"pass"}\n"\\u0000"\n{"t":["\\u0000"]}'
    """
    if not values:
        return ""
    option = _PASS_THROUGH | orjson.OPT_SORT_KEYS
    spaced = [_SEPARATOR] * (2 * len(values) - 1)
    spaced[::2] = values
    try:
        text = orjson.dumps(spaced, option=option)
    except TypeError:  # orjson.JSONEncodeError
        return "\n".join([encode_sorted(value) for value in values])
    if text.count(_SEPARATOR_TOKEN) == len(values) - 1:
        return text[1:-1].replace(_SEPARATOR_BETWEEN, b"\n").decode()
    return b"\n".join([orjson.dumps(value, option=option) for value in values]).decode()


class RawJSON(str):
    """JSON text already serialized; JSON columns store it verbatim instead of encoding it again."""

    __slots__ = ()


def _serialize(value: Any) -> str:
    return str(value) if type(value) is RawJSON else encode_json(value)


#: every ASCII digit as ``0``: a run of digits is then a run of zeros, found by a substring search
_DIGITS_ZEROED = bytes.maketrans(b"123456789", b"000000000")
_RUN_19 = b"0" * 19


def long_digits(text: str) -> bool:
    """A run of 19 or more ASCII digits in ``text`` (maybe an integer beyond 64 bits); what
    ``re.search("[0-9]{19}", text)`` finds, about 15x faster on a snapshot (7 us instead of 80-140 for 7 KB: the regular
    expression tries every position). Only ASCII digits make a JSON number (other Unicode digits can only stand in a
    string, which both decoders read alike); in UTF-8 no other character gives a byte of ``0``-``9``.

    >>> long_digits('[1234567890123456789]'), long_digits('["123456789012345678", 1.5]'), long_digits("é" * 19)
    (True, False, False)
    """
    return _RUN_19 in text.encode("utf-8", "surrogatepass").translate(_DIGITS_ZEROED)


def orjson_exact(text: str) -> bool:
    """Whether orjson decodes ``text`` as the standard decoder does: it reads, and no run of 19+ digits in it may be
    an integer beyond 64 bits (which orjson turns into a float)."""
    if long_digits(text):
        return False
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return True


def decode_json(text: str | bytes) -> Any:
    """JSON columns read back: orjson (twice as fast a seek: snapshots are large), the standard decoder when a run
    of 19+ digits may be an integer beyond 64 bits (which orjson would turn into a float) or orjson refuses the text.

    >>> decode_json('{"a": [1, "x"]}'), decode_json('[%d]' % 2**70) == [2**70]
    ({'a': [1, 'x']}, True)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if not long_digits(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def create_db_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys, a busy timeout and explicit BEGIN (IMMEDIATE for writes)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return sa.create_engine(url, json_serializer=_serialize, json_deserializer=decode_json, pool_recycle=3600)
    memory = parsed.database in (None, "", ":memory:")
    if parsed.database and not memory:
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(
        url, json_serializer=_serialize, json_deserializer=decode_json,
        connect_args={"timeout": SQLITE_BUSY_SECONDS, "check_same_thread": False},
        **({"poolclass": StaticPool} if memory else {}),
    )

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we emit BEGIN ourselves (pysqlite's own handling breaks SAVEPOINT and locking)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys = ON")
        if not memory:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN")

    return engine


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """A transaction meant to write: on SQLite it takes the write lock at BEGIN, so writers queue instead of failing."""
    with engine.connect() as conn:
        conn = conn.execution_options(**{_WRITE: True})
        with conn.begin():
            yield conn


def is_postgresql(engine: Engine | Connection) -> bool:
    return engine.dialect.name == "postgresql"


def bulk_insert(conn: Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Insert plain rows fast (JSON columns take JSON text): COPY on PostgreSQL, ``executemany`` on SQLite."""
    if not rows:
        return
    names = ", ".join(columns)
    if is_postgresql(conn):
        raw: Any = conn.connection.driver_connection
        statement = f"COPY {table} ({names}) FROM STDIN"
        with _as_sqlalchemy_errors(statement), raw.cursor() as cur, cur.copy(statement) as copy:
            for row in rows:
                copy.write_row(row)
    else:
        conn.exec_driver_sql(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})", list(rows))


def driver_rows(conn: Connection, statement: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """PostgreSQL: the rows of ``statement`` run on the driver's own connection, in ``conn``'s transaction, without
    SQLAlchemy building and compiling a statement (the driver's errors raised as SQLAlchemy's)."""
    raw: Any = conn.connection.driver_connection
    with _as_sqlalchemy_errors(statement):
        return raw.execute(statement, params).fetchall()  # type: ignore[no-any-return]


def copy_binary(conn: Connection, table: str, columns: Sequence[str], types: Sequence[str],
                rows: Iterable[Sequence[Any]]) -> None:
    """PostgreSQL: ``rows`` into ``table`` by COPY's binary format, each column sent as its PostgreSQL type ``types``
    (``int4``, ``text``, ``bytea``, ``timestamptz``...) names: a text goes as its UTF-8 bytes and a ``bytea`` as
    itself, where the text format escapes every backslash, tab and newline of a value and writes bytes as hex,
    for the server to undo. The values stored are the same."""
    raw: Any = conn.connection.driver_connection
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT BINARY)"
    with _as_sqlalchemy_errors(statement), raw.cursor() as cur, cur.copy(statement) as copy:
        copy.set_types(list(types))
        for row in rows:
            copy.write_row(row)


#: what COPY's text format escapes in a value (PostgreSQL's COPY, "Text Format"): the backslash itself, the row and
#: column delimiters, the carriage return
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"})


def copy_field(text: str) -> str:
    r"""``text`` as one value of COPY's text format (read back as ``text`` exactly).

    >>> copy_field("a\tb\\c"), copy_field("plain")
    ('a\\tb\\\\c', 'plain')
    """
    if "\\" in text or "\n" in text or "\r" in text or "\t" in text:
        return text.translate(_COPY_ESCAPES)
    return text


def copy_text(conn: Connection, table: str, columns: Sequence[str], text: str) -> None:
    r"""PostgreSQL: rows already written in COPY's text format (values separated by tabs, ``\N`` for null, each row
    ended by a newline, values escaped by :func:`copy_field`) into ``table``: no per-row work in the driver."""
    if not text:
        return
    raw: Any = conn.connection.driver_connection
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with _as_sqlalchemy_errors(statement), raw.cursor() as cur, cur.copy(statement) as copy:
        copy.write(text)


@contextmanager
def _as_sqlalchemy_errors(statement: str) -> Iterator[None]:
    """The driver's errors on a connection used directly, raised as SQLAlchemy raises them from ``execute``
    (``IntegrityError`` for a content hash another writer stored first, ``OperationalError``, ...)."""
    import psycopg  # PostgreSQL's driver: only where it is the store

    try:
        yield
    except psycopg.Error as err:
        raise sa.exc.DBAPIError.instance(statement, None, err, psycopg.Error) from err


def fetch_one(engine: Engine, sql: str, params: Sequence[Any]) -> Any:
    """The first row of a read-only ``sql`` run on a pooled DBAPI connection, without SQLAlchemy's execution
    machinery (a quarter of the time; a seek runs one such query for every step shown). Only where the driver
    needs no transaction for one statement: SQLite, whose connections run in autocommit mode here."""
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        try:
            cursor.execute(sql, params)
            return cursor.fetchone()
        finally:
            cursor.close()
    finally:
        raw.close()


@contextmanager
def read_connection(engine: Engine) -> Iterator[Connection]:
    """A connection for reads; on PostgreSQL in autocommit mode (no BEGIN/ROLLBACK round trips: stored games do not change)."""
    with engine.connect() as conn:
        yield conn.execution_options(isolation_level="AUTOCOMMIT") if is_postgresql(engine) else conn
