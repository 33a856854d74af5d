"""``pmemo-replay redact LOG --view 0|1|public``: the table log a viewer in that seat could have recorded."""

from __future__ import annotations

import argparse
import json
import sys

from engine.ruleset import RECORDED_FROM, RedactionError, parse_view, seat_recordings
from engine.rulesets import RULESETS
from pmemo_replay.checking import EXIT_ILLEGAL, EXIT_MALFORMED, check_log
from pmemo_replay.cli.common import add_cards_option, cards_from
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import LogError, PmemoLog, form_for, read_log, write_log


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "redact", help="write the table log one seat (or the public) could have recorded",
        description="Write the table log a viewer in that seat could have recorded (table-logs.md): shuffle orders "
        "dropped, the cards that seat never saw left out, an identify action after each action that showed it a "
        "card. A game whose logs are complete (Mahou Shoujo, Clockwork Memorion) is redacted by its ruleset: null "
        "where the view saw nothing (each deck order for the judge), a seat's view marked as that seat's recording "
        "(meta.recorded_from); such a view is read by 'merge', not folded by 'check'. Exit 0 written, 1 illegal log, "
        "2 unreadable or malformed log.",
    )
    p.add_argument("log", metavar="LOG", help="log file path, or - for standard input")
    p.add_argument("--view", required=True, metavar="0|1|public",
                   help="the seat: 0, 1, or public (what both saw); judge: both hands seen (a judge's table log)")
    p.add_argument("--out", metavar="FILE", help="write here (.json or .jsonl; another name, such as /dev/null: "
                   "the input's form; default: standard output, in the input's form)")
    p.add_argument("--keep-lists", action="store_true",
                   help="keep every deck list (open decklists); by default only the seat's own lists stay")
    add_cards_option(p)
    p.set_defaults(run=run)


def _fail(message: str, code: int) -> int:
    print(f"pmemo-replay redact: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    try:
        view = parse_view(args.view, judge=True)
    except ValueError as err:
        return _fail(str(err), EXIT_MALFORMED)
    cards = cards_from(args)
    try:
        log = read_log(args.log)
    except LogError as err:
        return _fail(err.ruling["message"], EXIT_MALFORMED)
    except OSError as err:
        return _fail(f"cannot read {args.log}: {err.strerror or err}", EXIT_MALFORMED)
    report = check_log(log, cards)
    if not report.valid:
        ruling = report.ruling or {}
        print(json.dumps({"ruling": ruling}, ensure_ascii=False), file=sys.stderr)
        return report.exit_code
    ruleset = RULESETS[ruleset_name(log.header)]  # the check knows it
    try:
        red = ruleset.redact(log.header, log.actions, cards_for(cards, ruleset.name), view, keep_lists=args.keep_lists)
    except RedactionError as err:
        return _fail(str(err), EXIT_ILLEGAL)
    header = red.header
    if type(view) is int and seat_recordings(ruleset):  # one seat's view of a complete log: that seat's recording
        header = {**header, "meta": {**(header.get("meta") or {}), RECORDED_FROM: view}}
    out = PmemoLog(header, red.actions, log.form)
    try:
        write_log(out, args.out or "-", form=form_for(args.out, out.form))
    except OSError as err:
        return _fail(f"cannot write {args.out}: {err.strerror or err}", EXIT_MALFORMED)
    if args.out:
        print(f"{args.out}: {len(red.actions)} action(s), view {view}", file=sys.stderr)
    return 0
