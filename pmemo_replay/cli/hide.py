"""``pmemo-replay hide GAME_ID --reason ...`` and ``unhide GAME_ID``: take a game out of lists and statistics,
or bring it back, by appending a moderation event (nothing is deleted; the raw upload stays)."""

from __future__ import annotations

import argparse
import getpass
import sys

from pmemo_replay.cli.storeopts import add_db_option, open_store


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    for name, hidden, text in (("hide", True, "hide a game from lists and statistics"),
                               ("unhide", False, "show a hidden game again")):
        p = sub.add_parser(name, help=text, description=f"{text[0].upper()}{text[1:]} (an event is appended; nothing is deleted).")
        add_db_option(p)
        p.add_argument("game_id", type=int, metavar="GAME_ID")
        p.add_argument("--reason", metavar="TEXT", help="why (kept with the event)")
        p.set_defaults(run=run, hidden=hidden)


def run(args: argparse.Namespace) -> int:
    from pmemo_replay.store.moderation import UnknownGameId, set_hidden

    with open_store(args.db) as store:
        try:
            done = set_hidden(store.engine, args.game_id, args.hidden, reason=args.reason, actor=f"cli:{getpass.getuser()}")
        except UnknownGameId:
            print(f"pmemo-replay: there is no game {args.game_id}", file=sys.stderr)
            return 1
    state = "hidden" if done.hidden else "shown"
    print(f"game {done.game_id} {state}" if done.changed else f"game {done.game_id} was already {state}: nothing appended")
    return 0
