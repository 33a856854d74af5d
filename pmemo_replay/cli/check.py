"""``pmemo-replay check LOG``: rule on a log and print the state."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.ruleset import RECORDED_FROM
from engine.rulesets import RULESETS
from pmemo_replay.checking import CheckReport, check_log, malformed
from pmemo_replay.cli.common import add_cards_option, library_from
from pmemo_replay.cli.seatviews import ViewError, read_view
from pmemo_replay.games import ruleset_name
from pmemo_replay.logio import LogError, read_log


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "check", help="validate a game log and print the first ruling and the state",
        description="Validate a pmemo-log (JSON or JSON Lines). Exit 0 legal, 1 illegal action, "
        "2 unreadable or malformed log or unknown card.",
    )
    p.add_argument("log", metavar="LOG", help="log file path, or - for standard input")
    add_cards_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--at", type=int, metavar="N", help="fold only the first N actions and print the state after them")
    p.add_argument("--as-played", action="store_true",
                   help='fold the log as played, as if its header said "as_played": true: irregular actions the table let '
                        "stand are listed and the fold goes on (docs/as-played.md)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.at is not None and args.at < 0:
        message = f"--at must be 0 or more, not {args.at}"
        if args.json:  # still one JSON object: the check object, with what went wrong
            print(json.dumps({**CheckReport.refused(None).to_json(), "error": message}))
        print(f"pmemo-replay check: {message}", file=sys.stderr)
        return 2
    cards = library_from(args)
    try:
        log = read_log(args.log)
    except LogError as err:
        report = malformed(err)
        view = _seat_view(args.log)
        if view is not None:
            print(f"pmemo-replay check: {view}", file=sys.stderr)
    except OSError as err:
        message = f"cannot read {args.log}: {err.strerror or err}"
        report = malformed(LogError(message))
    else:
        report = check_log(log, cards, at=args.at, as_played=args.as_played)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(render(report))
    return report.exit_code


def _seat_view(path: str) -> str | None:
    """What a file that is no log says of itself when it is a seat's view of a complete-log game (``redact --view``:
    null where that seat saw nothing), or None: such a view is merged, not checked; one malformed besides its nulls
    is named by its real fault, not by its first null."""
    if path == "-":
        return None
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    try:
        view = read_view(data)
    except ViewError as bad:
        return (f"{path} is seat {bad.seat}'s view ('redact --view {bad.seat}'), not a log: its nulls are no cards; and "
                f"it is malformed besides: {bad.ruling['message']}")
    if view is None:
        return None
    seat = view.header["meta"][RECORDED_FROM]
    return (f"{path} is seat {seat}'s view ('redact --view {seat}'), not a log to check (its nulls are no cards): "
            f"'pmemo-replay merge' takes it with the other seat's")


def render(report: CheckReport) -> str:
    """The report in readable lines."""
    lines = []
    verdict = "legal" if report.valid else ("malformed" if report.exit_code == 2 else "ILLEGAL")
    if report.irregular and report.ruling is None:
        verdict = f"as played, {len(report.irregular)} irregular action(s) stood"
    lines.append(f"log: {verdict} ({report.applied} action(s) applied)")
    for r in report.irregular:  # as --json's ``irregular``: one per action carried out as played, with every rule broken
        for x in [r, *r.get("also", ())]:
            ref = f" [{x['ref']}]" if x.get("ref") else ""
            head = "irregular:" if x is r else "  also:"
            lines.append(f"{head} {x['rule']} at action {x['index']} (path {x['path']}){ref}: {x['message']}")
    r = report.ruling
    if r is not None:
        at = "the header" if r["index"] is None else f"action {r['index']}"
        ref = f" [{r['ref']}]" if r.get("ref") else ""
        lines.append(f"ruling: {r['rule']} at {at} (path {r['path']}){ref}")
        lines.append(f"  {r['message']}")
        for o in report.refused_irregular:  # as --json's ``refused_irregular``: broken by the refused action, not stood
            lines.append(f"  also broken by action {o['index']} (path {o['path']}), not stood: {o['rule']}: {o['message']}")
    if report.state is not None:
        lines.extend(_state_lines(report.state, _ruleset_of(report)))
    steps = report.unverified
    if steps:  # as --json's ``unverified``: what was applied as recorded, unchecked
        lines.append(f"unverified: {len(steps)} step(s) applied as recorded, not checked")
        lines += [f"  action {u['index']}{' (' + str(u['card']) + ')' if u.get('card') else ''}: {u['why']}" for u in steps]
    return "\n".join(lines)


def _outcome(res: dict[str, Any] | None) -> str:
    if res is None:
        return "the game goes on"
    if res["winner"] is None:
        return f"draw ({res['reason']})"
    return f"player {res['winner']} wins ({res['reason']})"


def _generic_lines(s: dict[str, Any]) -> list[str]:
    """Any other game's state JSON: its turn and phase, then each player's plain fields (lists as counts; a field
    counting another, ``hand_count`` beside ``hand``, once: as the list's count, else under the counted pile's name)."""
    whose = "" if s.get("turn_player") is None else f", player {s['turn_player']}'s turn"
    phase = f", phase {s['phase']}" if s.get("phase") is not None else ""
    out = [f"result: {_outcome(s.get('result'))}", f"state: turn {s.get('turn')}{whose}{phase}"]
    for i, p in enumerate(s.get("players") or []):
        fields = [f"{_counted(k, p)} {len(v) if isinstance(v, list) else v}" for k, v in p.items()
                  if k != "name" and (isinstance(v, (int, float, str, list)) or v is None)
                  and not isinstance(p.get(k.removesuffix("_count")) if k.endswith("_count") else None, list)]
        out.append(f"  player {i} {p.get('name', '')}: {', '.join(fields)}")
    return out


def _counted(key: str, player: dict[str, Any]) -> str:
    """A field's name in a state line: ``deck_count`` as ``deck`` (unless the player has a ``deck`` field too)."""
    base = key.removesuffix("_count")
    return base if base != key and base not in player else key


def _state_lines(s: dict[str, Any], ruleset: Any) -> list[str]:
    """The state in the ruleset's own readable lines (its ``state_lines``), else :func:`_generic_lines`."""
    own = getattr(ruleset, "state_lines", None)
    return list(own(s)) if own is not None else _generic_lines(s)


def _ruleset_of(report: CheckReport) -> Any:
    """The ruleset the report's log was folded with (None when unknown)."""
    if report.folded is not None and report.folded.ruleset is not None:
        return report.folded.ruleset
    return RULESETS.get(ruleset_name(report.log.header)) if report.log is not None else None
