"""Settings of the web application: upload limit and secret key from the environment, defaults otherwise.

>>> max_upload_bytes({})
5242880
>>> max_upload_bytes({"PMEMO_MAX_UPLOAD_BYTES": "1024"})
1024
>>> human_bytes(5 * 1024 * 1024), human_bytes(1536), human_bytes(100)
('5 MB', '1.5 KB', '100 bytes')
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from typing import Any

ENV_MAX_UPLOAD = "PMEMO_MAX_UPLOAD_BYTES"
ENV_SECRET = "PMEMO_SECRET_KEY"
DEFAULT_MAX_UPLOAD = 5 * 1024 * 1024


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


def defaults() -> dict[str, Any]:
    """The configuration before ``create_app``'s overrides; the store URL None means ``--db``/env/instance folder."""
    return {
        "SECRET_KEY": os.environ.get(ENV_SECRET) or secrets.token_hex(32),
        "PMEMO_DATABASE_URL": None,
        "PMEMO_MAX_UPLOAD_BYTES": max_upload_bytes(),
        "PMEMO_CARDS": None,
        "WTF_CSRF_TIME_LIMIT": None,  # a token lives as long as the session cookie
        "PER_PAGE": 25,
    }
