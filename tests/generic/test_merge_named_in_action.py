"""Issue 21, two seats: one seat leaves a card out of an action and names it by a separate ``identify`` (right after
the action or some game actions later) while the other seat names it in the action itself. Named differently, the
merge stops there as a ``card`` disagreement with both versions (it used to keep the action's naming and drop the
``identify`` silently); a judge's take keeps the chosen seat's naming and goes on. Named alike, it merges silently."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.merge import Merged, merge
from tests.generic.test_merge import CARDS, PM, _game_steps, game, views

SEED = 3


def _named_apart(gap: int, later: int, same: bool) -> tuple[int, list[list[dict[str, Any]]], dict[str, Any], str, str]:
    """Seat ``gap``'s copy of the first ``no_interfere`` that names its card with the card left out and named by an
    ``identify`` after ``later`` more game actions (the right card when ``same``, else another of the deck): the game
    action's number, both seats' actions, seat ``gap``'s copy, the card the other seat names and the identify's."""
    seats = views(SEED)[:2]
    actions = [copy.deepcopy(seats[0].actions), copy.deepcopy(seats[1].actions)]
    steps = _game_steps(actions[gap])
    k, i = next((k, i) for k, i in enumerate(steps)
                if actions[gap][i]["type"] == "no_interfere" and "card" in actions[gap][i])
    card, p = actions[gap][i]["card"], actions[gap][i]["p"]
    named = card if same else next(c for c in game(SEED)[0]["players"][p]["deck"] if c != card and not CARDS.get(c).ex)
    del actions[gap][i]["card"]
    actions[gap].insert(steps[k + later + 1] if later else i + 1, {"type": "identify", "p": p, "zone": "point",
                                                                   "cards": [named]})
    return k, actions, actions[gap][i], card, named


def _merged(actions: list[list[dict[str, Any]]], picks: dict[int | str, tuple[str, int]] | None = None) -> Merged:
    seats = views(SEED)[:2]
    return merge(PM, CARDS, [(seats[0].header, actions[0]), (seats[1].header, actions[1])], picks)


@pytest.mark.parametrize("later", [0, 2])
@pytest.mark.parametrize("gap", [0, 1])
def test_a_card_named_in_the_action_and_otherwise_by_identify_is_a_card_disagreement(gap: int, later: int) -> None:
    judge = views(SEED)[2]
    k, actions, left_out, card, named = _named_apart(gap, later, same=False)
    out = _merged(actions)
    d = out.disagreement
    assert d is not None and d.kind == "card" and d.step == k + later, d
    identify = {"type": "identify", "p": left_out["p"], "zone": "point", "cards": [named]}
    assert d.versions[gap] == [left_out, identify]
    assert d.versions[1 - gap] == [{**left_out, "card": card}]
    assert card in d.message and named in d.message and "the seats name different cards" in d.message
    assert (f"recorded in game action {k}:" in d.message) == (later > 0)
    assert out.actions == judge.actions[:judge.steps[k + later]]  # merged up to there, nothing dropped silently

    # a judge takes the seat that named it in the action: its naming stands, the other's identify gives way
    taken = _merged(actions, {d.step: ("take", 1 - gap)})
    assert taken.complete and taken.actions == judge.actions

    # a judge takes the seat that named it by identify: the merged log has the action without the other's naming,
    # then that seat's identify (the game goes on until the payment of the card the other seat named)
    taken = _merged(actions, {d.step: ("take", gap)})
    assert taken.disagreement is None or taken.disagreement.step > d.step, taken.disagreement
    assert taken.actions[taken.steps[k]] == left_out  # game action k as that seat recorded it
    assert identify in taken.actions[taken.steps[k + later]:taken.steps[k + later + 1]]
    assert not any(a.get("card") == card and a["type"] == "no_interfere" for a in taken.actions[taken.steps[k]:])


@pytest.mark.parametrize("later", [0, 2])
@pytest.mark.parametrize("gap", [0, 1])
def test_the_same_card_named_in_the_action_and_by_identify_merges_silently(gap: int, later: int) -> None:
    _, actions, _, card, named = _named_apart(gap, later, same=True)
    assert card == named
    out = _merged(actions)
    assert out.complete, out.disagreement
    assert out.actions == views(SEED)[2].actions  # the judge's log: the card named in the action, once
