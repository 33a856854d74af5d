"""Issue 21, two seats: every stop of the merge says what really happened and can be answered.

- A seat's own log refusing its own copy of an action the judge's log takes is a ``refused`` disagreement naming
  that seat and the rule (it used to read "game action k, as merged, is refused"); taking the other seat's version
  answers it, taking the refusing seat's cannot (``cannot_take`` says why).
- Every stop merges the actions before the disagreement and no more, its ``steps`` ending at the disagreement (a
  seat's refused ``identify`` used to keep game action k merged).
- A disagreement before the first game action is answered by a pick under ``START``.
- A card one seat named by its own ``identify`` earlier and the other names otherwise later: taking the later
  seat's version drops the earlier ``identify`` and goes on (it used to stop again there, "cannot be taken here").

Each is built from simulated games' seat redactions (``redact --view 0|1``), against their judge redaction."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.merge import START, Merged, merge
from engine.ruleset import Redaction
from tests.generic.test_merge import CARDS, PM, _game_steps, game, views

Actions = list[dict[str, Any]]


def _merged(seed: int, actions: list[Actions], picks: dict[int | str, tuple[str, int]] | None = None) -> Merged:
    seats = views(seed)
    return merge(PM, CARDS, [(seats[0].header, actions[0]), (seats[1].header, actions[1])], picks)


def _stops_before(out: Merged, judge: Redaction) -> None:
    """The merge stopped at its disagreement's game action with exactly the judge's log before it merged."""
    d = out.disagreement
    assert d is not None and d.step is not None
    assert out.actions == judge.actions[:judge.steps[d.step]], d
    assert out.steps == judge.steps[:d.step + 1] and out.steps[-1] == len(out.actions)


def _replaced(seat: int) -> tuple[int, list[Actions], int]:
    """A game where seat ``seat`` left out (null) the Chara its own summon replaced: the seed, both seats' actions,
    the summon's game action number."""
    for seed in range(60):
        actions = [copy.deepcopy(v.actions) for v in views(seed)[:2]]
        steps = _game_steps(actions[seat])
        at = next((k for k, i in enumerate(steps) if actions[seat][i]["type"] == "summon"
                   and actions[seat][i]["p"] == seat and actions[seat][i].get("replace")), None)
        if at is not None:
            actions[seat][steps[at]]["replace"] = None
            return seed, actions, at
    raise AssertionError("no summon replacing a Chara in 60 games")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seats_log_refusing_its_own_copy_names_that_seat(seat: int) -> None:
    seed, actions, k = _replaced(seat)
    judge = views(seed)[2]
    out = _merged(seed, actions)
    d = out.disagreement
    assert d is not None and d.kind == "refused" and d.step == k, d
    assert "as merged" not in d.message
    assert f"seat {seat}'s" in d.message and "refused by its own log (summon.main_full)" in d.message, d.message
    assert list(d.cannot_take) == [seat] and f"take seat {1 - seat}'s" in d.cannot_take[seat]
    assert d.to_json()["cannot_take"] == {str(seat): d.cannot_take[seat]}
    _stops_before(out, judge)
    taken = _merged(seed, actions, {k: ("take", 1 - seat)})  # the other seat's copy names the Chara replaced
    assert taken.complete and taken.actions == judge.actions, taken.disagreement
    again = _merged(seed, actions, {k: ("take", seat)}).disagreement  # its copy: the judge's log refuses it too
    assert again is not None and again.step == k


def _identified(seed: int, seat: int) -> tuple[int, int]:
    """The first ``identify`` of seat ``seat``'s own hand after a game action: its index and that action's number."""
    actions = views(seed)[seat].actions
    steps = _game_steps(actions)
    i = next(i for i, a in enumerate(actions) if a["type"] == "identify" and a["zone"] == "hand"
             and a["p"] == seat and i > steps[0] and actions[i - 1]["type"] != "identify")
    return i, sum(1 for s in steps if s < i) - 1


@pytest.mark.parametrize("seat", [0, 1])
def test_a_refused_identify_stops_before_its_game_action(seat: int) -> None:
    seed = 3
    judge = views(seed)[2]
    actions = [copy.deepcopy(v.actions) for v in views(seed)[:2]]
    i, k = _identified(seed, seat)
    actions[seat][i]["cards"].append(actions[seat][i]["cards"][0])  # one card more than the hand holds unknown
    out = _merged(seed, actions)
    d = out.disagreement
    assert d is not None and d.kind == "card" and d.step == k, d
    assert f"seat {seat}'s" in d.message and "(identify.zone)" in d.message, d.message
    _stops_before(out, judge)  # game action k is not merged: the step names the disagreement
    assert list(d.cannot_take) == [seat]
    taken = _merged(seed, actions, {k: ("take", 1 - seat)}).disagreement  # the refused identify gives way
    assert taken is None or taken.step > k, taken


