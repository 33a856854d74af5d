"""Fuzzing the check: mutated logs through ``check_text`` and the ``check`` command (in process)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_text
from pmemo_replay.cli import main
from tests.fuzz.strategies import FUZZ, hostile_logs

CARDS = bundled_cards()
REPORT_KEYS = {"valid", "applied", "ruling", "state", "result"}
EXAMPLES = {"function": 2500, "command": 700}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@settings(FUZZ, max_examples=EXAMPLES["function"])
@given(hostile_logs(), st.none() | st.integers(0, 400))
def test_check_text_answers_every_input(data: bytes, at: int | None) -> None:
    report = check_text(data, CARDS, at=at)
    assert report.exit_code in (0, 1, 2)
    assert report.valid == (report.exit_code == 0) and (report.ruling is None) == report.valid
    body = report.to_json()
    assert set(body) == REPORT_KEYS
    json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")  # printable as UTF-8 JSON
    if report.ruling is not None:
        assert {"index", "path", "rule", "ref", "message"} <= report.ruling.keys()


@settings(FUZZ, max_examples=EXAMPLES["command"])
@given(hostile_logs(), st.booleans(), st.none() | st.integers(-2, 400), st.sampled_from(("log.json", "log.jsonl", "log")))
def test_check_command_exits_0_1_2_and_prints_json(folder: Path, data: bytes, as_json: bool, at: int | None, name: str) -> None:
    path = folder / name
    path.write_bytes(data)
    argv = ["check", str(path), *(["--json"] if as_json else []), *([] if at is None else ["--at", str(at)])]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 1, 2) and "Traceback" not in err.getvalue()
    out.getvalue().encode("utf-8")
    if as_json:
        assert json.loads(out.getvalue()).keys() >= REPORT_KEYS
