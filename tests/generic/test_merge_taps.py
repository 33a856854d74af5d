"""Issue 21, two seats (review rv21b): a tap recorded three or four times is dropped copy by copy, every stop offering
the drop; what a phone recorded right after a double tap (the cards the one real event drew) stays in the merged log;
a stop that no offered pick gets out of names the earlier pick to undo, and no offered pick leads back to it.

Precious Memories from the seat redactions of simulated games (game 9 of seed 2: seat 0's own log takes its rival's
event play three and four times; seat 1 plays an event of its own and names the two cards it drew), Mahou Shoujo and
Clockwork Memorion from seat recordings of their complete logs."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from engine.fold import fold
from engine.merge import Merged, merge, offered_picks
from engine.merge_picks import picks_at, with_pick
from engine.ruleset import Redaction
from pmemo_replay.simulate import simulated_logs
from tests.generic.double_tap import Actions, double_tapped
from tests.generic.test_merge import CARDS, PM, views
from tests.generic.test_merge_drops import COMPLETE, _rival_play, complete_game, seat_recording

Logs = list[tuple[Any, Actions]]


@cache
def seed_2_game_9() -> tuple[Redaction, Redaction, Redaction]:
    """Game 9 of the simulated games of seed 2 (269 actions), redacted for seat 0, seat 1 and the judge."""
    doc = next(itertools.islice(simulated_logs(CARDS, 10, 2), 9, None))
    return tuple(PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1, "judge"))  # type: ignore[return-value]


def repeated(actions: Actions, at: int, copies: int) -> Actions:
    """``actions`` with the action at ``at`` recorded ``copies`` times in all."""
    return [*actions[: at + 1], *[dict(actions[at]) for _ in range(copies - 1)], *actions[at + 1 :]]


def dropped_copy_by_copy(ruleset: Any, cards: Any, logs: Logs, seat: int) -> tuple[Merged, list[Any]]:
    """The merge after following, at every stop, the drop of seat ``seat``'s action, which each stop must offer:
    the merge at the end and the stops met."""
    picks: dict[int | str, Any] = {}
    stops = []
    for _ in range(10):
        out = merge(ruleset, cards, logs, picks)
        d = out.disagreement
        if d is None:
            return out, stops
        assert d.step is not None and ("drop", seat) in offered_picks(d), (d.kind, d.step, d.cannot_drop, d.message)
        stops.append(d)
        picks = {**picks, d.step: with_pick(picks_at(picks.get(d.step)), "drop", seat)}
    raise AssertionError(f"still not merged after {len(stops)} drops")


@pytest.mark.parametrize("copies", [3, 4])
def test_a_pm_triple_tap_offers_the_drop_at_every_stop(copies: int) -> None:
    seat0, seat1, judge = seed_2_game_9()
    at, doubled = double_tapped(PM, CARDS, seat0.header, seat0.actions, 1)
    tapped = repeated(doubled, at, copies - 1)
    assert fold(seat0.header, tapped, CARDS, keep_trails=False).ruling is None  # seat 0's own log takes every copy
    logs = [(seat0.header, tapped), (seat1.header, seat1.actions)]
    first = merge(PM, CARDS, logs).disagreement
    assert first is not None and 0 not in first.cannot_drop, first.cannot_drop  # "the seat recorded the same again"
    out, stops = dropped_copy_by_copy(PM, CARDS, logs, 0)
    assert len(stops) == copies - 1 and {d.step for d in stops} == {first.step}
    assert out.actions == judge.actions and out.steps == judge.steps


@pytest.mark.parametrize(("name", "seed"), COMPLETE)
@pytest.mark.parametrize("copies", [3, 4])
def test_a_complete_logs_triple_tap_offers_the_drop_at_every_stop(name: str, seed: int, copies: int) -> None:
    ruleset, cards, header, actions = complete_game(name, seed)
    k = _rival_play(ruleset, actions)
    logs = [seat_recording(ruleset, cards, header, actions, 0), seat_recording(ruleset, cards, header, repeated(actions, k, copies), 1)]
    out, stops = dropped_copy_by_copy(ruleset, cards, logs, 1)
    assert len(stops) == copies - 1 and out.actions == actions


def test_what_a_seat_learned_after_its_double_tap_is_kept() -> None:
    """Seat 1 plays an event of its own (it holds a second copy, so its own log takes it twice: a double tap) and
    then names the two cards the event drew: dropping the copy keeps that naming (it used to go with the copy: the
    merge said complete, and the stored game lacked what seat 1 drew)."""
    seat0, seat1, judge = seed_2_game_9()
    own = seat1.actions
    at = next(
        n
        for n in range(10, len(own) - 1)
        if own[n]["p"] == 1
        and own[n]["type"] == "play_event"
        and own[n + 1]["type"] == "identify"
        and fold(seat1.header, repeated(own, n, 2), CARDS, keep_trails=False).ruling is None
    )
    tapped = repeated(own, at, 2)
    logs = [(seat0.header, seat0.actions), (seat1.header, tapped)]
    d = merge(PM, CARDS, logs).disagreement
    assert d is not None and d.drops[1] == own[at] and ("drop", 1) in offered_picks(d), d
    out = merge(PM, CARDS, logs, {d.step: ("drop", 1)})  # type: ignore[dict-item]
    assert out.complete and out.actions == judge.actions, len(out.actions)
    assert own[at + 1] in out.actions


def test_a_stop_no_offered_pick_gets_out_of_names_the_pick_to_undo() -> None:
    """Seed 4, seat 1's phone recorded its rival's summon twice; a judge took seat 0's version four times, then
    inserted seat 0's pass: the ``missing`` stop after it used to offer only an insert that met it again, naming no
    earlier pick. Now no offered pick leads back to it, and it names the insert to undo."""
    seat0, seat1, _ = views(4)
    logs = [(seat0.header, seat0.actions), (seat1.header, repeated(seat1.actions, 167, 2))]
    picks: dict[int | str, Any] = {164: [("take", 0)], 166: [("take", 0)], 167: [("take", 0)], 168: [("take", 0)], 169: [("insert", 0)]}
    d = merge(PM, CARDS, logs, picks).disagreement
    assert d is not None and (d.step, d.kind) == (170, "missing"), d
    for how, seat in offered_picks(d):
        again = merge(PM, CARDS, logs, {**picks, 170: [(how, seat)]}).disagreement
        assert again is None or (again.step, again.kind, again.versions, again.left) != (d.step, d.kind, d.versions, d.left), (how, seat)
    assert offered_picks(d) == [] and set(d.cannot_insert) == {1}
    assert d.caused_by == {"step": 169, "how": "insert", "seat": 0}
    assert "the pick at game action 169" in d.message and "undo it" in d.message
    undone = merge(PM, CARDS, logs, {t: p for t, p in picks.items() if t != 169}).disagreement
    assert undone is not None and undone.step == 169 and offered_picks(undone)


def test_every_stop_of_a_wrong_path_offers_a_way_out_or_names_the_pick_to_undo() -> None:
    """Along the judge's wrong picks of the case above, each stop offers a pick that leaves it or names a pick."""
    seat0, seat1, _ = views(4)
    logs = [(seat0.header, seat0.actions), (seat1.header, repeated(seat1.actions, 167, 2))]
    picks: dict[int | str, Any] = {}
    for step, pick in ((164, ("take", 0)), (166, ("take", 0)), (167, ("take", 0)), (168, ("take", 0)), (169, ("insert", 0)), (None, None)):
        d = merge(PM, CARDS, logs, picks).disagreement
        assert d is not None and (offered_picks(d) or d.caused_by is not None), d
        if step is not None:
            assert d.step == step and pick in offered_picks(d)
            picks[step] = [pick]


