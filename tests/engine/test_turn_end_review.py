"""Second-review cases for the waiting Turn End and trigger causes."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.engine.kit import Game, assert_illegal, assert_legal, build_db

NOX, DAWN, PIP, TEND, PT, SORA = "TST 05-001", "TST 05-003", "TST 05-004", "TST 05-005", "TST 05-006", "TST 05-007"
CUT = "TST 05-008"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def chara(cid: str, name: str, *effects: Effect, cost: int = 2) -> Card:
    return Card(id=cid, name=name, series="Test", type="chara", color="red", cost=cost, source=2, ap=30, dp=30,
                effects=effects)


def db() -> CardDB:
    cards = build_db()
    draw = ({"op": "draw", "who": "self", "n": 1},)
    cards.add(chara(NOX, "Nox", Effect(kind="auto", trigger="turn_end", optional=True,
                                       script=({"op": "draw", "who": "self", "n": 3},))))
    cards.add(chara(DAWN, "Dawn", Effect(kind="auto", trigger="turn_start", optional=True, script=draw)))
    cards.add(chara(PIP, "Pip", Effect(kind="auto", trigger="enter", optional=True,
                                       script=({"op": "modify", "target": "self", "ap": 10, "dp": 10},))))
    cards.add(chara(TEND, "Tend", Effect(kind="auto", trigger="turn_end")))  # unscripted: ops from the log
    cards.add(chara(CUT, "Cut", Effect(kind="auto", trigger="turn_end"), cost=0))
    cards.add(chara(PT, "Pt", Effect(kind="auto", trigger="point", optional=True, script=draw)))  # a cause never fired
    cards.add(chara(SORA, "Sora", Effect(kind="auto", trigger="enter", optional=True,
                                         targets=({"side": "opponent"},),
                                         script=({"op": "modify", "target": "target", "ap": -20, "dp": -20},))))
    return cards


def summon(g: Game, p: int, card: str, *pay: str) -> Game:
    return g.add("summon", p, card=card, area="main", pay=[{"hand": c} for c in pay])


def test_an_optional_turn_end_trigger_cannot_come_after_the_next_turn_started() -> None:
    g = Game([NOX, F[0], F[1]], [DAWN, F[0], F[1]], db=db())
    summon(g, 0, NOX, F[0], F[1]).passes(1, 0, 1).add("end_approach", 0).adjust_hand(0)
    summon(g, 1, DAWN, F[0], F[1]).passes(0, 1, 0).add("end_approach", 1).adjust_hand(1)
    g.passes(0, 1).add("end_approach", 0)  # turn 3 ends: Nox's trigger may come now
    g.add("trigger", 1, card=DAWN, effect=0)  # turn 4 starts first, then Dawn's turn-start trigger
    assert assert_legal(g).state_json()["turn"] == 4
    g.add("trigger", 0, card=NOX, effect=0)  # too late
    assert_illegal(g, "effect.result")


def test_a_trigger_whose_cause_happened_in_the_turn_end_belongs_to_it() -> None:
    g = Game([TEND, F[0], F[1], PIP], db=db())
    summon(g, 0, TEND, F[0], F[1]).passes(1, 0, 1).add("end_approach", 0)
    g.add("trigger", 0, card=TEND, effect=0, ops=[{"op": "move", "p": 0, "card": PIP, "from": "hand", "to": "main"}])
    g.add("trigger", 0, card=PIP, effect=0)  # Pip entered during turn 1's Turn End: +10/+10 until turn end
    s = assert_legal(g).state_json()
    pip = next(c for c in s["players"][0]["main"] if c["card"] == PIP)
    assert s["turn"] == 2 and (pip["ap"], pip["dp"]) == (30, 30), "the bonus ended with turn 1"
    before_pip = g.fold(at=g.last)  # the state after Tend's trigger: Pip's trigger still to come in turn 1
    assert before_pip.state_json()["turn"] == 1


def test_a_late_turn_end_trigger_can_end_the_need_for_a_hand_adjustment() -> None:
    g = Game([CUT], db=db())
    summon(g, 0, CUT).passes(1, 0, 1).add("end_approach", 0).end_turn(1)
    g.passes(0, 1).add("end_approach", 0)
    s = assert_legal(g).state_json()
    hand = s["players"][0]["hand"]
    assert s["step"] == "hand_adjust" and len(hand) == 9
    g.add("trigger", 0, card=CUT, effect=0,
          ops=[{"op": "move", "p": 0, "card": c, "from": "hand", "to": "discard"} for c in hand[-2:]])
    g.add("pass", 1)  # no hand adjustment is due any more: turn 4 starts
    assert assert_legal(g).state_json()["turn"] == 4


def test_the_target_ruling_comes_before_the_cause_ruling() -> None:
    g = summon(Game([SORA, F[0], F[1]], [F[5]], db=db()), 0, SORA, F[0], F[1])
    g.add("trigger", 0, card=SORA, effect=0, targets=[{"p": 1, "card": F[5]}])  # no Chara on player 1's Area
    assert_illegal(g, "effect.target")


def test_a_scripted_trigger_on_a_cause_the_engine_does_not_fire_is_taken_as_logged() -> None:
    g = summon(Game([PT, F[0], F[1]], db=db()), 0, PT, F[0], F[1]).add("trigger", 0, card=PT, effect=0)
    assert_legal(g)


def test_the_state_shown_after_end_approach_depends_on_what_follows() -> None:
    g = Game([NOX, F[0], F[1]], db=db())
    summon(g, 0, NOX, F[0], F[1]).passes(1, 0, 1).add("end_approach", 0)
    end = len(g.actions)
    g.add("concede", 0)
    s = g.fold(at=end).state_json()  # a concession belongs to the Turn End: turn 2 never starts
    assert (s["turn"], s["phase"], s["result"]) == (1, "end", None)
    assert assert_legal(g).state_json()["result"] == {"winner": 1, "reason": "concede"}
