"""Unknown cards of table logs: identification, its rulings and the state JSON (table-logs.md)."""

from __future__ import annotations

from typing import Any

from tests.engine.kit import Game, assert_illegal, assert_legal

AKI, BEN, CAT, MYSTERY, SURPRISE, JON = "TST 01-001", "TST 01-002", "TST 01-004", "TST 02-007", "TST 02-005", "TST 01-014"
FILLER = "TST 90-001"


def table(top0: list[str] | None = None, top1: list[str] | None = None, *, unlisted: tuple[int, ...] = (),
          known: tuple[int, ...] = ()) -> Game:
    """A game whose shuffles record no order (``known``: those players' orders are recorded)."""
    g = Game(top0, top1, setup=False)
    for p in unlisted:
        del g.header["players"][p]["deck"]
    for p in (0, 1):
        if p in known:
            g.add("shuffle", p, order=g.order[p])
        else:
            g.add("shuffle", p)
    return g.add("keep", 0).add("keep", 1)


def trail_text(g: Game, index: int | None = None) -> str:
    res = g.fold()
    return " | ".join(e.message for e in res.trails[g.last if index is None else index].entries)


def test_unknown_hand_and_pool_in_the_state() -> None:
    res = assert_legal(table([AKI, BEN]))
    me = res.state_json()["players"][0]
    assert me["hand"] == [None] * 8  # the first player drew 1 at turn 1
    assert me["deck_count"] == 52
    assert me["unseen"][AKI] == 1 and sum(me["unseen"].values()) == 60
    complete = assert_legal(Game([AKI]))
    assert "unseen" not in complete.state_json()["players"][0]  # complete logs keep today's state JSON


def test_summon_identifies_the_oldest_unknown_card() -> None:
    g = table([AKI, BEN]).add("summon", 0, card=AKI, area="main", pay=[{"hand": BEN}])
    res = assert_legal(g)
    text = trail_text(g)
    assert "TST 01-001 (Aki) identified in hand by the summon: 1 of 1 copies now seen" in text
    assert "TST 01-002 (Ben) identified in hand by the payment: 1 of 1 copies now seen" in text
    me = res.state_json()["players"][0]
    assert me["hand"] == [None] * 6 and me["discard"] == [BEN]
    assert AKI not in me["unseen"] and BEN not in me["unseen"]


def test_identify_count_when_the_pool_has_no_copy() -> None:
    g = table([AKI]).add("summon", 0, card=CAT, area="main", pay=[{"hand": FILLER}])
    res = assert_illegal(g, "identify.count")
    assert "TST 01-004" in res.ruling.message and "holds no copy" in res.ruling.message
    assert res.ruling.to_json()["ref"] == "Rule Book v2.22 P05"


def test_identify_count_for_a_copy_beyond_the_list() -> None:
    g = table([AKI]).add("identify", 0, zone="hand", cards=[AKI, AKI])
    res = assert_illegal(g, "identify.count")
    assert "holds 1 copy, and 1 is already seen" in res.ruling.message


def test_zone_when_no_unknown_card_is_left() -> None:
    g = table([AKI, BEN]).add("identify", 0, zone="hand", cards=[AKI, BEN, *[FILLER] * 4, "TST 90-002"])
    g.passes(0, 1).add("end_approach", 0).add("hand_adjust", 0, discard=[FILLER]).add("identify", 1, zone="hand", cards=[])
    g.add("summon", 1, card=AKI, area="main", pay=[])  # player 1's hand is unknown: fine if the pool has it
    assert_illegal(g, "identify.count")  # player 1's list has no Aki
    g2 = table([AKI, BEN]).add("identify", 0, zone="hand", cards=[AKI, BEN, *[FILLER] * 4, "TST 90-002", "TST 90-003"])
    g2.add("summon", 0, card=CAT, area="main", pay=[])
    res = assert_illegal(g2, "zone")
    assert "not in player 0's hand" in res.ruling.message


def test_identify_zone_names_too_many() -> None:
    g = table().add("identify", 0, zone="hand", cards=[FILLER] * 9)
    res = assert_illegal(g, "identify.zone")
    assert "9 card(s)" in res.ruling.message and "8 unknown" in res.ruling.message
    assert_illegal(table().add("identify", 1, zone="point", cards=[FILLER]), "identify.zone")


