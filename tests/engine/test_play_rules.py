"""Summon, cost payment, supports, Level Up: one legal and one illegal case per rule id."""

from __future__ import annotations

from tests.engine.kit import Game, assert_illegal, assert_legal

AKI, BEN, COMBO, CAT, DAN, EVE = "TST 01-001", "TST 01-002", "TST 01-003", "TST 01-004", "TST 01-005", "TST 01-006"
AKI2, AKI3, HAL, IVY, IVY1, JON = "TST 01-009", "TST 01-010", "TST 01-011", "TST 01-012", "TST 01-013", "TST 01-014"
NED, OLI, CHARM, F1, F2 = "TST 01-018", "TST 01-019", "TST 03-001", "TST 90-001", "TST 90-002"


def summon(card: str, *pay: str, area: str = "main", **kw: object) -> dict:
    return {"type": "summon", "p": 0, "card": card, "area": area, "pay": [{"hand": c} for c in pay], **kw}


def game(*hand: str) -> Game:
    return Game(list(hand))


def test_summon_legal_with_trail() -> None:
    g = game(AKI, BEN)
    g.actions.append(summon(AKI, BEN))
    res = assert_legal(g)
    main = res.state_json()["players"][0]["main"]
    assert [c["card"] for c in main] == [AKI] and main[0]["entered_turn"] == 1 and not main[0]["rested"]
    messages = [e.message for e in res.trails[-1].entries]
    assert "paid 2 >= cost 2" in messages
    assert any("matched by" in m for m in messages)
    assert res.state_json()["priority"] == 1


def test_summon_zone() -> None:
    g = game(BEN, F1)
    g.actions.append(summon(AKI, BEN))
    assert_illegal(g, "zone")


def test_summon_out_of_turn_and_out_of_phase() -> None:
    g = Game(None, [AKI, BEN])
    g.actions.append({**summon(AKI, BEN), "p": 1})
    assert_illegal(g, "turn.priority")
    g = game(AKI, BEN).passes(0, 1)
    g.actions.append(summon(AKI, BEN))
    assert_illegal(g, "turn.step")


def test_summon_area() -> None:
    assert_legal(game(HAL, F1).add("summon", 0, card=HAL, area="support", pay=[{"hand": F1}]))
    assert_illegal(game(HAL, F1).add("summon", 0, card=HAL, area="main", pay=[{"hand": F1}]), "summon.area")


def test_summon_unique_across_areas_and_parallels() -> None:
    g = game(AKI, AKI, BEN, F1, F2)
    g.actions.append(summon(AKI, BEN, area="support"))
    g.passes(1)
    g.actions.append(summon(AKI, F1, F2))
    assert_illegal(g, "summon.unique")
    g = game(AKI, BEN, CAT, F1, F2)
    g.actions.append(summon(AKI, BEN))
    g.passes(1)
    g.actions.append(summon(CAT, F1, F2))
    assert_legal(g)


def test_main_full_needs_replace() -> None:
    # An unscripted event's recorded ops put five Charas from the deck onto the Main Area.
    five = [AKI, BEN, CAT, DAN, EVE]
    g = Game(["TST 02-007", F1, F2, "TST 90-003", "TST 90-004", "TST 90-005", "TST 90-006", "TST 90-007", *five])
    g.add("play_event", 0, card="TST 02-007", pay=[{"hand": F1}],
          ops=[{"op": "move", "p": 0, "card": c, "from": "deck", "to": "main"} for c in five])
    g.passes(1)
    res = assert_legal(g)
    assert [c["card"] for c in res.state_json()["players"][0]["main"]] == five
    base = list(g.actions)
    g.actions.append(summon("TST 90-003", "TST 90-004"))
    assert_illegal(g, "summon.main_full")
    g.actions = [*base, summon("TST 90-003", "TST 90-004", replace=AKI)]
    res = assert_legal(g)
    assert AKI in res.state_json()["players"][0]["discard"]
    g.actions = [*base, summon(F2, "TST 90-004", replace="TST 90-005")]
    assert_illegal(g, "summon.main_full")  # replace names a Chara not in the Main Area
    g = Game([AKI, BEN, F1, F2])
    g.actions.append(summon(AKI, BEN, replace=CAT))
    assert_illegal(g, "summon.main_full")  # replace given when not full


def test_cost_amount_identity_source() -> None:
    assert_illegal(game(DAN, F1, F2).add("summon", 0, card=DAN, area="main", pay=[{"hand": F1}]), "cost.amount")
    # DAN is blue of series Test; NED is blue of another series: color matches.
    assert_legal(game(DAN, NED, F2, BEN).add("summon", 0, card=DAN, area="main", pay=[{"hand": NED}, {"hand": BEN}]))
    # AKI is red of Test; NED is blue of Other: no match.
    assert_illegal(game(AKI, NED).add("summon", 0, card=AKI, area="main", pay=[{"hand": NED}]), "cost.identity")
    # OLI's series "Test Encore" is grouped with "Test": series matches.
    assert_legal(game(BEN, OLI).add("summon", 0, card=BEN, area="main", pay=[{"hand": OLI}]))
    # Paying with a card not in hand; paying with the played card itself.
    assert_illegal(game(AKI, F1).add("summon", 0, card=AKI, area="main", pay=[{"hand": BEN}]), "cost.source")
    assert_illegal(game(AKI, F1).add("summon", 0, card=AKI, area="main", pay=[{"hand": AKI}]), "cost.source")
    assert_illegal(game(AKI, F1).add("summon", 0, card=AKI, area="main", pay=[{"point": F1}]), "cost.source")


