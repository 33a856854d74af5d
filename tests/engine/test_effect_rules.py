"""Events, activated effects, responses (Decline), Backup, triggers, effect ops, hand adjustment."""

from __future__ import annotations

from tests.engine.kit import Game, assert_illegal, assert_legal

AKI, BEN, CAT, KIM, LOU, MIA, PAM, IVY = (
    "TST 01-001", "TST 01-002", "TST 01-004", "TST 01-015", "TST 01-016", "TST 01-017", "TST 01-020", "TST 01-012")
QUICK, GUARD, CANCEL, COUNTER, WEAKEN, MYSTERY, RAID = (
    "TST 02-001", "TST 02-002", "TST 02-003", "TST 02-004", "TST 02-006", "TST 02-007", "TST 02-008")
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def pay(*cards: str) -> list[dict]:
    return [{"hand": c} for c in cards]


def test_event_main_self_and_timing() -> None:
    g = Game([QUICK, F[0], F[1]]).add("play_event", 0, card=QUICK, pay=pay(F[0]))
    res = assert_legal(g)
    assert len(res.state_json()["players"][0]["hand"]) == 7  # 8 - Quick - F0 + 1 drawn
    assert QUICK in res.state_json()["players"][0]["discard"]
    g = Game(None, [QUICK, F[10]]).add("pass", 0).add("play_event", 1, card=QUICK, pay=pay(F[10]))
    assert_illegal(g, "timing")  # [Main/Self] in the opponent's turn


def test_scripted_event_ops_must_match() -> None:
    g = Game([QUICK, F[0]]).add("play_event", 0, card=QUICK, pay=pay(F[0]), ops=[{"op": "draw", "p": 0, "n": 1}])
    assert_legal(g)
    g = Game([QUICK, F[0]]).add("play_event", 0, card=QUICK, pay=pay(F[0]), ops=[{"op": "draw", "p": 0, "n": 3}])
    assert_illegal(g, "effect.result")


def test_effect_target_rules() -> None:
    g = Game([WEAKEN, F[0]]).add("play_event", 0, card=WEAKEN, pay=pay(F[0]))
    assert_illegal(g, "effect.target")  # the target is missing
    g = Game([AKI, F[0], F[1], WEAKEN, F[2]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("play_event", 0, card=WEAKEN, pay=pay(F[2]), targets=[{"p": 0, "card": AKI}])
    assert_illegal(g, "effect.target")  # must be an opponent's Chara


def test_untargetable() -> None:
    g = Game([WEAKEN, F[0], F[1], F[2]], [PAM, F[10]]).end_turn(0)
    g.add("summon", 1, card=PAM, area="main", pay=pay(F[10])).passes(0).end_turn(1)
    g.add("play_event", 0, card=WEAKEN, pay=pay(F[0]), targets=[{"p": 1, "card": PAM}])
    assert_illegal(g, "effect.target")


def test_unscripted_ops_are_applied_and_marked_unverified() -> None:
    g = Game([MYSTERY, F[0]]).add("play_event", 0, card=MYSTERY, pay=pay(F[0]), ops=[{"op": "draw", "p": 0, "n": 2}])
    res = assert_legal(g)
    unverified = [e for e in res.trails[-1].entries if e.unverified]
    assert unverified and "not scripted" in unverified[0].message
    g = Game([MYSTERY, F[0]]).add("play_event", 0, card=MYSTERY, pay=pay(F[0]),
                                  ops=[{"op": "move", "p": 0, "card": AKI, "from": "discard", "to": "hand"}])
    assert_illegal(g, "effect.result")  # impossible op
    g = Game([MYSTERY, F[0], IVY]).add("play_event", 0, card=MYSTERY, pay=pay(F[0]),
                                       ops=[{"op": "move", "p": 0, "card": IVY, "from": "hand", "to": "main"}])
    assert_illegal(g, "effect.result")  # a purple Chara cannot be put onto the Area by an effect


def test_effect_entering_play_may_approach() -> None:
    g = Game([F[0], F[1]], [MYSTERY, F[10], AKI]).end_turn(0)
    g.add("play_event", 1, card=MYSTERY, pay=pay(F[10]),
          ops=[{"op": "move", "p": 1, "card": AKI, "from": "hand", "to": "main"}])
    g.passes(0, 1, 0).add("approach", 1, card=AKI)
    assert_legal(g)


def _kim_on_board(extra: list[str] | None = None) -> Game:
    g = Game([KIM, F[0], F[1], *(extra or [])])
    g.add("summon", 0, card=KIM, area="main", pay=pay(F[0], F[1])).passes(1)
    return g


def test_use_effect_rest_cost_and_once() -> None:
    g = _kim_on_board().add("use_effect", 0, card=KIM, effect=0, pay=[], rest=True)
    s = assert_legal(g).state_json()
    assert s["players"][0]["main"][0]["rested"]
    g.passes(1).add("use_effect", 0, card=KIM, effect=0, pay=[], rest=True)
    assert_illegal(g, "effect.once")


def test_use_effect_rest_cost_on_rested_card() -> None:
    g = _kim_on_board([MYSTERY, F[2]])
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[2]), ops=[{"op": "rest", "p": 0, "card": KIM}]).passes(1)
    g.add("use_effect", 0, card=KIM, effect=0, pay=[], rest=True)
    assert_illegal(g, "effect.cost")


