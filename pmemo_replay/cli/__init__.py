"""The ``pmemo-replay`` command line (../shared/spec/interfaces.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pmemo_replay.cli import bench, check, demo, export, hide, importing, listing, serve, simulate, stats, tokens, warehouse

COMMANDS = (check, importing, listing, simulate, stats, export, warehouse, bench, serve, demo, tokens, hide)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pmemo-replay",
        description="Replay, check and analyse Precious Memories game logs.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
