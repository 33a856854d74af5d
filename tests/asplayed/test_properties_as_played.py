"""Invariants of folding as played (docs/as-played.md), over simulated games with one payment cut short or one pass
given to the player without the right:

- a legal log folds the same with and without the flag (nothing irregular);
- an as-played fold with trails kept and without them ends in the same state with the same rulings (the rebuild
  replays irregular actions as carried out);
- an as-played fold that stops applies nothing after that action, and every ruling it kept is the refusal the plain
  fold gives at that action's place when folded up to it.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.simulate import simulated_logs


@cache
def games() -> tuple[Any, ...]:
    return tuple(simulated_logs(bundled_cards(), 4, 2222))


def mutated(doc: Any, pick: int, kind: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    actions = copy.deepcopy(doc["actions"])
    if kind == "short":
        paid = [i for i, a in enumerate(actions) if a["type"] in ("summon", "play_event") and a.get("pay")]
        i = paid[pick % len(paid)]
        actions[i]["pay"] = actions[i]["pay"][:-1]
    else:
        plays = [i for i, a in enumerate(actions) if a["type"] == "pass" and i > 8]
        i = plays[pick % len(plays)]
        actions[i] = {**actions[i], "p": 1 - actions[i]["p"]}  # a pass by the player without the right
    return {**doc["game"], "as_played": True}, actions


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 3), st.integers(0, 10_000), st.sampled_from(["short", "wrong pass"]))
def test_as_played_folds_agree_and_rule_like_the_plain_fold(game: int, pick: int, kind: str) -> None:
    doc = games()[game]
    cards = bundled_cards()
    plain = fold(doc["game"], doc["actions"], cards)
    flagged = fold({**doc["game"], "as_played": True}, doc["actions"], cards)
    assert plain.ruling is None and flagged.irregular == [] and flagged.state_json() == plain.state_json()
    header, actions = mutated(doc, pick, kind)
    kept = fold(header, actions, cards)
    bare = fold(header, actions, cards, keep_trails=False)
    assert kept.state_json() == bare.state_json() and kept.irregular == bare.irregular
    assert (kept.ruling is None) == (bare.ruling is None)
    for ruling in kept.irregular:  # each irregularity that stood is what the plain fold refuses first there
        up_to = fold(doc["game"], actions[: ruling.index + 1], cards)
        if up_to.ruling is not None and up_to.ruling.index == ruling.index:
            assert up_to.ruling.rule in {r.rule for r in kept.irregular if r.index == ruling.index}
    if kept.ruling is not None:  # it stopped: nothing after the action it could not carry out was applied
        assert kept.applied == kept.ruling.index and all(r.index < kept.ruling.index for r in kept.irregular)
