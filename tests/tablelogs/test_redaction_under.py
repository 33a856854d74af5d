"""Cards face down under a Chara in table logs (issue 21; docs/log-extensions.md, "Unknown cards under a Chara"): on
synthetic cards, every combination of a small game (a hand card hidden under a Chara, read off the choices or the
ops; a card picked from a look at the deck; the Chara sent off by the rival; a card taken from under to the discard
or to the hand) redacts for every view step by step, no seat's redacted log or view names the rival's card while it
is face down, the two seats' redactions merge into the judge's, and illegal identifications are ruled."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from engine.fold import Folder, fold
from engine.merge import merge
from engine.pm.cards import Card, CardDB, Effect, Timing
from engine.pm.redact import VIEWS
from engine.ruleset import JUDGE, strings_in
from engine.rulesets import get_ruleset
from tests.effects.test_machinery import BANISH, MY_DB, F, _chara, pay
from tests.engine.kit import Game, assert_legal
from tests.tablelogs.redaction_check import check_redaction

PM = get_ruleset("pm-2.22")
HIDER, DIGGER, SPENDER, RETURNER = (f"TST 87-00{i}" for i in range(1, 5))
SECRET = ["TST 86-001", "TST 86-002"]  # one copy each, in player 0's deck only: a name anywhere is a leak
UNDER_OWN = {"op": "support_move", "from": "under", "n": 1, "filter": {}, "side": "self", "up_to": True}
MAIN_SELF = Timing.parse("main/self")
CARDS = [
    # "when this card enters, you may put 1 hand card face down under this card"
    _chara("87-001", "Hider", Effect("auto", trigger="enter", optional=True, script=(
        {"op": "pick", "from": "hand", "to": "under", "n": 1, "filter": {}, "up_to": True},)), cost=1),
    # "when this card enters, look at the top 2 cards of your deck, you may put one of them face down under this card,
    # and the rest at the deck's bottom"
    _chara("87-002", "Digger", Effect("auto", trigger="enter", optional=True, script=(
        {"op": "pick", "from": "deck", "to": "under", "n": 1, "filter": {}, "up_to": True, "look": 2,
         "rest_to": "deck_bottom"},)), cost=1),
    # "[Main/self] (0): you may put 1 card face down under one of your Charas into the discard; if so, draw a card"
    _chara("87-003", "Spender", Effect("activated", timing=MAIN_SELF, cost=0, optional=True, script=(
        {**UNDER_OWN, "to": "discard", "then": [{"op": "draw", "who": "self", "n": 1}]},)), cost=1),
    # "[Main/self] (0): you may put 1 card face down under one of your Charas into your hand"
    _chara("87-004", "Returner", Effect("activated", timing=MAIN_SELF, cost=0, optional=True, script=(
        {**UNDER_OWN, "to": "hand"},)), cost=1),
    *(Card(id=s, name=f"Secret {i}", series="Test", type="chara", color="red", cost=1, source=1, ap=20, dp=20)
      for i, s in enumerate(SECRET, 1)),
]
DB = CardDB([*MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
FINISHERS = (None, SPENDER, RETURNER)


def _game(hide: bool, by_ops: bool, banish: bool, finisher: str | None) -> Game:
    """Turn 1: player 0 summons Hider (hiding the first secret, or declining) and Digger (the second secret, from a
    look at the deck, goes under it); turn 2: player 1 banishes Hider or not; turn 3: player 0 moves the card under
    Digger to the discard (Spender) or to its hand (Returner), or does neither."""
    g = Game([HIDER, DIGGER, SPENDER, RETURNER, F[0], F[1], SECRET[0], F[2], F[3], SECRET[1]],
             [BANISH, F[10], F[11], F[12], F[13], F[14], F[15]], db=DB)
    g.add("summon", 0, card=HIDER, area="main", pay=pay(F[0]))
    hidden = [{"op": "move", "p": 0, "card": SECRET[0], "from": "hand", "to": "under", "on": HIDER}] if hide else []
    if by_ops:
        g.add("trigger", 0, card=HIDER, effect=0, ops=hidden)
    else:
        g.add("trigger", 0, card=HIDER, effect=0, choices=[[SECRET[0]] if hide else []])
    g.passes(1)
    g.add("summon", 0, card=DIGGER, area="main", pay=pay(F[1]))
    g.add("trigger", 0, card=DIGGER, effect=0, choices=[[SECRET[1]]]).passes(1)
    g.end_turn(0)
    if banish:
        g.add("play_event", 1, card=BANISH, pay=pay(F[10]), targets=[{"p": 0, "card": HIDER}]).passes(0)
    g.end_turn(1)
    if finisher is not None:
        g.add("summon", 0, card=finisher, area="main", pay=pay(F[2])).passes(1)
        g.add("use_effect", 0, card=finisher, effect=0, pay=[],
              choices=[[{"p": 0, "on": DIGGER, "card": SECRET[1]}]]).passes(1)
    return g.end_turn(0)


COMBOS = list(itertools.product((True, False), (True, False), (True, False), FINISHERS))


def _public_after(header: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, int]:
    """Per secret, the index of the source action after which it is in a zone both players see (absent: never)."""
    out: dict[str, int] = {}
    folder = Folder(header, DB, keep_trails=False)
    for i, action in enumerate(actions):
        folder.push(action)
        for cid in SECRET:
            if cid not in out and cid in folder.state.players[0].discard:
                out[cid] = i
    return out


@pytest.mark.parametrize(("hide", "by_ops", "banish", "finisher"), COMBOS)
def test_under_cards_redact_for_every_view_and_merge(hide: bool, by_ops: bool, banish: bool,
                                                     finisher: str | None) -> None:
    g = _game(hide, by_ops, banish, finisher)
    assert_legal(g)
    reds = {view: check_redaction(g.header, g.actions, DB, view) for view in (*VIEWS, JUDGE)}
    # the judge (both seats' knowledge) and player 0 name both secrets where they went under
    for view in (0, JUDGE):
        red = reds[view]
        went_under = [red.actions[red.steps[n]] for n, a in enumerate(g.actions) if a["type"] == "trigger"]
        assert went_under == [a for a in g.actions if a["type"] == "trigger"]
    # player 1 and the public never see a secret before it reaches the discard, in the log as in the states
    public = _public_after(g.header, g.actions)
    for view in (1, "public"):
        red = reds[view]
        folder = Folder(red.header, DB, keep_trails=False)
        for n in range(len(g.actions)):
            shown = set()
            for action in red.actions[red.steps[n]:red.steps[n + 1]]:
                folder.push(action)
                shown |= strings_in(action)
            shown |= strings_in(PM.seat_state(PM.to_json(folder.state), view, from_judge=False))
            for cid in SECRET:
                if n < public.get(cid, len(g.actions)):
                    assert cid not in shown, f"view {view} names {cid} at action {n} ({g.actions[n]['type']})"
                else:
                    assert cid in folder.state.players[0].discard  # identified once it was face up there
        state = fold(red.header, red.actions, DB).state
        assert all(c is None for chara in state.players[0].area() for c in chara.under)
    merged = merge(PM, DB, [(reds[0].header, reds[0].actions), (reds[1].header, reds[1].actions)])
    assert merged.disagreement is None
    assert (merged.header, merged.actions, merged.steps) == (reds[JUDGE].header, reds[JUDGE].actions, reds[JUDGE].steps)


def _seat1(banish: bool = True, finisher: str | None = SPENDER) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    g = _game(True, False, banish, finisher)
    red = PM.redact(g.header, g.actions, DB, 1)
    return red.header, red.actions


def _index(actions: list[dict[str, Any]], pred: Any) -> int:
    return next(i for i, a in enumerate(actions) if pred(a))


def test_the_rivals_card_under_is_unknown_and_identified_face_up() -> None:
    """Seat 1's table log: the card put under the rival's Chara is left out of the op and the choice; the fold keeps
    an unknown card there (the state JSON: ``null``); the discard names it after the Chara left, by an ``identify``
    of the discard, and the Spender's choice names the card it took from under Digger (an implicit identification)."""
    header, actions = _seat1()
    hide = actions[_index(actions, lambda a: a["type"] == "trigger" and a["card"] == HIDER)]
    assert hide["choices"] == [[None]]
    at = _index(actions, lambda a: a["type"] == "play_event")
    assert actions[at + 1] == {"type": "identify", "p": 0, "zone": "discard", "cards": [SECRET[0]]}
    before = fold(header, actions[:at + 1], DB)
    assert before.valid and before.state.players[0].discard.count(None) == 1
    assert before.state_json()["players"][0]["discard"][-2:] == [None, HIDER]  # face up, not named yet
    spent = actions[_index(actions, lambda a: a["type"] == "use_effect")]
    assert spent["choices"] == [[{"p": 0, "on": DIGGER, "card": SECRET[1]}]]  # to the discard: everyone sees it
    end = fold(header, actions, DB)
    assert end.valid and SECRET[1] in end.state.players[0].discard
    # the Returner's card goes to a hand: seat 1 sees none of it
    header, actions = _seat1(banish=False, finisher=RETURNER)
    back = actions[_index(actions, lambda a: a["type"] == "use_effect")]
    assert back["choices"] == [[{"p": 0, "on": DIGGER, "card": None}]]
    state = fold(header, actions, DB).state
    assert state.players[0].hand.count(None) >= 1 and not any(c in SECRET for c in strings_in(PM.to_json(state)))


