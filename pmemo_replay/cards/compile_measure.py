"""``python -m pmemo_replay.cards.compile_measure [FOLDER ...] [--diff] [--gaps N]``: how well Precious Memories'
text compiler does, per precious-data set (default: every set of the game's ``community_cards`` folders, i.e.
../shared/data/precious-data/data). The files are read here and measured by the ruleset's ``measure_compiler``
(engine/pm/cards/compile_measure.py): effects, compiled, and where hand scripts exist, reproduced / different /
not compiled; ``--diff`` lists the differences, ``--gaps N`` the N most frequent reasons effects stay uncompiled,
``--blockers N`` the first unread part of each by kind (head, condition, selector, duration, verb, link, facts).
A card file the game cannot read is left out of its set's figures and named on stderr with why."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.rulesets import get_ruleset
from pmemo_replay.cli.cards import community_sets
from pmemo_replay.games.cards import CardDataError, readable_documents, scripts_for
from pmemo_replay.logio import DEFAULT_RULESET


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pmemo_replay.cards.compile_measure", description=__doc__)
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--diff", action="store_true", help="list the compiled scripts that differ from the hand ones")
    ap.add_argument("--gaps", type=int, metavar="N", help="then the N most frequent reasons effects stay uncompiled")
    ap.add_argument("--blockers", type=int, metavar="N",
                    help="then the first unread part of each uncompiled effect, by kind, the N most frequent of each")
    args = ap.parse_args(argv)
    ruleset = get_ruleset(DEFAULT_RULESET)
    folders = [Path(f) for f in args.folders] or community_sets(ruleset)
    try:
        sets = []
        for folder in folders:  # a file the game cannot read is left out and named, not the end of the measure
            documents, left_out = readable_documents(ruleset, folder)
            for problem in left_out:
                print(f"compile_measure: left out {problem}", file=sys.stderr)
            sets.append((folder.name, documents))
        lines = ruleset.measure_compiler(sets, scripts_for(ruleset.name), diff=args.diff, gaps=args.gaps,
                                          blockers=args.blockers)
    except CardDataError as err:
        print(f"compile_measure: {err}", file=sys.stderr)
        return 2
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
