"""Options and helpers shared by several commands."""

from __future__ import annotations

import argparse
import sys

from engine.cards import CardDB
from pmemo_replay.cards import CardDataError, bundled_cards, load_cards


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards", action="append", default=[], metavar="PATH",
        help="a pmemo-cards file, or a precious-data file or folder (repeatable; default: the bundled card data)",
    )


def cards_from(args: argparse.Namespace) -> CardDB:
    """The card database the options name; exits 2 with a message when a card file is bad."""
    try:
        return load_cards(args.cards) if args.cards else bundled_cards()
    except CardDataError as err:
        print(f"pmemo-replay: card data: {err}", file=sys.stderr)
        raise SystemExit(2) from None