def test_a_seat_records_an_unknown_card_put_under_by_the_ops() -> None:
    """A table log written by hand from seat 1: the rival's unscripted-looking ops put an unknown hand card under its
    Chara (``move`` without ``card``); taking it to the discard names it."""
    g = _game(False, True, False, None)
    red = PM.redact(g.header, g.actions, DB, 1)
    actions = copy.deepcopy(red.actions)
    at = _index(actions, lambda a: a["type"] == "trigger" and a["card"] == HIDER)
    actions[at]["ops"] = [{"op": "move", "p": 0, "from": "hand", "to": "under", "on": HIDER}]
    res = fold(red.header, actions[:at + 1], DB)
    assert res.valid, res.ruling
    hider = res.state_json()["players"][0]["main"][0]
    assert hider["card"] == HIDER and hider["under"] == [None]
    # a complete Hider trigger takes the card named only from the hand; nobody named there: the hand must hold one
    actions[at]["ops"] = [{"op": "move", "p": 0, "from": "discard", "to": "under", "on": HIDER}]
    assert not fold(red.header, actions[:at + 1], DB).valid  # a card from the discard is seen: it must be named


def _ruled(header: dict[str, Any], actions: list[dict[str, Any]]) -> str | None:
    res = fold(header, actions, DB)
    return None if res.ruling is None else res.ruling.rule


