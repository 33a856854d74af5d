"""The statistics benchmark at a small scale: synthesized warehouse rows, DuckDB and both pandas versions agree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.synth import synthesize
from dashboards.filters import Filters
from dashboards.queries import statistics

ROOT = Path(__file__).resolve().parents[2]


def test_bench_stats_small_run() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_stats.py"), "--games", "3000", "--repeat", "1",
                          "--pandas-repeat", "1", "--json"], capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout)  # the script exits non-zero when pandas and DuckDB disagree
    assert result["games"] == 3000 and result["player_games"] == 6000
    assert result["all"]["player_games"] == 6000 and result["filtered"]["player_games"] < 6000


def test_synthesized_rows_read_like_projected_ones(tmp_path: Path) -> None:
    counts = synthesize(tmp_path, 500, seed=3)
    assert counts["player_games"] == 1000 and counts["card_games"] >= 15 * 1000
    for kind in ("cards", "decks", "matchups", "first", "trends"):
        body = statistics(tmp_path, kind, Filters())
        assert body["covers"] == {"games": 500, "player_games": 1000, "known_hands_player_games": 1000,
                                  **({"dated_player_games": 1000} if kind == "trends" else {})}
    cards = statistics(tmp_path, "cards", Filters())["rows"]
    assert all(r["gih_games"] + r["gns_games"] == r["games"] and r["oh_games"] <= r["gih_games"] for r in cards)
    first = statistics(tmp_path, "first", Filters())["overall"]
    assert first["games"] == 500 and first["wr"] > 0.5  # the synthesizer gives the first player an edge
