"""``pmemo-replay serve``: the web application (games, upload, replay viewer, judge, HTTP API)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from pmemo_replay.cli.storeopts import add_db_option

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 5000


def add_address_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="H", help=f"address to listen on (default: {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P", help=f"port (default: {DEFAULT_PORT}; 0: any free port)")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="serve the web application",
                       description="Serve the games list, upload, replay viewer, judge and HTTP API.")
    add_db_option(p)
    add_address_options(p)
    p.set_defaults(run=run)


def build_app(db: str | None) -> Flask:
    """The application on the store ``db`` (TESTING and DEBUG off); exits 2 when the store cannot be opened."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pmemo_replay.web import create_app

    try:
        return create_app({"PMEMO_DATABASE_URL": db, "TESTING": False, "DEBUG": False})
    except (ArgumentError, SQLAlchemyError, OSError) as err:
        print(f"pmemo-replay: cannot open the store: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def serve_app(app: Flask, host: str, port: int) -> int:
    """Serve until interrupted, printing the address to open."""
    from werkzeug.serving import make_server

    try:
        server = make_server(host, port, app, threaded=True)
    except (OSError, SystemExit):  # werkzeug explains a busy port on stderr and exits
        print(f"pmemo-replay: cannot listen on {host}:{port}", file=sys.stderr)
        return 2
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    print(f"pmemo-replay: serving on http://{shown}:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.server_close()
    return 0


def run(args: argparse.Namespace) -> int:
    return serve_app(build_app(args.db), args.host, args.port)
