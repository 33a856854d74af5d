"""A target that only a mode not chosen uses may be ``null`` in the log's ``targets`` (issue 20, docs/log-extensions.md).

The made-up Chooser has the shape the compiler gives "on entering, discard an opponent's Chara of lower usage cost
than this card, or rest an opponent's Chara": a choice of two modes, target 0 (an opponent's Chara cheaper than
Chooser) for the discard, target 1 (any opponent's Chara) for the rest, both optional. Targets are positional, so
resting while no cheaper Chara is there needs target 0 left out and target 1 named: ``[null, X]``.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fold import fold
from engine.pm.cards import Card, Effect
from engine.pm.legal import legal_actions
from engine.pm.offers import offers
from engine.pm.selfplay import effect_variants
from pmemo_replay.logio import PmemoLog, dump_json, parse_log
from pmemo_replay.logio.fastcheck import actions_keys
from tests.effects.test_machinery import AKI, BANISH, F, boards_with, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

CHOOSER, LOW, SAME, MID, BIG = "TST 96-101", "TST 96-102", "TST 96-103", "TST 96-104", "TST 96-105"
DISCARD_OR_REST = Effect("auto", trigger="enter", targets=(
    {"below_source": {"stat": "cost", "by": 1}, "side": "opponent", "optional": True},
    {"side": "opponent", "optional": True, "distinct": False},
), script=({"op": "choose", "n": 1, "modes": [[{"op": "move", "target": "target:0", "to": "discard"}],
                                               [{"op": "rest", "target": "target:1"}]]},))
CARDS = [
    Card(id=CHOOSER, name="Chooser", series="Test", type="chara", color="red", cost=3, source=1, ap=30, dp=30,
         effects=(DISCARD_OR_REST,)),
    Card(id=LOW, name="Low", series="Test", type="chara", color="red", cost=1, source=1, ap=30, dp=30),
    Card(id=SAME, name="Same", series="Test", type="chara", color="red", cost=3, source=1, ap=30, dp=30),
    Card(id=MID, name="Mid", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30),
    Card(id=BIG, name="Big", series="Test", type="chara", color="red", cost=4, source=1, ap=30, dp=30),
]
REF = {LOW: {"p": 1, "card": LOW}, SAME: {"p": 1, "card": SAME}}


def chooser_enters(opponent: list[str]) -> Game:
    """Player 1 has ``opponent`` on its Main Area; player 0 summons Chooser (its trigger is owed)."""
    g = boards_with(CARDS, [AKI], opponent, hand0=[CHOOSER, BANISH, F[5], F[6], F[7], F[8]])
    return g.add("summon", 0, card=CHOOSER, area="main", pay=pay(F[5], F[6], F[7]))


def trigger(g: Game, **fields: Any) -> Game:
    return g.add("trigger", 0, card=CHOOSER, effect=0, **fields)


def rested(res: Any) -> dict[str, bool]:
    return {c.card: c.rested for c in res.state.players[1].main}


def test_the_rest_mode_leaves_target_0_null_when_no_chara_is_cheaper() -> None:
    res = assert_legal(trigger(chooser_enters([SAME]), targets=[None, REF[SAME]], choices=[[1]]))
    assert rested(res) == {SAME: True}


def test_without_the_null_the_rest_target_lands_on_target_0_and_is_refused() -> None:
    res = assert_illegal(trigger(chooser_enters([SAME]), targets=[REF[SAME]], choices=[[1]]), "effect.target")
    assert "target 0" in res.ruling.message


def test_the_rest_mode_may_leave_target_0_null_when_a_cheaper_chara_is_there() -> None:
    res = assert_legal(trigger(chooser_enters([LOW, SAME]), targets=[None, REF[SAME]], choices=[[1]]))
    assert rested(res) == {LOW: False, SAME: True}


def test_a_null_where_the_chosen_mode_needs_a_target_that_exists_is_refused() -> None:
    res = assert_illegal(trigger(chooser_enters([LOW, SAME]), targets=[None, REF[SAME]], choices=[[0]]),
                         "effect.target")
    assert "target 0 is left out" in res.ruling.message
    res = assert_illegal(trigger(chooser_enters([LOW, SAME]), targets=[REF[LOW], None], choices=[[1]]),
                         "effect.target")
    assert "target 1 is left out" in res.ruling.message


def test_the_discard_mode_is_as_before() -> None:
    for targets in ([REF[LOW]], [REF[LOW], REF[LOW]], [REF[LOW], None]):
        res = assert_legal(trigger(chooser_enters([LOW, SAME]), targets=targets, choices=[[0]]))
        assert res.state.players[1].discard[-1] == LOW
        assert rested(res) == {SAME: False}
    assert_illegal(trigger(chooser_enters([LOW, SAME]), targets=[REF[SAME]], choices=[[0]]), "effect.target")


def test_the_discard_mode_doing_nothing_while_a_chara_could_be_rested_is_refused() -> None:
    for targets in ([], [None], [None, REF[SAME]]):
        res = assert_illegal(trigger(chooser_enters([SAME]), targets=targets, choices=[[0]]), "effect.target")
        assert "mode 0 can do nothing here while mode 1 can" in res.ruling.message


def test_a_required_target_may_not_be_null() -> None:
    g = chooser_enters([SAME])
    g = trigger(g, targets=[None, REF[SAME]], choices=[[1]]).passes(1)
    res = assert_illegal(g.add("play_event", 0, card=BANISH, pay=pay(F[8]), targets=[None]), "effect.target")
    assert "target 0 is null" in res.ruling.message


def test_ops_alone_stand_for_the_mode_and_its_target() -> None:
    rest = {"op": "rest", "p": 1, "card": SAME}
    assert rested(assert_legal(trigger(chooser_enters([SAME]), ops=[rest]))) == {SAME: True}
    assert rested(assert_legal(trigger(chooser_enters([LOW, SAME]), ops=[rest]))) == {LOW: False, SAME: True}
    rest_low = {"op": "rest", "p": 1, "card": LOW}  # Low fits both targets: the rest mode's is the one shown
    assert rested(assert_legal(trigger(chooser_enters([LOW, SAME]), ops=[rest_low]))) == {LOW: True, SAME: False}
    discard_same = {"op": "move", "p": 1, "card": SAME, "from": "main", "to": "discard"}  # not cheaper: no mode does it
    assert_illegal(trigger(chooser_enters([LOW, SAME]), ops=[discard_same]), "effect.target")


def test_a_log_with_a_null_target_passes_the_log_schema_and_the_quick_check() -> None:
    g = trigger(chooser_enters([SAME]), targets=[None, REF[SAME]], choices=[[1]])
    text = dump_json(PmemoLog(g.header, g.actions))
    log = parse_log(text.encode())
    assert log.actions[-1]["targets"] == [None, REF[SAME]]
    assert actions_keys(log.actions) > 0  # the quick check accepts it (not "not sure": -1)
    assert fold(log.header, log.actions, g.db).ruling is None
    for bad in ([None, 1], [[]], ["TST 96-103"]):  # still objects (or null) only
        assert actions_keys([{**g.actions[-1], "targets": bad}]) == -1


def _offered_trigger(g: Game) -> list[dict[str, Any]]:
    state = assert_legal(g).state
    return [a for a in legal_actions(state) if a["type"] == "trigger" and a["card"] == CHOOSER]


def test_the_generator_and_the_recorder_offer_the_null_form() -> None:
    g = chooser_enters([SAME])
    offered = _offered_trigger(g)
    assert offered == [{"type": "trigger", "p": 0, "card": CHOOSER, "effect": 0, "targets": [None, REF[SAME]],
                        "choices": [[1]]}]
    assert [a for a in offers(assert_legal(g).state)["actions"] if a["type"] == "trigger"] == offered
    g = chooser_enters([LOW, SAME])  # self-play varies a target to null too: the discard naming no rest target
    variants = effect_variants(assert_legal(g).state, _offered_trigger(g), random.Random(1), tries=200)
    assert {"type": "trigger", "p": 0, "card": CHOOSER, "effect": 0, "targets": [REF[LOW], None],
            "choices": [[0]]} in variants


COSTS = {LOW: 1, MID: 2, SAME: 3, BIG: 4}
#: player 1's boards that its opening hand and first draw pay for (each Chara and its fillers in hand)
BOARDS = st.lists(st.sampled_from(sorted(COSTS)), unique=True).filter(lambda xs: len(xs) + sum(COSTS[x] for x in xs) <= 7)


@settings(max_examples=25, deadline=None)
@given(BOARDS, st.integers(0, 2**16))
def test_every_offer_and_variant_refolds(opponent: list[str], seed: int) -> None:
    """Whatever the opponent has, the mandatory trigger is offered (never stuck), each offer and each legal variant
    self-play makes of it refolds legally from the log, and with no cheaper Chara but some Chara the offer rests it
    with target 0 null."""
    g = chooser_enters(opponent)
    offered = _offered_trigger(g)
    assert offered
    state = assert_legal(g).state
    variants = effect_variants(state, offered, random.Random(seed), tries=12)
    for action in [*offered, *variants]:
        res = fold(g.header, [*g.actions, action], g.db)
        assert res.ruling is None, (action, res.ruling)
    cheaper = {LOW, MID} & set(opponent)
    if opponent and not cheaper:
        assert offered[0]["targets"][0] is None and offered[0]["choices"] == [[1]]
        after = fold(g.header, [*g.actions, offered[0]], g.db).state.players[1].main
        assert sum(c.rested for c in after) == 1
    elif cheaper:
        assert offered[0]["targets"][0]["card"] in cheaper and offered[0]["choices"] == [[0]]
