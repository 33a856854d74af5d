"""Two seats, one game: the time to merge two seats' recordings of a game (engine.merge) into the judge's log.

For every ruleset whose games two seats record (``--ruleset``, by default each the registry finds that has seat
recordings: a table log's, or a complete log recorded from one seat, ``meta.recorded_from``), a simulated game at least
``--actions`` long (or the longest of ``--games``, when its games are shorter: said in the report) is made into what
each seat recorded: Precious Memories' table logs by ``redact --view 0`` / ``--view 1``; a complete log's two seat
recordings with what only the rival knew replaced by stand-ins (its deck orders, hidden choices), as a seat's draft holds
them. The merge (unifying each action, folding the merged log and, for table logs, both seats' logs, naming what each
seat learned) is timed ``--repeat`` times, CPU time, and its result checked against the judge's log; then the same with
seat 1's last action recorded twice (a stop at the end, each pick it offers tried by merging again, as the merge page's
answer does). Goal: under 1 s for two 500-action recordings.

Usage: python3 benchmarks/bench_merge.py [--ruleset NAME ...] [--actions 500] [--repeat 5] [--games 400]
       [--self-play 60] [--json]

Precious Memories' game is the first of ``--games`` simulated ones (seed 11) that is long enough (of 400 the longest
has 627 actions); another game's, the first long enough of ``--self-play`` self-play games of random policies (seed 0
on), else the longest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.merge import merge  # noqa: E402
from engine.ruleset import seat_recordings  # noqa: E402
from engine.rulesets import RULESETS, get_ruleset  # noqa: E402
from pmemo_replay.games.cards import bundled_for  # noqa: E402
from pmemo_replay.simulate import ruleset_decks, simulated_logs  # noqa: E402

#: how many actions the game has, each seat's recording ``(header, actions)``, the judge's actions
Recordings = tuple[int, list[tuple[dict[str, Any], list[dict[str, Any]]]], list[dict[str, Any]]]


def pm_recordings(ruleset: Any, cards: Any, want: int, games: int) -> Recordings | int:
    """Precious Memories: seat 0's and seat 1's table logs of the first simulated game ``want`` actions long (cut
    there), and the judge's; when none of ``games`` is, the longest game's length."""
    longest = 0
    for doc in simulated_logs(cards, games, 11):
        longest = max(longest, len(doc["actions"]))
        if longest >= want:
            header, actions = doc["game"], doc["actions"][:want]
            seats = [ruleset.redact(header, actions, cards, view) for view in (0, 1)]
            judge = ruleset.redact(header, actions, cards, "judge")
            return len(actions), [(s.header, s.actions) for s in seats], judge.actions
    return longest


def seat_recorded(ruleset: Any, cards: Any, want: int, games: int) -> Recordings:
    """A complete log's game (the first of ``games`` self-play games ``want`` actions long, cut there; else the
    longest) as each seat's draft records it: from that seat (``meta.recorded_from``), what only the rival knew
    replaced by stand-ins; the judge's log is the game."""
    decks, best = ruleset_decks(ruleset.name), None
    for s in range(games):
        doc = ruleset.self_play(cards, [list(decks[(s + n) % len(decks)][1]) for n in range(2)], s,
                                policies=("random", "random"))
        if best is None or len(doc["actions"]) > len(best["actions"]):
            best = doc
        if len(best["actions"]) >= want:
            break
    assert best is not None
    header, actions = best["game"], best["actions"][:want]
    from tests.generic.test_merge_drops import seat_recording  # a seat's draft of a complete log, as the tests make it

    return len(actions), [seat_recording(ruleset, cards, header, actions, seat) for seat in (0, 1)], actions


def two_seat_rulesets() -> list[str]:
    """The rulesets of the registry whose games two seats record and the merge joins."""
    return sorted(name for name, rs in RULESETS.items() if rs.table_logs or seat_recordings(rs))


def bench(name: str, want: int, repeat: int, games: int, self_play: int) -> dict[str, Any] | str:
    """One ruleset's merge timed; or why it cannot be."""
    ruleset, cards = get_ruleset(name), bundled_for(name)
    made = (pm_recordings(ruleset, cards, want, games) if ruleset.table_logs
            else seat_recorded(ruleset, cards, want, self_play))
    if isinstance(made, int):
        return (f"none of {games} simulated games has {want} actions (the longest has {made}): use --actions less, "
                "or more --games")
    played, seats, judge = made
    times = []
    for _ in range(repeat):
        start = time.process_time()
        out = merge(ruleset, cards, seats)
        times.append(time.process_time() - start)
        assert out.complete and out.actions == judge, f"{name}: the merge is not the judge's log"
    # a stop at the end (seat 1's last action recorded twice): the merge up to it and each pick it offers tried
    tapped = [seats[0], (seats[1][0], [*seats[1][1], dict(seats[1][1][-1])])]
    stopped = []
    for _ in range(repeat):
        start = time.process_time()
        late = merge(ruleset, cards, tapped).disagreement
        stopped.append(time.process_time() - start)
        assert late is not None, f"{name}: a double tap at the end merged"
    return {"actions": played, "recorded": [len(a) for _, a in seats], "merged": len(out.actions),
            "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3), "goal_s": 1.0,
            "stop_at_end": {"kind": late.kind, "median_s": round(statistics.median(stopped), 3),
                            "max_s": round(max(stopped), 3)}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", nargs="*", default=None, help="rulesets (default: every one two seats record)")
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=400, help="how many simulated games to look through")
    parser.add_argument("--self-play", type=int, default=60, help="how many self-play games of a complete log's game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = {name: bench(name, args.actions, args.repeat, args.games, args.self_play)
               for name in args.ruleset or two_seat_rulesets()}
    if args.json:
        print(json.dumps(results))
    for name, result in results.items():
        if isinstance(result, str):
            print(f"bench_merge: {name}: {result}", file=sys.stderr)
        elif not args.json:
            short = "" if result["actions"] >= args.actions else f" (its games are shorter than {args.actions})"
            print(f"{name}: merge of two {result['actions']}-action recordings{short} ({result['recorded']} actions as "
                  f"recorded): median {result['median_s']} s, max {result['max_s']} s (goal < 1 s); with a stop at "
                  f"the end ({result['stop_at_end']['kind']}, every pick it offers tried): median "
                  f"{result['stop_at_end']['median_s']} s, max {result['stop_at_end']['max_s']} s")
    if any(isinstance(r, str) for r in results.values()):
        return 2
    return 0 if all(max(r["max_s"], r["stop_at_end"]["max_s"]) < 1.0 for r in results.values() if not isinstance(r, str)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
