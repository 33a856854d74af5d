"""The card page as the browser gets it: ``GET /cards/<id>`` through the web application (Flask's test client: the
whole request, the route, ``keep_current``, the warehouse queries, the first plays, the card facts and the template),
over a store of N games, i.e. 2N player-games. Goal: under 300 ms at 1M player-games (issue 22).

The store and its warehouse are built the quick way, since folding a million games through the engine takes hours:
the warehouse is synthesized (``benchmarks.synth``, written in the warehouse's own layout), and the SQLite store gets
the same N games by bulk inserts (an upload, a game row and two seats each, as the ingest writes them), plus the
actions (200 each, the card played at one step) of the games the measured pages list and of ``--acted`` other games.
The warehouse's state is written as an update would leave it, so ``keep_current`` finds it current, as in a
running server where every game was projected when it was stored.

Run: ``python3 benchmarks/bench_card_page.py [--games 500000] [--runs 9]``. Prints JSON: per card (the most played,
a middling and a rare one), the cold time (the first request of a new application after the warm-up ``serve`` does,
web/warmup.py: before the workers fork, the card data and modules; in each worker, the templates and, in the
background, the warehouse's DuckDB database opened and its Parquet footers read, ``worker_priming_ms``), the median
and the maximum of the warm requests, in milliseconds of wall time, each card in a fresh process; and, for the
record, the first request of a process that skipped the warm-up. ``--keep DIR`` keeps (and reuses) the built store.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_MS = 300.0
ACTIONS = 200  # per game with actions: about a real game's length
PLAYED_AT = 100  # the step where the card is played


def _digest(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def build_store(url: str, db_file: Path, games: int) -> float:
    """The N games' upload, game and seat rows, inserted in bulk; seconds taken."""
    from pmemo_replay.store import Store

    Store(url).close()  # the schema, migrated to the head
    start = time.perf_counter()
    con = sqlite3.connect(db_file)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=OFF")
    block = 50_000
    for first in range(1, games + 1, block):
        ids = range(first, min(first + block, games + 1))
        con.executemany("INSERT INTO upload (id, source, received_at, content_hash, size, data) VALUES (?, ?, ?, ?, ?, ?)",
                        [(i, f"bench-{i}", "2026-11-27 00:00:00", _digest(-i), 2, b"{}") for i in ids])
        con.executemany(
            "INSERT INTO game (id, upload_id, content_hash, source_id, header, first, winner, reason, n_actions, turns, "
            "ruleset, unverified, irregular, engine_version, played_at, event, round, stored_at) "
            "VALUES (?, ?, ?, ?, ?, 0, ?, 'points', ?, 12, 'pm-2.22', 0, 0, 'bench', ?, NULL, NULL, '2026-11-27 00:00:00')",
            [(i, i, _digest(i), f"bench-{i}", json.dumps({"ruleset": "pm-2.22", "first": 0, "players": [
                {"name": f"player{(2 * i) % 5000:04d}"}, {"name": f"player{(2 * i + 1) % 5000:04d}"}]}),
              i % 2, ACTIONS, f"2026-{1 + i % 12:02d}-{1 + i % 28:02d} 12:00:00") for i in ids])
        con.executemany("INSERT INTO game_seat (game_id, seat, player, deck_name, score, placement) VALUES (?, ?, ?, NULL, ?, ?)",
                        [(i, s, f"player{(2 * i + s) % 5000:04d}", float(s == i % 2), 1 if s == i % 2 else 2)
                         for i in ids for s in (0, 1)])
        con.commit()
    con.close()
    return time.perf_counter() - start


def add_actions(db_file: Path, plays: dict[tuple[int, int], str]) -> None:
    """``ACTIONS`` actions for each (game, seat) in ``plays``: passes, and that seat's summon of the card at step
    ``PLAYED_AT`` (games already holding actions are left as they are)."""
    con = sqlite3.connect(db_file)
    have = {r[0] for r in con.execute("SELECT DISTINCT game_id FROM game_action")}
    rows = []
    for (game_id, seat), card in plays.items():
        if game_id in have:
            continue
        have.add(game_id)
        for seq in range(ACTIONS):
            p = seq % 2
            if seq == PLAYED_AT:
                rows.append((game_id, seq, "summon", seat, json.dumps({"type": "summon", "p": seat, "card": card,
                                                                       "area": "main", "pay": []})))
            else:
                rows.append((game_id, seq, "pass", p, json.dumps({"type": "pass", "p": p})))
    con.executemany("INSERT INTO game_action (game_id, seq, type, player, data) VALUES (?, ?, ?, ?, ?)", rows)
    con.commit()
    con.close()


def mark_current(folder: Path, db_file: Path, games: int) -> None:
    """The warehouse state an update leaves after projecting games 1..N of this store."""
    from dashboards.warehouse import State, _write_state

    con = sqlite3.connect(db_file)
    top_hash = con.execute("SELECT content_hash FROM game WHERE id = ?", (games,)).fetchone()[0]
    con.close()
    _write_state(folder, State(ids=[[1, games]], covered=games, watermark=games, watermark_hash=top_hash,
                               projected=games))
    assert asdict(State())  # the layout this benchmark writes is the warehouse's own