def test_identify_mismatch_against_a_known_order() -> None:
    g = Game([AKI], [BEN, CAT]).end_turn(0)
    g.add("summon", 1, card=CAT, area="main", pay=[{"hand": BEN}]).passes(0, 1, 0)
    g.add("approach", 1, card=CAT).passes(1, 0)
    top = g.order[0][8]
    g.add("no_interfere", 0, card=top)
    assert_legal(g)
    g.actions[-1]["card"] = AKI
    res = assert_illegal(g, "identify.mismatch")
    assert top in res.ruling.message and "TST 01-001" in res.ruling.message


def test_unlisted_deck_fifth_copy_and_ex_card() -> None:
    g = table(unlisted=(0,)).add("identify", 0, zone="hand", cards=[AKI] * 4)
    res = assert_legal(g)
    assert res.state_json()["players"][0]["unseen"] is None
    g.add("identify", 0, zone="hand", cards=[AKI])
    assert "fifth copy" in assert_illegal(g, "identify.count").ruling.message
    ex = table(unlisted=(0,)).add("identify", 0, zone="hand", cards=[JON])
    assert "EX card" in assert_illegal(ex, "identify.count").ruling.message


def test_identify_after_the_game_and_at_a_waiting_turn_end() -> None:
    g = table([AKI]).passes(0, 1).add("end_approach", 0).add("hand_adjust", 0, discard=[FILLER])
    g.add("identify", 1, zone="hand", cards=[FILLER, FILLER])
    res = assert_legal(g)
    s = res.state_json()
    assert s["turn"] == 2 and s["players"][1]["hand"][:2] == [FILLER, FILLER]  # the turn started first
    assert len(s["players"][1]["hand"]) == 9
    g.add("concede", 1).add("identify", 0, zone="hand", cards=[AKI])
    assert assert_legal(g).state_json()["players"][0]["hand"][0] == AKI


def test_draw_op_cards_name_the_drawn_cards() -> None:
    g = table([MYSTERY], known=(0,))
    g.add("play_event", 0, card=MYSTERY, pay=[{"hand": FILLER}], ops=[{"op": "draw", "p": 0, "n": 1, "cards": [g.order[0][8]]}])
    assert_legal(g)
    g.actions[-1]["ops"][0]["cards"] = [AKI]
    assert_illegal(g, "identify.mismatch")
    u = table([MYSTERY, AKI])
    u.add("play_event", 0, card=MYSTERY, pay=[{"hand": FILLER}], ops=[{"op": "draw", "p": 0, "n": 1, "cards": [AKI]}])
    res = assert_legal(u)
    assert res.state_json()["players"][0]["hand"][-1] == AKI
    assert "identified in hand by the draw op" in trail_text(u)


def test_put_point_cards_and_a_break_on_an_unknown_point() -> None:
    g = table([MYSTERY], [SURPRISE])
    g.add("play_event", 0, card=MYSTERY, pay=[{"hand": FILLER}], ops=[{"op": "put_point", "p": 1, "n": 1, "cards": [SURPRISE]}])
    g.add("break", 1, card=SURPRISE)
    res = assert_legal(g)
    assert res.state_json()["players"][1]["points"] == [{"card": SURPRISE, "face": "down"}]
    blind = table([MYSTERY], [SURPRISE])
    blind.add("play_event", 0, card=MYSTERY, pay=[{"hand": FILLER}], ops=[{"op": "put_point", "p": 1, "n": 1}])
    assert assert_legal(blind).state_json()["players"][1]["points"] == [{"card": None, "face": "up"}]
    blind.add("break", 1, card=SURPRISE)
    assert_legal(blind)
    assert "identified in the Point Zone by the break" in trail_text(blind)


def test_redraw_sends_unknown_cards_to_the_bottom() -> None:
    g = Game([AKI], setup=False).add("shuffle", 0).add("shuffle", 1).add("redraw", 0).add("keep", 1)
    res = assert_legal(g)
    assert res.state.players[0].hand_lost == 7 and not res.state.players[0].hands_known()
    assert res.state_json()["players"][0]["deck_count"] == 52


def test_complete_and_table_logs_agree_on_the_result(sim_logs: list[dict[str, Any]]) -> None:
    from engine.fold import fold
    from pmemo_replay.cards import bundled_cards

    cards = bundled_cards()
    for doc in sim_logs:
        table_actions = [{k: v for k, v in a.items() if k != "order"} for a in doc["actions"]]
        full, blind = fold(doc["game"], doc["actions"], cards), fold(doc["game"], table_actions, cards)
        assert blind.valid and blind.result == full.result