@pytest.mark.parametrize("seat", [0, 1])
def test_a_missing_action_found_by_knowledge_stops_at_it(seat: int) -> None:
    """Seat ``seat`` has no copy of the action that drew the cards it names next: the merge stops at that action
    ("missing"), with the action before it merged and ``steps`` ending there."""
    seed = 3
    judge = views(seed)[2]
    actions = [copy.deepcopy(v.actions) for v in views(seed)[:2]]
    i, k = _identified(seed, seat)
    del actions[seat][i - 1]  # the game action right before the identify (the one that drew)
    out = _merged(seed, actions)
    d = out.disagreement
    assert d is not None and d.kind == "missing" and d.step == k and d.versions[seat] is None, d
    assert out.steps == [*judge.steps[:k], len(out.actions)] and out.actions[:judge.steps[k - 1]] == \
        judge.actions[:judge.steps[k - 1]]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_refused_identify_before_the_first_game_action_is_answered_by_a_start_pick(seat: int) -> None:
    seed = 3
    seats = views(seed)
    judge = seats[2]
    actions = [copy.deepcopy(v.actions) for v in seats[:2]]
    card = seats[seat].header["players"][seat]["deck"][0]
    actions[seat].insert(0, {"type": "identify", "p": seat, "zone": "hand", "cards": [card]})  # nothing dealt yet
    out = _merged(seed, actions)
    d = out.disagreement
    assert d is not None and d.kind == "card" and d.step is None and out.actions == [] and out.steps == [0], d
    assert "before the first game action" in d.message and f"seat {seat}'s" in d.message
    assert list(d.cannot_take) == [seat]
    taken = _merged(seed, actions, {START: ("take", 1 - seat)})
    assert taken.complete and taken.actions == judge.actions, taken.disagreement
    again = _merged(seed, actions, {START: ("take", seat)}).disagreement
    assert again is not None and again.step is None and again.kind == "card"


def _named_by_both(gap: int, later: int) -> tuple[int, list[Actions], dict[str, Any], dict[str, Any], int]:
    """Both seats leave the first face-up point of a ``no_interfere`` out; seat ``1 - gap`` names it right after by
    an ``identify``, seat ``gap`` names another card ``later`` game actions after: the seed, both seats' actions,
    the two identify actions (the right, the other) and the game action of the later one."""
    seed = 3
    actions = [copy.deepcopy(v.actions) for v in views(seed)[:2]]
    steps = [_game_steps(a) for a in actions]
    k, i = next((k, i) for k, i in enumerate(steps[gap])
                if actions[gap][i]["type"] == "no_interfere" and "card" in actions[gap][i])
    card, p = actions[gap][i]["card"], actions[gap][i]["p"]
    other = next(c for c in game(seed)[0]["players"][p]["deck"] if c != card and not CARDS.get(c).ex)
    right = {"type": "identify", "p": p, "zone": "point", "cards": [card]}
    wrong = {"type": "identify", "p": p, "zone": "point", "cards": [other]}
    for seat, named, after in ((gap, wrong, later), (1 - gap, right, 0)):
        at = steps[seat][k]
        del actions[seat][at]["card"]
        actions[seat].insert(steps[seat][k + after + 1] if after else at + 1, named)
    return seed, actions, right, wrong, k + later


@pytest.mark.parametrize("gap", [0, 1])
def test_taking_the_later_identify_drops_the_earlier_one(gap: int) -> None:
    seed, actions, right, wrong, k = _named_by_both(gap, 2)
    out = _merged(seed, actions)
    d = out.disagreement
    assert d is not None and d.kind == "card" and d.step == k, d
    assert d.cannot_take == {}  # both takes work
    assert d.versions[1 - gap] == [right] and wrong in d.versions[gap]
    assert f"seat {1 - gap} recorded after game action {k - 2}" in d.message, d.message
    assert len(out.steps) == k + 1 and out.steps[-1] == len(out.actions)
    # the later identifying seat is right: its naming stands, the other seat's earlier identify is dropped
    taken = _merged(seed, actions, {k: ("take", gap)})
    assert taken.disagreement is None or taken.disagreement.step > k, taken.disagreement
    assert "cannot be taken" not in (taken.disagreement.message if taken.disagreement else "")
    assert wrong in taken.actions[taken.steps[k]:taken.steps[k + 1]] and right not in taken.actions
    # the earlier seat is right: the later identify gives way
    kept = _merged(seed, actions, {k: ("take", 1 - gap)})
    assert kept.disagreement is None or kept.disagreement.step > k, kept.disagreement
    assert wrong not in kept.actions and right in kept.actions[:kept.steps[k - 1]]
