"""Settings of the web application: upload limit and secret key from the environment, defaults otherwise.

Without a configured secret key, one is made once in the instance folder and reused, so every
server process, and every restart, signs sessions and CSRF tokens alike.

>>> max_upload_bytes({})
5242880
>>> max_upload_bytes({"PMEMO_MAX_UPLOAD_BYTES": "1024"})
1024
>>> human_bytes(5 * 1024 * 1024), human_bytes(1536), human_bytes(100)
('5 MB', '1.5 KB', '100 bytes')
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ENV_MAX_UPLOAD = "PMEMO_MAX_UPLOAD_BYTES"
ENV_SECRET = "PMEMO_SECRET_KEY"
DEFAULT_MAX_UPLOAD = 5 * 1024 * 1024
SECRET_FILE = "secret_key"

log = logging.getLogger(__name__)


def max_upload_bytes(env: Mapping[str, str] | None = None) -> int:
    """``PMEMO_MAX_UPLOAD_BYTES`` when it is a positive integer, else 5 MB."""
    env = os.environ if env is None else env
    text = env.get(ENV_MAX_UPLOAD, "").strip()
    try:
        value = int(text)
    except ValueError:
        return DEFAULT_MAX_UPLOAD
    return value if value > 0 else DEFAULT_MAX_UPLOAD


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

    ``SECRET_KEY`` None means: the instance folder's key file (see :func:`instance_secret_key`).
    """
    return {
        "SECRET_KEY": os.environ.get(ENV_SECRET) or None,
        "PMEMO_DATABASE_URL": None,
        "PMEMO_MAX_UPLOAD_BYTES": max_upload_bytes(),
        "PMEMO_CARDS": None,
        "WTF_CSRF_TIME_LIMIT": None,  # a token lives as long as the session cookie
        "PER_PAGE": 25,
    }
