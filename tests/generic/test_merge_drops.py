"""Issue 21, two seats (review rv21): every stop of the merge can be got out of, for every ruleset.

1. An action one phone recorded that did not happen (a double tap of the rival's play, which that phone's log takes
   since the rival's hand is not named there) is dropped: a judge's ``("drop", seat)`` leaves it out of that seat's
   recording for the merge (Precious Memories: with the pass the fold implied before it, which made it an ``action``
   stop that looped under every other pick). Several picks at one game action are kept in the order made.
2. Mahou Shoujo and Clockwork Memorion's merged logs are folded (the judge's fold): a take or an insert the rules
   refuse is an ``illegal`` stop naming the action, the rule and why, not "complete".
3. An ``illegal`` stop names the pick it follows (``caused_by``) and offers no pick that meets the same refusal
   again: each pick it offers gets out of it, and undoing the pick it names does.

Built from simulated games' seat redactions (``redact --view 0|1``) and seat recordings, against the judge's."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest

from engine.fold import fold
from engine.merge import Merged, merge, offered_picks, with_implied_passes
from engine.merge_picks import picks_at, with_pick
from engine.ruleset import seat_hidden_fields
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.generic.double_tap import Actions, double_tapped
from tests.generic.test_merge import CARDS, PM, _elsewhere, _game_steps, views

#: (seed, the seat whose phone double-tapped its rival's play): simulated games where that seat's log takes it
DOUBLE_TAPS = [(8, 1), (4, 0)]


@cache
def tapped(seed: int, seat: int) -> tuple[list[tuple[Any, Actions]], int, dict[str, Any]]:
    """Both seats' logs of game ``seed``, seat ``seat``'s with its rival's event play recorded twice: the logs, the
    index of the second copy in that seat's log, the copy."""
    seats = views(seed)
    at, doubled = double_tapped(PM, CARDS, seats[seat].header, seats[seat].actions, 1 - seat)
    logs = [(seats[0].header, seats[0].actions), (seats[1].header, seats[1].actions)]
    logs[seat] = (seats[seat].header, doubled)
    return logs, at, doubled[at]


offered = offered_picks  # the picks a stop offers (the merge page's buttons, the pairing API's)


def assert_every_pick_gets_out(ruleset: Any, cards: Any, logs: Any, picks: dict[int | str, Any], out: Merged) -> None:
    """Each pick the stop ``out`` offers leaves it: the merge goes on past it, or stops there on something else."""
    d = out.disagreement
    assert d is not None and d.step is not None
    for how, seat in offered(d):
        made = {**picks, d.step: with_pick(picks_at(picks.get(d.step)), how, seat)}
        again = merge(ruleset, cards, logs, made).disagreement
        assert again is None or again.step != d.step or (again.kind, again.versions) != (d.kind, d.versions), (how, seat, again)


@pytest.mark.parametrize(("seed", "seat"), DOUBLE_TAPS)
def test_a_double_tap_is_dropped_and_the_merge_is_the_judges(seed: int, seat: int) -> None:
    logs, _, extra = tapped(seed, seat)
    kept = copy.deepcopy(logs)
    played, _ = with_implied_passes(PM, CARDS, *logs[seat])
    assert len(played) > len(logs[seat][1])  # the fold implies a pass before the second copy: no missing action
    out = merge(PM, CARDS, logs)
    d = out.disagreement
    assert d is not None and d.kind == "action" and d.drops[seat] == extra, d
    assert f"without seat {seat}'s" in d.message and "drop it" in d.message, d.message
    judge = views(seed)[2]
    assert out.actions == judge.actions[: judge.steps[d.step]]
    dropped = merge(PM, CARDS, logs, {d.step: ("drop", seat)})
    assert dropped.complete and dropped.actions == judge.actions and dropped.steps == judge.steps
    assert logs == kept  # the recordings stay as they were
    assert_every_pick_gets_out(PM, CARDS, logs, {}, out)


