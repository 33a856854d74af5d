"""その場合 after "move this card" needs the move (reader h26read, docs/verification.md): MHK 01-008, 01-009,
01-020, 01-021, 01-054, 01-070, 01-090, 01-100 give their bonus only when the card left the Area.

Logs: 01-093 gives the card 退場しない (it stays on the Area against every move off it), then the card's own
effect is used: legal with no bonus, and ops claiming the bonus are ``effect.result``; a control log without
01-093 still gives it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.effects.test_issue26_engine import mhk_game, on_area, ref
from tests.engine.kit import Game, assert_illegal, assert_legal

ST003 = "MHK ST-003"  # player 1's vanilla 40/40 Chara, the -20/-20 target of 01-020


def _before_use(card: str, kept: bool) -> Game:
    """Turn 3: ``card`` (and 01-040 「司波 達也」) on player 0's Area, ST-003 on player 1's; with ``kept`` 01-093
    has given ``card`` 退場しない."""
    g = mhk_game([card, "MHK 01-093", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 [ST003, "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[]).passes(1)
    g.add("summon", 0, card=card, area="support", pay=[{"hand": "MHK 01-041"}]).passes(1)
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-083"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[[]]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card=ST003, area="main", pay=[{"hand": "MHK 01-104"}]).passes(0)
    g.end_turn(1)
    if kept:
        g.add("use_effect", 0, card="MHK 01-093", effect=0, rest=True, pay=[], targets=[ref(card)]).passes(1)
    return g


#: card -> (use fields, the bonus op)
MAIN_USES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "MHK 01-020": ({"targets": [ref(ST003, 1)]},
                   {"op": "modify", "p": 1, "card": ST003, "ap": -20, "dp": -20, "until": "turn_end"}),
    "MHK 01-021": ({"rest": True, "targets": [ref("MHK 01-040")]},
                   {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 10, "dp": 10, "until": "turn_end"}),
    "MHK 01-070": ({}, {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 10, "dp": 0, "until": "turn_end"}),
    "MHK 01-090": ({}, {"op": "modify", "p": 0, "card": "MHK 01-040", "ap": 0, "dp": 10, "until": "turn_end"}),
}


def _use(card: str, kept: bool, ops: list[dict[str, Any]] | None = None) -> Game:
    fields, _ = MAIN_USES[card]
    extra = {"ops": ops} if ops is not None else {}
    return _before_use(card, kept).add("use_effect", 0, card=card, effect=0, pay=[], **fields, **extra)


def _mods(res: Any, p: int, card: str) -> list[Any]:
    chara = next(c for c in res.state.players[p].area() if c.card == card)
    return list(chara.mods)


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_kept_card_gives_no_bonus(card: str) -> None:
    res = assert_legal(_use(card, kept=True))
    assert on_area(res, card)
    _, bonus = MAIN_USES[card]
    assert _mods(res, bonus["p"], bonus["card"]) == []


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_kept_card_ops_claiming_the_bonus_are_refused(card: str) -> None:
    _, bonus = MAIN_USES[card]
    assert_illegal(_use(card, kept=True, ops=[bonus]), "effect.result")


@pytest.mark.parametrize("card", sorted(MAIN_USES))
def test_card_that_left_gives_the_bonus(card: str) -> None:
    res = assert_legal(_use(card, kept=False))
    assert not on_area(res, card)
    _, bonus = MAIN_USES[card]
    assert _mods(res, bonus["p"], bonus["card"]) != []
