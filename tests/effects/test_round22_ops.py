"""Engine pieces of the twenty-second compiler round (issue 20, helper h20r22), each on synthetic cards with a legal
and an illegal log: the Chara spec key ``coins`` with ``at_most`` (コインが乗っていないキャラ) and with a count
(コインがN個以上乗っている); ``paid_for_play`` (このカードが「X」のコストとして使用された場合: a hand card paid for
playing X, heard in the discard)."""

from __future__ import annotations

from engine.pm.cards import Effect
from engine.pm.conditions import card_matches
from tests.effects.test_machinery import AKI, BEN, _chara, _event, boards_with, pay
from tests.engine.kit import assert_illegal, assert_legal

PUT2, BARE_ONE, RICH_ONE, ECHO, LATER = (f"TST 82-00{i}" for i in range(1, 6))
CARDS = [
    # "one of your Charas: put two +10/+10 coins on it"
    _event("82-001", "Put2", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 2},), cost=0,
           targets=({"side": "self"},)),
    # "one of your Charas with no +10/+10 coin on it gets a +10/+10 coin"
    _event("82-002", "BareOne", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 1},), cost=0,
           targets=({"side": "self", "coins": {"coin": "+10/+10", "at_most": 0}},)),
    # "one of your Charas with two or more +10/+10 coins on it gets +10/+10"
    _event("82-003", "RichOne", ({"op": "modify", "target": "target:0", "ap": 10, "dp": 10},), cost=0,
           targets=({"side": "self", "coins": {"coin": "+10/+10", "at_least": 2}},)),
    # "when this card is used as the cost of your 「Aki」, you may put it from your discard into the Support Area
    # rested"
    _chara("82-004", "Echo", Effect("auto", trigger="paid_for_play", optional=True, condition={"played": {"name": "Aki"}},
                                    script=({"op": "pick", "from": "discard", "to": "support", "n": 1, "filter": {},
                                             "this_card": True, "rested": True},)), cost=1, source=2),
    # "one of your Charas gets +10/+10 until the end of the turn; if so, at the end of the turn you may stand it"
    _event("82-005", "Later", ({"op": "modify", "target": "target:0", "ap": 10, "dp": 10, "until": "turn_end", "then": [
        {"op": "delay", "on": "turn_end", "do": [{"op": "activate", "target": "target:0", "may": True}],
         "optional": True}]},), cost=0, targets=({"side": "self"},)),
]


def _coined(card: str, target: str):  # type: ignore[no-untyped-def]
    """Aki with two +10/+10 coins, Ben with none; then ``card`` played on ``target``."""
    g = boards_with(CARDS, [AKI, BEN], [], [PUT2, card])
    g.add("play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    return g.add("play_event", 0, card=card, pay=[], targets=[{"p": 0, "card": target}])


def test_a_chara_with_no_coin_on_it() -> None:
    assert_legal(_coined(BARE_ONE, BEN))
    assert_illegal(_coined(BARE_ONE, AKI), "effect.target")  # Aki holds two


def test_a_chara_with_n_or_more_coins_on_it() -> None:
    assert_legal(_coined(RICH_ONE, AKI))
    assert_illegal(_coined(RICH_ONE, BEN), "effect.target")  # Ben holds none


def test_a_card_used_as_the_cost_of_a_named_card_enters_from_the_discard() -> None:
    g = boards_with(CARDS, [], [], [ECHO, AKI])  # Aki costs 2: Echo provides 2
    g.add("summon", 0, card=AKI, area="main", pay=pay(ECHO))
    g.add("trigger", 0, card=ECHO, effect=0, **{"from": "discard"})
    s = assert_legal(g).state_json()
    assert [c["card"] for c in s["players"][0]["support"]] == [ECHO] and s["players"][0]["support"][0]["rested"]
    g = boards_with(CARDS, [], [], [ECHO, BEN])  # paid for Ben: not the named card, nothing fired
    g.add("summon", 0, card=BEN, area="main", pay=pay(ECHO))
    g.add("trigger", 0, card=ECHO, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")


def test_a_card_filter_on_printed_ap_dp() -> None:
    """``has_stats`` in a card filter (AP/DPの値を持たない: ``{"not": {"has_stats": true}}``): a card printed -/- fits."""
    g = assert_legal(boards_with(CARDS, [], [])).state
    plain = _chara("82-090", "Plain", ap=None, dp=None)
    fighter = _chara("82-091", "Fighter")
    no_stats = {"not": {"has_stats": True}, "type": "chara"}
    assert card_matches(g, plain, no_stats, 0, "deck") and not card_matches(g, fighter, no_stats, 0, "deck")
    assert card_matches(g, fighter, {"has_stats": True}, 0, "hand") and not card_matches(g, plain, {"has_stats": True})


def test_a_delayed_optional_stand_of_a_chara_named_before() -> None:
    for take in (True, False):
        g = boards_with(CARDS, [AKI], [], [LATER])
        g.add("play_event", 0, card=LATER, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
        g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1).add("end_approach", 0)
        g.add("trigger", 0, card=LATER, effect=0, choices=[take], **{"from": "discard"})
        (aki,) = assert_legal(g).state_json()["players"][0]["main"]
        assert aki["rested"] is not take
    g.actions[-1] = {**g.actions[-1], "choices": ["yes"]}
    assert_illegal(g, "effect.target")
