"""A flip of the opponent's own Point Zone cards that the opponent chooses (issue 20, helper f20x): "every player (the
opponent) turns one card of their own Point Zone" compiles the opponent's flip with ``chosen_by: "opponent"``; the
engine then leaves that choice to them (``script.has_chooser``, ``Run.opponent_made``: the legal-action generator's
and self-play's opponent variants), while "turn one card of the opponent's Point Zone" stays the effect's player's
choice. Made-up cards and texts only."""

from __future__ import annotations

import random
from typing import Any

import tests.effects.test_machinery as tm
from engine.pm import script
from engine.pm.legal import legal_actions, opponent_variants
from engine.pm.selfplay import greedy_policy, random_policy, with_opponent_choice
from tests.effects.test_machinery import AKI, BEN
from tests.engine.kit import Game, assert_illegal, assert_legal

EVERY, THEIRS, MINE_DOWN = "TST 96-101", "TST 96-102", "TST 96-103"
#: made-up Events: every player turns one of their own face up; the effect's player turns one of the opponent's down
EVERY_TEXT = "[メイン/自分]:全てのプレイヤーは、自分のポイント置き場にあるカード1枚を表向きにする。"
THEIRS_TEXT = "[メイン/自分]:相手のポイント置き場にあるカード1枚を裏向きにする。"
DOWN = tm._event(
    "96-103",
    "Down",
    ({"op": "flip", "who": "self", "face": "down", "n": 1}, {"op": "flip", "who": "opponent", "face": "down", "n": 2}),
    cost=0,
)
CARDS = [tm.made_up(EVERY, EVERY_TEXT), tm.made_up(THEIRS, THEIRS_TEXT), DOWN]


def _points(s: dict[str, Any], p: int) -> list[tuple[str, str]]:
    return [(x["card"], x["face"]) for x in s["players"][p]["points"]]


def _with_points(event: str, *, down: bool = True) -> tuple[Game, dict[str, Any]]:
    """Two points each (each player's Chara approaches twice); with ``down``, all of player 1's turned face down and
    one of player 0's; then player 0 holds ``event`` in the Main Phase."""
    g = tm.boards_with(CARDS, [AKI], [BEN], hand0=[DOWN.id, event])
    for _ in range(2):
        g.passes(0, 1).add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1)
        g.add("end_approach", 0).adjust_hand(0)
        g.passes(1, 0).add("approach", 1, card=BEN).passes(1, 0).add("no_interfere", 0).passes(1, 0)
        g.add("end_approach", 1).adjust_hand(1)
    s = assert_legal(g).state_json()
    if down:
        mine, theirs = [c for c, _ in _points(s, 0)], [c for c, _ in _points(s, 1)]
        g.add("play_event", 0, card=DOWN.id, pay=[], choices=[mine[:1], theirs]).passes(1)
    return g, assert_legal(g).state_json()


def _copy(g: Game) -> Game:
    out = Game(setup=False, db=g.db)
    out.header, out.actions = g.header, list(g.actions)
    return out


def test_the_compiler_marks_the_opponents_own_flip_as_their_choice() -> None:
    every = tm.made_up(EVERY, EVERY_TEXT).effects[-1].script
    assert every is not None and [dict(s) for s in every] == [
        {"op": "flip", "who": "self", "face": "up", "n": 1},
        {"op": "flip", "who": "opponent", "face": "up", "n": 1, "chosen_by": "opponent"},
    ]
    theirs = tm.made_up(THEIRS, THEIRS_TEXT).effects[-1].script
    assert theirs is not None and [dict(s) for s in theirs] == [{"op": "flip", "who": "opponent", "face": "down", "n": 1}]
    assert script.has_chooser(every) and not script.has_chooser(theirs)


def test_the_opponent_chooses_which_of_their_own_turns() -> None:
    g, s = _with_points(EVERY)
    mine = [c for c, f in _points(s, 0) if f == "down"]
    theirs = [c for c, f in _points(s, 1) if f == "down"]
    assert len(mine) == 1 and len(theirs) == 2 and theirs[0] != theirs[1]
    for pick in theirs:  # the log names the card they turned: either is legal, a card not theirs is not
        res = assert_legal(_copy(g).add("play_event", 0, card=EVERY, pay=[], choices=[mine, [pick]]))
        assert dict(_points(res.state_json(), 1))[pick] == "up"
    assert_illegal(_copy(g).add("play_event", 0, card=EVERY, pay=[], choices=[mine, [AKI]]), "effect.target")
    state = assert_legal(g).state
    offered = [a for a in legal_actions(state) if a["type"] == "play_event" and a["card"] == EVERY]
    assert {a["choices"][1][0] for a in offered} == set(theirs)  # each of their choices is offered
    first = offered[0]
    assert [v["choices"][1] for v in opponent_variants(state, first)] == [[c] for c in theirs if c != first["choices"][1][0]]
    # self-play: the opponent's policy takes the choice (the random one either)
    rng = random.Random(3)
    seen = {with_opponent_choice(state, first, random_policy, rng)["choices"][1][0] for _ in range(20)}
    assert seen == set(theirs)
    assert with_opponent_choice(state, first, greedy_policy, rng)["choices"][1][0] in theirs


def test_turning_one_of_the_opponents_cards_stays_the_effects_players_choice() -> None:
    g, s = _with_points(THEIRS, down=False)
    theirs = [c for c, f in _points(s, 1) if f == "up"]
    assert len(theirs) == 2 and theirs[0] != theirs[1]
    for pick in theirs:  # the effect's player names the card
        res = assert_legal(_copy(g).add("play_event", 0, card=THEIRS, pay=[], choices=[[pick]]))
        assert dict(_points(res.state_json(), 1))[pick] == "down"
    state = assert_legal(g).state
    offered = [a for a in legal_actions(state) if a["type"] == "play_event" and a["card"] == THEIRS]
    assert offered and all(opponent_variants(state, a) == [] for a in offered)
    assert with_opponent_choice(state, offered[0], random_policy, random.Random(1)) == offered[0]
