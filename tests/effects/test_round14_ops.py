"""Engine pieces of the fourteenth compiler round (issue 20, helper h20r14), each on synthetic cards with a legal
and an illegal log."""

from __future__ import annotations

from engine.pm.cards import Effect
from engine.pm.script import RESTED_COUNT
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, _chara, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

CAT, HAL = "TST 01-004", "TST 01-011"
CALM, NAP, WAKE, HEAVY, HEAVY_MINE, LOOPY = (f"TST 84-00{i}" for i in range(1, 7))
DAN = "TST 01-005"  # 〔天然2〕
CARDS = [
    # "rest any number of your Charas; if so, one Chara cannot be interfered, until the end of the turn, by Charas
    # whose usage cost equals the number rested" (HSF 01-011's shape)
    _event("84-001", "Calm", ({"op": "rest_any", "spec": {}, "then": [
        {"op": "grant", "target": "target:0", "until": "turn_end",
         "what": {"not_interfered_by": {"max_cost": RESTED_COUNT, "min_cost": RESTED_COUNT}}}]},),
           cost=0, targets=({},)),
    # "rest one of the opponent's Charas; if so, it does not become active until the end of the turn"
    _event("84-002", "Nap", ({"op": "rest", "target": "target:0", "then": [
        {"op": "grant", "target": "target:0", "what": "stays_rested", "until": "turn_end"}]},), cost=0,
           targets=({"side": "opponent"},)),
    # "one Chara becomes active"
    _event("84-003", "Wake", ({"op": "activate", "target": "target:0"},), cost=0, targets=({},)),
    # "during the opponent's turn, this card gets usage cost +1" (continuous; NUKN P-002's shape)
    _chara("84-004", "Heavy", Effect("continuous", condition={"own_turn": False}, script=(
        {"op": "grant", "target": "self", "what": {"cost": 1}, "until": "turn_end"},))),
    _chara("84-005", "HeavyMine", Effect("continuous", condition={"own_turn": True}, script=(
        {"op": "grant", "target": "self", "what": {"cost": 1}, "until": "turn_end"},))),
    # a condition reading the cost it changes (the compiler keeps none): worked out once, without itself
    _chara("84-006", "Loopy", Effect("continuous", condition={"count": {"spec": {"side": "self", "min_cost": 3},
                                                                        "at_least": 1}}, script=(
        {"op": "grant", "target": "self", "what": {"cost": 1}, "until": "turn_end"},))),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0)


def _calm(rested: list[str]):  # type: ignore[no-untyped-def]
    """Aki approaches after Calm rested ``rested``; Ben (usage cost 2) interferes."""
    g = _boards([AKI, CAT, HAL], [BEN], [CALM])
    g.add("play_event", 0, card=CALM, pay=[], targets=[{"p": 0, "card": AKI}], choices=[rested]).passes(1)
    return g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)


def test_the_number_rested_is_counted_when_the_grant_runs() -> None:
    assert_illegal(_calm([CAT, HAL]), "interfere.chara")  # two rested: Charas of usage cost 2 cannot interfere
    res = assert_legal(_calm([HAL]))  # one rested: only usage cost 1 is barred
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and ({"not_interfered_by": {"max_cost": 1, "min_cost": 1}}) in [w for w, _ in aki.grants]


def _napped():  # type: ignore[no-untyped-def]
    g = _boards([AKI], [BEN], [NAP, WAKE])
    return g.add("play_event", 0, card=NAP, pay=[], targets=[{"p": 1, "card": BEN}]).passes(1)


def test_a_chara_that_does_not_become_active_stays_rested_this_turn() -> None:
    # rule book 000 "Turn End": effects lasting until the turn's end end after those at the turn's end have run,
    # and the Area stands at the start of its player's turn, when the grant has ended
    g = _napped().add("play_event", 0, card=WAKE, pay=[], targets=[{"p": 1, "card": BEN}])
    ben = find_chara(assert_legal(g).state.players[1], BEN)
    assert ben is not None and ben.rested  # Wake's activation cannot be done
    g.passes(1).end_turn(0)
    ben = find_chara(assert_legal(g).state.players[1], BEN)
    assert ben is not None and not ben.rested  # the next turn's standing: the grant has ended
    g = _napped().add("play_event", 0, card=WAKE, pay=[], targets=[{"p": 1, "card": BEN}],
                      ops=[{"op": "activate", "p": 1, "card": BEN}])
    assert_illegal(g, "effect.result")  # a log making it active anyway


def _interfered_dan(by: str):  # type: ignore[no-untyped-def]
    """Dan (〔天然2〕: Charas of usage cost 2 or less cannot interfere it) approaches; ``by`` (cost 2) interferes."""
    return _boards([DAN], [by]).add("approach", 0, card=DAN).passes(0, 1).add("interfere", 1, card=by)


def test_a_continuous_usage_cost_change_counts_on_the_area_while_its_condition_holds() -> None:
    assert_legal(_interfered_dan(HEAVY))  # the opponent's turn for Heavy: usage cost 3, above 〔天然2〕
    assert_illegal(_interfered_dan(HEAVY_MINE), "interfere.ignore")  # its own turn only: usage cost 2 here
    assert_illegal(_interfered_dan(LOOPY), "interfere.ignore")  # its condition sees cost 2: no change, no loop
