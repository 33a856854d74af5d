"""Cases found in review: shared copies in costs, Break after the card left, resolution re-checks."""

from __future__ import annotations

from engine.pm.cards import Card, Effect, Timing
from tests.engine.kit import Game, assert_illegal, assert_legal, build_db

AKI, BEN, CAT, DAN, FAY, GUS = "TST 01-001", "TST 01-002", "TST 01-004", "TST 01-005", "TST 01-007", "TST 01-008"
MYSTERY, SURPRISE = "TST 02-007", "TST 02-005"
ZED, TWIST = "TST 04-001", "TST 04-002"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def db():  # type: ignore[no-untyped-def]
    cards = build_db()
    cards.add(Card(id=ZED, name="Zed", series="Test", type="chara", color="red", cost=2, source=2, ap=30, dp=30, effects=(
        Effect(kind="activated", timing=Timing.parse("main/self"), cost=1, discard_name="Aki",
               script=({"op": "draw", "who": "self", "n": 1},)),
        Effect(kind="activated", timing=Timing.parse("main/both"), cost=0,
               script=({"op": "modify", "target": "self", "ap": 10, "dp": 0},)),
    )))
    t = Timing.parse("main/decline")
    cards.add(Card(id=TWIST, name="Twist", series="Test", type="event", color="red", cost=0, source=2, timing=t,
                   effects=(Effect(kind="activated", timing=t),)))  # unscripted: ops come from the log
    return cards


def pay(*cards: str) -> list[dict]:
    return [{"hand": c} for c in cards]


def test_a_card_cannot_pay_and_be_discarded_for_a_name_cost() -> None:
    g = Game([ZED, F[0], F[1], AKI], db=db())
    g.add("summon", 0, card=ZED, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("use_effect", 0, card=ZED, effect=0, pay=pay(AKI), discard=AKI)
    assert_illegal(g, "effect.cost")
    g = Game([ZED, F[0], F[1], AKI, AKI], db=db())
    g.add("summon", 0, card=ZED, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("use_effect", 0, card=ZED, effect=0, pay=pay(AKI), discard=AKI)
    s = assert_legal(g).state_json()
    assert s["players"][0]["discard"].count(AKI) == 2


def test_break_needs_the_card_still_face_up_in_the_point_zone() -> None:
    top1 = [F[10], F[11], F[12], F[13], F[14], F[15], F[16], SURPRISE]
    g = Game([MYSTERY, F[0]], top1, db=db())
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[0]), ops=[
        {"op": "put_point", "p": 1, "n": 1},
        {"op": "move", "p": 1, "card": SURPRISE, "from": "point", "to": "hand"}])
    g.add("break", 1, card=SURPRISE)
    assert_illegal(g, "break.invalid")
    g.actions[-2]["ops"] = g.actions[-2]["ops"][:1]
    assert_legal(g)


def test_summon_rechecks_the_main_area_when_it_resolves() -> None:
    hand = [MYSTERY, F[0], AKI, F[1], F[2], ZED, F[3], F[4]]  # seven, then the turn-1 draw
    g = Game([*hand, BEN, CAT, DAN, FAY], [TWIST], db=db())
    # four Charas enter the Main Area and one the Support Area through recorded ops
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[0]), ops=[
        *({"op": "move", "p": 0, "card": c, "from": "deck", "to": "main"} for c in (BEN, CAT, DAN, FAY)),
        {"op": "move", "p": 0, "card": ZED, "from": "hand", "to": "support"}])
    g.passes(1)
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[1], F[2]), responses=[
        {"type": "play_event", "p": 1, "card": TWIST, "pay": [],
         "ops": [{"op": "move", "p": 0, "card": ZED, "from": "support", "to": "main"}]}])
    res = assert_illegal(g, "summon.main_full")
    assert "resolves" in res.ruling.message


