"""The timing loop shared by the per-game fold benchmarks (bench_mahou_fold.py, bench_clockwork_fold.py).

A game's benchmark gives its bundled card file and decks, its self-play and its card parser; this module writes
self-play logs as JSON Lines, times decoding and folding them (full rule checking, no trails) against python-chess
``read_game`` on random PGN games (bench_fold_vs_chess.py), each side the best of ``--repeat`` runs, interleaved,
in CPU time, and prints the ratio (engine actions/s ÷ chess plies/s).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_fold_vs_chess import bench_chess, random_pgn_games  # the same python-chess reference (benchmarks/ is on the path)

from engine.fold import fold

PlayGame = Callable[..., dict[str, Any]]


def bundled(fixtures: Path, parse_cards: Callable[[Any], Any]) -> tuple[Any, list[list[str]]]:
    """The card database of ``fixtures``/cards.json and the card lists of ``fixtures``/decks/*.json."""
    db = parse_cards(json.loads((fixtures / "cards.json").read_text()))
    decks = [json.loads(p.read_text())["cards"] for p in sorted((fixtures / "decks").glob("*.json"))]
    return db, decks


def self_play_logs(play_game: PlayGame, db: Any, decks: list[list[str]], n: int, seed: int) -> list[bytes]:
    """``n`` self-play games (half greedy, half random) as JSON Lines texts."""
    out = []
    for i in range(n):
        rng = random.Random(seed * 100_003 + i)
        policy = "random" if i % 2 else "greedy"
        doc = play_game(db, [rng.choice(decks), rng.choice(decks)], rng, policies=(policy, policy))
        lines = [json.dumps({"format": doc["format"], "version": doc["version"], "game": doc["game"]})]
        lines += [json.dumps(a) for a in doc["actions"]]
        out.append("\n".join(lines).encode())
    return out


def bench_engine(texts: list[bytes], db: Any) -> dict[str, Any]:
    """Decode and fold every log (CPU time); each must fold legal to its end."""
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


def compare(texts: list[bytes], db: Any, pgns: list[str], repeat: int) -> dict[str, Any]:
    """Both sides ``repeat`` times, interleaved; each side's best run and the ratio."""
    runs = [(bench_engine(texts, db), bench_chess(pgns, time.process_time)) for _ in range(repeat)]
    engine = max((r[0] for r in runs), key=lambda r: r["actions_per_second"])
    chess_figures = max((r[1] for r in runs), key=lambda r: r["plies_per_second"])
    ratio = engine["actions_per_second"] / chess_figures["plies_per_second"]
    return {"engine": engine, "python_chess": chess_figures, "ratio": round(ratio, 2)}


def main(ruleset: str, description: str | None, fixtures: Path, parse_cards: Callable[[Any], Any],
         play_game: PlayGame, *, games: int, build: str | None = None) -> None:
    """The command line of a game's fold benchmark: ``--games``, ``--seed``, ``--repeat``, ``--json``; ``build``
    names the build of the engine that ran (compiled or pure Python), reported with the figures."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    db, decks = bundled(fixtures, parse_cards)
    texts = self_play_logs(play_game, db, decks, args.games, args.seed)
    report = compare(texts, db, random_pgn_games(args.games, args.seed), args.repeat)
    if build is not None:
        report["build"] = build
    if args.json:
        print(json.dumps(report))
        return
    engine, chess_figures = report["engine"], report["python_chess"]
    if build is not None:
        print(f"{ruleset} build: {build}")
    print(f"{ruleset} fold: {engine['actions']} actions of {engine['games']} games in {engine['seconds']:.3f} s "
          f"= {engine['actions_per_second']:.0f} actions/s")
    print(f"python-chess read_game: {chess_figures['plies']} plies in {chess_figures['seconds']:.3f} s = "
          f"{chess_figures['plies_per_second']:.0f} plies/s")
    print(f"ratio: {engine['actions_per_second'] / chess_figures['plies_per_second']:.2f}x")
