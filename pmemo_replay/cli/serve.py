"""``pmemo-replay serve``: the web application (games, upload, replay viewer, judge, HTTP API).

It runs on gunicorn (``--workers`` processes of ``--threads`` threads, keep-alive, graceful restarts on
HUP and stops on TERM); ``--dev`` runs Werkzeug's development server instead. The store is opened
(and migrated) once before the workers start; the secret key is settled then too, so that every
worker signs sessions and forms alike.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from pmemo_replay.cli.storeopts import add_db_option

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 5000
DEFAULT_THREADS = 4


def default_workers() -> int:
    """One worker process per core, at least two."""
    return max(2, os.cpu_count() or 1)


def add_address_options(parser: argparse.ArgumentParser) -> None:
    """Where and how to serve: address, port, workers and threads, ``--dev``, ``--access-log``."""
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="H", help=f"address to listen on (default: {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P", help=f"port (default: {DEFAULT_PORT}; 0: any free port)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help=f"gunicorn worker processes (default: one per core, at least 2: here {default_workers()})")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                        help=f"threads per worker (default: {DEFAULT_THREADS})")
    parser.add_argument("--access-log", action="store_true", help="log every request on standard output")
    parser.add_argument("--dev", action="store_true", help="Werkzeug's development server instead of gunicorn (one process)")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="serve the web application",
                       description="Serve the games list, upload, replay viewer, judge and HTTP API on gunicorn. "
                       "Uploads need an API token (pmemo-replay tokens add NAME) unless --open or PMEMO_OPEN_UPLOADS=1.")
    add_db_option(p)
    add_address_options(p)
    p.add_argument("--open", action="store_true", help="anyone may upload, without a token (as PMEMO_OPEN_UPLOADS=1)")
    add_served_cards_option(p)
    p.set_defaults(run=run)


def add_served_cards_option(parser: argparse.ArgumentParser) -> None:
    """``--cards PATH`` (repeatable): card files the server reads over each game's bundled card data."""
    parser.add_argument("--cards", action="append", default=[], metavar="PATH",
                        help="card files or folders (as import's --cards) laid over each game's bundled card data: "
                        "the cards' own text shows on their pages (as PMEMO_CARDS, paths joined by "
                        f"{os.pathsep!r}; repeatable)")


