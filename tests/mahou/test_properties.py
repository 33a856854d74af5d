"""Properties over self-played games (hypothesis): determinism, legal actions accepted, no dead ends, snapshots,
and robustness against arbitrary actions."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.fold import Folder, fold
from engine.mahou.legal import actor, legal_actions
from engine.mahou.selfplay import play_game
from engine.mahou.snapshot import from_snapshot, to_snapshot
from engine.mahou.view import state_json
from engine.rulings import IllegalAction, NullTrail, Trail
from tests.mahou.kit import bundled

DB, DECKS = bundled()
NAMES = sorted(DECKS)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, policy: str) -> dict[str, Any]:
    rng = random.Random(seed)
    a, b = rng.choice(NAMES), rng.choice(NAMES)
    return play_game(DB, [DECKS[a], DECKS[b]], rng, policies=(policy, policy))


@SETTINGS
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["random", "greedy"]))
def test_fold_is_deterministic(seed: int, policy: str) -> None:
    doc = _game(seed, policy)
    assert doc == _game(seed, policy)
    one, two = fold(doc["game"], doc["actions"], DB), fold(doc["game"], doc["actions"], DB)
    assert one.ruling is None and two.ruling is None
    assert one.state_json() == two.state_json()
    assert [t.to_json() for t in one.trails] == [t.to_json() for t in two.trails]
    assert one.result is not None and one.state_json()["phase"] == "over"


@SETTINGS
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["random", "greedy"]), stride=st.integers(1, 7))
def test_legal_actions_are_accepted_and_never_run_out(seed: int, policy: str, stride: int) -> None:
    doc = _game(seed, policy)
    folder = Folder(doc["game"], DB, keep_trails=False)
    for i, action in enumerate(doc["actions"]):
        g = folder.state
        options = legal_actions(g)
        assert options, f"no legal action at {i} (turn {g.turn}, phase {g.phase})"
        who = actor(g)
        if who is not None:
            assert any(a["p"] == who for a in options), f"player {who} has nothing to do at {i}"
        if i % stride == 0:
            for a in options:
                folder.ruleset.apply(g.clone(), a, NullTrail())  # raises if illegal
        folder.push(action)
    assert folder.state.result is not None and legal_actions(folder.state) == []


@SETTINGS
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["random", "greedy"]), cut=st.floats(0, 1))
def test_snapshot_round_trip(seed: int, policy: str, cut: float) -> None:
    doc = _game(seed, policy)
    k = int(cut * len(doc["actions"]))
    head = fold(doc["game"], doc["actions"], DB, at=k)
    snap = to_snapshot(head.state)
    restored = from_snapshot(snap, DB)
    assert state_json(restored) == head.state_json()
    assert to_snapshot(restored) == snap
    folder = Folder(doc["game"], DB, state=restored, offset=k)
    for action in doc["actions"][k:]:
        folder.push(action)
    assert state_json(folder.settle()) == fold(doc["game"], doc["actions"], DB).state_json()


_IDS = sorted(c.id for c in DB)
_POS = st.sampled_from(["active", "squad:0", "squad:1", "squad:2"])
_ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["attack", "draw", "end_turn", "out_of_heroes", "concede"])}),
    st.fixed_dictionaries({"type": st.sampled_from(["transform"]), "card": st.sampled_from(_IDS), "onto": _POS}),
    st.fixed_dictionaries({"type": st.sampled_from(["grand_transform", "play_pet"]), "card": st.sampled_from(_IDS)}),
    st.fixed_dictionaries({"type": st.just("retreat"), "with": _POS}),
    st.fixed_dictionaries({"type": st.just("promote"), "from": _POS}),
    st.fixed_dictionaries({"type": st.just("place_hero"), "card": st.sampled_from(_IDS),
                           "to": st.sampled_from(["squad", "active"])}),
    st.fixed_dictionaries({"type": st.sampled_from(["play_power", "play_event"]), "card": st.sampled_from(_IDS),
                           "targets": st.lists(st.sampled_from([*_IDS[:5], "active", "squad:0", "x"]), max_size=2)}),
    st.fixed_dictionaries({"type": st.sampled_from(["search", "shuffle", "redraw"]),
                           "cards": st.lists(st.sampled_from(_IDS), max_size=3)}),
)


@SETTINGS
@given(seed=st.integers(0, 10**6), cut=st.floats(0, 1), junk=st.lists(st.tuples(st.integers(0, 1), _ACTION), max_size=12))
def test_arbitrary_actions_are_ruled_not_crashed(seed: int, cut: float, junk: list[tuple[int, dict[str, Any]]]) -> None:
    doc = _game(seed, "random")
    k = int(cut * len(doc["actions"]))
    folder = Folder(doc["game"], DB)
    for action in doc["actions"][:k]:
        folder.push(action)
    for p, action in junk:
        try:
            folder.push({**action, "p": p})
        except IllegalAction as err:
            assert err.ruling.to_json()["ref"] is None or err.ruling.to_json()["ref"].startswith("Mahou Shoujo")
        assert isinstance(state_json(folder.state), dict)
    Trail()  # trails stay usable after rulings
