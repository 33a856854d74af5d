"""Hypothesis over self-play: games re-check legal, player views never carry a hidden card, snapshots round-trip,
legal actions are accepted (bounded example counts)."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clockwork.actions import apply_action
from engine.clockwork.legal import legal_actions
from engine.clockwork.ruleset import RULESET
from engine.clockwork.selfplay import play_game
from engine.fold import fold
from engine.ruleset import strings_in
from engine.rulings import NullTrail
from tests.clockwork.kit import CARDS, FIXTURES

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECKS = [json.loads(p.read_text(encoding="utf-8"))["cards"] for p in sorted((FIXTURES / "decks").glob("*.json"))]
POLICY = st.sampled_from(["random", "greedy"])


def _game(seed: int, policy: str) -> dict:
    rng = random.Random(seed)
    return play_game(CARDS, [rng.choice(DECKS), rng.choice(DECKS)], rng, policies=(policy, policy))


@SETTINGS
@given(st.integers(0, 10**6), POLICY)
def test_self_play_games_recheck_legal(seed: int, policy: str) -> None:
    doc = _game(seed, policy)
    result = fold(doc["game"], copy.deepcopy(doc["actions"]), CARDS)
    assert result.ruling is None and result.result is not None
    assert result.applied == len(doc["actions"])


@SETTINGS
@given(st.integers(0, 10**6), POLICY, st.integers(3, 12))
def test_player_views_never_carry_a_hidden_card(seed: int, policy: str, stride: int) -> None:
    doc = _game(seed, policy)
    actions = doc["actions"]
    for cut in range(0, len(actions) + 1, stride):
        state = RULESET.to_json(fold(doc["game"], copy.deepcopy(actions[:cut]), CARDS).state)
        for seat in (0, 1):
            view = RULESET.player_view(state, seat)
            rival = view["players"][1 - seat]
            assert rival["hand"] == [None] * state["players"][1 - seat]["hand_count"]
            public = {k: v for k, v in state.items() if k != "players"}
            public["players"] = [{k: v for k, v in pl.items() if k != "hand"} for pl in state["players"]]
            allowed = strings_in(public) | set(state["players"][seat]["hand"])
            assert strings_in(view) <= allowed
        seen = RULESET.player_actions(actions[:cut], seat)
        for a in seen:
            if a["type"] in ("shuffle", "mulligan"):
                assert set(a["order"]) == {None} or not a["order"]
            if a["type"] == "mulligan" and a["p"] != seat:
                assert set(a["cards"]) == {None}


@SETTINGS
@given(st.integers(0, 10**6), POLICY, st.floats(0, 1))
def test_snapshot_round_trip_folds_on_alike(seed: int, policy: str, cut: float) -> None:
    doc = _game(seed, policy)
    actions = doc["actions"]
    n = int(len(actions) * cut)
    state = fold(doc["game"], copy.deepcopy(actions[:n]), CARDS).state
    data = json.loads(json.dumps(RULESET.to_snapshot(state)))
    back = RULESET.from_snapshot(data, CARDS)
    for a in actions[n:]:
        apply_action(state, copy.deepcopy(a), NullTrail())
        apply_action(back, copy.deepcopy(a), NullTrail())
    assert RULESET.to_json(back) == RULESET.to_json(state)


@SETTINGS
@given(st.integers(0, 10**6), st.floats(0, 1))
def test_every_listed_legal_action_is_accepted(seed: int, cut: float) -> None:
    doc = _game(seed, "random")
    state = fold(doc["game"], copy.deepcopy(doc["actions"][: int(len(doc["actions"]) * cut)]), CARDS).state
    for a in legal_actions(state):
        apply_action(state.clone(), copy.deepcopy(a), NullTrail())


_IDS = sorted(CARDS.by_id)
_POS = st.sampled_from(["ruler", "zone:0", "zone:1", "zone:2", "zone:3"])
_ZONE = st.sampled_from(["zone:0", "zone:1", "zone:2", "zone:3"])
_CARD = st.sampled_from(_IDS)
_SLOT = st.one_of(st.none(), st.lists(st.integers(0, 3), min_size=2, max_size=2))
_TARGET = st.one_of(st.fixed_dictionaries({"p": st.integers(0, 1), "at": _POS}), st.just({"at": "summoning"}))
_QUICK_ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.just("recall"), "p": st.integers(0, 1), "card": _CARD,
                           "from": st.sampled_from(["hand", "storage"]), "target": _TARGET},
                          optional={"slot": st.lists(st.integers(0, 3), min_size=2, max_size=2),
                                    "mode": st.sampled_from(["add", "rewrite"])}),
    st.fixed_dictionaries({"type": st.just("activate"), "p": st.integers(0, 1), "at": _POS,
                           "ability": st.integers(0, 3)},
                          optional={"targets": st.lists(st.one_of(st.none(), _ZONE, _CARD), max_size=2)}),
    st.fixed_dictionaries({"type": st.just("deify"), "p": st.integers(0, 1)}),
)
_ACTION = st.one_of(
    _QUICK_ACTION,
    st.fixed_dictionaries({"type": st.just("summon"), "card": _CARD, "at": _ZONE},
                          optional={"slots": st.lists(_SLOT, max_size=2),
                                    "interrupts": st.lists(_QUICK_ACTION, max_size=2)}),
    st.fixed_dictionaries({"type": st.just("inherit"), "card": _CARD, "at": _POS, "slot": _SLOT}),
    st.fixed_dictionaries({"type": st.sampled_from(["move"]), "from": _ZONE, "to": _ZONE}),
    st.fixed_dictionaries({"type": st.just("move_memorion"), "card": _CARD, "from": _POS, "to": _POS, "slot": _SLOT}),
    st.fixed_dictionaries({"type": st.just("attack"), "at": _ZONE},
                          optional={"interrupts": st.lists(_QUICK_ACTION, max_size=2)}),
    st.fixed_dictionaries({"type": st.just("block"), "with": st.lists(_ZONE, max_size=3)}),
    st.fixed_dictionaries({"type": st.just("damage")},
                          optional={"split": st.lists(st.fixed_dictionaries({"at": _POS, "n": st.integers(0, 600)}),
                                                      max_size=3)}),
    st.fixed_dictionaries({"type": st.just("trigger"), "at": _POS, "ability": st.integers(0, 2)},
                          optional={"targets": st.lists(st.one_of(st.none(), _ZONE, _CARD), max_size=2),
                                    "choices": st.lists(st.sampled_from(["stand", "action", "hand", "storage"]), max_size=2),
                                    "ops": st.lists(st.fixed_dictionaries({"op": st.just("counter"), "p": st.integers(0, 1),
                                                                           "n": st.integers(-2, 2)}), max_size=2)}),
    st.fixed_dictionaries({"type": st.sampled_from(["end_phase", "end_turn", "keep", "concede"])}),
    st.fixed_dictionaries({"type": st.just("discard"), "cards": st.lists(_CARD, max_size=2)}),
)


@SETTINGS
@given(seed=st.integers(0, 10**6), cut=st.floats(0, 1),
       junk=st.lists(st.tuples(st.integers(0, 1), _ACTION), max_size=12))
def test_arbitrary_actions_are_ruled_not_crashed(seed: int, cut: float, junk: list) -> None:
    from engine.fold import Folder
    from engine.rulings import IllegalAction

    doc = _game(seed, "random")
    k = int(cut * len(doc["actions"]))
    folder = Folder(doc["game"], CARDS)
    for action in doc["actions"][:k]:
        folder.push(action)
    for p, action in junk:
        try:
            folder.push({**action, "p": p})
        except IllegalAction as err:
            ref = err.ruling.to_json()["ref"]
            assert ref is None or ref.startswith("Clockwork Memorion")
        assert isinstance(RULESET.to_json(folder.state), dict)
        legal_actions(folder.state)


def test_self_play_logs_hold_interrupts_and_recall_times() -> None:
    """Self-play nests listed quick actions as interrupts and recalls in Recall Times now and then (review r24
    finding 11), so the re-checks above fold ``interrupts`` and ``time`` lists too."""
    docs = [_game(seed, ("random", "greedy")[seed % 2]) for seed in range(10)]
    found = [a for doc in docs for a in doc["actions"]]
    assert sum(bool(a.get("interrupts")) for a in found) >= 5
    assert sum(bool(a.get("time")) for a in found) >= 1
    for doc in docs:
        assert fold(doc["game"], copy.deepcopy(doc["actions"]), CARDS).ruling is None
