"""Engine behaviour the nineteenth compiler round's readings rely on (issue 20, helper h20r19), on synthetic cards
with a legal and an illegal log: this card moved from the discard, where its leaving put it, back to the EX deck
or into the Support Area at the turn's end (``pick`` ``this_card`` ``to: "ex_deck"`` / ``"support"``); "not interfered by
Charas of usage cost at most the opponent's hand size" (``max_cost: {"count": {"hand": "opponent"}}``)."""

from __future__ import annotations

from engine.pm import conditions
from engine.pm.cards import Effect, Timing
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BANISH, BEN, DRAW, F, _chara, boards_with, pay
from tests.engine.kit import assert_illegal, assert_legal

RETURNER, LATE, SLY = "TST 89-001", "TST 89-002", "TST 89-003"
HAND_LIMIT = {"max_cost": {"count": {"hand": "opponent"}}}
IDLE = "TST 89-004"
CARDS = [
    # "when this card leaves, put this card from the discard back into the EX deck" (HTRK 01-009's shape)
    _chara("89-001", "Returner", Effect("auto", trigger="leave", script=(
        {"op": "pick", "from": "discard", "to": "ex_deck", "n": 1, "filter": {}, "this_card": True},))),
    # "when this card leaves, at the end of the turn put this card from the discard into the Support Area"
    _chara("89-002", "Late", Effect("auto", trigger="leave", script=(
        {"op": "delay", "on": "turn_end", "do": [
            {"op": "pick", "from": "discard", "to": "support", "n": 1, "filter": {}, "this_card": True}]},))),
    # "this card is not interfered by Charas of usage cost at most the opponent's hand size" (KGY ST-017's shape)
    _chara("89-003", "Sly", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": {"not_interfered_by": HAND_LIMIT}, "until": "turn_end"},))),
    # "[Approach/both] (0): if this card is rested, draw a card" (the condition on the effect's own Chara, round 19)
    _chara("89-004", "Idle", Effect("activated", timing=Timing.parse("approach/both"), cost=0, condition={"rested": True},
                                    script=DRAW)),
]


def _banished(card: str):  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [], [card], hand0=[BANISH, F[5]])
    return g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": card}])


def test_this_card_goes_back_from_the_discard_to_the_ex_deck() -> None:
    g = _banished(RETURNER)
    g.add("trigger", 1, card=RETURNER, effect=0, **{"from": "discard"},
          ops=[{"op": "move", "p": 1, "card": RETURNER, "from": "discard", "to": "ex_deck"}])
    state = assert_legal(g).state_json()["players"][1]
    assert RETURNER not in state["discard"]
    # another card of the discard is not "this card"
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 1, "card": F[10], "from": "discard", "to": "ex_deck"}]}
    assert_illegal(g, "effect.target")


def test_this_card_enters_the_support_area_from_the_discard_at_the_turns_end() -> None:
    g = _banished(LATE)
    g.add("trigger", 1, card=LATE, effect=0, **{"from": "discard"})
    g.passes(1).passes(0, 1).add("end_approach", 0)
    # the delayed part (the card's trigger after its automatic ones) fires at the turn's end, from the discard
    g.add("trigger", 1, card=LATE, effect=1, **{"from": "discard"},
          ops=[{"op": "move", "p": 1, "card": LATE, "from": "discard", "to": "support"}])
    state = assert_legal(g).state_json()["players"][1]
    assert LATE not in state["discard"] and [c["card"] for c in state["support"]] == [LATE]
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 1, "card": LATE, "from": "discard", "to": "main"}]}
    assert_illegal(g, "effect.result")  # the Support Area, not the Main Area


def test_not_interfered_by_charas_of_cost_at_most_the_opponents_hand_size() -> None:
    g = boards_with(CARDS, [SLY], [BEN])
    g.add("approach", 0, card=SLY).passes(0, 1)
    assert_legal(g.add("no_interfere", 1))
    g.actions[-1] = {"type": "interfere", "p": 1, "card": BEN}
    assert_illegal(g, "interfere.chara")  # Ben's cost 2 is at most the 6 cards of player 1's hand
    # the number is the hand size when checked: with one card left, a cost-2 Chara fits no more
    state = boards_with(CARDS, [AKI], [BEN]).fold().state
    ben = find_chara(state.players[1], BEN)
    assert ben is not None and len(state.players[1].hand) >= 2
    assert conditions.chara_problem(state, 0, HAND_LIMIT, ben) is None
    state.players[1].hand[1:] = []
    assert conditions.chara_problem(state, 0, HAND_LIMIT, ben) is not None


def test_a_condition_that_this_card_is_rested() -> None:
    g = boards_with(CARDS, [IDLE, AKI], [])
    g.add("approach", 0, card=AKI).add("use_effect", 0, card=IDLE, effect=0, pay=[])
    assert_illegal(g, "effect.condition")  # it stands active
    g = boards_with(CARDS, [IDLE], [])
    g.add("approach", 0, card=IDLE).add("use_effect", 0, card=IDLE, effect=0, pay=[])
    assert_legal(g)  # rested by its approach
