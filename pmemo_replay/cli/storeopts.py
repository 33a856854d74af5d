"""Options and helpers of the commands that use the store (``--db``); the store is imported only when used."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.cards import CardDB
from pmemo_replay.store.config import ENV_URL

if TYPE_CHECKING:
    from pmemo_replay.store import IngestResult, Store


def add_db_option(parser: argparse.ArgumentParser, *, store_default: bool = True) -> None:
    default = f"${ENV_URL}, else instance/pmemo.sqlite3 under the current folder" if store_default else "do not store"
    parser.add_argument("--db", metavar="URL", help=f"the store, an SQLAlchemy URL: sqlite:///FILE or "
                        f"postgresql+psycopg://USER@HOST:PORT/DB (default: {default})")


def open_store(url: str | None, cards: CardDB | None = None) -> Store:
    """The store at ``url``; exits 2 with a message when it cannot be opened."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pmemo_replay.store import Store

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


def summary_lines(results: Iterable[IngestResult]) -> tuple[list[str], bool]:
    """The import summary (counts, then each rejected log with its ruling) and whether any was rejected."""
    counts: Counter[str] = Counter()
    refused = []
    for r in results:
        counts[r.status] += 1
        if r.status == "rejected":
            refused.append(ruling_line(r))
    lines = [f"stored {counts['stored']}, already present {counts['present']}, rejected {counts['rejected']}"]
    if refused:
        lines.append("rejected:")
        lines.extend(refused)
    return lines, bool(refused)
