"""A ``pick`` with ``this_card`` takes the effect's own card only (issue 20, rd34's finding): a Chara whose leave
trigger moves "this card" from the discard finds itself there only when it went there; a copy already in the
discard is another card, which the pick never takes (then nothing moves and its "if so" part does not run). The
legal-action generator offers such a trigger from the zone the Chara went to. Made-up cards only."""

from __future__ import annotations

from typing import Any

import tests.effects.test_machinery as tm
from engine.pm.cards import CardDB, Effect
from engine.pm.legal import legal_actions
from tests.effects.test_machinery import DRAW, F, _chara, _event
from tests.engine.kit import Game, assert_illegal, assert_legal

EXILE, RETURNER, BOUNCE, BANISH = (f"TST 79-0{i:02d}" for i in range(1, 5))
THIS = {"op": "pick", "from": "discard", "n": 1, "filter": {}, "this_card": True}
CARDS = [
    # "when this card leaves the Area, remove this card in the discard from the game; if so, draw one"
    _chara("79-001", "Exile", Effect("auto", trigger="leave", script=({**THIS, "to": "removed", "then": list(DRAW)},)), cost=1),
    # "when this card leaves the Area, put this card from the discard onto the Area"
    _chara("79-002", "Returner", Effect("auto", trigger="leave", script=({**THIS, "to": "area"},)), cost=1),
    _event("79-003", "Bounce", ({"op": "move", "target": "target", "to": "hand"},), targets=({"side": "opponent"},), cost=0),
    _event("79-004", "Banish", ({"op": "move", "target": "target", "to": "discard"},), targets=({"side": "opponent"},), cost=0),
]
DB = CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])


def _copy_in_discard(card: str, removal: str) -> Game:
    """Player 1 summons ``card`` paying with another copy of it (that copy goes to the discard); in turn 3 player 0
    plays ``removal`` on it: its leave trigger is owed next."""
    g = Game([removal, F[0]], [card, card, F[2]], db=DB)
    g.end_turn(0)
    g.add("summon", 1, card=card, area="main", pay=[{"hand": card}]).passes(0).end_turn(1)
    g.add("play_event", 0, card=removal, pay=[], targets=[{"p": 1, "card": card}])
    return g


def _player(g: Game, p: int = 1) -> dict[str, Any]:
    return assert_legal(g).state_json()["players"][p]


def test_a_copy_in_the_discard_is_not_this_card() -> None:
    g = _copy_in_discard(EXILE, BOUNCE)
    before = _player(g)
    assert before["discard"] == [EXILE] and EXILE in before["hand"]
    g.add("trigger", 1, card=EXILE, effect=0, **{"from": "hand"})
    after = _player(g)
    assert after["discard"] == [EXILE] and after["removed"] == []  # the copy stays
    assert len(after["hand"]) == len(before["hand"])  # no "if so": nothing drawn
    g.actions[-1] = {**g.actions[-1], "choices": [[EXILE]]}
    assert_illegal(g, "effect.target")  # naming the copy takes a card the effect cannot take
    g.actions.pop()
    g.passes(1)
    assert_illegal(g, "effect.result")  # mandatory: it still resolves (doing what it can: nothing)


def test_this_card_in_the_discard_is_taken_and_the_if_so_part_runs() -> None:
    g = _copy_in_discard(EXILE, BANISH)
    before = _player(g)
    assert before["discard"] == [EXILE, EXILE]
    g.add("trigger", 1, card=EXILE, effect=0, **{"from": "discard"})
    after = _player(g)
    assert after["discard"] == [EXILE] and after["removed"] == [EXILE]
    assert len(after["hand"]) == len(before["hand"]) + 1


def test_a_copy_in_the_discard_is_not_put_onto_the_area() -> None:
    g = _copy_in_discard(RETURNER, BOUNCE)
    g.add("trigger", 1, card=RETURNER, effect=0, **{"from": "hand"})
    after = _player(g)
    assert after["main"] == [] and after["discard"] == [RETURNER]
    g = _copy_in_discard(RETURNER, BANISH)
    g.add("trigger", 1, card=RETURNER, effect=0, **{"from": "discard"})
    after = _player(g)
    assert [c["card"] for c in after["main"]] == [RETURNER] and after["discard"] == [RETURNER]


def test_legal_actions_offer_the_trigger_from_where_the_chara_went() -> None:
    for removal, zone in ((BOUNCE, "hand"), (BANISH, "discard")):
        state = assert_legal(_copy_in_discard(EXILE, removal)).state
        offered = [a for a in legal_actions(state) if a["type"] == "trigger"]
        assert offered and all(a.get("from") == zone for a in offered), (removal, offered)


def test_a_chara_that_left_for_the_hand_is_not_named_from_the_discard() -> None:
    g = _copy_in_discard(EXILE, BOUNCE)
    g.add("trigger", 1, card=EXILE, effect=0, **{"from": "discard"})
    assert_illegal(g, "zone")  # the copy there is another card: naming it would let the pick take that copy
