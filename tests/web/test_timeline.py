"""The replay timeline's turn marks follow the states shown at each step (a waiting Turn End included)."""

from __future__ import annotations

from engine.fold import fold
from pmemo_replay.web.replay import timeline
from tests.engine.kit import Game
from tests.engine.test_turn_end_review import NOX, F, db, summon
from tests.mahou.kit import DB, std


def test_turn_marks_go_forward_and_match_the_states() -> None:
    g = Game([NOX, F[0], F[1]], db=db())
    summon(g, 0, NOX, F[0], F[1]).passes(1, 0, 1).add("end_approach", 0)
    g.add("trigger", 0, card=NOX, effect=0).adjust_hand(0).passes(1, 0)
    marks = timeline(g.header, g.actions, g.db)["turns"]
    assert [t for t, _ in marks] == [1, 2]
    for turn, step in marks:
        assert fold(g.header, g.actions, g.db, at=step).state_json()["turn"] == turn
        assert fold(g.header, g.actions, g.db, at=step - 1).state_json()["turn"] == turn - 1


def test_unverified_steps_are_listed_with_why() -> None:
    """An unscripted Event applied as logged (mahou-shoujo.md §6) is marked by its action index; scripted ones are not."""
    log = std(["MSJ 052", "MSJ 050"], ["MSJ 011"])
    log.add("play_event", 0, card="MSJ 050", ops=[{"op": "mgk", "p": 1, "pos": "active", "n": -1}])
    log.add("play_event", 0, card="MSJ 052", ops=[{"op": "draw", "p": 0, "n": 1}])
    unscripted = log.last
    log.add("end_turn", 0)
    marks = timeline(log.header, log.actions, DB)["unverified"]
    assert list(marks) == [str(unscripted)]
    assert "MSJ 052" in marks[str(unscripted)][0]
    assert timeline(log.header, log.actions, DB, limit=unscripted)["unverified"] == {}