def picks(folder: Path) -> dict[str, str]:
    """The most played, a middling and a rare card among those the bundled card data hold (a page needs the card)."""
    from dashboards.queries import connect
    from pmemo_replay.cards import bundled_cards

    known = bundled_cards()
    with connect(folder) as con:
        ranked = [r[0] for r in con.execute("SELECT card FROM card_games GROUP BY card ORDER BY count(*) DESC").fetchall()]
    ranked = [c for c in ranked if c in known]
    return {"most played": ranked[0], "middling": ranked[len(ranked) // 2], "rare": ranked[-1]}


def listed(folder: Path, card: str) -> list[tuple[int, int]]:
    """The (game, seat) pairs the card's page lists."""
    from dashboards.entities import card_page
    from dashboards.filters import Filters
    from dashboards.queries import connect

    with connect(folder) as con:
        body = card_page(con, card, "pm-2.22", Filters())
    return [(g["game_id"], g["seat"]) for g in body["games"]]


def app_for(url: str, folder: Path) -> Any:
    from pmemo_replay.web import create_app

    return create_app({"PMEMO_DATABASE_URL": url, "PMEMO_WAREHOUSE": str(folder), "TESTING": True,
                       "SECRET_KEY": "bench", "PMEMO_ALLOWED_HOSTS": "localhost"})


def get_ms(client: Any, card: str) -> tuple[float, int]:
    start = time.perf_counter()
    response = client.get(f"/cards/{quote(card)}", headers={"Host": "localhost"})
    body = response.get_data()
    elapsed = 1000 * (time.perf_counter() - start)
    if response.status_code != 200 or b'id="card-games"' not in body:
        raise SystemExit(f"GET /cards/{card}: {response.status_code}, no games list")
    return elapsed, len(body)


def cold_child(url: str, folder: str, card: str) -> None:
    """In a fresh process: the first request of a new application warmed up as ``serve`` warms up (before its workers
    fork: the card data read, DuckDB imported; in each worker: templates compiled), then
    its warm requests; with ``BENCH_UNWARMED`` no warm-up."""
    from pmemo_replay.web.server import settle_worker
    from pmemo_replay.web.warmup import PRIMER, warm_up, warm_worker

    app = app_for(url, Path(folder))
    primed = None
    if not os.environ.get("BENCH_UNWARMED"):
        warm_up()
        start = time.perf_counter()
        warm_worker(app)
        app.extensions[PRIMER].join()  # the worker's background priming, done before a first visitor comes
        primed = round(1000 * (time.perf_counter() - start), 1)
        settle_worker(None)  # as gunicorn's post_worker_init does (web/server.py)
    client = app.test_client()
    cold, size = get_ms(client, card)
    warm = [get_ms(client, card)[0] for _ in range(int(os.environ.get("BENCH_RUNS", "9")))]
    print(json.dumps({"cold_ms": round(cold, 1), "warm": warm, "bytes": size, "worker_priming_ms": primed}))


def measure(url: str, folder: Path, card: str, runs: int, *, warmed: bool = True) -> dict[str, Any]:
    env = {**os.environ, "BENCH_RUNS": str(runs), "PYTHONPATH": str(ROOT), **({} if warmed else {"BENCH_UNWARMED": "1"})}
    out = subprocess.run([sys.executable, __file__, "--child", url, str(folder), card], env=env, check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    warm = got.pop("warm")
    return {**got, "warm_median_ms": round(statistics.median(warm), 1), "warm_max_ms": round(max(warm), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500_000, help="games (player-games: twice as many)")
    parser.add_argument("--runs", type=int, default=9, help="warm requests per card")
    parser.add_argument("--acted", type=int, default=5_000, help="other games given actions (the table's size)")
    parser.add_argument("--keep", metavar="DIR", help="build the store here, or reuse the one built here")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        cold_child(*args.child)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(args.keep or tmp)
        base.mkdir(parents=True, exist_ok=True)
        db_file, folder = base / "store.sqlite3", base / "store.warehouse"
        url = f"sqlite:///{db_file}"
        built: dict[str, Any] = {}
        if not (base / "built.json").is_file():
            from benchmarks.synth import synthesize

            start = time.perf_counter()
            counts = synthesize(folder, args.games, seed=22)
            built["warehouse_s"] = round(time.perf_counter() - start, 1)
            built["store_s"] = round(build_store(url, db_file, args.games), 1)
            chosen = picks(folder)
            plays = {pair: card for card in chosen.values() for pair in listed(folder, card)}
            others = range(1, args.games + 1, max(1, args.games // max(1, args.acted)))
            plays.update({(g, 0): "MHK 01-001" for g in others if (g, 0) not in plays and (g, 1) not in plays})
            add_actions(db_file, plays)
            mark_current(folder, db_file, args.games)
            built.update(counts=counts, cards=chosen, games_with_actions=len(plays))
            (base / "built.json").write_text(json.dumps(built), "utf-8")
        built = json.loads((base / "built.json").read_text("utf-8"))
        results = {label: {"card": card, **measure(url, folder, card, args.runs)} for label, card in built["cards"].items()}
        middling = built["cards"]["middling"]
        unwarmed = {"card": middling, "first_request_ms": measure(url, folder, middling, 1, warmed=False)["cold_ms"]}
    worst_cold = max(r["cold_ms"] for r in results.values())
    worst_warm = max(r["warm_median_ms"] for r in results.values())
    print(json.dumps({"games": args.games, "player_games": built["counts"].get("player_games"),
                      "card_rows": built["counts"].get("card_games"), "built": {k: built.get(k) for k in
                                                                                ("warehouse_s", "store_s", "games_with_actions")},
                      "cards": results, "server_not_warmed_up": unwarmed, "goal_ms": GOAL_MS,
                      "met": {"cold": worst_cold < GOAL_MS, "warm": worst_warm < GOAL_MS},
                      "load_average": [round(x, 1) for x in os.getloadavg()]},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
