"""A longer fuzz run than CI's: mutated simulated logs (tests/fuzz/strategies.py) against the check, ingest and the API.

Each target gets --examples random examples (a new draw every run unless --seed is given) and must hold the
properties of tests/fuzz/properties.py: ``check_text`` never raises, ``pmemo-replay check`` exits 0/1/2 and prints
JSON, ingest stores whole games or rules, POST /api/games and /api/check never answer 500. Prints, per target,
the examples run, the seconds taken and the first failure (hypothesis shrinks it) if any; exit 1 on a failure.

Usage: python3 benchmarks/fuzz_long.py [--examples 5000] [--targets check,command,ingest,upload,check_api] [--db URL] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package, when run from anywhere

from pmemo_replay.cards import bundled_cards
from pmemo_replay.store import Store
from tests.fuzz import properties
from tests.fuzz.strategies import hostile_logs
from tests.web.conftest import make_app

TARGETS = ("check", "command", "ingest", "upload", "check_api")
HOW = st.sampled_from(("application/json", "text/plain", "form"))


def targets(folder: Path, db: str | None) -> dict[str, Callable[[], Any]]:
    """Each target as a hypothesis test (not yet run), on a store and an application in ``folder``."""
    cards = bundled_cards()
    store = Store(db or f"sqlite:///{folder / 'fuzz.sqlite3'}")
    client = make_app(folder).test_client()
    return {
        "check": given(hostile_logs(), st.none() | st.integers(0, 400))(lambda d, at: properties.check_function(d, cards, at)),
        "command": given(hostile_logs(), st.booleans(), st.none() | st.integers(-2, 400))(
            lambda d, j, at: properties.check_command(folder / "log.json", d, j, at)),
        "ingest": given(hostile_logs())(lambda d: properties.ingest(store, d)),
        "upload": given(hostile_logs(), HOW)(lambda d, how: properties.upload(client, d, how)),
        "check_api": given(hostile_logs(), HOW, st.none() | st.integers(-2, 400))(
            lambda d, how, at: properties.check_api(client, d, how, at)),
    }


def run(test: Callable[[], Any], examples: int, seed_value: int | None) -> dict[str, Any]:
    configured = settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))(test)
    if seed_value is not None:
        configured = seed(seed_value)(configured)
    start = time.perf_counter()
    failure = None
    try:
        configured()
    except Exception as err:  # the property failed: report it, go on with the other targets
        failure = f"{type(err).__name__}: {err}"
    return {"examples": examples, "seconds": round(time.perf_counter() - start, 1), "failure": failure}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="examples per target (default 5000)")
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, among {', '.join(TARGETS)}")
    parser.add_argument("--db", help="the store for the ingest target (default: a temporary SQLite file)")
    parser.add_argument("--seed", type=int, help="a fixed seed (default: a new draw every run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # engine failures are logged: the properties say what matters
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tests = targets(Path(tmp), args.db)
        for name in args.targets.split(","):
            report[name] = run(tests[name], args.examples, args.seed)
            if not args.json:
                r = report[name]
                print(f"{name:<10} {r['examples']} examples in {r['seconds']} s: {r['failure'] or 'ok'}", flush=True)
    if args.json:
        print(json.dumps(report))
    return 1 if any(r["failure"] for r in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