def test_use_effect_colored_cost_and_unknown_index() -> None:
    g = _kim_on_board([BEN]).add("use_effect", 0, card=KIM, effect=1, pay=pay(BEN))
    res = assert_legal(g)
    assert res.state_json()["players"][0]["main"][0]["ap"] == 40
    g = _kim_on_board([F[2]]).add("use_effect", 0, card=KIM, effect=1, pay=pay(F[2]))  # F[2] = TST 90-003, red
    assert_illegal(g, "effect.cost")
    g = _kim_on_board().add("use_effect", 0, card=KIM, effect=7, pay=[])
    assert_illegal(g, "effect.unknown")
    g = _kim_on_board().add("use_effect", 0, card=KIM, effect=1, pay=[])
    assert_illegal(g, "cost.amount")


def test_use_effect_name_cost_and_timing() -> None:
    g = _kim_on_board([AKI]).add("use_effect", 0, card=KIM, effect=2, pay=[], discard=AKI)
    assert_illegal(g, "timing")  # [Approach/Self] in the Main Phase
    g = _kim_on_board([AKI]).add("use_effect", 0, card=AKI, effect=0, pay=[])
    assert_illegal(g, "effect.unknown")


def test_use_effect_zone() -> None:
    g = Game([KIM]).add("use_effect", 0, card=KIM, effect=0, pay=[], rest=True)
    assert_illegal(g, "zone")


def test_decline_disables_and_paths() -> None:
    # Player 0 plays Quick Step; player 1 answers with Cancel (disable): no draw, Quick Step discarded.
    g = Game([QUICK, F[0]], [CANCEL, F[10]])
    g.add("play_event", 0, card=QUICK, pay=pay(F[0]),
          responses=[{"type": "play_event", "p": 1, "card": CANCEL, "pay": pay(F[10])}])
    res = assert_legal(g)
    s = res.state_json()
    assert len(s["players"][0]["hand"]) == 6 and QUICK in s["players"][0]["discard"]
    assert CANCEL in s["players"][1]["discard"] and s["priority"] == 1
    # A response to a response: player 0 cancels the Cancel, so Quick Step draws.
    g = Game([QUICK, F[0], CANCEL, "TST 90-002"], [CANCEL, F[10]])
    g.add("play_event", 0, card=QUICK, pay=pay(F[0]), responses=[
        {"type": "play_event", "p": 1, "card": CANCEL, "pay": pay(F[10]),
         "responses": [{"type": "play_event", "p": 0, "card": CANCEL, "pay": pay("TST 90-002")}]}])
    s = assert_legal(g).state_json()
    assert len(s["players"][0]["hand"]) == 5  # 8 - 4 played/paid + 1 drawn
    # A response without [Decline] timing: the path reaches into responses.
    g = Game([QUICK, F[0]], [QUICK, F[10]])
    g.add("play_event", 0, card=QUICK, pay=pay(F[0]),
          responses=[{"type": "play_event", "p": 1, "card": QUICK, "pay": pay(F[10])}])
    res = assert_illegal(g, "decline.timing")
    assert res.ruling.to_json()["path"] == f"{g.last}.responses.0"
    # A [Decline] card played on its own answers nothing.
    g = Game([CANCEL, F[0]]).add("play_event", 0, card=CANCEL, pay=pay(F[0]))
    assert_illegal(g, "decline.timing")


def test_decline_summon_does_not_enter() -> None:
    g = Game([AKI, F[0], F[1]], [CANCEL, F[10]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1]),
          responses=[{"type": "play_event", "p": 1, "card": CANCEL, "pay": pay(F[10])}])
    s = assert_legal(g).state_json()
    assert s["players"][0]["main"] == [] and AKI in s["players"][0]["discard"]


def test_response_cost_checked_with_its_path() -> None:
    g = Game([QUICK, F[0]], [CANCEL])
    g.add("play_event", 0, card=QUICK, pay=pay(F[0]),
          responses=[{"type": "play_event", "p": 1, "card": CANCEL, "pay": []}])
    res = assert_illegal(g, "cost.amount")
    assert res.ruling.to_json()["path"] == f"{g.last}.responses.0"


def test_backup() -> None:
    g = Game([MIA]).add("backup", 0, card=MIA)
    s = assert_legal(g).state_json()
    assert MIA in s["players"][0]["discard"] and len(s["players"][0]["hand"]) == 9
    g = Game([AKI]).add("backup", 0, card=AKI)
    assert_illegal(g, "effect.unknown")
    g = Game([MIA]).passes(0, 1).add("backup", 0, card=MIA)
    assert_illegal(g, "turn.step")  # no window in step ①
    g = Game([MIA], [MIA]).add("backup", 1, card=MIA)
    res = assert_legal(g)
    assert res.implied == {4: 1}, "player 0 passes first (implied)"


