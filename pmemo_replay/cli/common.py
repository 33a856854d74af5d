"""Options and helpers shared by several commands."""

from __future__ import annotations

import argparse
import sys

from engine.ruleset import Cards
from pmemo_replay.cards import CardDataError
from pmemo_replay.games.cards import CardLibrary, load_library


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards", action="append", default=[], metavar="PATH",
        help="card data, the game told by each file's format: a pmemo-cards file or a precious-data file or folder "
        "(Precious Memories), an ms-cards file (Mahou Shoujo); repeatable (default: each game's bundled card data)",
    )


def library_from(args: argparse.Namespace) -> CardLibrary:
    """The card data the options name, per game; exits 2 with a message when a card file is bad."""
    try:
        return load_library(args.cards) if args.cards else CardLibrary()
    except CardDataError as err:
        print(f"pmemo-replay: card data: {err}", file=sys.stderr)
        raise SystemExit(2) from None


def cards_from(args: argparse.Namespace) -> Cards:
    """Precious Memories' card database the options name (its bundled data when they name none of its files)."""
    library = library_from(args)
    try:
        return library.pm  # type: ignore[no-any-return]
    except CardDataError as err:
        print(f"pmemo-replay: card data: {err}", file=sys.stderr)
        raise SystemExit(2) from None
