"""Clockwork Memorion fold speed against python-chess replaying PGN games, same machine, same run.

Self-play logs (half random, half greedy) on the bundled set are written as JSON Lines; the engine's figure
times decoding them and folding every action with full rule checking (shape checks, card look-ups, every rule
of clockwork-memorion.md, interrupts and Recall Times included). python-chess's ``chess.pgn.read_game`` parses
SAN and checks every move of random games it generated itself, timed as in bench_fold_vs_chess.py. The ratio
(engine actions/s / chess plies/s) is printed; each side is the best of ``--repeat`` runs, interleaved, in CPU
time.

Usage (from the project root):
    PYTHONPATH=.:benchmarks python3 benchmarks/bench_clockwork_fold.py [--games 60] [--seed 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from bench_fold_vs_chess import bench_chess, random_pgn_games  # the same python-chess reference (benchmarks/ is on the path)

from engine.clockwork.cards import CwCardDB, parse_cards
from engine.clockwork.selfplay import play_game
from engine.fold import fold

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "clockwork"


def bundled() -> tuple[CwCardDB, list[list[str]]]:
    db = parse_cards(json.loads((FIXTURES / "cards.json").read_text()))
    decks = [json.loads(p.read_text())["cards"] for p in sorted((FIXTURES / "decks").glob("*.json"))]
    return db, decks


def clockwork_logs(db: CwCardDB, decks: list[list[str]], n: int, seed: int) -> list[bytes]:
    """``n`` self-play games as JSON Lines texts."""
    out = []
    for i in range(n):
        rng = random.Random(seed * 100_003 + i)
        policy = "random" if i % 2 else "greedy"
        doc = play_game(db, [rng.choice(decks), rng.choice(decks)], rng, policies=(policy, policy))
        lines = [json.dumps({"format": doc["format"], "version": doc["version"], "game": doc["game"]})]
        lines += [json.dumps(a) for a in doc["actions"]]
        out.append("\n".join(lines).encode())
    return out


def bench_engine(texts: list[bytes], db: CwCardDB) -> dict[str, Any]:
    actions = 0
    start = time.process_time()
    for text in texts:
        head, *rest = text.split(b"\n")
        header = json.loads(head)["game"]
        acts = json.loads(b"[" + b",".join(rest) + b"]")
        res = fold(header, acts, db, keep_trails=False)
        assert res.ruling is None
        actions += len(acts)
    seconds = time.process_time() - start
    return {"games": len(texts), "actions": actions, "seconds": seconds, "actions_per_second": actions / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    db, decks = bundled()
    texts = clockwork_logs(db, decks, args.games, args.seed)
    pgns = random_pgn_games(args.games, args.seed)
    runs = [(bench_engine(texts, db), bench_chess(pgns, time.process_time)) for _ in range(args.repeat)]  # interleaved
    engine = max((r[0] for r in runs), key=lambda r: r["actions_per_second"])
    chess_figures = max((r[1] for r in runs), key=lambda r: r["plies_per_second"])
    ratio = engine["actions_per_second"] / chess_figures["plies_per_second"]
    report = {"engine": engine, "python_chess": chess_figures, "ratio": round(ratio, 2)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"clockwork-memorion-1 fold: {engine['actions']} actions of {engine['games']} games in {engine['seconds']:.3f} s "
              f"= {engine['actions_per_second']:.0f} actions/s")
        print(f"python-chess read_game: {chess_figures['plies']} plies in {chess_figures['seconds']:.3f} s = "
              f"{chess_figures['plies_per_second']:.0f} plies/s")
        print(f"ratio: {ratio:.2f}x")


if __name__ == "__main__":
    main()