def test_trigger() -> None:
    g = Game([LOU, F[0], F[1]]).add("summon", 0, card=LOU, area="main", pay=pay(F[0], F[1]))
    g.add("trigger", 0, card=LOU, effect=0)
    s = assert_legal(g).state_json()
    assert len(s["players"][0]["hand"]) == 6 and s["priority"] == 1, "a trigger does not move the right"
    g.add("trigger", 0, card=LOU, effect=3)
    assert_illegal(g, "effect.unknown")
    g = Game([LOU]).add("trigger", 0, card=LOU, effect=0)
    assert_illegal(g, "zone")
    g = Game([LOU, F[0], F[1]]).add("summon", 0, card=LOU, area="main", pay=pay(F[0], F[1])).add("pass", 1)
    res = assert_illegal(g, "effect.result")  # Lou's mandatory enter trigger is missing
    assert "mandatory trigger missing" in res.ruling.message
    g = Game([LOU]).add("trigger", 0, card=LOU, effect=0, **{"from": "hand"})
    assert_illegal(g, "effect.result")  # Lou's effect fires on entering the Area, not from the hand


def test_night_raid_cost_zero_approach_opponent() -> None:
    g = Game([AKI, F[0], F[1]], [RAID, CAT, F[10], F[11]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1).end_turn(0)
    g.add("summon", 1, card=CAT, area="main", pay=pay(F[10], F[11])).passes(0).end_turn(1)
    g.add("approach", 0, card=AKI).add("pass", 0)
    g.add("play_event", 1, card=RAID, pay=[], targets=[{"p": 0, "card": AKI}])
    assert_legal(g)


def test_hand_adjust() -> None:
    g = Game([F[0]]).passes(0, 1).add("end_approach", 0).add("hand_adjust", 0, discard=[F[0]])
    s = assert_legal(g).state_json()
    assert s["turn"] == 2 and len(s["players"][0]["hand"]) == 7
    g = Game().passes(0, 1).add("end_approach", 0).add("hand_adjust", 0, discard=[])
    assert_illegal(g, "hand.adjust")
    g = Game().passes(0, 1).add("end_approach", 0).add("pass", 1)
    assert_illegal(g, "hand.adjust")
    g = Game([F[0], F[1]]).add("summon", 0, card=F[0], area="main", pay=pay(F[1])).passes(1, 0, 1)
    g.add("end_approach", 0).add("hand_adjust", 0, discard=[])
    assert_illegal(g, "hand.adjust")  # the hand holds 7 or fewer


def test_modifiers_expire_at_turn_end() -> None:
    g = Game([AKI, F[0], F[1], MYSTERY, F[2]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[2]), ops=[
        {"op": "modify", "p": 0, "card": AKI, "ap": 20, "dp": 0},
        {"op": "modify", "p": 0, "card": AKI, "ap": 0, "dp": 10, "until": "next_turn_end"},
        {"op": "coin", "p": 0, "card": AKI, "coin": "+10/+10", "n": 1}])
    s = assert_legal(g).state_json()
    assert (s["players"][0]["main"][0]["ap"], s["players"][0]["main"][0]["dp"]) == (60, 50)
    g.end_turn(0)
    s = assert_legal(g).state_json()
    assert (s["players"][0]["main"][0]["ap"], s["players"][0]["main"][0]["dp"]) == (40, 50)
    g.end_turn(1)
    s = assert_legal(g).state_json()
    assert (s["players"][0]["main"][0]["ap"], s["players"][0]["main"][0]["dp"]) == (40, 40)


def test_negative_values_count_as_zero() -> None:
    g = Game([AKI, F[0], F[1], MYSTERY, F[2]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[2]), ops=[{"op": "modify", "p": 0, "card": AKI, "ap": -50, "dp": -50}])
    s = assert_legal(g).state_json()
    assert (s["players"][0]["main"][0]["ap"], s["players"][0]["main"][0]["dp"]) == (0, 0)


def test_support_continuous_effect_applies_to_its_chara() -> None:
    from engine.pm.cards import Card, CardDB, Effect
    from tests.engine.kit import build_db

    db = build_db()
    db.add(Card(id="TST 03-002", name="Banner", series="Test", type="support", color="red", cost=0, source=1,
                effects=(Effect(kind="continuous", script=({"op": "modify", "target": "self", "ap": 10, "dp": 20},)),)))
    assert isinstance(db, CardDB)
    g = Game([AKI, F[0], F[1], "TST 03-002"], db=db)
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("set_support", 0, card="TST 03-002", on=AKI, pay=[])
    main = assert_legal(g).state_json()["players"][0]["main"][0]
    assert (main["ap"], main["dp"], main["supports"]) == (40, 50, ["TST 03-002"])
