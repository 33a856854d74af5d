"""benchmarks/bench_merge.py: a length no simulated game reaches is a clear error (exit 2), not StopIteration."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_merge.py"


def test_too_long_a_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_merge", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--actions", "700", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "none of 2 simulated games has 700 actions (the longest has " in err
    assert bench.main(["--actions", "40", "--games", "2", "--repeat", "1", "--json"]) == 0
    assert '"actions": 40' in capsys.readouterr().out
