"""The fold's common path rules exactly as the full path: the quick shape checks accept only what the full check
accepts, a plain action applied the quick way leaves the state the full way leaves, and the bookkeeping kept for
speed (the units that may carry a summon_level op, the units a destruction sweep must look at) gives what a scan of
the whole field gives (issue 24, speed)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clockwork.actions import _apply_checked, apply_action
from engine.clockwork.ruleset import RULESET
from engine.clockwork.schema import PLAIN_CHECKS, action_card_ids, action_problem
from engine.clockwork.selfplay import play_game
from engine.clockwork.state import Game
from engine.clockwork.values import continuous_values, summon_level
from engine.fold import fold
from engine.rulings import IllegalAction, NullTrail
from tests.clockwork.kit import CARDS, FIXTURES

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECKS = [json.loads(p.read_text(encoding="utf-8"))["cards"] for p in sorted((FIXTURES / "decks").glob("*.json"))]
WEIRD: list[Any] = [None, True, 1.0, -1, 2, "x", "zone:9", "summoning", [], [0], [0, -1], [True, 0], {}, {"at": "zone:0"},
                    [None], ["zone:0", "zone:0"], [{"at": "ruler", "n": 0}], ["CWX 999"]]


def _game(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    policy = "random" if seed % 2 else "greedy"
    return play_game(CARDS, [rng.choice(DECKS), rng.choice(DECKS)], rng, policies=(policy, policy))


def _ruling(apply: Any, state: Any, action: dict[str, Any]) -> tuple[str, str] | None:
    try:
        apply(state, copy.deepcopy(action), NullTrail())
    except IllegalAction as err:
        return str(err.ruling.rule), err.ruling.message
    return None


@SETTINGS
@given(st.integers(0, 10**6))
def test_quick_and_full_paths_leave_the_same_state(seed: int) -> None:
    doc = _game(seed)
    quick = RULESET.new_state(doc["game"], CARDS)
    full = RULESET.new_state(doc["game"], CARDS)
    for a in doc["actions"]:
        apply_action(quick, copy.deepcopy(a), NullTrail())
        _apply_checked(full, copy.deepcopy(a), NullTrail())
        assert RULESET.to_snapshot(quick) == RULESET.to_snapshot(full)
    assert quick.result is not None


@SETTINGS
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_quick_checks_accept_only_well_formed_actions_and_rule_alike(seed: int, salt: int) -> None:
    doc = _game(seed)
    rng = random.Random(salt)
    actions = doc["actions"]
    for n in range(0, len(actions), 9):
        a = copy.deepcopy(actions[n])
        key = rng.choice([*(k for k in a if k != "type"), "extra", "targets", "slots", "split"])  # (type: see schema)
        if rng.random() < 0.2:
            a.pop(key, None)
        else:
            a[key] = copy.deepcopy(rng.choice(WEIRD))
        check = PLAIN_CHECKS.get(a["type"])
        if check is not None and check(a, CARDS.by_id):
            assert action_problem(a) is None
            assert all(cid in CARDS.by_id for _, cid in action_card_ids(a))
        state = fold(doc["game"], copy.deepcopy(actions[:n]), CARDS).state
        assert _ruling(apply_action, state.clone(), a) == _ruling(_apply_checked, state.clone(), a)


def _summon_level_by_scan(g: Game, p: int) -> int:
    """The summon level with every unit on the field looked at (values.summon_level without Game.level_units)."""
    ruler = g.players[p].ruler
    if ruler is None:
        return 0
    level = g.cards.by_id[ruler.card].faces[ruler.face]["summon_level"] + ruler.level_mods
    for owner, pl in enumerate(g.players):
        for u in (pl.ruler, *pl.zones):
            if u is not None:
                level += sum(n for own, n in continuous_values(g, u)[3] if own == (owner == p))
    return level


@SETTINGS
@given(st.integers(0, 10**6))
def test_bookkeeping_rules_as_a_scan_of_the_field(seed: int) -> None:
    doc = _game(seed)
    kept = RULESET.new_state(doc["game"], CARDS)
    scanned = RULESET.new_state(doc["game"], CARDS)
    for a in doc["actions"]:
        scanned.suspects = None  # its first sweep in this action looks at every unit on the field
        apply_action(kept, copy.deepcopy(a), NullTrail())
        apply_action(scanned, copy.deepcopy(a), NullTrail())
        assert RULESET.to_snapshot(kept) == RULESET.to_snapshot(scanned)
        for p in (0, 1):
            assert summon_level(kept, p) == _summon_level_by_scan(kept, p)
