"""Hypothesis properties of the fold: determinism, both log forms alike, state and snapshot round trips."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fold import Folder, fold
from engine.pm.legal import legal_actions
from engine.pm.selfplay import greedy_policy, play_game, random_policy
from engine.pm.snapshot import from_snapshot, to_snapshot
from engine.pm.state import GameState
from pmemo_replay.checking import check_text
from pmemo_replay.logio import dump_json, dump_jsonl, parse_log
from tests.engine.kit import DB

DECK_CARDS = ["TST 01-001", "TST 01-002", "TST 01-003", "TST 01-004", "TST 01-005", "TST 01-006", "TST 01-007",
              "TST 01-008", "TST 01-015", "TST 01-016", "TST 01-017", "TST 02-001", "TST 02-002", "TST 02-006",
              "TST 90-001"]
DECK = [c for c in DECK_CARDS for _ in range(4)]
seeds = st.integers(min_value=0, max_value=2**32 - 1)
policies = st.sampled_from([random_policy, greedy_policy])


def _game(seed: int, policy) -> dict:  # type: ignore[no-untyped-def]
    return play_game(DB, [DECK, DECK], random.Random(seed), policies=(policy, policy))


@settings(max_examples=15, deadline=None)
@given(seeds, policies)
def test_selfplay_games_are_legal_and_fold_is_deterministic(seed: int, policy) -> None:  # type: ignore[no-untyped-def]
    log = _game(seed, policy)
    a = fold(log["game"], log["actions"], DB)
    b = fold(log["game"], log["actions"], DB)
    assert a.ruling is None, a.ruling.to_json()
    assert a.result is not None, "self-play games end by the rules"
    assert a.state_json() == b.state_json()
    assert [t.to_json() for t in a.trails] == [t.to_json() for t in b.trails]
    assert _game(seed, policy) == log, "same seed, same log"


@settings(max_examples=10, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=400))
def test_json_and_jsonl_forms_rule_alike(seed: int, cut: int) -> None:
    doc = _game(seed, random_policy)
    doc["actions"] = doc["actions"][: cut + 4]
    if cut % 3 == 0 and len(doc["actions"]) > 6:  # make some logs illegal
        doc["actions"].insert(5, {"type": "approach", "p": 1, "card": "TST 01-001"})
    log = parse_log(json.dumps(doc))
    as_json = check_text(dump_json(log), DB).to_json()
    as_jsonl = check_text(dump_jsonl(log), DB).to_json()
    assert as_json == as_jsonl


@settings(max_examples=10, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300))
def test_state_json_and_snapshot_round_trip(seed: int, cut: int) -> None:
    log = _game(seed, greedy_policy)
    actions = log["actions"]
    n = min(cut + 4, len(actions))
    res = fold(log["game"], actions, DB, at=n)
    state = res.state_json()
    assert json.loads(json.dumps(state)) == state
    snap = json.loads(json.dumps(to_snapshot(res.state)))
    restored = from_snapshot(snap, DB)
    assert isinstance(restored, GameState)
    assert res.ruleset.to_json(restored) == state
    # folding on from the restored snapshot ends exactly where the full fold ends
    folder = Folder(log["game"], DB, state=restored, offset=n)
    for action in actions[n:]:
        folder.push(action)
    assert folder.ruleset.to_json(folder.settle()) == fold(log["game"], actions, DB).state_json()


@settings(max_examples=5, deadline=None)
@given(seeds)
def test_every_generated_action_is_accepted(seed: int) -> None:
    rng = random.Random(seed)
    log = _game(seed, random_policy)
    folder = Folder(log["game"], DB)
    for action in log["actions"]:
        g: GameState = folder.state
        if g.phase != "setup" and g.result is None:
            options = legal_actions(g)
            assert options, "no reachable state before the game ends has zero legal actions"
            for option in rng.sample(options, min(3, len(options))):
                Folder(log["game"], DB, state=g.clone(), offset=folder.applied).push(option)
        folder.push(action)
