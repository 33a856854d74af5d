"""``pmemo-replay cards coverage [--ruleset R] [--cards PATH ...] [--json]``: per set, how many effects the engine
verifies, reported by the game's own ``card_coverage`` (Precious Memories: engine/pm/cards/coverage.py, whose
docstring explains the columns). ``compiler_also`` / ``compiler_same`` compare with the same cards read without the
game's hand scripts: from ``--cards``, else from its ``community_cards`` folders (one folder per set). A card file
the game cannot read is left out of the report and named on stderr with why (a game loaded with it refuses it)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.games.cards import ROOT, CardDataError, bundled_for, load_readable
from pmemo_replay.logio import DEFAULT_RULESET


def community_sets(ruleset: Any, sets: Sequence[str] | None = None) -> list[Path]:
    """The folders of the game's community card files, one per set (only ``sets`` when given), that exist."""
    found = []
    for entry in getattr(ruleset, "community_cards", ()):
        base = (ROOT / entry).resolve()
        if base.is_dir():
            found += sorted(p for p in base.iterdir() if p.is_dir() and (sets is None or p.name in sets))
    return found


def compiled_only(ruleset: Any, paths: Sequence[str | Path] | None, db: Any) -> tuple[Any, list[str]]:
    """The same cards without the game's hand scripts: from ``paths``, else from its community sets of the sets of
    ``db`` (None when there are none); with the files left out, each named with why (:func:`load_readable`)."""
    found = list(paths or ()) or community_sets(ruleset, sorted({c.set_code for c in db}))
    return load_readable(ruleset.name, found, scripts=False) if found else (None, [])


def verification_text(ruleset: Any) -> str | None:
    """The text of the game's record of independent reads (its ``verification_records`` file), or None."""
    name = getattr(ruleset, "verification_records", None)
    if not name:
        return None
    try:
        return (ROOT / name).read_text(encoding="utf-8")
    except OSError as err:
        raise CardDataError(f"cannot read the verification records {name}: {err.strerror}") from None


def register(sub: Any) -> None:
    p = sub.add_parser("cards", help="card data reports")
    csub = p.add_subparsers(dest="cards_command", required=True)
    cov = csub.add_parser("coverage", help="per set: cards, effects, hand-scripted, compiled, unverified, keywords")
    cov.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET,
                     help=f"the game whose cards to report on (default: {DEFAULT_RULESET})")
    cov.add_argument("--cards", nargs="+", help="card files or folders (default: the bundled sets with their scripts)")
    cov.add_argument("--json", action="store_true")
    cov.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(getattr(args, "ruleset", DEFAULT_RULESET))
    report = getattr(ruleset, "card_coverage", None)
    if report is None:
        print(f"pmemo-replay cards coverage: {ruleset.name} has no card coverage report", file=sys.stderr)
        return 2
    try:
        db, left_out = load_readable(ruleset.name, args.cards) if args.cards else (bundled_for(ruleset.name), [])
        compiled, also_left_out = compiled_only(ruleset, args.cards, db)
        for problem in dict.fromkeys([*left_out, *also_left_out]):  # a report: an unreadable file is named, not fatal
            print(f"pmemo-replay cards coverage: left out {problem}", file=sys.stderr)
        rows = report(db, compiled, verification_text(ruleset))
    except CardDataError as err:
        print(f"pmemo-replay cards coverage: {err}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    heads = ("set", "cards", "effects", "hand", "compiled", "unverified", "compiler also/same", "keywords (unapplied)",
             "scripted cards", "verified cards")
    print(f"{heads[0]:<8}" + "".join(f"{h:>{len(h) + 2}}" for h in heads[1:]))
    for r in rows:
        cells = (r["cards"], r["effects"], r["hand_scripted"], r["compiled"], r["unverified"],
                 f"{r['compiler_also']}/{r['compiler_same']}", f"{r['keywords']} ({r['keywords_unapplied']})",
                 f"{r['scripted_cards']}/{r['cards']}", f"{r['verified_cards']}/{r['cards']}")
        print(f"{r['set']:<8}" + "".join(f"{c!s:>{len(h) + 2}}" for c, h in zip(cells, heads[1:], strict=True)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pmemo-replay")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.run(args))
