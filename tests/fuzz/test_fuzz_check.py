"""Fuzzing the check: mutated logs through ``check_text`` and the ``check`` command (in process)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pmemo_replay.cards import bundled_cards
from tests.fuzz import properties
from tests.fuzz.strategies import FUZZ, examples, hostile_logs

CARDS = bundled_cards()
EXAMPLES = {"function": examples(500), "command": examples(150)}  # longer runs: benchmarks/fuzz_long.py --targets check,command


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@settings(FUZZ, max_examples=EXAMPLES["function"])
@given(hostile_logs(), st.none() | st.integers(0, 400))
def test_check_text_answers_every_input(data: bytes, at: int | None) -> None:
    properties.check_function(data, CARDS, at)


@settings(FUZZ, max_examples=EXAMPLES["command"])
@given(hostile_logs(), st.booleans(), st.none() | st.integers(-2, 400), st.sampled_from(("log.json", "log.jsonl", "log")))
def test_check_command_exits_0_1_2_and_prints_json(folder: Path, data: bytes, as_json: bool, at: int | None, name: str) -> None:
    properties.check_command(folder / name, data, as_json, at)
