"""Rate limits per client on writes: every POST, PUT, PATCH or DELETE counts against ``PMEMO_WRITE_RATE``
(``limits`` notation, e.g. ``60/minute``; ``off``: no limit), per client address, in fixed windows kept
in the store so that all server processes count together. Over the limit: 429 with ``Retry-After``.

>>> write_rate("off") is None, str(write_rate("60/minute"))
(True, '60 per 1 minute')
"""

from __future__ import annotations

import math
import time

from flask import Flask, Response, current_app, request
from limits import RateLimitItem, parse
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import TooManyRequests

from pmemo_replay.store import Store
from pmemo_replay.store.ratelimit import StoreStorage
from pmemo_replay.web.auth import refusal

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
OFF = ("", "0", "off", "none", "false")


def write_rate(text: str) -> RateLimitItem | None:
    """The limit the setting names, None when it is off; ValueError when it cannot be read."""
    return None if text.strip().lower() in OFF else parse(text)


def init_rate_limit(app: Flask, store: Store) -> None:
    """Count the app's writes against ``PMEMO_WRITE_RATE`` in ``store``."""
    item = write_rate(str(app.config.get("PMEMO_WRITE_RATE") or "off"))
    if item is None:
        return
    limiter = FixedWindowRateLimiter(StoreStorage(store.engine))

    def limit_writes() -> Response | None:
        if request.method not in WRITE_METHODS:
            return None
        if request.blueprint == "drafts" and (request.view_args or {}).get("draft_id") is not None:
            return None  # a draft's writes are limited per draft (a recorder appends often; shops share one address)
        client = request.remote_addr or "unknown"
        try:
            if limiter.hit(item, "write", client):
                return None
            reset = limiter.get_window_stats(item, "write", client).reset_time
        except SQLAlchemyError:  # the store is failing: the request will say so; do not block it here
            current_app.logger.exception("the rate-limit counter failed")
            return None
        retry = max(1, math.ceil(reset - time.time()))
        response = refusal(TooManyRequests(f"too many writes from {client}: at most {item.amount} per "
                                           f"{item.multiples} {item.GRANULARITY.name}; retry in {retry} s"))
        response.headers["Retry-After"] = str(retry)
        return response

    app.before_request(limit_writes)
