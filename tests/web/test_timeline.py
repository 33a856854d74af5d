"""The replay timeline's turn marks follow the states shown at each step (a waiting Turn End included)."""

from __future__ import annotations

from engine.fold import fold
from pmemo_replay.web.replay import timeline
from tests.engine.kit import Game
from tests.engine.test_turn_end_review import NOX, F, db, summon


def test_turn_marks_go_forward_and_match_the_states() -> None:
    g = Game([NOX, F[0], F[1]], db=db())
    summon(g, 0, NOX, F[0], F[1]).passes(1, 0, 1).add("end_approach", 0)
    g.add("trigger", 0, card=NOX, effect=0).adjust_hand(0).passes(1, 0)
    marks = timeline(g.header, g.actions, g.db)["turns"]
    assert [t for t, _ in marks] == [1, 2]
    for turn, step in marks:
        assert fold(g.header, g.actions, g.db, at=step).state_json()["turn"] == turn
        assert fold(g.header, g.actions, g.db, at=step - 1).state_json()["turn"] == turn - 1
