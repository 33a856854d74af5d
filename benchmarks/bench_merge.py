"""Two seats, one game: the time to merge two seats' recordings of a game (engine.merge) into the judge's log.

A simulated Precious Memories game at least ``--actions`` long is redacted to the table logs seat 0 and seat 1
could have written (``redact --view 0`` / ``--view 1``); the merge (unifying each action, folding the merged log
and both seats' logs, naming what each seat learned) is timed ``--repeat`` times, CPU time. The result is checked
against the judge redaction. Goal: under 1 s for two 500-action recordings.

Usage: python3 benchmarks/bench_merge.py [--actions 500] [--repeat 5] [--games 400] [--json]

The game is the first of ``--games`` simulated ones (seed 11) that is long enough; when none is, the run stops with
exit 2 naming the longest (of 400 games the longest has 627 actions).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.merge import merge  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from pmemo_replay.games.cards import bundled_for  # noqa: E402
from pmemo_replay.simulate import simulated_logs  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=400, help="how many simulated games to look through")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ruleset, cards = get_ruleset("pm-2.22"), bundled_for("pm-2.22")
    longest = 0
    for doc in simulated_logs(cards, args.games, 11):
        longest = max(longest, len(doc["actions"]))
        if longest >= args.actions:
            break
    else:
        print(f"bench_merge: none of {args.games} simulated games has {args.actions} actions (the longest has "
              f"{longest}): use --actions {longest} or less, or more --games", file=sys.stderr)
        return 2
    header, actions = doc["game"], doc["actions"][:args.actions]
    seats = [ruleset.redact(header, actions, cards, view) for view in (0, 1)]
    judge = ruleset.redact(header, actions, cards, "judge")
    times = []
    for _ in range(args.repeat):
        start = time.process_time()
        out = merge(ruleset, cards, [(s.header, s.actions) for s in seats])
        times.append(time.process_time() - start)
        assert out.complete and out.actions == judge.actions, "the merge is not the judge's log"
    result = {"actions": len(actions), "recorded": [len(s.actions) for s in seats], "merged": len(out.actions),
              "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3), "goal_s": 1.0}
    print(json.dumps(result) if args.json else
          f"merge of two {len(actions)}-action recordings ({result['recorded']} actions as recorded): "
          f"median {result['median_s']} s, max {result['max_s']} s (goal < 1 s)")
    return 0 if result["max_s"] < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
