"""Engine pieces of the twenty-second compiler round (issue 20, helper h20r22), each on synthetic cards with a legal
and an illegal log: the Chara spec key ``coins`` with ``at_most`` (コインが乗っていないキャラ) and with a count
(コインがN個以上乗っている)."""

from __future__ import annotations

from tests.effects.test_machinery import AKI, BEN, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

PUT2, BARE_ONE, RICH_ONE = (f"TST 82-00{i}" for i in range(1, 4))
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