def test_identifications_of_cards_that_were_under_a_chara_are_ruled() -> None:
    header, actions = _seat1()
    at = _index(actions, lambda a: a["type"] == "identify" and a["zone"] == "discard")
    named = actions[at]
    # more cards named than the discard holds unknown
    too_many = [*actions[:at], {**named, "cards": [SECRET[0], SECRET[1]]}]
    assert _ruled(header, too_many) == "identify.zone"
    # an EX card cannot have come from the main deck (an unlisted deck: the pool is any non-EX card)
    assert _ruled(header, [*actions[:at], {**named, "cards": ["TST 01-014"]}]) == "identify.count"
    left_unnamed = [*actions[:at], *actions[at + 1:]]  # the recorder never names it: the log stays legal
    assert _ruled(header, left_unnamed) is None
    assert None in fold(header, left_unnamed, DB).state.players[0].discard
    # an identify of the discard before the Chara left: no unknown card there yet
    early = _index(actions, lambda a: a["type"] == "play_event")
    assert _ruled(header, [*actions[:early], {**named}]) == "identify.zone"
    # a card taken from under Digger (unknown there) named as one that cannot be there (an EX card): identify.count;
    # from under Hider, which has left: the complete log's ruling
    spend = _index(actions, lambda a: a["type"] == "use_effect")
    bad = copy.deepcopy(actions[:spend + 1])
    bad[spend]["choices"] = [[{"p": 0, "on": DIGGER, "card": "TST 01-014"}]]
    assert _ruled(header, bad) == "identify.count"
    bad[spend]["choices"] = [[{"p": 0, "on": HIDER, "card": SECRET[1]}]]
    assert _ruled(header, bad) == "effect.target"
    # read off the ops instead: the op's card identifies the unknown card under Digger the same way
    ops = copy.deepcopy(actions[:spend + 1])
    del ops[spend]["choices"]
    ops[spend]["ops"] = [{"op": "move", "p": 0, "card": "TST 01-014", "from": "under", "on": DIGGER, "to": "discard"}]
    assert _ruled(header, ops) == "identify.count"
    ops[spend]["ops"][0]["card"] = SECRET[1]
    ops[spend]["ops"].append({"op": "draw", "p": 0, "n": 1})
    assert _ruled(header, ops) is None



def test_an_identify_of_the_discard_is_a_logs_action_and_the_publics_too() -> None:
    from pmemo_replay.logio.schemas import ACTION_SCHEMAS

    named = {"type": "identify", "p": 0, "zone": "discard", "cards": [SECRET[0]]}
    assert ACTION_SCHEMAS["identify"].validate(named) == {}
    assert PM.knowledge_unlearned(named) == named  # face up in the discard: a draft's public copy keeps it
    assert PM.knowledge_unlearned({**named, "zone": "hand"})["cards"] == []
