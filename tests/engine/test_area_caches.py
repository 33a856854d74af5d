"""The Area caches hold what a fresh look at the Area gives.

engine.pm.stats caches, per ``GameState.area_gen``, the Charas whose continuous steps reach other Charas and those
listening for what happens to other Charas; ``stats.area_changed`` bumps ``area_gen`` only when such a Chara (or one
the database does not hold by its id) enters, leaves or levels up. After every action of self-play games, on the
bundled MHK cards and on compiled precious-data sets, the cached lists equal those worked out afresh on a clone, and
a fold that bumps ``area_gen`` on every Area change (as before the cache was kept across other changes) ends in the
same state with the same ruling.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.pm
from engine.fold import Folder, fold
from engine.pm import stats
from engine.pm.cards import CardDB
from engine.pm.simulate_cards import simulate
from engine.pm.state import GameState
from engine.rulings import IllegalAction
from pmemo_replay.cards import bundled_cards
from pmemo_replay.simulate import simulated_logs
from tests.effects.test_issue26_engine import DATA
from tests.pm_cards import read_precious

CARDS = bundled_cards()
SETS = ("SAGA", "GRAN")
#: the compiled build runs (engine.pm.BUILD): mock.patch of a module function does not reach compiled callers
COMPILED = engine.pm.BUILD.kind == "mypyc"


@cache
def compiled(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


def _uids(charas: Any) -> list[int]:
    return [c.uid for c in charas]


def _cached_vs_fresh(g: GameState) -> None:
    fresh = g.clone()  # a clone starts without the caches: its lists are worked out afresh
    assert {k: _uids(v) for k, v in stats.watchers(g).items()} == {k: _uids(v) for k, v in stats.watchers(fresh).items()}
    assert _uids(stats._wide_charas(g)) == _uids(stats._wide_charas(fresh))
    assert stats._wide_ops(g) == stats._wide_ops(fresh)
    for p in g.players:
        for c in (*p.main, *p.support):
            assert g.on_area(c) and g.chara_by_uid(c.uid) is c


def _check_every_action(header: dict[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> None:
    folder = Folder(header, cards, keep_trails=False)
    for action in actions:
        try:
            folder.push(action)
        except IllegalAction:
            return
        _cached_vs_fresh(folder.state)


def _always_bump(g: GameState, *cards: str) -> None:
    g.area_gen += 1


@contextmanager
def _bumping_every_change() -> Iterator[None]:
    with mock.patch("engine.pm.zones.area_changed", _always_bump), mock.patch.object(stats, "area_changed", _always_bump):
        yield


def _outcome(header: dict[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> tuple[Any, ...]:
    res = fold(header, actions, cards, keep_trails=True)
    ruling = None if res.ruling is None else res.ruling.to_json()
    trails = [t.to_json() for t in res.trails]
    return res.applied, ruling, dict(res.implied), json.dumps(res.state_json(), sort_keys=True), trails


def _same_as_bumping(header: dict[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> None:
    if COMPILED:  # compiled modules call area_changed directly: the patch cannot reach them (see test_bumping_when_compiled)
        return
    kept = _outcome(header, actions, cards)
    with _bumping_every_change():
        assert _outcome(header, actions, cards) == kept
    # an illegal log (one action dropped) rebuilds the state: the same ruling either way
    cut = [*actions[: len(actions) // 2], *actions[len(actions) // 2 + 1:]]
    kept = _outcome(header, cut, cards)
    with _bumping_every_change():
        assert _outcome(header, cut, cards) == kept


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_mhk_self_play(seed: int) -> None:
    (doc,) = simulated_logs(CARDS, 1, seed)
    _check_every_action(doc["game"], doc["actions"], CARDS)
    _same_as_bumping(doc["game"], doc["actions"], CARDS)


@pytest.mark.skipif(not all((DATA / s).is_dir() for s in SETS), reason="the precious-data sets are not next to the project")
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), which=st.sampled_from(SETS))
def test_compiled_set_self_play(seed: int, which: str) -> None:
    cards = compiled(which)
    logs: list[dict[str, Any]] = []
    simulate(cards, 2, seed, logs=logs)
    assert logs
    for doc in logs:
        _check_every_action(doc["game"], doc["actions"], cards)
        _same_as_bumping(doc["game"], doc["actions"], cards)


@pytest.mark.skipif(not COMPILED, reason="pure Python: the tests above compare with a fold that bumps on every change")
def test_bumping_when_compiled() -> None:
    """With the compiled build the comparison with a fold that bumps ``area_gen`` on every Area change runs in pure
    Python (PMEMO_PURE=1), on an MHK game and, where the data is there, a game on each compiled set."""
    code = ("from engine.pm.simulate_cards import simulate\n"
            "from tests.engine import test_area_caches as t\n"
            "assert not t.COMPILED\n"
            "(doc,) = t.simulated_logs(t.CARDS, 1, 5)\n"
            "t._same_as_bumping(doc['game'], doc['actions'], t.CARDS)\n"
            "for name in t.SETS if all((t.DATA / s).is_dir() for s in t.SETS) else ():\n"
            "    logs = []\n"
            "    simulate(t.compiled(name), 1, 5, logs=logs)\n"
            "    for doc in logs:\n"
            "        t._same_as_bumping(doc['game'], doc['actions'], t.compiled(name))\n"
            "print('checked')\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, check=True,
                          env=os.environ | {"PMEMO_PURE": "1", "PYTHONPATH": str(root)})
    assert done.stdout.decode().split() == ["checked"]