def test_a_drop_that_changes_nothing_is_not_offered() -> None:
    """Seat 0's pass where seat 1 double-tapped: without it the fold implies the same pass there, so dropping it
    meets the same disagreement: not offered, with why."""
    logs, _, _ = tapped(8, 1)
    d = merge(PM, CARDS, logs).disagreement
    assert d is not None and d.drops[0] == {"type": "pass", "p": 0}
    assert "part here the same way" in d.cannot_drop[0]
    again = merge(PM, CARDS, logs, {d.step: ("drop", 0)}).disagreement
    assert again is not None and (again.step, again.kind, again.versions) == (d.step, d.kind, d.versions)


@pytest.mark.parametrize(("seed", "seat"), DOUBLE_TAPS)
def test_an_inserted_double_tap_is_illegal_naming_the_pick(seed: int, seat: int) -> None:
    logs, _, extra = tapped(seed, seat)
    k = merge(PM, CARDS, logs).disagreement.step  # type: ignore[union-attr]
    out = merge(PM, CARDS, logs, {k: ("insert", seat)})
    d = out.disagreement
    assert d is not None and (d.step, d.kind) == (k, "illegal"), d
    assert f"game action {k}, " in d.message and "(zone)" in d.message and f"not in player {1 - seat}'s hand" in d.message
    assert extra["card"] in d.message  # the action refused, named
    assert d.caused_by == {"step": k, "how": "insert", "seat": seat}
    assert "the merged log follows the pick made here" in d.message
    assert seat in d.cannot_insert and seat in d.cannot_take and d.drops == {seat: extra}
    assert offered(d) == [("drop", seat)]
    assert_every_pick_gets_out(PM, CARDS, logs, {k: [("insert", seat)]}, out)
    # the drop made after the insert replaces it: the judge's log
    fixed = merge(PM, CARDS, logs, {k: with_pick([("insert", seat)], "drop", seat)})
    assert fixed.complete and fixed.actions == views(seed)[2].actions


def test_an_illegal_stop_after_a_wrong_take_names_that_pick_and_its_undo_gets_out() -> None:
    """A judge took seat 1's summon to the wrong area: the merged log's approach with that Chara much later is
    refused; the stop names the take, and no pick there meets the refusal again (they all would: none offered)."""
    seat0, seat1, judge = views(7)
    games = _game_steps(seat1.actions)
    k = next(k for k, i in enumerate(games) if seat1.actions[i]["type"] == "summon" and k > 5)
    changed = copy.deepcopy(seat1.actions)
    changed[games[k]] = _elsewhere(changed[games[k]])
    logs = [(seat0.header, seat0.actions), (seat1.header, changed)]
    wrong = merge(PM, CARDS, logs, {k: ("take", 1)})
    d = wrong.disagreement
    assert d is not None and d.kind == "illegal" and d.step is not None and d.step > k, d
    assert d.caused_by == {"step": k, "how": "take", "seat": 1}
    assert f"the merged log follows the pick at game action {k} (seat 1's version): if it was wrong, undo it" in d.message
    assert "approach.chara" in d.message
    assert offered(d) == [] and set(d.cannot_take) == set(d.cannot_insert) == {0, 1}
    undone = merge(PM, CARDS, logs).disagreement  # the pick undone: its disagreement again
    assert undone is not None and (undone.step, undone.kind) == (k, "action")
    right = merge(PM, CARDS, logs, {k: ("take", 0)})
    assert right.complete and right.actions == judge.actions


# -- complete logs (Mahou Shoujo, Clockwork Memorion): the merged log is folded too -----------------------------------

COMPLETE = [("mahou-shoujo-1", 1), ("clockwork-memorion-1", 3)]


@cache
def complete_game(name: str, seed: int) -> tuple[Any, Any, dict[str, Any], Actions]:
    cards = bundled_for(name)
    doc = next(simulated_logs(cards, 1, seed, ruleset=name))
    return get_ruleset(name), cards, doc["game"], doc["actions"]


