"""Fold speed against python-chess replaying PGN games, same machine, same run.

python-chess's ``chess.pgn.read_game`` parses SAN and checks every move; we
time it on PGN games it generated itself (random legal play, seeded), and the
engine's parse + fold with full rule checking on simulated pmemo-logs. The
ratio (engine actions/s ÷ chess plies/s) is printed; each side is timed ``--repeat`` times, interleaved, and the best
run of each is kept (a busy machine slows single runs unevenly); both sides are timed in CPU time. The build of the
fold's hot modules that ran (compiled with mypyc or pure Python: docs/compiled-build.md) is printed too. The same
games redacted to the public view
(table logs: no deck order, unlisted decks, every card identified as it is named) are folded too.

Usage: python3 benchmarks/bench_fold_vs_chess.py [--games 200] [--seed 1] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import time
from collections.abc import Callable
from typing import Any

import chess
import chess.pgn

from engine.pm import BUILD
from engine.pm.redact import redact
from pmemo_replay.cards import bundled_cards
from pmemo_replay.cli.bench import bench_fold
from pmemo_replay.logio import PmemoLog, dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs


def random_pgn_games(n: int, seed: int, max_plies: int = 200) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(max_plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        out.append(str(game))
    return out


def bench_chess(pgns: list[str], clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    plies = 0
    start = clock()
    for text in pgns:
        game = chess.pgn.read_game(io.StringIO(text))
        assert game is not None
        plies += sum(1 for _ in game.mainline_moves())
    seconds = clock() - start
    return {"games": len(pgns), "plies": plies, "seconds": seconds, "plies_per_second": plies / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3,
                        help="time each side this many times, interleaved, and keep the best (default 3)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cards = bundled_cards()
    docs = list(simulated_logs(cards, args.games, args.seed))
    logs = [dump_jsonl(load_log(doc)).encode() for doc in docs]
    tables = [dump_jsonl(PmemoLog(red.header, red.actions)).encode()
              for red in (redact(doc["game"], doc["actions"], cards, "public") for doc in docs)]
    pgns = random_pgn_games(args.games, args.seed)
    clock = time.process_time  # CPU time: other processes on the machine do not count against either side
    runs: list[tuple[dict[str, Any], dict[str, Any], dict[str, float]]] = [
        (bench_fold(logs, cards, clock), bench_fold(tables, cards, clock), bench_chess(pgns, clock))
        for _ in range(max(1, args.repeat))]
    engine = max((r[0] for r in runs), key=lambda r: r["actions_per_second"])
    public = max((r[1] for r in runs), key=lambda r: r["actions_per_second"])
    chess_figures = max((r[2] for r in runs), key=lambda r: r["plies_per_second"])
    ratio = engine["actions_per_second"] / chess_figures["plies_per_second"]
    public_ratio = public["actions_per_second"] / chess_figures["plies_per_second"]
    report = {"engine": engine, "public_table_logs": public, "python_chess": chess_figures, "ratio": round(ratio, 2),
              "public_ratio": round(public_ratio, 2), "build": str(BUILD)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"build: {BUILD}")
        print(f"engine: {engine['actions']} actions in {engine['seconds']:.3f} s = {engine['actions_per_second']:.0f} actions/s")
        print(f"python-chess read_game: {chess_figures['plies']} plies in {chess_figures['seconds']:.3f} s = "
              f"{chess_figures['plies_per_second']:.0f} plies/s")
        print(f"ratio: {ratio:.2f}x")
        print(f"public table logs: {public['actions']} actions in {public['seconds']:.3f} s = "
              f"{public['actions_per_second']:.0f} actions/s, ratio {public_ratio:.2f}x")


if __name__ == "__main__":
    main()
