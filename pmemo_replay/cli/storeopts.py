"""Options and helpers of the commands that use the store (``--db``); the store is imported only when used."""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmemo_replay.store.config import ENV_HOME, ENV_URL, default_database_url, in_project

if TYPE_CHECKING:
    from pmemo_replay.store import IngestResult, Store


def add_db_option(parser: argparse.ArgumentParser, *, store_default: bool = True) -> None:
    default = (f"${ENV_URL}, else pmemo.sqlite3 in the instance folder: instance/ in a project, else ${ENV_HOME} "
               "or the per-user data folder") if store_default else "do not store"
    parser.add_argument("--db", metavar="URL", help=f"the store, an SQLAlchemy URL: sqlite:///FILE or "
                        f"postgresql+psycopg://USER@HOST:PORT/DB (default: {default})")


def open_store(url: str | None, cards: Any = None) -> Store:
    """The store at ``url`` checking logs with ``cards`` (a card library or one game's database; None: every game's
    bundled card data); exits 2 with a message when it cannot be opened."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pmemo_replay.store import Store

    if url is None and not os.environ.get(ENV_URL) and not in_project(Path.cwd()) and not os.environ.get(ENV_HOME):
        print(f"pmemo-replay: outside a project: the store is {default_database_url()} (the per-user data folder; "
              "--db, PMEMO_DATABASE_URL or PMEMO_HOME choose another)", file=sys.stderr)
    try:
        return Store(url, cards=cards)
    except (ArgumentError, SQLAlchemyError, OSError) as err:
        print(f"pmemo-replay: cannot open the store: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def ruling_line(r: IngestResult) -> str:
    """``file: rule at action i: message`` for a rejected log."""
    ruling = r.ruling or {}
    index = ruling.get("index")
    at = "the header" if index is None else f"action {index}"
    return f"  {r.source}: {ruling.get('rule')} at {at}: {ruling.get('message')}"


def summary_lines(results: Iterable[IngestResult],
                  hint: Callable[[IngestResult], str | None] | None = None) -> tuple[list[str], bool]:
    """The import summary (counts, then each rejected log with its ruling, and ``hint``'s line for it when it has one)
    and whether any was rejected."""
    counts: Counter[str] = Counter()
    refused = []
    for r in results:
        counts[r.status] += 1
        if r.status == "rejected":
            refused.append(ruling_line(r))
            said = hint(r) if hint is not None else None
            if said:
                refused.append(said)
    lines = [f"stored {counts['stored']}, already present {counts['present']}, rejected {counts['rejected']}"]
    if refused:
        lines.append("rejected:")
        lines.extend(refused)
    return lines, bool(refused)