def test_cost_purple() -> None:
    # (a) same series and same name
    assert_legal(game(IVY, IVY1, F1).add("summon", 0, card=IVY, area="main",
                                          pay=[{"hand": IVY1}, {"hand": F1}]))
    # (b) four colors of the same series
    four = [AKI, BEN, EVE, "TST 01-007"]  # red, blue, green, yellow
    assert_legal(game(IVY, *four).add("summon", 0, card=IVY, area="main", pay=[{"hand": c} for c in four]))
    # none: red and blue only
    assert_illegal(game(IVY, AKI, BEN).add("summon", 0, card=IVY, area="main",
                                           pay=[{"hand": AKI}, {"hand": BEN}]), "cost.purple")


def test_cost_combo() -> None:
    assert_legal(game(COMBO, AKI, F1).add("summon", 0, card=COMBO, area="main", pay=[{"hand": AKI}, {"hand": F1}]))
    assert_illegal(game(COMBO, F1, F2, "TST 90-003").add(
        "summon", 0, card=COMBO, area="main", pay=[{"hand": F1}, {"hand": F2}, {"hand": "TST 90-003"}]), "cost.combo")


def test_cost_order_source_before_amount() -> None:
    res = assert_illegal(game(DAN, F1).add("summon", 0, card=DAN, area="main", pay=[{"hand": BEN}]), "cost.source")
    assert "TST 01-002" in res.ruling.message


def test_set_support_and_target() -> None:
    g = game(AKI, BEN, CHARM, F1, F2)
    g.actions.append(summon(AKI, BEN))
    g.passes(1)
    g.add("set_support", 0, card=CHARM, on=AKI, pay=[{"hand": F1}])
    res = assert_legal(g)
    assert res.state_json()["players"][0]["main"][0]["supports"] == [CHARM]
    g = game(AKI, BEN, CHARM, F1, F2)
    g.add("set_support", 0, card=CHARM, on=AKI, pay=[{"hand": F1}])
    assert_illegal(g, "zone")
    g = Game([AKI, BEN, CHARM, CHARM, F1, F2, "TST 90-003"])
    g.actions.append(summon(AKI, BEN))
    g.passes(1).add("set_support", 0, card=CHARM, on=AKI, pay=[{"hand": F1}])
    g.passes(1).add("set_support", 0, card=CHARM, on=AKI, pay=[{"hand": F2}])
    assert_illegal(g, "support.target")


def test_support_goes_to_discard_with_its_chara() -> None:
    g = game(AKI, BEN, CHARM, F1, "TST 02-007", F2)
    g.actions.append(summon(AKI, BEN))
    g.passes(1).add("set_support", 0, card=CHARM, on=AKI, pay=[{"hand": F1}])
    g.passes(1).add("play_event", 0, card="TST 02-007", pay=[{"hand": F2}], ops=[
        {"op": "move", "p": 0, "card": AKI, "from": "main", "to": "hand"}])
    res = assert_legal(g)
    p0 = res.state_json()["players"][0]
    assert AKI in p0["hand"] and CHARM in p0["discard"] and p0["main"] == []


def test_level_up() -> None:
    g = Game([AKI, BEN, AKI2, AKI3, F1, F2, "TST 90-003"])
    g.actions.append(summon(AKI, BEN))
    g.passes(1).add("level_up", 0, card=AKI2, onto=AKI)
    res = assert_legal(g)
    c = res.state_json()["players"][0]["main"][0]
    assert (c["card"], c["level"], c["stack"], c["ap"], c["dp"]) == (AKI2, 2, [AKI], 50, 50)
    # second Level Up the same turn must pay
    g.passes(1).add("level_up", 0, card=AKI3, onto=AKI2)
    assert_illegal(g, "levelup.invalid")
    g.actions[-1] = {"type": "level_up", "p": 0, "card": AKI3, "onto": AKI2,
                     "pay": [{"hand": F1}, {"hand": F2}, {"hand": "TST 90-003"}]}
    assert_illegal(g, "cost.amount")


def test_level_up_invalid_cases() -> None:
    g = Game([AKI, BEN, DAN, F1])
    g.actions.append(summon(AKI, BEN))
    g.passes(1).add("level_up", 0, card=DAN, onto=AKI)
    assert_illegal(g, "levelup.invalid")  # Dan has no Level Up
    g = Game([BEN, AKI2, F1, F2])
    g.actions.append(summon(BEN, F1, F2))
    g.passes(1).add("level_up", 0, card=AKI2, onto=BEN)
    assert_illegal(g, "levelup.invalid")  # another name
    g = Game([AKI, BEN, AKI2]).passes(0, 1).add("level_up", 0, card=AKI2, onto=AKI)
    assert_illegal(g, "levelup.invalid")  # outside the Main Phase


def test_white_cost_identity() -> None:
    """White (白, an extension: docs/log-extensions.md) is a colour of its own: paid by white or by the series."""
    from dataclasses import replace

    from engine.pm.cards import CardDB
    from tests.engine.kit import DB

    whites = {AKI: "white", NED: "white"}
    db = CardDB([replace(c, color=whites.get(c.id, c.color)) for c in DB], DB.series_groups())
    assert_legal(Game([AKI, NED], db=db).add("summon", 0, card=AKI, area="main", pay=[{"hand": NED}]))
    plain = CardDB([replace(c, color="white") if c.id == AKI else c for c in DB], DB.series_groups())
    assert_illegal(Game([AKI, NED], db=plain).add("summon", 0, card=AKI, area="main", pay=[{"hand": NED}]),
                   "cost.identity")