@pytest.mark.parametrize(("name", "seed", "at"), [("clockwork-memorion-1", 3, 12), ("mahou-shoujo-1", 3, 99)])
def test_the_same_extra_copy_on_both_phones_offers_a_drop_of_each(name: str, seed: int, at: int) -> None:
    """Both seats recorded one action twice: the merge joins the two extra copies into one action the rules refuse;
    the stop offers each seat's drop, and dropping both copies, following only offered picks, gives the game."""
    ruleset, cards, header, actions = complete_game(name, seed)
    logs = [seat_recording(ruleset, cards, header, repeated(actions, at, 2), seat) for seat in (0, 1)]
    first = merge(ruleset, cards, logs).disagreement
    assert first is not None and first.kind == "illegal", first
    assert {("drop", 0), ("drop", 1)} <= set(offered_picks(first)), (first.cannot_drop, first.message)
    picks: dict[int | str, Any] = {}
    for seat in (0, 1):
        d = merge(ruleset, cards, logs, picks).disagreement
        assert d is not None and ("drop", seat) in offered_picks(d), d
        if d.kind == "missing" and ("insert", seat) in offered_picks(d):  # the judge told what each pick means
            assert f"insert seat {seat}'s action if it happened" in d.message and "a double tap" in d.message
        picks = {**picks, d.step: with_pick(picks_at(picks.get(d.step)), "drop", seat)}
    out = merge(ruleset, cards, logs, picks)
    assert out.complete and out.actions == actions
