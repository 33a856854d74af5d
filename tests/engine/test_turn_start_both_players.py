"""Turn-start triggers of both players (issue 20, helper f20x): an unqualified "at the start of the turn" fires at
every turn's start for either player's Charas, the turn player's first; "at the start of your turn" / "... of the
opponent's turn" are the same cause held to whose turn it is (condition ``own_turn``). Made-up cards only."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.engine.kit import Game, assert_illegal, assert_legal, build_db

EVER, MINE, THEIRS, MAYBE = "TST 05-011", "TST 05-012", "TST 05-013", "TST 05-014"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]
DRAW = ({"op": "draw", "who": "self", "n": 1},)


def chara(cid: str, name: str, effect: Effect) -> Card:
    return Card(id=cid, name=name, series="Test", type="chara", color="red", cost=2, source=2, ap=30, dp=30, effects=(effect,))


def db() -> CardDB:
    cards = build_db()
    cards.add(chara(EVER, "Ever", Effect(kind="auto", trigger="turn_start", script=DRAW)))
    cards.add(chara(MINE, "Mine", Effect(kind="auto", trigger="turn_start", script=DRAW, condition={"own_turn": True})))
    cards.add(chara(THEIRS, "Theirs", Effect(kind="auto", trigger="turn_start", script=DRAW, condition={"own_turn": False})))
    cards.add(chara(MAYBE, "Maybe", Effect(kind="auto", trigger="turn_start", optional=True, script=DRAW)))
    return cards


def summoned(card0: str, card1: str | None = None) -> Game:
    """Player 0 summons ``card0`` on turn 1 and ends it: turn 2 (player 1's) has just started."""
    g = Game([card0, F[0], F[1]], [F[2]] if card1 is None else [card1, F[2], F[3]], db=db())
    g.add("summon", 0, card=card0, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}])
    return g.end_turn(0)


def hand(g: Game, p: int) -> int:
    return len(assert_legal(g).state_json()["players"][p]["hand"])


def test_an_unqualified_turn_start_trigger_fires_at_the_opponents_turn_start_too() -> None:
    g = summoned(EVER)
    s = g.fold().state_json()
    assert (s["turn"], s["turn_player"]) == (2, 1)
    before = hand(g, 0)
    assert_illegal(summoned(EVER).passes(1), "effect.result")  # mandatory: it must be logged first
    g.add("trigger", 0, card=EVER, effect=0)
    assert hand(g, 0) == before + 1
    g.passes(1, 0)  # then turn 2 goes on
    assert assert_legal(g).state_json()["phase"] == "approach"


def test_at_its_own_turn_start_it_fires_as_before() -> None:
    g = summoned(EVER).add("trigger", 0, card=EVER, effect=0).end_turn(1)
    assert assert_legal(g).state_json()["turn"] == 3
    assert_illegal(summoned(EVER).add("trigger", 0, card=EVER, effect=0).end_turn(1).passes(0), "effect.result")
    before = hand(g, 0)
    g.add("trigger", 0, card=EVER, effect=0)
    assert hand(g, 0) == before + 1


def test_your_turn_start_does_not_fire_at_the_opponents() -> None:
    g = summoned(MINE).passes(1, 0)  # nothing owed at turn 2's start
    assert_legal(g)
    g = summoned(MINE).add("trigger", 0, card=MINE, effect=0)
    assert "own_turn" in assert_illegal(g, "effect.condition").ruling.message
    g = summoned(MINE).end_turn(1)  # turn 3, player 0's: owed now
    assert_illegal(summoned(MINE).end_turn(1).passes(0), "effect.result")
    g.add("trigger", 0, card=MINE, effect=0)
    assert_legal(g)


def test_the_opponents_turn_start_fires_only_then() -> None:
    assert_illegal(summoned(THEIRS).passes(1), "effect.result")
    g = summoned(THEIRS).add("trigger", 0, card=THEIRS, effect=0).end_turn(1)  # turn 3, player 0's: nothing owed
    g.passes(0, 1)
    assert_legal(g)


def test_both_players_turn_start_triggers_wait_the_turn_players_first() -> None:
    from engine.pm.legal import legal_actions

    g = Game([EVER, F[0], F[1]], [EVER, F[2], F[3]], db=db())
    g.add("summon", 0, card=EVER, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).end_turn(0)
    g.add("trigger", 0, card=EVER, effect=0)  # turn 2: player 0's Chara only
    g.add("summon", 1, card=EVER, area="main", pay=[{"hand": F[2]}, {"hand": F[3]}]).end_turn(1)
    res = g.fold()  # turn 3: both owe one, player 0 (the turn player) first
    assert res.ruling is None and res.state.pending_triggers[0][0] == 0 and len(res.state.pending_triggers) == 2
    assert {a["p"] for a in legal_actions(res.state) if a["type"] == "trigger"} == {0}
    before = (hand(g, 0), hand(g, 1))
    g.add("trigger", 0, card=EVER, effect=0).add("trigger", 1, card=EVER, effect=0)
    assert (hand(g, 0), hand(g, 1)) == (before[0] + 1, before[1] + 1)


def test_an_optional_one_may_be_logged_at_the_opponents_turn_start_or_left_out() -> None:
    g = summoned(MAYBE)
    before = hand(g, 0)
    g.add("trigger", 0, card=MAYBE, effect=0)
    assert hand(g, 0) == before + 1
    assert_legal(summoned(MAYBE).passes(1, 0))


def test_the_compiler_reads_whose_turn_start_as_a_condition() -> None:
    from tests.pm_cards import made_up_script

    tail = "カードを1枚引く。"
    got = made_up_script("ターン開始時に、" + tail)
    assert got is not None and got["trigger"] == "turn_start" and not got.get("condition")
    got = made_up_script("自分のターン開始時に、" + tail)
    assert got is not None and got["trigger"] == "turn_start" and got["condition"] == {"own_turn": True}
    got = made_up_script("相手のターン開始時に、" + tail)
    assert got is not None and got["trigger"] == "turn_start" and got["condition"] == {"own_turn": False}