def served_cards(paths: list[str]) -> Any:
    """The card library ``--cards`` names over the bundled data (None: none named); exits 2 on bad card data."""
    if not paths:
        return None
    from pmemo_replay.cards import CardDataError
    from pmemo_replay.games.cards import served_library

    try:
        return served_library(paths)
    except (CardDataError, OSError) as err:
        print(f"pmemo-replay: card data: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def app_config(db: str | None, host: str, *, open_uploads: bool = False) -> dict[str, Any]:
    """The application's settings for serving ``db`` on ``host`` (TESTING and DEBUG off; ``host`` allowed)."""
    from pmemo_replay.web.settings import ENV_ALLOWED_HOSTS, allowed_hosts

    config: dict[str, Any] = {"PMEMO_DATABASE_URL": db, "TESTING": False, "DEBUG": False,
                              "PMEMO_ALLOWED_HOSTS": allowed_hosts(os.environ.get(ENV_ALLOWED_HOSTS), host)}
    if open_uploads:
        config["PMEMO_OPEN_UPLOADS"] = True
    return config


def build_app(db: str | None, config: dict[str, Any] | None = None) -> Flask:
    """The application on the store ``db`` (TESTING and DEBUG off); exits 2 when the store cannot be opened or a
    ``PMEMO_*`` setting cannot be read."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pmemo_replay.web import create_app
    from pmemo_replay.web.settings import SettingError

    try:
        return create_app({"PMEMO_DATABASE_URL": db, "TESTING": False, "DEBUG": False, **(config or {})})
    except SettingError as err:
        print(f"pmemo-replay: {err}", file=sys.stderr)
        raise SystemExit(2) from None
    except (ArgumentError, SQLAlchemyError, OSError) as err:
        print(f"pmemo-replay: cannot open the store: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def shown_address(host: str, port: int) -> str:
    """The URL to open for a server on ``host:port``."""
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def serve_app(app: Flask, host: str, port: int) -> int:
    """Werkzeug's development server until interrupted, printing the address to open."""
    from werkzeug.serving import make_server

    try:
        server = make_server(host, port, app, threaded=True)
    except (OSError, SystemExit):  # werkzeug explains a busy port on stderr and exits
        print(f"pmemo-replay: cannot listen on {host}:{port}", file=sys.stderr)
        return 2
    print(f"pmemo-replay: serving on {shown_address(host, server.server_port)}  (development server; Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.server_close()
    return 0


def serve_production(config: dict[str, Any], host: str, port: int, *, workers: int, threads: int, access_log: bool = False) -> int:
    """gunicorn until stopped: the store opened once here, then ``workers`` processes building the app from ``config``."""
    from pmemo_replay.web import create_app, server
    from pmemo_replay.web.warmup import warm_up, warm_worker

    app = build_app(config.get("PMEMO_DATABASE_URL"), config)  # migrates the store, settles the secret key
    app.extensions["pmemo_store"].close()
    # a draft's long event streams each hold a thread: leave two for everything else (with fewer, watchers poll)
    # the card data read here (--cards or PMEMO_CARDS) serve every worker: they fork from this process
    config = {**config, "SECRET_KEY": app.config["SECRET_KEY"], "PMEMO_LONG_STREAMS": max(0, threads - 2),
              "PMEMO_CARDS": app.config["PMEMO_CARDS"]}
    try:
        sock = server.listen(host, port)
    except OSError as err:
        print(f"pmemo-replay: cannot listen on {host}:{port}: {err.strerror or err}", file=sys.stderr)
        return 2
    address = shown_address(host, sock.getsockname()[1])
    mode = "open uploads" if config.get("PMEMO_OPEN_UPLOADS") or app.config["PMEMO_OPEN_UPLOADS"] else "uploads need a token"

    hosts = app.config["TRUSTED_HOSTS"]

    def ready(_arbiter: Any) -> None:
        print(f"pmemo-replay: serving on {address}  (gunicorn: {workers} worker(s) x {threads} thread(s), {mode}; "
              "HUP reloads, Ctrl+C or TERM stops)", flush=True)
        if hosts is not None:
            print(f"pmemo-replay: answering requests for the hosts {', '.join(hosts)} "
                  "(others get 400: set PMEMO_ALLOWED_HOSTS to the names clients use)", flush=True)

    settings = server.options(sock, workers=workers, threads=threads, access_log=access_log, when_ready=ready)
    warm_up(app.config["PMEMO_CARDS"])  # before the workers fork: each inherits the card data and the imports
    return server.run(lambda: warm_worker(create_app(config)), settings)


def serve(args: argparse.Namespace, *, open_uploads: bool = False) -> int:
    """Serve as the options say (``serve`` and ``demo``)."""
    if (args.workers is not None and args.workers < 1) or args.threads < 1:
        print("pmemo-replay: --workers and --threads must be 1 or more", file=sys.stderr)
        return 2
    config = app_config(args.db, args.host, open_uploads=open_uploads)
    cards = served_cards(getattr(args, "cards", []))
    if cards is not None:
        config["PMEMO_CARDS"] = cards
    if args.dev:
        from pmemo_replay.web.warmup import warm_up, warm_worker

        app = build_app(args.db, config)
        warm_up(app.config["PMEMO_CARDS"])
        return serve_app(warm_worker(app), args.host, args.port)
    return serve_production(config, args.host, args.port, workers=args.workers or default_workers(), threads=args.threads,
                            access_log=args.access_log)


def run(args: argparse.Namespace) -> int:
    return serve(args, open_uploads=args.open)