def test_an_effect_whose_source_left_has_no_effect() -> None:
    g = Game([ZED, F[0], F[1]], [TWIST], db=db())
    g.add("summon", 0, card=ZED, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("use_effect", 0, card=ZED, effect=1, pay=[], responses=[
        {"type": "play_event", "p": 1, "card": TWIST, "pay": [],
         "ops": [{"op": "move", "p": 0, "card": ZED, "from": "main", "to": "discard"}]}])
    s = assert_legal(g).state_json()
    assert s["players"][0]["main"] == [] and ZED in s["players"][0]["discard"]


def test_an_event_without_timing_cannot_respond() -> None:
    cards = db()
    cards.add(Card(id="TST 04-003", name="Odd", series="Test", type="event", color="red", cost=0, source=2))
    g = Game([ZED, F[0], F[1]], ["TST 04-003"], db=cards)
    g.add("summon", 0, card=ZED, area="main", pay=pay(F[0], F[1]),
          responses=[{"type": "play_event", "p": 1, "card": "TST 04-003", "pay": []}])
    assert_illegal(g, "decline.timing")


def test_reinforcement_floors_each_ap_before_adding() -> None:
    from tests.engine.test_approach_rules import two_boards

    g = two_boards([FAY, GUS], ["TST 90-005"])
    # Gus is weakened far below 0 AP: Fay's 30 AP still counts in full against the 20/20 filler
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[18]), ops=[{"op": "modify", "p": 0, "card": GUS, "ap": -60, "dp": 0}])
    g.passes(1, 0, 1)
    g.add("approach", 0, card=FAY, **{"with": GUS}).passes(0, 1).add("interfere", 1, card="TST 90-005").passes(0, 1)
    res = assert_legal(g)
    assert any("AP 30" in e.message for e in res.trails[-1].entries), [e.message for e in res.trails[-1].entries]


def test_legal_actions_pay_a_purple_cost_with_the_four_colors() -> None:
    """Rule Book P17: a purple card may be paid by red, blue, yellow and green cards of its series."""
    from engine.pm.legal import legal_actions

    ivy = "TST 01-012"  # purple, cost 3
    four = ["TST 01-001", "TST 01-002", "TST 01-006", "TST 01-007"]  # red, blue, green, yellow of its series
    state = Game([ivy, *four]).fold().state
    summons = [a for a in legal_actions(state) if a["type"] == "summon" and a["card"] == ivy]
    assert summons, "the purple summon payable only with the four colors is missing"
    paid = [state.card(next(iter(item.values()))) for item in summons[0]["pay"]]
    assert sorted(c.color for c in paid) == ["blue", "green", "red", "yellow"]
    without_green = Game([ivy, *four[:2], four[3], "TST 90-001"]).fold().state
    assert not [a for a in legal_actions(without_green) if a["type"] == "summon" and a["card"] == ivy]


def test_rulings_on_unscripted_cards_say_their_text_may_allow_the_play() -> None:
    mystery, aki, f1 = "TST 02-007", "TST 01-001", "TST 90-001"  # Mystery: unscripted [Main/Both] event
    # top level, in the Approach Phase before any window opens
    g = Game([mystery, aki, f1]).passes(0, 1).add("play_event", 0, card=mystery, pay=[{"hand": aki}])
    res = assert_illegal(g, "turn.step")
    assert "TST 02-007 is not scripted; its text may allow this" in res.ruling.message
    # as a response (it has no [Decline]): the hint names the response's card, once
    g = Game([aki, f1], [mystery, "TST 01-002"])
    g.add("summon", 0, card=aki, area="main", pay=[{"hand": f1}, {"hand": "TST 90-002"}],
          responses=[{"type": "play_event", "p": 1, "card": mystery, "pay": [{"hand": "TST 01-002"}]}])
    res = assert_illegal(g, "decline.timing")
    assert res.ruling.message.count("TST 02-007 is not scripted") == 1
    assert res.ruling.to_json()["path"].endswith("responses.0")
    # a scripted card gets no hint
    g = Game([aki, f1]).passes(0, 1).add("summon", 0, card=aki, area="main", pay=[{"hand": f1}])
    assert "not scripted" not in assert_illegal(g, "turn.step").ruling.message
