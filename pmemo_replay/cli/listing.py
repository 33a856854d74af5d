"""``pmemo-replay list``: stored games, newest first."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date, datetime
from typing import TYPE_CHECKING

from pmemo_replay import dates
from pmemo_replay.cli.storeopts import add_db_option, open_store

if TYPE_CHECKING:
    from pmemo_replay.store import GameSummary


def _when(text: str) -> date | datetime:
    try:
        return dates.parse_when("date", text)
    except dates.DateError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("date: ")) from None


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("list", help="list the stored games, newest first",
                       description="List the stored games, newest first (by played_at, then id).")
    add_db_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON array")
    p.add_argument("--player", metavar="NAME", help="only games NAME played")
    p.add_argument("--card", metavar="ID", help="only games with card ID in any deck")
    p.add_argument("--event", metavar="NAME")
    p.add_argument("--ruleset", metavar="NAME", help="only games of this ruleset (pm-2.22, mahou-shoujo-1)")
    p.add_argument("--from", dest="played_from", type=_when, metavar="DATE", help="played at or after (UTC)")
    p.add_argument("--to", dest="played_to", type=_when, metavar="DATE", help="played at or before (a date: that whole day)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        dates.check_order(args.played_from, args.played_to, *(w.isoformat() if w else "" for w in (args.played_from, args.played_to)))
    except dates.DateError as err:
        print(f"pmemo-replay list: {err}", file=sys.stderr)
        return 2
    with open_store(args.db) as store:
        page = store.list_games(player=args.player, card=args.card, event=args.event, ruleset=args.ruleset,
                                played_from=args.played_from,
                                played_to=args.played_to, per_page=None)
    if args.json:
        print(json.dumps([g.to_json() for g in page.items], ensure_ascii=False))
    else:
        sys.stdout.write("".join(line(g) + "\n" for g in page.items))
        print(f"{page.total} game(s)")
    return 0


def line(g: GameSummary) -> str:
    """One game as a readable line."""
    r = g.result
    if r is None:
        outcome = "unfinished"
    elif r["winner"] is None:
        outcome = f"draw ({r['reason']})"
    else:
        outcome = f"{g.players[r['winner']]} wins ({r['reason']})"
    when = g.to_json()["played_at"] or "-"
    unverified = f", {g.unverified} unverified" if g.unverified else ""
    irregular = f", as played: {g.irregular} irregular action(s)" if g.irregular else ""  # as --json's ``irregular``
    return (f"{g.id:>6}  {when:<20}  {g.source_id or '-'}  {g.ruleset}  {' vs '.join(g.players)}  {outcome}  "
            f"{g.actions} actions, {g.turns} turns{unverified}{irregular}")
