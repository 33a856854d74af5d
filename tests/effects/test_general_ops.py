"""Engine pieces of the third compiler round (issue 20), each on synthetic cards with a legal and an illegal log:
a judgement between two named Charas (``judge`` ``with``), every fitting card picked (``pick`` ``all``), counts and
conditions of the cards in a zone (``cards``)."""

from __future__ import annotations

import tests.effects.test_machinery as tm
from tests.effects.test_machinery import AKI, BEN, DAN, DRAW, FREEBIE, F, _event, hand, pay
from tests.engine.kit import assert_illegal, assert_legal

JUDGE2, RECALL, STUDY, HOPE = "TST 76-001", "TST 76-002", "TST 76-003", "TST 76-004"
PEEK, MIRROR, SWAP, NO_EVENTS, NO_SUMMONS = (f"TST 76-0{i:02d}" for i in range(5, 10))
CARDS = [
    # "one of yours and one of the opponent's perform an Elimination Judgement"
    _event("76-001", "Judge Two", ({"op": "judge", "target": "target:1", "with": "target:0"},),
           targets=({"side": "self"}, {"side": "opponent"})),
    # "return every 「Aki」 in your discard to the deck, and shuffle"
    _event("76-002", "Recall", ({"op": "pick", "from": "discard", "to": "deck", "n": 1, "filter": {"name": "Aki"},
                                 "all": True}, {"op": "shuffle", "who": "self"})),
    # "draw one card for each two Events in your discard"
    _event("76-003", "Study", ({**DRAW[0], "per": {"cards": {"zone": "discard", "who": "self",
                                                             "filter": {"type": "event"}}, "each": 2}},)),
    # "if the opponent's hand holds 1 card or fewer, draw a card"
    _event("76-004", "Hope", ({**DRAW[0], "if": {"cards": {"zone": "hand", "who": "opponent", "at_most": 1}}},)),
    _event("76-005", "Peek", ({"op": "look_hand", "who": "opponent"},)),
    # "your Chara's AP / DP become the same as that (first) Chara's until the end of the turn"
    _event("76-006", "Mirror", ({"op": "modify", "target": "target:1", "set": {"ap": {"of": "target:0", "stat": "ap"},
                                                                             "dp": {"of": "target:0", "stat": "dp"}}},),
           targets=({"side": "opponent"}, {"side": "self"})),
    _event("76-007", "Swap", ({"op": "modify", "target": "target", "set": {"ap": {"of": "target", "stat": "dp"},
                                                                          "dp": {"of": "target", "stat": "ap"}}},),
           targets=({"side": "self"},)),
    _event("76-008", "No Events", ({"op": "forbid", "who": "self", "what": "play", "filter": {"type": "event"}},)),
    _event("76-009", "No Summons", ({"op": "forbid", "who": "self", "what": "summon", "filter": {"type": "chara",
                                                                                                "min_cost": 3}},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str]):  # type: ignore[no-untyped-def]
    return tm.boards_with(CARDS, p0, p1, hand0)


def test_a_judgement_between_two_named_charas() -> None:
    g = _boards([DAN], [AKI], [JUDGE2, F[5]])
    g.add("play_event", 0, card=JUDGE2, pay=pay(F[5]), targets=[{"p": 0, "card": DAN}, {"p": 1, "card": AKI}])
    s = assert_legal(g).state_json()
    assert AKI in s["players"][1]["discard"] and DAN not in s["players"][0]["discard"]  # 50 >= 30; 30 < 50
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 0, "card": DAN, "from": "main", "to": "discard"}]}
    assert_illegal(g, "effect.result")  # Dan does not leave: Aki's AP is below its DP


def test_every_fitting_card_is_picked() -> None:
    g = _boards([AKI], [BEN], [JUDGE2, RECALL, F[5], F[6]])
    g.add("play_event", 0, card=JUDGE2, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}, {"p": 1, "card": BEN}])
    g.add("play_event", 0, card=RECALL, pay=pay(F[6]), choices=[[AKI]])  # Aki (30/30) fell to Ben (40/40)
    s = assert_legal(g).state_json()
    assert AKI not in s["players"][0]["discard"]
    g.actions[-1] = {**g.actions[-1], "choices": [[]]}
    assert_illegal(g, "effect.target")  # all of them, not fewer


