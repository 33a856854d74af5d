"""The production server: gunicorn, with gthread workers (that read each request before a thread takes it:
web/worker.py) that each build the application from its factory.

The listening socket is made here, before gunicorn starts (so a busy port is reported plainly and
``--port 0`` knows its port at once), and handed to gunicorn as ``fd://N``. Gunicorn's master keeps
the workers alive: ``HUP`` reloads them gracefully, ``TERM`` lets them finish their requests and stops.
"""

from __future__ import annotations

import gc
import socket
from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication

KEEPALIVE_SECONDS = 5
GRACEFUL_SECONDS = 30
TIMEOUT_SECONDS = 120  # a worker silent this long is restarted (a fold of a long log takes well under a second)


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (0: any free port); OSError when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=2048, reuse_port=False)


class Gunicorn(BaseApplication):  # type: ignore[misc]
    """gunicorn running ``factory()`` in each worker, with ``options`` as its settings."""

    def __init__(self, factory: Callable[[], Any], options: dict[str, Any]) -> None:
        self.factory = factory
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # settings newer than the installed gunicorn are left out
                self.cfg.set(key, value)

    def load(self) -> Any:
        return self.factory()


def settle_worker(_worker: Any) -> None:
    """Once a worker has built the application: its objects (the card database, modules, the app) moved out of the
    garbage collector's view, so that the full collections the seek cache's growth triggers only walk what came
    after (tens of milliseconds less each, which would otherwise land on some requests)."""
    gc.collect()
    gc.freeze()


def options(sock: socket.socket, *, workers: int, threads: int, access_log: bool,
            when_ready: Callable[[Any], None]) -> dict[str, Any]:
    """gunicorn settings for serving on ``sock`` (which gunicorn takes over)."""
    return {
        "bind": [f"fd://{sock.detach()}"],
        "workers": workers,
        "threads": threads,
        "worker_class": "pmemo_replay.web.worker.BufferingWorker",  # gthread, reading requests before a thread takes them
        "keepalive": KEEPALIVE_SECONDS,
        "graceful_timeout": GRACEFUL_SECONDS,
        "timeout": TIMEOUT_SECONDS,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "loglevel": "info",
        "proc_name": "pmemo-replay",
        "when_ready": when_ready,
        "post_worker_init": settle_worker,
        "control_socket_disable": True,  # gunicorn 25+: no control socket in the home folder
    }


def run(factory: Callable[[], Any], settings: dict[str, Any]) -> int:
    """Serve until stopped; the exit code gunicorn ends with."""
    try:
        Gunicorn(factory, settings).run()
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    return 0
