"""``pmemo-replay merge SEAT0_LOG SEAT1_LOG [--out FILE]``: two seats' recordings of one game merged into the
judge's log (engine.merge)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.merge import merge, seat_mismatch, seat_secrets
from engine.ruleset import recorded_from
from engine.rulesets import RULESETS
from pmemo_replay.checking import EXIT_ILLEGAL, EXIT_MALFORMED, CheckReport, check_log
from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.cli.seatviews import ViewError, judge_view, read_view, unmergeable_view
from pmemo_replay.games import ruleset_name
from pmemo_replay.logio import LogError, PmemoLog, form_for, parse_log, write_log


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "merge", help="merge two seats' recordings of one game into the judge's log",
        description="Merge the logs two players recorded of the same game, each from their own seat, into one "
        "judge's log: both hands known, each action once. Exit 0 merged, 1 when the recordings disagree (the first "
        "disagreement is named, both versions shown) or a log is illegal, 2 unreadable or malformed, the same "
        "recording twice, the seats swapped, or a log holding what its seat could not have seen (a deck's order, the "
        "rival's hand: a judge's or a complete log is no seat's recording). "
        "The first disagreement is what is named: an illegal action only when it comes before it. "
        "Passes a log leaves out (the fewest the rules imply, as 'check' reads them) are written out before the two "
        "are compared. A game whose logs are complete (Mahou Shoujo, Clockwork Memorion) is recorded from one seat "
        "(the header's meta.recorded_from: each player's hidden cards are taken from that player's recording) or "
        "from the judge's seat (two such recordings are compared, and merged when they agree; one beside a seat's is "
        "refused, exit 2); a seat's view made "
        "by 'redact --view 0|1' (null where it saw nothing) merges with the other seat's into the judge's view.",
    )
    p.add_argument("seat0", metavar="SEAT0_LOG", help="the log recorded from seat 0 (a path, or - for standard input)")
    p.add_argument("seat1", metavar="SEAT1_LOG", help="the log recorded from seat 1")
    p.add_argument("--out", metavar="FILE", help="write the merged log here (a .json file: one JSON document, .jsonl: "
                   "JSON Lines, any other name such as /dev/null: the first log's form; default: standard output)")
    add_cards_option(p)
    p.set_defaults(run=run)


def _fail(message: str, code: int) -> int:
    print(f"pmemo-replay merge: {message}", file=sys.stderr)
    return code


def _illegal(seat: int, report: CheckReport) -> int:
    ruling = report.ruling or {}
    at = "its header" if ruling.get("index") is None else f"action {ruling.get('index')}"
    return _fail(f"seat {seat}'s log is illegal at {at} ({ruling.get('rule')}): {ruling.get('message')}",
                 report.exit_code)


def run(args: argparse.Namespace) -> int:
    logs = []
    views = []  # whether each is a seat's view with nulls (redact --view): compared and merged, not folded
    for seat, path in enumerate((args.seat0, args.seat1)):
        try:
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as err:
            return _fail(f"cannot read {path}: {err.strerror or err}", EXIT_MALFORMED)
        try:
            logs.append(parse_log(data))
            views.append(False)
        except LogError as err:
            try:
                view = read_view(data)
            except ViewError as bad:  # a seat's view, its nulls where a view's may be: something else is wrong
                return _fail(f"seat {seat}: {path} is seat {bad.seat}'s view ('redact --view {bad.seat}', null where "
                             f"that seat saw nothing), and it is malformed: {bad.ruling['message']}", EXIT_MALFORMED)
            if view is None and judge_view(data):
                return _fail(f"seat {seat}: {path} is a judge's view ('redact --view judge': every deck order null, "
                             f"both hands named, no meta.recorded_from), not one seat's recording ('redact --view "
                             f"{seat}' makes that seat's)", EXIT_MALFORMED)
            unmergeable = unmergeable_view(data) if view is None else None
            if unmergeable is not None:
                return _fail(f"seat {seat}: {path} holds null cards (a seat's view): {unmergeable}",
                             EXIT_MALFORMED)
            if view is None:
                return _fail(f"seat {seat}: {err.ruling['message']}", EXIT_MALFORMED)
            logs.append(view)
            views.append(True)
    names = {ruleset_name(log.header) for log in logs}
    if len(names) != 1:
        return _fail(f"the two logs are of different games: {' and '.join(sorted(names))}", EXIT_ILLEGAL)
    name = names.pop()
    ruleset = RULESETS.get(name)
    if ruleset is None:
        return _fail(f"ruleset {name!r} is not supported", EXIT_MALFORMED)
    library = library_from(args)
    mismatch = seat_mismatch(ruleset, [(log.header, log.actions) for log in logs],
                             hint=" (give SEAT0_LOG first, then SEAT1_LOG)")
    if mismatch is not None:
        return _fail(mismatch, EXIT_MALFORMED)
    secret = seat_secrets(ruleset, library.for_ruleset(name), [(log.header, log.actions) for log in logs])
    if secret is not None:
        return _fail(secret, EXIT_MALFORMED)
    if logs[0].header == logs[1].header and logs[0].actions == logs[1].actions:
        return _fail("the two logs are one and the same recording (the same header, to its start time, and the same "
                     "actions): give each phone's own recording", EXIT_MALFORMED)
    for seat, log in enumerate(logs):  # the headers' decks and every card id, before anything is folded
        report = check_log(log, library, at=0) if not views[seat] else None
        if report is not None and not report.valid:
            return _illegal(seat, report)
    merged = merge(ruleset, library.for_ruleset(name), [(log.header, log.actions) for log in logs])
    # the first disagreement is what is named: an illegal action counts only when it comes before it (a different
    # action there may make a seat's log illegal later: that is its consequence, not the first thing wrong)
    parted: list[int | None] = [None, None]  # check each log whole
    if merged.disagreement is not None:
        # a missing action: the lacking seat's log is checked up to its action after the gap, not whole; an action
        # the rules refuse in the merged log: each log through its own copy (its own log may refuse it already)
        parted = [0, 0] if merged.disagreement.kind == "header" else merged.disagreement.parted
        if merged.disagreement.kind == "illegal":
            parted = [None if n is None else n + 1 for n in parted]
    for seat, (log, upto) in enumerate(zip(logs, parted, strict=True)):
        if views[seat]:
            continue  # a view's nulls are not cards: its rules cannot be checked (the log it was made of was)
        report = check_log(log, library, at=upto)
        if not report.valid:
            return _illegal(seat, report)
    if merged.disagreement is not None:
        print(json.dumps({"disagreement": merged.disagreement.to_json()}, ensure_ascii=False), file=sys.stderr)
        return _fail(f"the recordings disagree: {merged.disagreement.message} (merged up to there: "
                     f"{len(merged.actions)} action(s))", EXIT_ILLEGAL)
    out = PmemoLog(merged.header, merged.actions, logs[0].form)
    try:
        write_log(out, args.out or "-", form=form_for(args.out, out.form))
    except OSError as err:
        return _fail(f"cannot write {args.out}: {err.strerror or err}", EXIT_MALFORMED)
    if args.out:
        from_seats = ruleset.table_logs or all(recorded_from(ruleset, log.header) is not None for log in logs)
        how = ("merged from two seats" if from_seats else
               f"the two recordings agree (each from the judge's seat: {ruleset.game}'s logs are complete)")
        if any(views):
            how += " (from a seat's view: null where neither seat saw, a view to read, not a log to check)"
        print(f"{args.out}: {len(merged.actions)} action(s), {how}", file=sys.stderr)
    return 0
