"""Engine pieces of the fifteenth compiler round (issue 20, helper h20r15), each on synthetic cards with a legal
and an illegal log."""

from __future__ import annotations

from engine.pm import stats
from engine.pm.cards import Card, CardDB, Effect, Timing
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

AGAIN, CHEER, EARLY, RISER, DIG, EAGER, PLANT, HIDE, SIFT, WARDEN, TINY, MID, STEADY, TALLY = (
    f"TST 85-{i:03d}" for i in range(1, 15))
CAT, HAL = "TST 01-004", "TST 01-011"
_STAND_AGAIN = [{"op": "activate", "target": "target:0"},
                {"op": "grant", "target": "target:0", "what": "approach_again", "until": "turn_end"}]
CARDS = [
    # "one of your Charas, this turn, when it is interfered, becomes active and may approach again" (HSF 01-117's
    # first sentence)
    _event("85-001", "Again", ({"op": "delay", "on": "interfered", "subject": "target:0", "do": _STAND_AGAIN},),
           cost=0, targets=({"side": "self"},)),
    # a Support: "when this card is set, the Chara it is set on gets +10/+10 until the end of the turn"
    Card(id=CHEER, name="Cheer", series="Test", type="support", color="red", cost=0, source=1, ap=None, dp=None,
         effects=(Effect("auto", trigger="set", script=(
             {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},)),)),
    # "at the start of your Main Phase, draw a card" (GRAN 01-093's shape)
    _chara("85-003", "Early", Effect("auto", trigger="main_start", script=({"op": "draw", "who": "self", "n": 1},))),
    # "when this card is put from the deck into the discard by a card's effect, put it from the discard onto the
    # Area" (SAGA 01-048's shape)
    _chara("85-004", "Riser", Effect("auto", trigger="milled", script=(
        {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True},))),
    _event("85-005", "Dig", ({"op": "mill", "who": "self", "n": 1},), cost=0),
    # "this card must approach if able" (AHB 01-021's shape, without its condition)
    _chara("85-006", "Eager", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": "must_approach", "until": "turn_end"},))),
    _event("85-007", "Plant", ({"op": "put_point", "who": "self", "n": 1},), cost=0),
    # "turn one Riser of your Point Zone face down" (SAGA 01-006's shape: a flip with a filter)
    _event("85-008", "Hide", ({"op": "flip", "who": "self", "face": "down", "n": 1, "filter": {"name": "Riser"}},),
           cost=0),
    # "look at the top 3 cards of your deck and put them on top or at the bottom in any order" (SZ2 01-026's shape)
    _event("85-009", "Sift", ({"op": "reorder", "who": "self", "n": 3, "to": "top_or_bottom"},), cost=0),
    # "[Main/Decline] nullify a Chara of usage cost 0 the opponent is playing; if so, discard this card" (GRAN
    # 01-026's shape, in the Main Phase)
    _chara("85-010", "Warden", Effect("activated", timing=Timing.parse("main/decline"), condition={"answers": {
        "type": ["summon", "level_up"], "side": "opponent", "filter": {"type": "chara", "max_cost": 0}}}, script=(
        {"op": "disable"}, {"op": "move", "target": "self", "to": "discard"}))),
    _chara("85-011", "Tiny", cost=0),
    _chara("85-012", "Mid", cost=1),
    # "this card gets usage cost +1 and +10/+10, and stands at the end of your turn" (GRAN ST-006's shape, without
    # its condition)
    _chara("85-013", "Steady", Effect("auto", trigger="own_turn_end", script=(
        {"op": "activate", "target": "self"},
        {"op": "grant", "target": "self", "what": {"cost": 1}, "until": "turn_end", "static": True},
        {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end", "static": True}))),
    # "rest any number of your Charas; if so, one of your Charas gets usage cost +1 for each rested" (HSF 01-015)
    _event("85-014", "Tally", ({"op": "rest_any", "spec": {}, "then": [
        {"op": "grant", "target": "target:0", "what": {"cost": 1}, "until": "turn_end", "per": {"picked": "cards"}}]},),
           cost=0, targets=({"side": "self"},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0)


def _interfered_once():  # type: ignore[no-untyped-def]
    """Aki (set up by Again) approaches and Ben interferes: the delayed part fires."""
    g = _boards([AKI], [BEN], [AGAIN])
    g.add("play_event", 0, card=AGAIN, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    return g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)


def test_interfered_chara_stands_and_may_approach_again() -> None:
    g = _interfered_once().add("trigger", 0, card=AGAIN, effect=0, **{"from": "discard"})
    aki = find_chara(assert_legal(g).state.players[0], AKI)
    assert aki is not None and not aki.rested and "approach_again" in [w for w, _ in aki.grants]
    g = _interfered_once().passes(0)
    assert_illegal(g, "effect.result")  # the delayed part is mandatory: it must be logged


def test_the_delayed_part_waits_for_its_event() -> None:
    g = _boards([AKI], [BEN], [AGAIN])
    g.add("play_event", 0, card=AGAIN, pay=[], targets=[{"p": 0, "card": AKI}]).passes(1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    g.add("trigger", 0, card=AGAIN, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")  # not interfered: it does not fire


def test_a_support_fires_when_set_on_the_chara_it_is_set_on() -> None:
    g = _boards([AKI], [BEN], [CHEER]).add("set_support", 0, card=CHEER, on=AKI, pay=[])
    g.add("trigger", 0, card=CHEER, effect=0)
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and stats.ap_dp(res.state, aki) == (40, 40)  # 30/30 and the set trigger's +10/+10
    g.actions.pop()
    assert_illegal(g.passes(1), "effect.result")  # owed right after the set
    g = _boards([AKI], [BEN], [CHEER]).add("trigger", 0, card=CHEER, effect=0, **{"from": "hand"})
    assert_illegal(g, "effect.result")  # not set: its cause has not happened


def test_a_main_phase_start_trigger_fires_for_the_turn_player_only() -> None:
    g = _boards([EARLY], [BEN])  # turn 3 (player 0's) has started: Early's trigger is owed
    before = len(assert_legal(g).state.players[0].hand)
    res = assert_legal(g.add("trigger", 0, card=EARLY, effect=0))
    assert len(res.state.players[0].hand) == before + 1
    g.actions.pop()
    assert_illegal(g.add("approach", 0, card=EARLY), "effect.result")  # left out: mandatory
    g = _boards([BEN], [EARLY]).add("trigger", 1, card=EARLY, effect=0)
    assert_illegal(g, "effect.result")  # the opponent's Main Phase: not its player's


def _dug(top: str, held: str = F[8]):  # type: ignore[no-untyped-def]
    """Player 0 plays Dig with ``top`` on top of the deck (the opening hand, turn 1's and turn 3's draws first)."""
    g = _boards([AKI], [BEN], [DIG, *F[3:8], held, top])
    assert assert_legal(g).state.players[0].deck[-1] == top
    return g.add("play_event", 0, card=DIG, pay=[])


def test_a_card_milled_by_an_effect_fires_from_the_discard() -> None:
    g = _dug(RISER).add("trigger", 0, card=RISER, effect=0, **{"from": "discard"})
    res = assert_legal(g)
    assert find_chara(res.state.players[0], RISER) is not None and RISER not in res.state.players[0].discard
    g.actions.pop()
    assert_illegal(g.passes(1), "effect.result")  # mandatory: owed right after the mill
    g = _dug(F[9], RISER).add("trigger", 0, card=RISER, effect=0, **{"from": "hand"})
    assert_illegal(g, "effect.result")  # not milled (it is in the hand): its cause has not happened


def test_a_chara_that_must_approach_keeps_the_approach_phase_open_while_it_can() -> None:
    g = _boards([EAGER, AKI], [BEN]).passes(0, 1).add("end_approach", 0)
    assert_illegal(g, "effect.condition")  # Eager can approach: the phase may not end yet
    g = _boards([EAGER, AKI], [BEN]).passes(0, 1).add("approach", 0, card=EAGER).passes(0, 1).add("no_interfere", 1)
    assert_legal(g.passes(0, 1).add("end_approach", 0))  # it approached (now rested): Aki need not


def _hidden(top: str):  # type: ignore[no-untyped-def]
    """Player 0 puts ``top`` (the deck's top card) into the Point Zone face up, then plays Hide naming it."""
    g = _boards([AKI], [BEN], [PLANT, HIDE, *F[3:8], top])
    g.add("play_event", 0, card=PLANT, pay=[]).passes(1)
    return g.add("play_event", 0, card=HIDE, pay=[], ops=[{"op": "flip", "p": 0, "card": top, "face": "down"}])


def test_a_point_zone_flip_takes_only_cards_of_its_kind() -> None:
    res = assert_legal(_hidden(RISER))
    assert [tuple(x) for x in res.state.players[0].points] == [(RISER, False)]
    assert_illegal(_hidden(F[9]), "effect.target")  # not a Riser: the flip cannot take it


def _sift(moves: list[tuple[int, str]]):  # type: ignore[no-untyped-def]
    """Player 0 plays Sift; ``moves``: (position from the top before, destination zone) of each logged move."""
    g = _boards([AKI], [BEN], [SIFT, *F[3:9], F[12], F[13], F[14]])
    deck = assert_legal(g).state.players[0].deck
    assert deck[-3:] == [F[14], F[13], F[12]]  # three different cards on top
    ops = [{"op": "move", "p": 0, "card": deck[-1 - i], "from": "deck", "to": to} for i, to in moves]
    return g.add("play_event", 0, card=SIFT, pay=[], ops=ops), deck


def test_the_top_cards_go_back_in_the_order_chosen() -> None:
    g, deck = _sift([(2, "deck"), (0, "deck")])  # the third card, then the first, onto the top
    after = assert_legal(g).state.players[0].deck
    assert after[-3:] == [deck[-2], deck[-3], deck[-1]]
    g, deck = _sift([(0, "deck_bottom"), (1, "deck_bottom"), (2, "deck_bottom")])
    after = assert_legal(g).state.players[0].deck
    assert after[:3] == [deck[-3], deck[-2], deck[-1]] and len(after) == len(deck)


def test_the_cards_looked_at_go_all_to_one_side() -> None:
    assert_illegal(_sift([(0, "deck"), (1, "deck_bottom")])[0], "effect.result")  # split between top and bottom
    assert_illegal(_sift([(0, "deck_bottom")])[0], "effect.result")  # to the bottom: all three
    assert_illegal(_sift([(5, "deck")])[0], "effect.result")  # a card not among the three looked at


def test_a_chara_being_played_is_nullified_by_a_response() -> None:
    answer = [{"type": "use_effect", "p": 1, "card": WARDEN, "effect": 0}]
    g = _boards([AKI], [WARDEN], [TINY]).add("summon", 0, card=TINY, area="main", pay=[], responses=answer)
    res = assert_legal(g)
    assert TINY in res.state.players[0].discard and find_chara(res.state.players[0], TINY) is None
    assert WARDEN in res.state.players[1].discard  # "if so": the response's own card goes too
    g = _boards([AKI], [WARDEN], [MID, F[9]]).add("summon", 0, card=MID, area="main", pay=[{"hand": F[9]}],
                                                    responses=answer)
    assert_illegal(g, "effect.condition")  # usage cost 1: not a play it answers


def _steady_boards(mine: bool):  # type: ignore[no-untyped-def]
    """Turn 1: player 0 summons Steady (``mine``) or Ben; turn 2: player 1 the other; turn 3 starts. Steady's
    own turn-end trigger is logged where it fires."""
    import tests.effects.test_machinery as machinery
    from tests.engine.kit import Game

    db = CardDB([*machinery.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    first, second = (STEADY, BEN) if mine else (BEN, STEADY)
    g = Game([first, F[0], F[1]], [second, F[10], F[11]], db=db)
    g.add("summon", 0, card=first, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1)
    g.passes(0, 1).add("end_approach", 0)
    if mine:
        g.add("trigger", 0, card=STEADY, effect=0)
    g.adjust_hand(0)
    g.add("summon", 1, card=second, area="main", pay=[{"hand": F[10]}, {"hand": F[11]}]).passes(0)
    g.passes(1, 0).add("end_approach", 1)
    if not mine:
        g.add("trigger", 1, card=STEADY, effect=0)
    return g.adjust_hand(1)


def test_gains_in_force_all_along_and_a_stand_at_the_end_of_its_own_turn() -> None:
    g = _steady_boards(True).passes(0, 1).add("approach", 0, card=STEADY).passes(0, 1).add("no_interfere", 1)
    g.passes(0, 1).add("end_approach", 0)
    res = assert_legal(g)
    steady = find_chara(res.state.players[0], STEADY)
    assert steady is not None and steady.rested
    assert stats.ap_dp(res.state, steady) == (40, 40) and stats.chara_cost(res.state, steady) == 3  # static gains
    res = assert_legal(g.add("trigger", 0, card=STEADY, effect=0))
    steady = find_chara(res.state.players[0], STEADY)
    assert steady is not None and not steady.rested
    g.actions.pop()
    assert_illegal(g.passes(1), "effect.result")  # owed at the end of its player's turn
    g = _steady_boards(False).passes(0, 1).add("end_approach", 0).add("trigger", 1, card=STEADY, effect=0)
    assert_illegal(g, "effect.result")  # the opponent's turn end: it does not fire


def _tally(cost: int):  # type: ignore[no-untyped-def]
    g = _boards([AKI, CAT, HAL], [BEN], [TALLY])
    ops = [{"op": "rest", "p": 0, "card": CAT}, {"op": "rest", "p": 0, "card": HAL},
           {"op": "grant", "p": 0, "card": AKI, "what": {"cost": cost}, "until": "turn_end"}]
    return g.add("play_event", 0, card=TALLY, pay=[], targets=[{"p": 0, "card": AKI}], ops=ops)


def test_a_cost_for_each_chara_rested() -> None:
    res = assert_legal(_tally(2))
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and stats.chara_cost(res.state, aki) == 4  # 2, and +1 for each of the two rested
    assert_illegal(_tally(1), "effect.result")  # two were rested: +2, not +1
