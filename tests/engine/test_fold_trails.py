"""A fold keeping no trails (the fast path: Precious Memories' ``apply`` starts a waiting turn itself, so the fold
skips ``before``) ends exactly where a fold keeping trails does: same state, same ruling, same implied passes, on
legal logs, every MHK card's logs (legal and illegal), redacted table logs, and well-typed mutations."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fold import fold
from engine.pm.redact import redact
from pmemo_replay.cards import bundled_cards
from pmemo_replay.simulate import simulated_logs
from tests.fuzz.strategies import _shuffle_actions as shuffle_actions

CARD_LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "cards" / "mhk-logs"
CARDS = bundled_cards()
#: the two tests that fold the simulated games share one xdist worker, which makes them once (on first use: every
#: worker imports the module to collect the suite)
pytestmark = pytest.mark.xdist_group("fold-trails")


@cache
def games() -> tuple[dict[str, Any], ...]:
    """12 simulated games (seed 23)."""
    return tuple(simulated_logs(CARDS, 12, 23))


def _outcome(header: dict[str, Any], actions: list[dict[str, Any]], *, keep: bool) -> tuple[Any, ...]:
    result = fold(header, actions, CARDS, keep_trails=keep)
    ruling = None if result.ruling is None else (result.ruling.rule, result.ruling.index, result.ruling.path)
    return result.applied, ruling, dict(result.implied), json.dumps(result.state_json(), sort_keys=True)


def _same(header: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    assert _outcome(header, actions, keep=False) == _outcome(header, actions, keep=True)


def _card_log_cases() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    cases = []
    for path in sorted(CARD_LOGS.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        cases.append((f"{path.stem}-legal", doc["game"], doc["legal"]["actions"]))
        legal = doc["legal"]["actions"]
        cases += [(f"{path.stem}-illegal{i}", doc["game"], [*legal[: bad["keep"]], *bad["tail"]])
                  for i, bad in enumerate(doc.get("illegal", []))]
    return cases


def test_simulated_games_and_their_table_logs() -> None:
    for doc in games():
        _same(doc["game"], doc["actions"])
        for seat in (0, 1, "public"):
            red = redact(doc["game"], doc["actions"], CARDS, seat)
            _same(red.header, red.actions)


@pytest.mark.parametrize(("name", "header", "actions"), _card_log_cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_mhk_card_log(name: str, header: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    _same(header, actions)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_well_typed_mutations(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(games())))
    actions = doc["actions"][: data.draw(st.integers(0, len(doc["actions"])))]
    doc["actions"] = actions
    for _ in range(data.draw(st.integers(1, 3))):
        shuffle_actions(data.draw, doc)  # drop, duplicate or swap actions (the fuzz tests' well-typed mutation)
    _same(doc["game"], doc["actions"])
