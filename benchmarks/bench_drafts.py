"""Recording drafts: append latency by draft length, and the time from a tap to the re-rendered table in Chromium.

Appends: a simulated game is redacted to the table log seat 0 could have written; a draft of each
size (``--sizes``, at most the game's length less the appends) is built from its first actions, real ones only
(no notes padding), then its next ``--appends`` real actions are appended one request at a time through the
application (Flask test client: routing, token check, row lock, the fold of that one action, the
insert and commit). *warm*: this process holds the draft's folds; *cold*: the cache is dropped before
each append (another server process took the previous one), so each append rebuilds from the latest
snapshot. Goal: p95 < 30 ms on SQLite, flat in the draft's length.

Taps: /record in Chromium (390x844) records the table log fixtures/logs/table-seat0-unlisted.jsonl;
for each tap on an offered action, the time from the click to the table re-rendered (board and
trail) and to the next offers shown (one more request). Goal: < 100 ms.

``--ruleset``: the game (default pm-2.22, the longest of 60 simulated games as seat 0's table log; a game whose
logs are complete: the longest of ``--games`` self-play games of random policies, which play longer than greedy
ones, recorded whole from the judge's seat); ``all``: every ruleset the registry finds (engine.rulesets), one after
the other. ``--toy`` installs the Toy Race test game first (tests/generic/toygame), as a third party would, so that
``all`` covers it too. A size beyond the game's length is measured at the game's length less the appends (said in the
report), never padded.

``--unseen`` (a game with deck orders nobody saw: Mahou Shoujo, Clockwork): the game is recorded as a table does
(tests/drafts/test_hidden_orders.py's ``_record``: each shuffle without its order, each action's draws named with it,
so the draft rewrites the orders as it goes), one draft for every size; the appends after each size are timed in the
application (from routing to the answer; the test client's own work left out), alternately warm and cold. The longest
of the ``--games`` games that recording can follow is taken. ``--seat N`` with it: recorded from seat N alone
(``meta.recorded_from``: the rival's draws and mulligan cards never named, each rival card named when played, so the
rewrites come with the rival's plays; tests/drafts/mahou_seat.py, tests/drafts/clockwork_seat.py ``record_seat``).

Usage: python3 benchmarks/bench_drafts.py [--ruleset NAME|all] [--toy] [--sizes 50,300,800] [--appends 60] [--games 60]
       [--unseen [--seat N]] [--db URL] [--no-browser] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.rulesets import RULESETS, get_ruleset  # noqa: E402
from pmemo_replay.logio import load_log  # noqa: E402
from pmemo_replay.simulate import simulated_logs  # noqa: E402
from pmemo_replay.web import create_app  # noqa: E402

CONFIG = {"TESTING": True, "SECRET_KEY": "bench", "PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off"}
TAP_SCRIPT = """
window.__taps = []; window.__boards = [];
let t0 = null, at = null, drawn = false;
const count = () => Number((document.getElementById("board") || {dataset: {}}).dataset.count || -1);
document.addEventListener("click", () => { t0 = performance.now(); at = count(); drawn = false; }, true);
document.addEventListener("pmemo:table", (e) => {
  if (t0 !== null && !drawn && e.detail.count > at) { window.__boards.push(performance.now() - t0); drawn = true; }
});
document.addEventListener("pmemo:offers", (e) => {
  if (t0 !== null && e.detail.count > at) { window.__taps.push(performance.now() - t0); t0 = null; }
});
"""


def percentiles(values: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(values, n=20, method="inclusive")
    return {"n": len(values), "p50_ms": round(statistics.median(values), 2), "p95_ms": round(cuts[18], 2),
            "max_ms": round(max(values), 2)}


def table_log(name: str, games: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The longest of ``games`` simulated games of ruleset ``name`` (its logs table logs), as seat 0's table log."""
    from pmemo_replay.games.cards import bundled_for

    cards = bundled_for(name)
    log = max((load_log(doc) for doc in simulated_logs(cards, games, 7, ruleset=name)), key=lambda log: len(log.actions))
    red = get_ruleset(name).redact(log.header, log.actions, cards, 0)
    return red.header, red.actions


