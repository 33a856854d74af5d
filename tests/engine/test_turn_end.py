"""Turn End waits for optional turn-end triggers; the next turn starts with the next action or when the log ends."""

from __future__ import annotations

from engine.fold import Folder
from engine.pm.cards import Card, CardDB, Effect
from tests.engine.kit import Game, assert_illegal, assert_legal, build_db

NOX, UNS, DAWN = "TST 05-001", "TST 05-002", "TST 05-003"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def db() -> CardDB:
    cards = build_db()

    def chara(cid: str, name: str, *effects: Effect) -> Card:
        return Card(id=cid, name=name, series="Test", type="chara", color="red", cost=2, source=2, ap=30, dp=30,
                    effects=effects)

    cards.add(chara(NOX, "Nox", Effect(kind="auto", trigger="turn_end", optional=True,
                                       script=({"op": "draw", "who": "self", "n": 3},))))
    cards.add(chara(UNS, "Uns", Effect(kind="auto")))  # unscripted, cause unknown: ops come from the log
    cards.add(chara(DAWN, "Dawn", Effect(kind="auto", trigger="turn_start", optional=True,
                                         script=({"op": "draw", "who": "self", "n": 1},))))
    return cards


def turn_one(card: str) -> Game:
    """Player 0 summons ``card`` on turn 1, both pass, player 0 ends the Approach Phase."""
    g = Game([card, F[0], F[1]], db=db())
    g.add("summon", 0, card=card, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1, 0, 1)
    return g.add("end_approach", 0)


def test_an_optional_turn_end_trigger_after_end_approach_belongs_to_the_turn_and_may_need_hand_adjustment() -> None:
    g = turn_one(NOX)
    hand = len(g.fold().state_json()["players"][0]["hand"])
    g.add("trigger", 0, card=NOX, effect=0)
    s = assert_legal(g).state_json()
    assert (s["turn"], s["phase"], s["step"]) == (1, "end", "hand_adjust")
    assert len(s["players"][0]["hand"]) == hand + 3 > 7
    g.adjust_hand(0)
    s = assert_legal(g).state_json()
    assert (s["turn"], s["turn_player"], s["phase"]) == (2, 1, "main")
    assert len(s["players"][0]["hand"]) == 7


def test_an_unscripted_trigger_of_the_turn_player_after_end_approach_is_a_turn_end_trigger() -> None:
    g = turn_one(UNS).add("trigger", 0, card=UNS, effect=0, ops=[{"op": "modify", "p": 0, "card": UNS, "ap": 10, "dp": 0}])
    folder = Folder(g.header, g.db)
    for action in g.actions:
        folder.push(action)
    assert (folder.state.turn, folder.state.phase) == (1, "end")  # the Turn End still waits
    chara = folder.settle().players[0].main[0]
    assert folder.state.turn == 2
    assert chara.mods == []  # the +10 AP lasted until the end of turn 1


def test_the_next_turn_starts_before_any_other_action_and_when_the_log_ends() -> None:
    g = turn_one(NOX)
    s = assert_legal(g).state_json()  # the log ends at the Turn End: the next turn has started
    assert (s["turn"], s["turn_player"], s["phase"], s["priority"]) == (2, 1, "main", 1)
    g.passes(1, 0)  # turn 2's Main Phase
    s = assert_legal(g).state_json()
    assert (s["turn"], s["phase"], s["step"]) == (2, "approach", "assign_approach")
    assert_illegal(turn_one(NOX).add("hand_adjust", 0, discard=[]), "hand.adjust")  # 7 or fewer cards


def test_a_pass_omitted_right_after_the_turn_end_is_implied() -> None:
    g = turn_one(NOX).add("pass", 0)  # player 1's pass (the new turn player) is left out
    res = assert_legal(g)
    assert res.implied == {g.last: 1}
    s = res.state_json()  # player 1's implied pass, then player 0's closes turn 2's Main Phase
    assert (s["turn"], s["turn_player"], s["phase"], s["step"]) == (2, 1, "approach", "assign_approach")


def test_a_turn_start_trigger_logged_after_the_turn_end_starts_the_next_turn_first() -> None:
    g = Game([F[2]], [DAWN, F[0], F[1]], db=db())
    g.end_turn(0)  # turn 1
    g.add("summon", 1, card=DAWN, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(0, 1, 0)
    g.add("end_approach", 1).adjust_hand(1)  # turn 2
    g.end_turn(0)  # turn 3
    before = len(assert_legal(g).state_json()["players"][1]["hand"])  # settled: turn 4 drew 2
    g.add("trigger", 1, card=DAWN, effect=0)
    s = assert_legal(g).state_json()
    assert (s["turn"], s["turn_player"]) == (4, 1)
    assert len(s["players"][1]["hand"]) == before + 1


def test_scripted_triggers_need_their_cause_just_before() -> None:
    lou = "TST 01-016"  # mandatory: draw 1 on entering
    g = Game([lou, F[0], F[1]], db=db()).add("summon", 0, card=lou, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}])
    g.add("trigger", 0, card=lou, effect=0)
    assert_legal(g)
    g.add("trigger", 0, card=lou, effect=0)  # it fired once
    assert "has not just happened" in assert_illegal(g, "effect.result").ruling.message
    # an optional one (Nox: at turn end) may be logged right after its cause, or not at all
    g = turn_one(NOX).add("trigger", 0, card=NOX, effect=0)
    assert_legal(g)
    g = Game([NOX, F[0], F[1]], db=db()).add("summon", 0, card=NOX, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}])
    g.add("trigger", 0, card=NOX, effect=0)  # in the Main Phase: no turn end yet
    assert_illegal(g, "effect.result")
    g = turn_one(NOX).add("pass", 1).add("trigger", 0, card=NOX, effect=0)  # too late: turn 2 has begun
    assert_illegal(g, "effect.result")


def test_the_automatic_turn_start_is_reported_once_with_the_action_before_it() -> None:
    g = turn_one(NOX).passes(1)
    end = g.last - 1  # end_approach
    full = assert_legal(g)
    upto = g.fold(at=end + 1)

    def rules(trail: object) -> list[str]:
        return [e.rule for e in trail.entries]  # type: ignore[attr-defined]

    for trails in (full.trails, upto.trails):
        assert rules(trails[end]).count("turn.start") == 1 and rules(trails[end]).count("turn.end") == 1
    assert "turn.start" not in rules(full.trails[end + 1])
    assert upto.state_json()["turn"] == full.state_json()["turn"] == 2


def test_a_trigger_from_another_zone_is_accepted_when_its_cause_is_not_one_the_engine_fires() -> None:
    g = Game([UNS], db=db()).add("trigger", 0, card=UNS, effect=0, ops=[], **{"from": "hand"})
    assert_legal(g)  # unscripted, cause unknown: its ops are applied as recorded (none here)


def test_legal_actions_at_a_waiting_turn_end_offer_the_optional_trigger_and_the_next_turn() -> None:
    from engine.pm.legal import is_legal, legal_actions

    g = turn_one(NOX)
    folder = Folder(g.header, g.db)
    for action in g.actions:
        folder.push(action)
    options = legal_actions(folder.state)
    assert {"type": "trigger", "p": 0, "card": NOX, "effect": 0} in options
    assert {"type": "pass", "p": 1} in options  # turn 2's first decision (the turn starts first)
    assert all(is_legal(folder.state, a) for a in options)
