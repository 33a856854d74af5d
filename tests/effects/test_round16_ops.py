"""Engine pieces of the sixteenth compiler round (issue 20, helper h20r16), each on synthetic cards with a legal
and an illegal log."""

from __future__ import annotations

from engine.pm import stats
from engine.pm.cards import Card, Effect, Timing
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, DRAW, _chara, _event, boards_with, hand
from tests.engine.kit import assert_illegal, assert_legal

PROP, BOOST, COIN2, MAYSTRIP, JAMMER, TRICK = (f"TST 86-00{i}" for i in range(1, 7))
CARDS = [
    Card(id=PROP, name="Prop", series="Test", type="support", color="red", cost=0, source=1, ap=None, dp=None),
    # "one of your Charas with a Test Support set on it gets +20/+20 until the end of the turn" (GP 02-024's shape)
    _event("86-002", "Boost", ({"op": "modify", "target": "target:0", "ap": 20, "dp": 20, "until": "turn_end"},),
           cost=0, targets=({"side": "self", "supported": {"series": "Test"}},)),
    _event("86-003", "Coin2", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 2},), cost=0,
           targets=({"side": "self"},)),
    # "then you may take two +10/+10 coins off one of your Charas; if you did, draw a card" (NUKN 01-094's shape)
    _event("86-004", "MayStrip", ({"op": "remove_coins", "spec": {"side": "self"}, "coin": "+10/+10", "n": 2,
                                   "may": True, "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "while this card approaches, you cannot play Events" (GP 01-017's shape: a continuous ban)
    _chara("86-005", "Jammer", Effect("continuous", condition={"approaching": True}, script=(
        {"op": "forbid", "who": "self", "what": "play", "filter": {"type": "event"}},))),
    _event("86-006", "Trick", DRAW, timing=Timing.parse("approach/self"), cost=0),
]


def test_a_chara_with_a_support_set_on_it_is_the_only_target() -> None:
    g = boards_with(CARDS, [AKI, BEN], [], [PROP, BOOST]).add("set_support", 0, card=PROP, on=AKI, pay=[]).passes(1)
    g.add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": AKI}])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and stats.ap_dp(res.state, aki) == (50, 50)
    g.actions.pop()
    assert_illegal(g.add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": BEN}]), "effect.target")
    g = boards_with(CARDS, [AKI, BEN], [], [BOOST])  # no Support set: no Chara fits
    assert_illegal(g.add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": AKI}]), "effect.target")


def _coined():  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [AKI], [], [COIN2, MAYSTRIP])
    return g.add("play_event", 0, card=COIN2, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)


def test_a_coin_removal_the_player_may_leave_out() -> None:
    before = len(hand(assert_legal(_coined()), 0))
    g = _coined().add("play_event", 0, card=MAYSTRIP, pay=[], choices=[True, [AKI, AKI]])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and aki.coins == {} and len(hand(res, 0)) == before  # MayStrip left, a card drawn
    g = _coined().add("play_event", 0, card=MAYSTRIP, pay=[], choices=[False])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and aki.coins == {"+10/+10": 2} and len(hand(res, 0)) == before - 1  # nothing drawn
    # read off the ops: the coins and the draw, or nothing at all; not the coins without the draw
    assert_legal(_coined().add("play_event", 0, card=MAYSTRIP, pay=[], ops=[
        {"op": "coin", "p": 0, "card": AKI, "coin": "+10/+10", "n": -2}, {"op": "draw", "p": 0, "n": 1}]))
    assert_legal(_coined().add("play_event", 0, card=MAYSTRIP, pay=[], ops=[]))
    assert_illegal(_coined().add("play_event", 0, card=MAYSTRIP, pay=[], choices=[True, [AKI]]), "effect.target")
    assert_illegal(_coined().add("play_event", 0, card=MAYSTRIP, pay=[], ops=[
        {"op": "coin", "p": 0, "card": AKI, "coin": "+10/+10", "n": -2}]), "effect.result")


def test_a_continuous_ban_holds_while_its_condition_does() -> None:
    g = boards_with(CARDS, [JAMMER, AKI], [BEN], [TRICK]).add("approach", 0, card=JAMMER)
    assert_illegal(g.add("play_event", 0, card=TRICK, pay=[]), "effect.condition")  # Jammer approaches
    g = boards_with(CARDS, [JAMMER, AKI], [BEN], [TRICK]).add("approach", 0, card=AKI)
    assert_legal(g.add("play_event", 0, card=TRICK, pay=[]))  # another Chara approaches: no ban
