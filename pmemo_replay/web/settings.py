"""Settings of the web application from the environment: upload limit, secret key, who may upload, write rate,
allowed hosts, cookies, proxies; defaults otherwise.

Without a configured secret key, one is made once in the instance folder and reused, so every
server process, and every restart, signs sessions and CSRF tokens alike.

>>> max_upload_bytes({})
5242880
>>> max_upload_bytes({"PMEMO_MAX_UPLOAD_BYTES": "1024"})
1024
>>> max_upload_bytes({"PMEMO_MAX_UPLOAD_BYTES": "5MB"})
Traceback (most recent call last):
  ...
pmemo_replay.web.settings.SettingError: PMEMO_MAX_UPLOAD_BYTES must be a whole number of bytes above 0 (for example 5242880), not '5MB'
>>> human_bytes(5 * 1024 * 1024), human_bytes(1536), human_bytes(100)
('5 MB', '1.5 KB', '100 bytes')
>>> flag({"X": "yes"}, "X"), flag({"X": "0"}, "X"), flag({}, "X")
(True, False, False)
>>> allowed_hosts("games.example.org, .example.net"), allowed_hosts(None, "0.0.0.0"), allowed_hosts("*")
(['games.example.org', '.example.net'], ['127.0.0.1', 'localhost', '::1'], None)
>>> allowed_hosts(["localhost"], "10.0.0.5")
['localhost', '10.0.0.5']
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ENV_MAX_UPLOAD = "PMEMO_MAX_UPLOAD_BYTES"
ENV_SECRET = "PMEMO_SECRET_KEY"
ENV_OPEN = "PMEMO_OPEN_UPLOADS"
ENV_WRITE_RATE = "PMEMO_WRITE_RATE"
ENV_DRAFT_RATE = "PMEMO_DRAFT_RATE"
ENV_ALLOWED_HOSTS = "PMEMO_ALLOWED_HOSTS"
ENV_SECURE_COOKIES = "PMEMO_SECURE_COOKIES"
ENV_PROXIES = "PMEMO_PROXIES"
ENV_REQUEST_SECONDS = "PMEMO_REQUEST_SECONDS"
ENV_RESPONSE_SECONDS = "PMEMO_RESPONSE_SECONDS"
ENV_CARDS = "PMEMO_CARDS"
DEFAULT_WRITE_RATE = "60/minute"
DEFAULT_DRAFT_RATE = "120/minute"  # per draft: a recorder appends in bursts
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
ANY_ADDRESS = ("0.0.0.0", "::", "")
DEFAULT_MAX_UPLOAD = 5 * 1024 * 1024
#: a request (head and body) must arrive complete within this (web/worker.py)
DEFAULT_REQUEST_SECONDS = 10.0
#: a client that takes none of its response's bytes for this long is cut off (web/worker.py)
DEFAULT_RESPONSE_SECONDS = 10.0
#: rate settings that mean "no limit"
RATE_OFF = ("", "0", "off", "none", "false")
SECRET_FILE = "secret_key"

log = logging.getLogger(__name__)


class SettingError(ValueError):
    """A ``PMEMO_*`` environment variable the server cannot read: the message names it and the accepted form."""


def _whole_number(env: Mapping[str, str], name: str, default: int, *, least: int, form: str) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    if text.isascii() and text.isdigit() and int(text) >= least:
        return int(text)
    raise SettingError(f"{name} must be {form}, not {text!r}")


def max_upload_bytes(env: Mapping[str, str] | None = None) -> int:
    """``PMEMO_MAX_UPLOAD_BYTES`` (a whole number of bytes above 0), else 5 MB; :class:`SettingError` when malformed."""
    return _whole_number(os.environ if env is None else env, ENV_MAX_UPLOAD, DEFAULT_MAX_UPLOAD, least=1,
                         form="a whole number of bytes above 0 (for example 5242880)")


def proxies(env: Mapping[str, str] | None = None) -> int:
    """``PMEMO_PROXIES``: how many proxies in front are trusted for ``X-Forwarded-*`` (default 0).

    >>> proxies({}), proxies({"PMEMO_PROXIES": "1"})
    (0, 1)
    """
    return _whole_number(os.environ if env is None else env, ENV_PROXIES, 0, least=0,
                         form="a whole number of proxies in front of the server, 0 or more (for example 1)")


def request_seconds(env: Mapping[str, str] | None = None) -> float:
    """``PMEMO_REQUEST_SECONDS`` (seconds above 0, below a day), else 10; :class:`SettingError` when malformed.

    >>> request_seconds({}), request_seconds({"PMEMO_REQUEST_SECONDS": "2.5"})
    (10.0, 2.5)
    """
    return _seconds(os.environ if env is None else env, ENV_REQUEST_SECONDS, DEFAULT_REQUEST_SECONDS)


def response_seconds(env: Mapping[str, str] | None = None) -> float:
    """``PMEMO_RESPONSE_SECONDS`` (seconds above 0, below a day), else 10; :class:`SettingError` when malformed.

    >>> response_seconds({}), response_seconds({"PMEMO_RESPONSE_SECONDS": "3"})
    (10.0, 3.0)
    """
    return _seconds(os.environ if env is None else env, ENV_RESPONSE_SECONDS, DEFAULT_RESPONSE_SECONDS)


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 86400:
        raise SettingError(f"{name} must be a number of seconds above 0 and below 86400 "
                           f"(for example 10 or 2.5), not {text!r}")
    return value


def rate(env: Mapping[str, str] | None, name: str, default: str) -> str:
    """A write-rate setting (``PMEMO_WRITE_RATE``, ``PMEMO_DRAFT_RATE``): ``limits`` notation or ``off``.

    >>> rate({"PMEMO_WRITE_RATE": " 10/second "}, "PMEMO_WRITE_RATE", "60/minute"), rate({}, "X", "60/minute")
    ('10/second', '60/minute')
    >>> rate({"PMEMO_DRAFT_RATE": "fast"}, "PMEMO_DRAFT_RATE", "120/minute")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    pmemo_replay.web.settings.SettingError: PMEMO_DRAFT_RATE must be a rate such as 60/minute, ... or off; not 'fast'
    """
    from limits import parse

    text = (os.environ if env is None else env).get(name, "").strip()
    if not text:
        return default
    if text.lower() in RATE_OFF:
        return "off"
    try:
        parse(text)
    except ValueError:
        raise SettingError(f"{name} must be a rate such as 60/minute, 10/second or 1000/hour (an amount, a slash, "
                           f"a unit of time), or off; not {text!r}") from None
    return text


def flag(env: Mapping[str, str], name: str) -> bool:
    """An on/off setting: ``1``, ``true``, ``yes``, ``on`` (any case) mean on."""
    return env.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def allowed_hosts(value: str | Sequence[str] | None, served: str | None = None) -> list[str] | None:
    """Flask's ``TRUSTED_HOSTS``: the names in ``value`` (a list or comma-separated; ``*``: any host, None), else
    the local names; plus the host given to ``serve`` unless it is every address. A leading dot allows subdomains."""
    if isinstance(value, str):
        value = [h.strip() for h in value.split(",") if h.strip()]
    hosts = list(value) if value else list(LOCAL_HOSTS)
    if "*" in hosts:
        return None
    if served and served not in ANY_ADDRESS and served not in hosts:
        hosts.append(served)
    return hosts


def human_bytes(n: int) -> str:
    """A byte count in words for messages."""
    for unit, size in (("MB", 1024 * 1024), ("KB", 1024)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"


def instance_secret_key(folder: str | os.PathLike[str]) -> str:
    """The key in ``folder/secret_key``, made there (mode 0600) when it is missing.

    Concurrent first starts agree: the key is written to a private temporary file and linked into
    place, so a loser of the race reads the winner's complete file. When the file cannot be made
    or read, a key for this process alone is used (with a warning).
    """
    path = Path(folder) / SECRET_FILE
    try:
        if not path.exists():
            _create_key(path)
        key = path.read_text(encoding="utf-8").strip()
        if not key:
            raise OSError("the file is empty")
        return key
    except (OSError, UnicodeDecodeError) as err:
        log.warning("cannot keep a secret key in %s (%s): using one for this process only; "
                    "set %s so sessions and forms survive restarts", path, err, ENV_SECRET)
        return secrets.token_hex(32)


def _create_key(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".secret_key.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32) + "\n")
        with contextlib.suppress(FileExistsError):  # another process made it first: theirs is the key
            os.link(tmp, path)  # atomic, and never replaces an existing key
    finally:
        os.unlink(tmp)


def defaults() -> dict[str, Any]:
    """The configuration before ``create_app``'s overrides; the store URL None means ``--db``/env/instance folder.
    A malformed ``PMEMO_*`` number or rate raises :class:`SettingError`.

    ``SECRET_KEY`` None means: the instance folder's key file (see :func:`instance_secret_key`).
    """
    return {
        "SECRET_KEY": os.environ.get(ENV_SECRET) or None,
        "PMEMO_DATABASE_URL": None,
        "PMEMO_MAX_UPLOAD_BYTES": max_upload_bytes(),
        "PMEMO_CARDS": None,
        "WTF_CSRF_TIME_LIMIT": None,  # a token lives as long as the session cookie
        "PER_PAGE": 25,
        "PMEMO_OPEN_UPLOADS": flag(os.environ, ENV_OPEN),  # uploads without a token: only when the operator says so
        "PMEMO_WRITE_RATE": rate(os.environ, ENV_WRITE_RATE, DEFAULT_WRITE_RATE),  # "off": no limit
        # per draft; "off": no limit; None (not set): 120/minute while PMEMO_WRITE_RATE limits, else off
        "PMEMO_DRAFT_RATE": rate(os.environ, ENV_DRAFT_RATE, "") or None,
        "PMEMO_ALLOWED_HOSTS": os.environ.get(ENV_ALLOWED_HOSTS) or None,  # None: the local names
        "PMEMO_SECURE_COOKIES": flag(os.environ, ENV_SECURE_COOKIES),  # else Secure only over HTTPS
        "PMEMO_PROXIES": proxies(),  # proxies in front, trusted for X-Forwarded-*
        "PMEMO_REQUEST_SECONDS": request_seconds(),  # read by the worker (web/worker.py); checked here at start
        "PMEMO_RESPONSE_SECONDS": response_seconds(),  # the same
        "SESSION_COOKIE_SAMESITE": "Lax",
    }


def cards_from_env(environ: Mapping[str, str] = os.environ) -> Any:
    """The card data ``PMEMO_CARDS`` names (paths separated by ``os.pathsep``, as ``serve --cards``), laid over the
    bundled data; None when it is not set. Unreadable card data raise :class:`SettingError`."""
    value = (environ.get(ENV_CARDS) or "").strip()
    if not value:
        return None
    from pmemo_replay.cards import CardDataError
    from pmemo_replay.games.cards import served_library

    try:
        return served_library([p for p in value.split(os.pathsep) if p])
    except (CardDataError, OSError) as err:
        raise SettingError(f"{ENV_CARDS}: {err}") from None
