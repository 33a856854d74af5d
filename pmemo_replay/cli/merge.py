"""``pmemo-replay merge SEAT0_LOG SEAT1_LOG [--out FILE]``: two seats' recordings of one game merged into the
judge's log (engine.merge)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.merge import merge, seat_mismatch
from engine.ruleset import hidden_field, recorded_from, seat_hidden_fields, seat_recordings
from engine.rulesets import RULESETS
from pmemo_replay.checking import EXIT_ILLEGAL, EXIT_MALFORMED, CheckReport, check_log
from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.games import ruleset_name
from pmemo_replay.logio import LogError, PmemoLog, form_for, load_log, parse_log, write_log


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "merge", help="merge two seats' recordings of one game into the judge's log",
        description="Merge the logs two players recorded of the same game, each from their own seat, into one "
        "judge's log: both hands known, each action once. Exit 0 merged, 1 when the recordings disagree (the first "
        "disagreement is named, both versions shown) or a log is illegal, 2 unreadable or malformed, or the same "
        "recording twice. The first disagreement is what is named: an illegal action only when it comes before it. "
        "Passes a log leaves out (the fewest the rules imply, as 'check' reads them) are written out before the two "
        "are compared. A game whose logs are complete (Mahou Shoujo, Clockwork Memorion) is recorded from one seat "
        "(the header's meta.recorded_from: each player's hidden cards are taken from that player's recording) or "
        "from the judge's seat (two such recordings are compared, and merged when they agree); a seat's view made "
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


def _document(data: bytes) -> dict[str, Any] | None:
    """A log file's JSON as one document (JSON Lines joined), unvalidated; None when it is neither."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
        try:
            document = json.loads(text)
        except ValueError:
            lines = [json.loads(line) for line in text.splitlines() if line.strip()]
            document = {**lines[0], "actions": lines[1:]} if lines and isinstance(lines[0], dict) else None
    except (UnicodeDecodeError, ValueError):
        return None
    return document if isinstance(document, dict) and isinstance(document.get("actions"), list) else None


def _unseen_fields(ruleset: Any, action: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of ``action`` a seat's view of a complete log may hold null in (``redact --view``): what only its
    player sees, and a deck order nobody saw."""
    return tuple({*seat_hidden_fields(ruleset, action), *filter(None, [hidden_field(ruleset, action)])})


def read_view(data: bytes) -> PmemoLog | None:
    """A seat's view of a game whose logs are complete, recorded from that seat (``redact --view 0|1``: null where
    it saw nothing), read as a log whose nulls stand only where its ruleset's hidden fields are; None when the file
    is not that (then it is read as a log, and refused as one)."""
    document = _document(data)
    if document is None or not isinstance(document.get("game"), dict):
        return None
    ruleset = RULESETS.get(ruleset_name(document["game"]))
    if ruleset is None or not seat_recordings(ruleset) or recorded_from(ruleset, document["game"]) is None:
        return None
    listed = [c for p in document["game"].get("players") or () if isinstance(p, dict)
              for c in p.get("deck") or () if isinstance(c, str)]
    if not listed:
        return None
    actions = document["actions"]
    stand_ins = []  # each null a card of the header's lists: the rest of the log is read as any log is
    for action in actions:
        if isinstance(action, dict):
            fields = _unseen_fields(ruleset, action)
            action = {k: [listed[0] if c is None else c for c in v] if k in fields and isinstance(v, list) else v
                      for k, v in action.items()}
        stand_ins.append(action)
    try:
        log = load_log({**document, "actions": stand_ins})
    except LogError:
        return None
    return PmemoLog(log.header, actions, log.form)


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
            view = read_view(data)
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
    mismatch = seat_mismatch(ruleset, [(log.header, log.actions) for log in logs])
    if mismatch is not None:
        return _fail(f"{mismatch} (give SEAT0_LOG first, then SEAT1_LOG)", EXIT_MALFORMED)
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
        parted = [0, 0] if merged.disagreement.kind == "header" else merged.disagreement.index
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
