"""Engine pieces of the eleventh compiler round (issue 20, helper h20r11), each on synthetic cards with a legal and
an illegal log: 〔天然N〕 ([Ignore N]) granted by a continuous effect; coins taken off Charas (``remove_coins``), coins
as a condition on the effect's own Chara and as a Chara spec key, coins put on "for each"; a limit on how many Charas
a player makes approach (``forbid`` ``approaches``)."""

from __future__ import annotations

from engine.pm.cards import Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, MAIN_SELF, _chara, _event, boards_with, hand
from tests.engine.kit import assert_illegal, assert_legal

SNEAK, PUT2, STRIP, ZAP, TALLY, BARE, LIMIT, LIMIT_NEXT, LIMIT_MINE_NEXT = (f"TST 81-00{i}" for i in range(1, 10))
CARDS = [
    # "while you have 2 or more Charas, this card has 〔天然2〕" (continuous)
    _chara("81-001", "Sneak", Effect("continuous", condition={"count": {"spec": {"side": "self"}, "at_least": 2}},
                                     script=({"op": "grant", "target": "self", "what": {"ignore": 2},
                                              "until": "turn_end"},))),
    # "one of your Charas: put two +10/+10 coins on it"
    _event("81-002", "Put2", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 2},), cost=0,
           targets=({"side": "self"},)),
    # "take three +10/+10 coins off your Charas; if so, draw a card"
    _event("81-003", "Strip", ({"op": "remove_coins", "spec": {"side": "self"}, "coin": "+10/+10", "n": 3,
                                "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "one of your Charas with a coin on it gets +10/+10"
    _event("81-004", "Zap", ({"op": "modify", "target": "target:0", "ap": 10, "dp": 10},), cost=0,
           targets=({"side": "self", "coins": {"coin": None, "at_least": 1}},)),
    # "one of your Charas: a +10/+10 coin on it for each Chara of yours"
    _event("81-005", "Tally", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 1,
                                "per": {"charas": {"side": "self"}}},), cost=0, targets=({"side": "self"},)),
    # "[Main/self] (0): only while no +10/+10 coin is on this card: draw a card"
    _chara("81-006", "Bare", Effect("activated", timing=MAIN_SELF, cost=0, condition={
        "coins": {"coin": "+10/+10", "at_most": 0}}, script=({"op": "draw", "who": "self", "n": 1},))),
    # "this turn, you can make only one Chara approach" (the cards say it of the opponent; ``who`` is the same)
    _event("81-007", "Limit", ({"op": "forbid", "who": "self", "what": "approaches", "filter": {"at_most": 1},
                                "until": "turn_end"},), cost=0),
    # "during the next turn, the opponent can make only one Chara approach" (次のターンの間: that turn only)
    _event("81-008", "LimitNext", ({"op": "forbid", "who": "opponent", "what": "approaches", "filter": {"at_most": 1},
                                    "until": "next_turn_end", "from": "next_turn"},), cost=0),
    # the same limit on the player who plays it: not in force in the rest of this turn
    _event("81-009", "LimitMineNext", ({"op": "forbid", "who": "self", "what": "approaches", "filter": {"at_most": 1},
                                        "until": "next_turn_end", "from": "next_turn"},), cost=0),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0)


def test_a_continuous_ignore_grant_bars_cheap_interferers_while_its_condition_holds() -> None:
    g = _boards([SNEAK, AKI], [BEN]).add("approach", 0, card=SNEAK).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.ignore")  # Ben costs 2: 〔天然2〕 is in force with two Charas of yours
    g = _boards([SNEAK], [BEN]).add("approach", 0, card=SNEAK).passes(0, 1).add("interfere", 1, card=BEN)
    assert_legal(g)  # alone, Sneak has no 〔天然〕


def _coined(*extra: str):  # type: ignore[no-untyped-def]
    """Aki with two +10/+10 coins, Ben with two, ``extra`` in the hand."""
    g = _boards([AKI, BEN], [], [PUT2, PUT2, *extra])
    g.add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    return g.add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": BEN}]).passes(1)


def test_coins_taken_off_several_charas_as_the_player_chooses() -> None:
    g = _coined(STRIP).add("play_event", 0, card=STRIP, pay=[], choices=[[AKI, AKI, BEN]])
    res = assert_legal(g)
    aki, ben = (find_chara(res.state.players[0], c) for c in (AKI, BEN))
    assert aki is not None and ben is not None and (aki.coins, ben.coins) == ({}, {"+10/+10": 1})
    assert len(hand(res, 0)) == len(hand(assert_legal(_coined(STRIP)), 0))  # Strip left, the drawn card came in
    g.actions[-1] = {**g.actions[-1], "choices": [[AKI, AKI, AKI]]}
    assert_illegal(g, "effect.target")  # Aki holds two
    g.actions[-1] = {**g.actions[-1], "choices": [[AKI, BEN]]}
    assert_illegal(g, "effect.target")  # three coins are there: three go


