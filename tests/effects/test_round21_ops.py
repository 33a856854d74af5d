"""Engine behaviour the twenty-first compiler round's readings rely on (issue 20, helper h20r21), on synthetic cards
with legal and illegal logs: "for each card moved, put N cards from the deck's top into your Point Zone"
(``put_point`` with ``per: {"picked": "cards"}``, counted when it runs), and a usage cost change granted to a
target until the end of the turn beside a keyword (the cost a Chara of the Area has); "another X than this card"
in the discard the effect was heard from (``pick`` ``not_this_card``)."""

from __future__ import annotations

from engine.pm import stats
from engine.pm.cards import Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, F, _chara, _event, boards_with, pay
from tests.engine.kit import assert_illegal, assert_legal

POINTS, SWAP, HEAVY, REVIVER, SCRAP = (f"TST 91-00{i}" for i in range(1, 6))
CARDS = [
    _event("91-001", "Points", ({"op": "put_point", "who": "self", "n": 2},), cost=0),
    # "discard up to 2 cards of your Point Zone; if you did, for each card discarded, put the deck's top card into
    # your Point Zone face up" (SAGA's and KGY's shape, made up)
    _event("91-002", "Swap", ({"op": "pick", "from": "point", "to": "discard", "n": 2, "filter": {}, "up_to": True,
                               "then": [{"op": "put_point", "who": "self", "n": 1, "per": {"picked": "cards"}}]},),
           cost=0),
    # "one of your Charas gets 〔我慢〕 and usage cost +3 until the end of the turn"
    _event("91-003", "Heavy", ({"op": "grant", "target": "target:0", "what": "endure", "until": "turn_end"},
                               {"op": "grant", "target": "target:0", "what": {"cost": 3}, "until": "turn_end"}),
           cost=0, targets=({"side": "self"},)),
    # "when this card leaves, you may remove a Reviver other than this card from your discard" (SAGA's shape)
    _chara("91-004", "Reviver", Effect("auto", trigger="leave", optional=True, script=(
        {"op": "pick", "from": "discard", "to": "removed", "n": 1, "filter": {"name": "Reviver"}, "up_to": True,
         "not_this_card": True},))),
    _event("91-005", "Scrap", ({"op": "move", "target": "target", "to": "discard"},), targets=({"side": "self"},)),
]


def _with_points():  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [AKI], [], hand0=[POINTS, SWAP, HEAVY])
    g.add("play_event", 0, card=POINTS, pay=[]).passes(1)
    points = [x["card"] for x in assert_legal(g).state_json()["players"][0]["points"]]
    assert len(points) == 2
    return g, points


def test_one_card_put_into_the_point_zone_for_each_card_discarded() -> None:
    for k in (0, 1, 2):
        g, points = _with_points()
        g.add("play_event", 0, card=SWAP, pay=[], choices=[points[:k]])
        s = assert_legal(g).state_json()["players"][0]
        assert len(s["points"]) == 2  # k taken off, k put back from the deck
        assert all(p in s["discard"] for p in points[:k])
        assert sum(x["card"] in points for x in s["points"]) == 2 - k


def test_the_count_of_cards_put_is_the_count_discarded() -> None:
    g, points = _with_points()
    ops = [{"op": "move", "p": 0, "card": points[0], "from": "point", "to": "discard"},
           {"op": "move", "p": 0, "card": points[1], "from": "point", "to": "discard"},
           {"op": "put_point", "p": 0, "n": 2}]
    g.add("play_event", 0, card=SWAP, pay=[], ops=ops)
    assert len(assert_legal(g).state_json()["players"][0]["points"]) == 2
    g.actions[-1] = {**g.actions[-1], "ops": [*ops[:2], {"op": "put_point", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")  # two discarded: two put
    g.actions[-1] = {**g.actions[-1], "ops": [ops[0], {"op": "put_point", "p": 0, "n": 2}]}
    assert_illegal(g, "effect.result")  # one discarded: one put


def test_a_cost_granted_until_the_turns_end_beside_a_keyword() -> None:
    g = boards_with(CARDS, [AKI], [], hand0=[HEAVY])
    g.add("play_event", 0, card=HEAVY, pay=[], targets=[{"p": 0, "card": AKI}])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and stats.chara_cost(res.state, aki) == res.state.card(AKI).cost + 3
    g.actions[-1] = {**g.actions[-1], "targets": [{"p": 1, "card": AKI}]}
    assert_illegal(g, "effect.target")  # one of your own Charas


def _scrapped(paid_with: str):  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [REVIVER], [], hand0=[SCRAP, paid_with])
    return g.add("play_event", 0, card=SCRAP, pay=pay(paid_with), targets=[{"p": 0, "card": REVIVER}])


def test_another_copy_than_this_card_in_the_discard() -> None:
    remove = [{"op": "move", "p": 0, "card": REVIVER, "from": "discard", "to": "removed"}]
    g = _scrapped(REVIVER)  # a copy paid for the Event: two Revivers in the discard, one of them this card
    g.add("trigger", 0, card=REVIVER, effect=0, **{"from": "discard"}, ops=remove)
    s = assert_legal(g).state_json()["players"][0]
    assert s["discard"].count(REVIVER) == 1 and s["removed"] == [REVIVER]
    g = _scrapped(F[5])  # this card alone: it is not "another" one
    g.add("trigger", 0, card=REVIVER, effect=0, **{"from": "discard"}, ops=remove)
    assert_illegal(g, "effect.target")
    g.actions[-1] = {**{k: v for k, v in g.actions[-1].items() if k != "ops"}, "choices": [[]]}
    assert REVIVER in assert_legal(g).state_json()["players"][0]["discard"]  # up to one: none taken
