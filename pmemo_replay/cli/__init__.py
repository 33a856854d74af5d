"""The ``pmemo-replay`` command line (../shared/spec/interfaces.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from pmemo_replay.cli import (
    bench,
    cards,
    check,
    demo,
    export,
    hide,
    importing,
    listing,
    merge,
    redact,
    reprocess,
    serve,
    simulate,
    stats,
    tokens,
    warehouse,
)

COMMANDS = (check, importing, listing, simulate, stats, export, warehouse, bench, serve, demo, tokens, hide, redact, merge,
            cards, reprocess)


def build_parser() -> argparse.ArgumentParser:
    from engine.rulesets import RULESETS

    names = sorted({str(r.game) for r in RULESETS.values()})
    games = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    parser = argparse.ArgumentParser(
        prog="pmemo-replay",
        description=f"Replay, check and analyse game logs of {games} (every ruleset installed).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code.

    When the reader of standard output goes away (``pmemo-replay list | head``), the command stops quietly
    with 141, as a process ended by SIGPIPE does.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = int(args.run(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        with contextlib.suppress(OSError, ValueError):  # standard output without a descriptor (captured)
            os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush goes nowhere
        os.close(devnull)
        return 141
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
