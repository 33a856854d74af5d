"""Deck rules, setup order, turn start, windows, implied passes, game over."""

from __future__ import annotations

from engine.fold import fold
from tests.engine.kit import DB, Game, assert_illegal, assert_legal, stacked_deck

A, BEN, COMBO = "TST 01-001", "TST 01-002", "TST 01-003"


def test_setup_draws_seven_and_turn_one_draws_one() -> None:
    g = Game([A, BEN, "TST 01-004", "TST 01-005", "TST 01-006", "TST 01-007", "TST 01-008", "TST 01-009"])
    res = assert_legal(g)
    s = res.state_json()
    assert s["turn"] == 1 and s["phase"] == "main" and s["priority"] == 0
    assert s["players"][0]["hand"][:2] == [A, BEN]
    assert len(s["players"][0]["hand"]) == 8 and s["players"][0]["deck_count"] == 52
    assert len(s["players"][1]["hand"]) == 7 and s["players"][1]["deck_count"] == 53


def test_redraw_puts_hand_under_deck_in_order() -> None:
    top = [f"TST 90-0{i:02d}" for i in range(1, 8)]
    g = Game(top, setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("redraw", 0).add("keep", 1)
    res = assert_legal(g)
    deck = res.state.players[0].deck  # top last
    assert deck[:7] == list(reversed(top)), "the card drawn first ends up highest of the bottom seven"
    assert res.state.players[0].hand[:7] == g.order[0][7:14]


def test_deck_size_and_copies_and_ex() -> None:
    g = Game()
    g.header["players"][0]["deck"] = g.header["players"][0]["deck"][:59]
    res = g.fold()
    assert res.ruling.to_json()["rule"] == "deck.size" and res.ruling.index is None
    assert res.ruling.to_json()["path"] == "game.players.0.deck"
    g = Game([A] * 5)
    assert g.fold().ruling.rule == "deck.copies"
    g = Game(["TST 01-014"])
    assert g.fold().ruling.rule == "deck.ex"
    g = Game(ex0=[A])
    assert g.fold().ruling.to_json()["path"] == "game.players.0.ex_deck"
    assert_legal(Game(ex0=["TST 01-014"] * 4))


def test_parallel_cards_count_as_same_for_copies() -> None:
    g = Game()
    deck = g.header["players"][1]["deck"]
    deck[:5] = [A, A, A, A, A + "a"]
    assert g.fold().ruling.rule == "deck.copies"


def test_setup_order() -> None:
    g = Game(setup=False).add("keep", 0)
    assert_illegal(g, "setup.order", 0)
    g = Game(setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 0, order=g.order[0])
    assert_illegal(g, "setup.order", 1)
    g = Game(setup=False)
    g.add("shuffle", 0, order=[*g.order[0][1:], A])
    assert_illegal(g, "setup.order", 0)
    g = Game(setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("redraw", 0).add("redraw", 0)
    assert_illegal(g, "setup.order", 3)
    g = Game(setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("keep", 0).add("pass", 0)
    assert_illegal(g, "setup.order", 3)


def test_window_closes_on_approacher_pass_then_interferer_pass() -> None:
    g = Game().passes(0, 1)
    s = assert_legal(g).state_json()
    assert (s["phase"], s["step"], s["priority"]) == ("approach", "assign_approach", None)
    g = Game().passes(0)
    s = assert_legal(g).state_json()
    assert (s["phase"], s["priority"]) == ("main", 1)


def test_turn_priority_and_implied_passes() -> None:
    # Player 0 summons twice in a row: one implied pass by player 1 gives the right back.
    g = Game([A, BEN, "TST 01-004", "TST 01-008"])
    g.add("summon", 0, card=A, area="main", pay=[{"hand": BEN}])
    g.add("summon", 0, card="TST 01-004", area="main", pay=[{"hand": "TST 01-008"}])
    res = assert_legal(g)
    assert res.implied == {5: 1}
    # The state after N actions never includes passes implied by action N+1.
    assert g.fold(at=5).state_json()["priority"] == 1
    # Passing twice: the implied pass of player 1 closes the window, so the second pass has no window.
    g = Game().passes(0).add("pass", 0)
    assert_illegal(g, "turn.priority")
    # end_approach with the Main Phase window open: three passes implied (0, 1 close).
    g = Game().add("end_approach", 0)
    res = assert_legal(g)
    assert res.implied == {4: 2}
    assert res.state_json()["step"] == "hand_adjust", "the first player holds 8 cards at the end of turn 1"


def test_turn_step_when_no_window_can_be_reached() -> None:
    g = Game().passes(0, 1).add("pass", 0)
    assert_illegal(g, "turn.step")


def test_turn_two_draws_two_and_activates() -> None:
    g = Game().end_turn(0)
    s = assert_legal(g).state_json()
    assert s["turn"] == 2 and s["turn_player"] == 1 and len(s["players"][1]["hand"]) == 9


def test_game_over_and_notes() -> None:
    g = Game().add("concede", 1).add("note", text="gg")
    res = assert_legal(g)
    assert res.result == {"winner": 0, "reason": "concede"}
    g.add("pass", 0)
    assert_illegal(g, "game.over")


def test_deck_out_loses_at_turn_start() -> None:
    g = Game()
    for turn in range(1, 80):
        g.end_turn((turn - 1) % 2)
        res = assert_legal(g)
        if res.result is not None:
            break
    assert res.result == {"winner": 1, "reason": "deck_out"}
    assert res.state_json()["players"][0]["deck_count"] == 0


def test_fold_is_deterministic_and_at() -> None:
    g = Game([A, BEN]).end_turn(0)
    a, b = g.fold(), g.fold()
    assert a.state_json() == b.state_json()
    assert g.fold(at=4).state_json()["turn"] == 1
    assert g.fold(at=0).state_json()["phase"] == "setup"


def test_unknown_ruleset_is_reported_by_service_layer() -> None:
    header = {"first": 0, "ruleset": "pm-9", "players": [{"name": "a", "deck": stacked_deck([])},
                                                          {"name": "b", "deck": stacked_deck([])}]}
    try:
        fold(header, [], DB)
    except KeyError as err:
        assert "pm-9" in str(err)
    else:  # pragma: no cover
        raise AssertionError("expected UnknownRuleset")


def test_statistics_facts_opening_seen_played() -> None:
    top = [A, BEN, "TST 01-004", "TST 90-001", "TST 90-002", "TST 90-003", "TST 90-004", "TST 01-005"]
    g = Game(top)
    g.add("summon", 0, card=A, area="main", pay=[{"hand": BEN}])
    res = assert_legal(g)
    p0 = res.state.players[0]
    assert p0.opening_hand == top[:7]
    assert p0.seen["TST 01-005"] == 1, "the first player's turn-1 draw is seen on turn 1"
    assert p0.seen[A] == 0 and p0.played == {A: 1}
    # after a redraw the kept hand is the redrawn one
    g = Game(top, setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("redraw", 0).add("keep", 1)
    p0 = assert_legal(g).state.players[0]
    assert p0.opening_hand == g.order[0][7:14]
    assert A not in p0.seen, "a card redrawn away was not seen (metrics.md)"
