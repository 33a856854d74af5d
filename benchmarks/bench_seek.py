"""Seek speed: the state after a random step N of a long stored game (SQLite), p50/p95/max.

The game: self-play with stalling policies (the defender always interferes, the attacker
approaches only into an active guard, so games run to deck-out), the longest of up to
--search games. Games end by deck-out after about 52 turns, so self-play rarely passes ~800
actions; when the longest is shorter than --actions, a second, padded copy reaches it by
writing a ``note`` action after every few actions (legal anywhere; cheap to fold, so that
figure flatters seek a little) and both are measured.

Each seek is ``Store.state_at(id, N)``: read the nearest snapshot before N, ``from_snapshot``,
fold on to N with trails kept, render the state JSON; measured with the store's seek cache off (cold: what a
seek costs the first time) and on (warm: a worker's cache keeps states every 8 actions). Goal: p95 <= 5 ms.

Usage: python3 benchmarks/bench_seek.py [--actions 1000] [--samples 2000] [--search 200] [--seed 1] [--db URL] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.fold import fold
from engine.pm.selfplay import greedy_policy, play_game
from engine.pm.state import GameState
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks
from pmemo_replay.store import Store
from pmemo_replay.store.cache import SeekCache


def defender(g: GameState, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    blocks = [a for a in actions if a["type"] == "interfere"]
    if blocks:
        return rng.choice(blocks)
    return greedy_policy(g, [a for a in actions if a["type"] != "approach"] or actions, rng)


def attacker(g: GameState, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    p = actions[0].get("p", 0)
    guards = sum(1 for c in g.players[1 - p].main if not c.rested)
    approaches = [a for a in actions if a["type"] == "approach"]
    if approaches and guards:
        return rng.choice(approaches)
    return greedy_policy(g, [a for a in actions if a["type"] != "approach"] or actions, rng)


def longest_game(want: int, search: int, seed: int) -> dict[str, Any]:
    cards, decks = bundled_cards(), bundled_decks()
    best: dict[str, Any] = {"actions": []}
    for i in range(search):
        rng = random.Random(seed * 100_003 + i)
        da, db = rng.choice(decks), rng.choice(decks)
        doc = play_game(cards, [da.main, db.main], rng, policies=(defender, attacker), first=0, ex_decks=[da.ex, db.ex])
        if len(doc["actions"]) > len(best["actions"]):
            best = doc
        if len(best["actions"]) >= want:
            break
    best["game"]["id"] = f"bench-seek-{seed}"
    return best


def padded(doc: dict[str, Any], want: int) -> dict[str, Any]:
    """``doc`` with a note after every few actions, so it has at least ``want`` actions."""
    actions = doc["actions"]
    extra = want - len(actions)
    every = max(1, len(actions) // extra)
    out: list[dict[str, Any]] = []
    for i, action in enumerate(actions):
        out.append(action)
        if extra > 0 and i % every == every - 1:
            out.append({"type": "note", "text": f"note {i}"})
            extra -= 1
    out.extend({"type": "note", "text": "tail"} for _ in range(extra))
    return {**doc, "game": {**doc["game"], "id": doc["game"]["id"] + "-padded"}, "actions": out}


def measure(store: Store, doc: dict[str, Any], samples: int, seed: int) -> dict[str, Any]:
    result = store.ingest_log(doc, source="bench")
    assert result.game_id is not None, result
    total = len(doc["actions"])
    rng = random.Random(seed)
    cards = store.cards
    for n in rng.sample(range(total + 1), 12):  # the seek agrees with a full fold
        state, trail = store.state_at(result.game_id, n)
        full = fold(doc["game"], doc["actions"], cards, at=n)
        assert state == full.state_json() and trail == (full.trails[n - 1].to_json() if n else None), n
    out: dict[str, Any] = {"game": doc["game"]["id"], "actions": total, "samples": samples}
    warm = store.seek_cache
    for label, cache in (("cold", SeekCache(max_states=0, max_actions=0)), ("warm", warm)):
        store.seek_cache = cache  # cold: every seek reads the game and its snapshot and folds from there
        times = []
        for _ in range(samples):
            n = rng.randint(0, total)
            start = time.perf_counter()
            store.state_at(result.game_id, n)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        out[label] = {"p50_ms": round(statistics.median(times), 3), "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
                      "max_ms": round(times[-1], 3)}
    store.seek_cache = warm
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--search", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="store URL (default: a fresh SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    doc = longest_game(args.actions, args.search, args.seed)
    docs = [doc] if len(doc["actions"]) >= args.actions else [doc, padded(doc, args.actions)]
    with tempfile.TemporaryDirectory() as tmp, Store(args.db or f"sqlite:///{Path(tmp) / 'seek.sqlite3'}") as store:
        rows = [measure(store, d, args.samples, args.seed) for d in docs]
    if args.json:
        print(json.dumps(rows))
        return
    for r in rows:
        for label in ("cold", "warm"):
            t = r[label]
            print(f"{r['game']}: {r['actions']} actions, {r['samples']} seeks, {label} cache: p50 {t['p50_ms']:.2f} ms, "
                  f"p95 {t['p95_ms']:.2f} ms, max {t['max_ms']:.2f} ms")


if __name__ == "__main__":
    main()