def test_a_count_of_the_cards_in_the_discard() -> None:
    g = _boards([], [], [RECALL, FREEBIE, STUDY, F[5], F[6]])
    g.add("play_event", 0, card=RECALL, pay=pay(F[5]), choices=[[]])  # no Aki in the discard
    g.add("play_event", 0, card=STUDY, pay=pay(F[6]))  # one Event (Recall) in the discard: 1 // 2 = no card
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "draw", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")
    g = _boards([], [], [RECALL, FREEBIE, STUDY, F[5], F[6]])
    g.add("play_event", 0, card=RECALL, pay=pay(F[5]), choices=[[]])
    g.add("play_event", 0, card=FREEBIE)
    n = len(hand(assert_legal(g), 0))
    g.add("play_event", 0, card=STUDY, pay=pay(F[6]))  # Recall and Freebie: one card
    assert len(hand(assert_legal(g), 0)) == n - 2 + 1
    g.actions[-1] = {**g.actions[-1], "ops": []}
    assert_illegal(g, "effect.result")


def test_a_condition_on_the_opponents_hand_size() -> None:
    g = _boards([], [], [HOPE, F[5]])
    g.add("play_event", 0, card=HOPE, pay=pay(F[5]))
    res = assert_legal(g)
    assert len(res.state_json()["players"][1]["hand"]) > 1  # the opponent holds more: no card drawn
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "draw", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")


def _stats(res, p: int, card: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    c = next(x for x in res.state_json()["players"][p]["main"] if x["card"] == card)
    return c["ap"], c["dp"]


def test_looking_at_the_opponents_hand_moves_nothing() -> None:
    g = _boards([], [], [PEEK, F[5]])
    g.add("play_event", 0, card=PEEK, pay=pay(F[5]))
    assert_legal(g)
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "draw", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")


def test_values_set_to_another_charas_and_swapped() -> None:
    g = _boards([AKI], [DAN], [MIRROR, F[5]])
    g.add("play_event", 0, card=MIRROR, pay=pay(F[5]), targets=[{"p": 1, "card": DAN}, {"p": 0, "card": AKI}])
    assert _stats(assert_legal(g), 0, AKI) == (50, 50)  # Dan's 50/50
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "modify", "p": 0, "card": AKI, "ap": 10, "dp": 10}]}
    assert_illegal(g, "effect.result")
    g = _boards([], [], [SWAP, F[5], F[6], F[7], F[8]])
    g.add("summon", 0, card=F[5], area="main", pay=pay(F[6], F[7]))
    res = assert_legal(g)
    before = _stats(res, 0, F[5])
    g.add("play_event", 0, card=SWAP, pay=pay(F[8]), targets=[{"p": 0, "card": F[5]}])
    assert _stats(assert_legal(g), 0, F[5]) == before[::-1]


def test_bans_on_plays_and_summons() -> None:
    g = _boards([], [], [NO_EVENTS, FREEBIE, F[5], F[6], F[7], F[8]])
    g.add("play_event", 0, card=NO_EVENTS, pay=pay(F[5]))
    g.add("play_event", 0, card=FREEBIE)
    assert_illegal(g, "effect.condition")  # no Event this turn
    g.actions.pop()
    g.add("summon", 0, card=F[6], area="main", pay=pay(F[7], F[8]))
    assert_legal(g)  # a summon is no Event
    g = _boards([], [], [NO_SUMMONS, DAN, F[5], F[6], F[7], F[8], F[9]])
    g.add("play_event", 0, card=NO_SUMMONS, pay=pay(F[5]))
    g.add("summon", 0, card=DAN, area="main", pay=pay(F[6], F[7], F[8], F[9]))
    assert_illegal(g, "effect.condition")  # usage cost 4: banned this turn
    g = _boards([], [], [NO_SUMMONS, AKI, F[5], F[6], F[7]])
    g.add("play_event", 0, card=NO_SUMMONS, pay=pay(F[5]))
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[6], F[7]))
    assert_legal(g)  # usage cost 2: allowed