def complete_log(name: str, games: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The longest of ``games`` self-play games of ruleset ``name`` (random policies: the longer games)."""
    from pmemo_replay.games.cards import bundled_for
    from pmemo_replay.simulate import ruleset_decks

    ruleset, decks, cards = get_ruleset(name), ruleset_decks(name), bundled_for(name)
    seats = ruleset.players[0]  # the fewest seats the game allows (two for every game but one)
    docs = (ruleset.self_play(cards, [list(decks[(s + n) % len(decks)][1]) for n in range(seats)], s,
                              policies=("random",) * seats) for s in range(games))
    doc = max(docs, key=lambda d: len(d["actions"]))
    return doc["game"], doc["actions"]


def seat_recorder(ruleset: str, seat: int) -> Any:
    """``record(client, doc)``: a game recorded from ``seat`` alone by the tests' seat helper of ``ruleset``."""
    if ruleset == "mahou-shoujo-1":
        from tests.drafts.mahou_seat import record_seat
    elif ruleset == "clockwork-memorion-1":
        from tests.drafts.clockwork_seat import record_seat
    else:
        raise SystemExit(f"--seat: {ruleset} has no recording from one seat here (Mahou Shoujo, Clockwork Memorion)")
    return lambda client, doc: record_seat(client, doc, seat)


def bench_unseen(url: str, sizes: list[int], appends: int, ruleset: str, games: int,
                 seat: int | None = None) -> dict[str, Any]:
    """Appends to a draft recorded as the table saw it (``--unseen``), from the judge's seat or from ``seat``, by
    draft length: warm and cold."""
    from flask import g, request

    from pmemo_replay.games.cards import bundled_for
    from pmemo_replay.simulate import ruleset_decks
    from pmemo_replay.web.drafts import KEY
    from tests.drafts.test_hidden_orders import _moves_from_top, _record

    rs, decks, cards = get_ruleset(ruleset), ruleset_decks(ruleset), bundled_for(ruleset)
    docs = sorted((rs.self_play(cards, [list(decks[s % len(decks)][1]), list(decks[(s + 1) % len(decks)][1])], s,
                                policies=("random", "random")) for s in range(games)), key=lambda d: -len(d["actions"]))
    app = create_app({**CONFIG, "PMEMO_DATABASE_URL": url})
    rows: dict[int, dict[str, list[float]]] = {}

    @app.before_request
    def _start() -> None:
        if request.method == "POST" and request.path.endswith("/actions"):
            n = (request.get_json(silent=True) or {}).get("expected", -1)
            size = next((size for size in rows if size <= n < size + appends), None)
            if size is not None:
                if n % 2:
                    app.extensions[KEY].cache.drop(int(request.path.split("/")[3]))
                g.bench = (size, "cold" if n % 2 else "warm", time.perf_counter())

    @app.after_request
    def _stop(response: Any) -> Any:
        if "bench" in g and response.status_code == 200:
            size, mode, t = g.bench
            rows[size][mode].append((time.perf_counter() - t) * 1000)
        return response

    for doc in docs:
        if not _moves_from_top(rs, doc):
            continue
        longest = len(doc["actions"]) - appends
        rows.clear()
        rows.update({min(size, longest): {"warm": [], "cold": []} for size in sizes})
        try:
            if seat is None:
                _record(app.test_client(), ruleset, doc, with_ops=True)
            else:
                seat_recorder(ruleset, seat)(app.test_client(), doc)
        except AssertionError:  # the recording cannot follow this game (tests/drafts/test_hidden_order_marks.py)
            continue
        app.extensions["pmemo_store"].close()
        return {"game_actions": len(doc["actions"]), "appends": appends, "seat": seat,
                **{str(size): {mode: percentiles(v) for mode, v in row.items()} for size, row in sorted(rows.items())}}
    raise SystemExit(f"none of the {games} games of {ruleset} could be recorded as the table saw it")


def bench_appends(url: str, sizes: list[int], appends: int, ruleset: str = "pm-2.22", games: int = 60) -> dict[str, Any]:
    header, actions = table_log(ruleset, games) if get_ruleset(ruleset).table_logs else complete_log(ruleset, games)
    appends = min(appends, len(actions) // 3)
    longest = len(actions) - appends
    app = create_app({**CONFIG, "PMEMO_DATABASE_URL": url})
    client = app.test_client()
    from pmemo_replay.web.drafts import KEY

    out: dict[str, Any] = {"game_actions": len(actions), "appends": appends}
    head = json.dumps({"format": "pmemo-log", "version": 1, "game": header})
    for size in sorted({min(size, longest) for size in sizes}):  # real actions only: no notes padding
        created = client.post("/api/drafts", data=head).get_json()
        auth = {"Authorization": f"Bearer {created['token']}"}
        for n, action in enumerate(actions[:size]):
            assert client.post(f"/api/drafts/{created['id']}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200
        row: dict[str, list[float]] = {"warm": [], "cold": []}
        for n, action in enumerate(actions[size: size + appends], size):
            mode = "cold" if n % 2 else "warm"
            if mode == "cold":
                app.extensions[KEY].cache.drop(created["id"])
            t = time.perf_counter()
            r = client.post(f"/api/drafts/{created['id']}/actions", json={"action": action, "expected": n}, headers=auth)
            row[mode].append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200, r.get_json()
        out[str(size)] = {mode: percentiles(v) for mode, v in row.items()}
    app.extensions["pmemo_store"].close()
    return out


def bench_taps(url: str) -> dict[str, Any]:
    from tests.drafts.test_record_browser import PHONE, play, ready, setup
    from tests.web.browser import LiveServer, launch

    app = create_app({**CONFIG, "PMEMO_DATABASE_URL": url})
    live = LiveServer(app).start()
    lines = (ROOT / "fixtures" / "logs" / "table-seat0-unlisted.jsonl").read_text(encoding="utf-8").splitlines()
    header, actions = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    try:
        for browser in launch():
            page = browser.new_page(viewport=PHONE)
            page.add_init_script(TAP_SCRIPT)
            page.goto(f"{live.url}/record")
            setup(page, header)
            page.evaluate("window.__taps = []; window.__boards = []")
            for n, action in enumerate(actions):
                if action["type"] not in ("identify", "note", "concede"):
                    ready(page, n)
                play(page, action, n)
            ready(page, len(actions))
            taps, boards = page.evaluate("[window.__taps, window.__boards]")
    finally:
        live.stop()
        app.extensions["pmemo_store"].close()
    return {"table_rendered": percentiles(boards), "offers_shown": percentiles(taps)}


#: the games installed for the run (``--toy``), uninstalled when it ends
INSTALLED = contextlib.ExitStack()


def install_toy_race() -> None:
    """Install the Toy Race test game (tests/generic/toygame) as a third party would, for the rest of the run: the
    registry then finds it as it finds any installed game."""
    from tests.generic.toygame.install import installed

    INSTALLED.enter_context(installed(Path(tempfile.mkdtemp(prefix="bench-toy-"))))


def report_appends(name: str, appends: dict[str, Any], unseen: bool) -> None:
    """One ruleset's appends in words."""
    what = f"{name}, seat 0's table log" if get_ruleset(name).table_logs else f"{name}, the judge's seat"
    seat = appends.pop("seat", None)
    if seat is not None:
        what = f"{name}, recorded from seat {seat} alone, orders unseen"
    elif unseen:
        what += ", orders unseen and draws named"
    print(f"appends (game of {appends.pop('game_actions')} actions, {what}, {appends.pop('appends')} appends a draft "
          f"length):")
    for size, modes in appends.items():
        print(f"  draft at {size:>4} actions: " + "; ".join(
            f"{mode} p50 {m['p50_ms']} ms p95 {m['p95_ms']} ms (n={m['n']})" for mode, m in modes.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="pm-2.22", help="a ruleset's name, or 'all': every ruleset the registry "
                        "finds (engine.rulesets)")
    parser.add_argument("--toy", action="store_true", help="install the Toy Race test game first (tests/generic/"
                        "toygame, as a third party would): the registry finds it with the others")
    parser.add_argument("--sizes", default="50,300,800")
    parser.add_argument("--appends", type=int, default=60)
    parser.add_argument("--games", type=int, default=60, help="simulated games to take the longest of")
    parser.add_argument("--db", default=None, help="a store URL (default: a fresh SQLite file)")
    parser.add_argument("--unseen", action="store_true", help="record as the table saw it (hidden deck orders)")
    parser.add_argument("--seat", type=int, default=None, help="with --unseen: record from this seat alone")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.toy:
        install_toy_race()
    names = sorted(RULESETS) if args.ruleset == "all" else [args.ruleset]
    folder = Path(tempfile.mkdtemp(prefix="bench-drafts-"))
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.seat is not None and not args.unseen:
        parser.error("--seat records as the table saw it: give --unseen too")
    if args.unseen and args.ruleset == "all":
        parser.error("--unseen records one game with hidden deck orders: give its --ruleset")
    report: dict[str, Any] = {"appends": {}}
    for name in names:
        url = args.db or f"sqlite:///{folder / f'drafts-{name}.sqlite3'}"
        report["appends"][name] = (bench_unseen(url, sizes, args.appends, name, args.games, args.seat) if args.unseen
                                   else bench_appends(url, sizes, args.appends, name, args.games))
    if not args.no_browser and "pm-2.22" in names:  # the tap fixture is a Precious Memories table log
        report["taps"] = bench_taps(args.db or f"sqlite:///{folder / 'taps.sqlite3'}")
    if args.json:
        print(json.dumps(report if args.ruleset == "all" else {**report, "appends": report["appends"][names[0]]},
                         indent=2))
        return
    for name, appends in report["appends"].items():
        report_appends(name, appends, args.unseen)
    if "taps" in report:
        for what, m in report["taps"].items():
            print(f"tap -> {what.replace('_', ' ')}: p50 {m['p50_ms']} ms, p95 {m['p95_ms']} ms, max {m['max_ms']} ms (n={m['n']})")


if __name__ == "__main__":
    with INSTALLED:
        main()