def test_coins_read_off_the_logged_ops_and_if_so_needs_all_of_them() -> None:
    g = _coined(STRIP).add("play_event", 0, card=STRIP, pay=[], ops=[
        {"op": "coin", "p": 0, "card": AKI, "coin": "+10/+10", "n": -2},
        {"op": "coin", "p": 0, "card": BEN, "coin": "+10/+10", "n": -1}, {"op": "draw", "p": 0, "n": 1}])
    assert_legal(g)
    g = _boards([AKI], [], [PUT2, STRIP]).add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": AKI}])
    before = len(hand(assert_legal(g.passes(1)), 0))
    g.add("play_event", 0, card=STRIP, pay=[], choices=[[AKI, AKI]])  # two are all there are: they go, no draw
    assert len(hand(assert_legal(g), 0)) == before - 1
    g.actions[-1] = {**g.actions[-1], "choices": [[AKI]]}
    assert_illegal(g, "effect.target")


def test_a_chara_spec_on_coins() -> None:
    g = _coined(ZAP).add("play_event", 0, card=ZAP, pay=[], targets=[{"p": 0, "card": AKI}])
    assert_legal(g)
    g = _boards([AKI, BEN], [], [PUT2, ZAP]).add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": AKI}])
    g.passes(1).add("play_event", 0, card=ZAP, pay=[], targets=[{"p": 0, "card": BEN}])
    assert_illegal(g, "effect.target")  # Ben holds no coin


def test_coins_put_on_for_each() -> None:
    g = _boards([AKI, BEN], [], [TALLY]).add("play_event", 0, card=TALLY, pay=[], targets=[{"p": 0, "card": AKI}])
    aki = find_chara(assert_legal(g).state.players[0], AKI)
    assert aki is not None and aki.coins == {"+10/+10": 2}
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "coin", "p": 0, "card": AKI, "coin": "+10/+10", "n": 1}]}
    assert_illegal(g, "effect.result")


def test_a_condition_on_the_coins_of_this_card() -> None:
    g = _boards([BARE], []).add("use_effect", 0, card=BARE, effect=0, pay=[])
    assert_legal(g)
    g = _boards([BARE], [], [PUT2]).add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": BARE}])
    g.passes(1).add("use_effect", 0, card=BARE, effect=0, pay=[])
    assert_illegal(g, "effect.condition")


def _approach(g, card: str):  # type: ignore[no-untyped-def]
    return g.add("approach", 0, card=card).passes(0, 1).add("no_interfere", 1).passes(0, 1)


def test_a_limit_on_how_many_charas_approach() -> None:
    g = _boards([AKI, BEN], [], [LIMIT]).add("play_event", 0, card=LIMIT, pay=[]).passes(1)
    _approach(g, AKI)
    assert_legal(g)  # one Chara approaches
    g.add("approach", 0, card=BEN)
    assert_illegal(g, "effect.condition")  # a second one is past the limit
    g = _boards([AKI, BEN], [], [])
    _approach(g, AKI)
    assert_legal(g.add("approach", 0, card=BEN))  # without the limit both may


def test_a_limit_during_the_next_turn_is_not_in_force_in_this_one() -> None:
    """次のターンの間 limits the next turn only (reader rd10: HSF 01-067 limited the turn it entered in too)."""
    g = _boards([AKI, BEN], [], [LIMIT_MINE_NEXT]).add("play_event", 0, card=LIMIT_MINE_NEXT, pay=[]).passes(1)
    _approach(g, AKI)
    assert_legal(g.add("approach", 0, card=BEN))  # this turn: no limit yet


def test_a_limit_during_the_next_turn_binds_the_opponent_then() -> None:
    def opponents_turn(second: bool):  # type: ignore[no-untyped-def]
        g = _boards([AKI], [AKI, BEN], [LIMIT_NEXT]).add("play_event", 0, card=LIMIT_NEXT, pay=[]).passes(1)
        g.end_turn(0)
        g.add("approach", 1, card=AKI).passes(1, 0).add("no_interfere", 0).passes(1, 0)
        return g.add("approach", 1, card=BEN) if second else g
    assert_legal(opponents_turn(second=False))  # one Chara approaches in the opponent's next turn
    assert_illegal(opponents_turn(second=True), "effect.condition")  # a second one is past the limit