def seat_recording(ruleset: Any, cards: Any, header: dict[str, Any], actions: Actions, seat: int) -> tuple[Any, Actions]:
    """A complete log as seat ``seat``'s draft holds it: recorded from that seat, with what only the rival knows
    (its deck orders, its hidden choices and unseen returns) replaced by the draft's placeholders (other cards)."""
    out = []
    for action in actions:
        if action.get("p") != seat:
            for name in seat_hidden_fields(ruleset, action):
                stand_in = next(c for c in cards.by_id if c not in action[name])
                action = {**action, name: [stand_in] * len(action[name])}
        out.append(action)
    return {**header, "meta": {**(header.get("meta") or {}), "recorded_from": seat}}, out


def _rival_play(ruleset: Any, actions: Actions) -> int:
    """The first action of player 0 after the opening that plays a card from the hand (card named)."""
    return next(
        n
        for n, a in enumerate(actions)
        if n > 6 and a.get("p") == 0 and "card" in a and a["type"] not in getattr(ruleset, "hidden_orders", ())
    )


@pytest.mark.parametrize(("name", "seed"), COMPLETE)
def test_a_complete_logs_impossible_take_is_illegal_not_complete(name: str, seed: int) -> None:
    """Seat 1 recorded its rival playing another card than seat 0 (its player) did: taking seat 1's version used to
    report the merge complete (a complete log's merge was never folded), then storing it failed."""
    ruleset, cards, header, actions = complete_game(name, seed)
    k = _rival_play(ruleset, actions)
    real = actions[k]
    for other in sorted(cards.by_id):
        wrong = [*actions[:k], {**real, "card": other}, *actions[k + 1 :]]
        logs = [seat_recording(ruleset, cards, header, actions, 0), seat_recording(ruleset, cards, header, wrong, 1)]
        out = merge(ruleset, cards, logs, {k: ("take", 1)})
        if out.disagreement is not None and out.disagreement.step == k:
            break
    d = out.disagreement
    assert d is not None and (d.step, d.kind) == (k, "illegal"), d
    assert other in d.message and "as merged, is refused (" in d.message
    assert fold(header, wrong, cards, keep_trails=False).ruling is not None  # the rules refuse it indeed
    assert d.caused_by == {"step": k, "how": "take", "seat": 1} and 1 in d.cannot_take
    assert_every_pick_gets_out(ruleset, cards, logs, {k: ("take", 1)}, out)
    right = merge(ruleset, cards, logs, {k: ("take", 0)})
    assert right.complete and right.actions == actions


@pytest.mark.parametrize(("name", "seed"), COMPLETE)
def test_a_complete_logs_double_tap_is_dropped(name: str, seed: int) -> None:
    """Seat 1's recording has its rival's card play twice (twice and three times): inserting it is refused by the
    rules (``illegal``, naming the insert), dropping it (each copy) merges the game played."""
    ruleset, cards, header, actions = complete_game(name, seed)
    k = _rival_play(ruleset, actions)
    seat0 = seat_recording(ruleset, cards, header, actions, 0)
    for copies in (1, 2):
        tapped = [*actions[: k + 1], *[dict(actions[k])] * copies, *actions[k + 1 :]]
        logs = [seat0, seat_recording(ruleset, cards, header, tapped, 1)]
        d = merge(ruleset, cards, logs).disagreement
        assert d is not None and d.drops.get(1) == actions[k] and d.versions[0] != actions[k], d
        step = d.step
        assert step is not None
        inserted = merge(ruleset, cards, logs, {step: ("insert", 1)}).disagreement
        assert inserted is not None and (inserted.step, inserted.kind) == (step, "illegal"), inserted
        assert inserted.caused_by == {"step": step, "how": "insert", "seat": 1}
        out = merge(ruleset, cards, logs, {step: [("drop", 1)] * copies})
        assert out.complete and out.actions == actions, out.disagreement
