"""Self-play states that offered no legal action (issue 20, point 4): each as a log that reaches the state, and the
action the legal-action generator offers there (the compiled cards of ../shared/data/precious-data, read at run time).

SAGA ST-018 「このカードが登場した場合、相手のサポートカード1枚を捨て札にする」 is a mandatory trigger whose player chooses
one of the opponent's Supports set on Charas. With two or more to choose from, the generated trigger named no choice
(``support_move`` was not counted as a decision), the engine refused it, and the game had nothing to offer
(``simulate --cards SAGA --seed 23``, game 2, turn 8).
"""

from __future__ import annotations

import pytest

from engine.fold import fold
from engine.pm.legal import legal_actions
from engine.pm.offers import offers
from tests.effects.test_impossible_parts import DATA, with_saga
from tests.effects.test_issue26_engine import mhk_game
from tests.engine.kit import Game, assert_illegal, assert_legal

pytestmark = pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="../shared/data/precious-data absent")
JUNKO, ROMERO = "SAGA ST-018", "SAGA ST-033"  # enter: an opponent's Support to the discard; a Support (set: mill 2)


def _junko_enters() -> Game:
    """Turn 2: player 1 sets ロメロ on two of its Charas (each set trigger mills two); turn 3: ST-018 enters."""
    g = mhk_game([JUNKO, "MHK 01-040", "MHK 01-083"], [ROMERO, ROMERO, "MHK 01-104", "MHK 01-052"], db=with_saga())
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0)
    g.add("summon", 1, card="MHK 01-052", area="main", pay=[]).passes(0)
    for on in ("MHK 01-104", "MHK 01-052"):
        g.add("set_support", 1, card=ROMERO, on=on, pay=[])
        g.actions += [a for a in legal_actions(assert_legal(g).state) if a["type"] == "trigger"][:1]  # the mill
        g.passes(0)
    g.end_turn(1)
    return g.add("summon", 0, card=JUNKO, area="main", pay=[{"hand": "MHK 01-040"}])


def test_st_018_offers_the_choice_of_a_support() -> None:
    state = assert_legal(_junko_enters()).state
    assert [len(c.supports) for c in state.players[1].main] == [1, 1]
    offered = [a for a in legal_actions(state) if a["type"] == "trigger" and a["card"] == JUNKO]
    assert offered and all(len(a["choices"]) == 1 and len(a["choices"][0]) == 1 for a in offered)
    assert offers(state)["actions"] == offered  # the recorder is offered the same (the trigger is owed first)
    g = _junko_enters()
    res = fold(g.header, [*g.actions, offered[0]], with_saga(), keep_trails=False)
    assert res.ruling is None
    assert res.state.players[1].discard.count(ROMERO) == 1
    assert sum(len(c.supports) for c in res.state.players[1].main) == 1


def test_st_018_with_two_supports_needs_the_choice() -> None:
    res = assert_illegal(_junko_enters().add("trigger", 0, card=JUNKO, effect=0), "effect.target")
    assert "a choice of 1 Support card(s)" in res.ruling.message
    chosen = [[{"p": 1, "on": "MHK 01-052", "card": ROMERO}]]
    after = assert_legal(_junko_enters().add("trigger", 0, card=JUNKO, effect=0, choices=chosen)).state
    assert [len(c.supports) for c in after.players[1].main] == [1, 0]
