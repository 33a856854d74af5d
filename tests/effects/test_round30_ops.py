"""Engine behaviour of the thirtieth compiler round (issue 20, helper h20r30), on made-up cards compiled from
made-up texts, with legal and illegal logs: a target of DP N or more (``min_dp``), a continuous cost change of the
hand's cards of a name, the next card's cost with more off "if it is X" (``cost`` ``extra``), a Support set on this
card as a cause, a Support's host gaining AP/DP and "not interfered by", and a trigger whose subject has this card's
name or one of its properties."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tests.effects.test_machinery as tm
from engine.pm import stats
from engine.pm.cards import CardDB
from tests.effects.test_machinery import AKI, BEN, DAN, F, made_up, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

STURDY, CHEAP, NEXT, HEARD, HOST, KIN, COUSIN = (f"TST 96-{i:03d}" for i in range(1, 8))
SHY, CHEER, CHEERS = "TST 96-009", "TST 96-010", "TST 96-011"
CHARM = "TST 03-001"


CARDS = [
    made_up(STURDY, "DPの値が50以上の自分のキャラ1枚は、ターン終了時まで+10/+10を得る。"),
    made_up(CHEAP, "手札にある全ての「Ben」は、使用コスト-1を得る。", "キャラクター", cost=1),
    made_up(NEXT, "[メイン/両方]:《0》このターン、自分が次にプレイするキャラ1枚は、使用コスト-1を得る。そのキャラが「Ben」の"
                   "場合、使用コスト-1を得る。", "キャラクター", cost=1),
    made_up(HEARD, "このカードにサポートカードがセットされた場合、カードを1枚引く。", "キャラクター", cost=1),
    made_up(HOST, "このカードがセットされているキャラは、+20/+20を得るとともに、使用コストが0のキャラには妨害されない。", "サポート",
             cost=0),
    replace(made_up(KIN, "このカードと同じ名称、または同じ特徴を持つ自分のキャラ1枚がアプローチに参加した場合、カードを1枚引く。",
                    "キャラクター"),
            name="Aki", properties=("Kin",), cost=1),
    replace(tm._chara("96-007", "Cousin", cost=1), properties=("Kin",)),
    tm._chara("96-008", "Zed", cost=0),
    made_up(SHY, "このカードがアプローチした場合、相手のキャラ1枚は、ターン終了時までこのカードを妨害できない。", "キャラクター", cost=1),
    made_up(CHEER, "自分のキャラがアプローチに参加した場合、そのキャラは、ターン終了時まで+10/+10を得る。", "キャラクター", cost=1),
    made_up(CHEERS, "自分のキャラがアプローチに参加するごとに、そのキャラは、ターン終了時まで+10/+10を得る。", "キャラクター", cost=1),
]


def _db() -> CardDB:
    return CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])


def _stats(res: Any, p: int, card: str) -> tuple[int, int]:
    return next((c["ap"], c["dp"]) for c in res.state_json()["players"][p]["main"] if c["card"] == card)


def test_a_target_of_dp_n_or_more() -> None:
    g = tm.boards_with(CARDS, [AKI, DAN], [], [STURDY, F[5]]).add("play_event", 0, card=STURDY, pay=pay(F[5]),
                                                     targets=[{"p": 0, "card": DAN}])  # Dan: 50/50
    assert _stats(assert_legal(g), 0, DAN) == (60, 60)
    g = tm.boards_with(CARDS, [AKI, DAN], [], [STURDY, F[5]]).add("play_event", 0, card=STURDY, pay=pay(F[5]),
                                                     targets=[{"p": 0, "card": AKI}])  # Aki: 30/30
    assert_illegal(g, "effect.target")


def test_the_hands_cards_of_a_name_cost_less_while_the_card_is_in_play() -> None:
    g = tm.boards_with(CARDS, [CHEAP], [], [BEN, F[5]]).add("summon", 0, card=BEN, area="main", pay=pay(F[5]))  # Ben: 2 - 1
    assert_legal(g)
    g = tm.boards_with(CARDS, [CHEAP], [], [BEN, F[5]]).add("summon", 0, card=BEN, area="main", pay=[])
    assert_illegal(g, "cost.amount")
    g = tm.boards_with(CARDS, [AKI], [], [BEN, F[5]]).add("summon", 0, card=BEN, area="main", pay=pay(F[5]))  # no Cheap there
    assert_illegal(g, "cost.amount")


def test_the_next_card_costs_one_less_and_one_more_less_if_named() -> None:
    g = tm.boards_with(CARDS, [NEXT], [], [BEN, DAN, F[5], F[7], F[9]]).add("use_effect", 0, card=NEXT, effect=0)
    assert_legal(g.add("summon", 0, card=BEN, area="main", pay=[]))  # Ben: 2 - 1 - 1
    g = tm.boards_with(CARDS, [NEXT], [], [BEN, DAN, F[5], F[7], F[9]]).add("use_effect", 0, card=NEXT, effect=0)
    assert_illegal(g.add("summon", 0, card=DAN, area="main", pay=pay(F[5], F[7])), "cost.amount")  # Dan: 4 - 1
    g = tm.boards_with(CARDS, [NEXT], [], [BEN, DAN, F[5], F[7], F[9]]).add("use_effect", 0, card=NEXT, effect=0)
    g.add("summon", 0, card=DAN, area="main", pay=pay(F[5], F[7], F[9]))
    res = assert_legal(g)
    assert not res.state.players[0].cost_mods  # used up by Dan, with its "if it is Ben" part
    assert_illegal(g.add("summon", 0, card=BEN, area="main", pay=[]), "cost.amount")  # Ben now costs 2


def test_a_support_set_on_this_card_is_heard_by_it_only() -> None:
    g = tm.boards_with(CARDS, [HEARD, AKI], [], hand0=[CHARM, F[5]]).add("set_support", 0, card=CHARM, on=HEARD, pay=pay(F[5]))
    assert_illegal(g.add("pass", 0), "effect.result")  # the mandatory trigger is missing
    g.actions[-1] = {"type": "trigger", "p": 0, "card": HEARD, "effect": 0}
    assert_legal(g)
    g = tm.boards_with(CARDS, [HEARD, AKI], [], hand0=[CHARM, F[5]]).add("set_support", 0, card=CHARM, on=AKI, pay=pay(F[5]))
    assert_illegal(g.add("trigger", 0, card=HEARD, effect=0), "effect.result")  # set on Aki: not this card's


def test_a_supports_host_gains() -> None:
    g = tm.boards_with(CARDS, [AKI], [BEN], hand0=[HOST]).add("set_support", 0, card=HOST, on=AKI, pay=[])
    res = assert_legal(g)
    (aki,) = res.state.players[0].main
    assert stats.ap_dp(res.state, aki) == (50, 50)
    zed = "TST 96-008"  # a Chara of usage cost 0
    g = Game([AKI, F[0], F[1], HOST], [zed, F[10]], db=_db())
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1).end_turn(0)
    g.add("summon", 1, card=zed, area="main", pay=[]).passes(0).end_turn(1)
    g.add("set_support", 0, card=HOST, on=AKI, pay=[]).add("approach", 0, card=AKI).passes(0, 1)
    assert_illegal(g.add("interfere", 1, card=zed), "interfere.chara")
    g = Game([AKI, F[0], F[1], HOST], [zed, F[10]], db=_db())  # the same without the Support: Zed may interfere
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1).end_turn(0)
    g.add("summon", 1, card=zed, area="main", pay=[]).passes(0).end_turn(1)
    assert_legal(g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=zed))


def test_a_trigger_heard_for_a_chara_of_this_cards_name_or_property() -> None:
    for mate, heard in ((COUSIN, True), (AKI, True), (BEN, False)):
        g = tm.boards_with(CARDS, [KIN, mate], []).add("approach", 0, card=mate)
        if heard:
            assert_illegal(g.add("pass", 0), "effect.result")  # the mandatory trigger is missing
            g.actions[-1] = {"type": "trigger", "p": 0, "card": KIN, "effect": 0}
            assert_legal(g)
        else:  # Ben has neither the name Aki nor the property Kin
            assert_illegal(g.add("trigger", 0, card=KIN, effect=0), "effect.result")
    g = tm.boards_with(CARDS, [KIN], []).add("approach", 0, card=KIN).add("trigger", 0, card=KIN, effect=0)
    assert_legal(g)  # its own approach: the same name


def test_a_chara_that_cannot_interfere_this_card() -> None:
    for blocker, ok in ((BEN, False), (DAN, True)):
        g = tm.boards_with(CARDS, [SHY], [BEN, DAN]).add("approach", 0, card=SHY)
        g.add("trigger", 0, card=SHY, effect=0, targets=[{"p": 1, "card": BEN}]).passes(0, 1)
        g.add("interfere", 1, card=blocker)
        if ok:
            assert_legal(g)
        else:
            assert_illegal(g, "interfere.chara")
    g = tm.boards_with(CARDS, [SHY], [BEN, DAN]).add("approach", 0, card=SHY).add("trigger", 0, card=SHY, effect=0)
    assert_illegal(g, "effect.target")  # the opponent's Chara is owed


def test_that_chara_is_the_one_whose_approach_fired_the_trigger() -> None:
    g = tm.boards_with(CARDS, [CHEER, AKI, BEN], []).add("approach", 0, card=BEN).add("trigger", 0, card=CHEER, effect=0)
    res = assert_legal(g)
    assert _stats(res, 0, BEN) == (50, 50) and _stats(res, 0, AKI) == (30, 30)
    g = tm.boards_with(CARDS, [CHEER, AKI, BEN], []).add("approach", 0, card=BEN)
    g.add("trigger", 0, card=CHEER, effect=0, ops=[{"op": "modify", "p": 0, "card": AKI, "ap": 10, "dp": 10,
                                                    "until": "turn_end"}])
    assert_illegal(g, "effect.result")  # Aki did not approach
    g = tm.boards_with(CARDS, [CHEER, AKI], []).add("approach", 0, card=CHEER).add("trigger", 0, card=CHEER, effect=0)
    assert _stats(assert_legal(g), 0, CHEER) == (40, 40)  # its own approach: "one of yours" hears itself


def test_that_chara_after_two_charas_approaching_together() -> None:
    fay, gus = "TST 01-007", "TST 01-008"  # Fay's [Reinforcement] names Gus: they may approach together
    # an every-time effect (ごとに): one firing for the approach of both (the engine fires a waiting trigger once), on both
    g = tm.boards_with(CARDS, [CHEERS, fay, gus], []).add("approach", 0, card=fay, **{"with": gus})
    res = assert_legal(g.add("trigger", 0, card=CHEERS, effect=0))
    assert _stats(res, 0, fay) == (40, 40) and _stats(res, 0, gus) == (30, 50)
    # a 「…した場合」 effect fires once a turn (docs/compiler.md, decisions): for the first of them only
    g = tm.boards_with(CARDS, [CHEER, fay, gus], []).add("approach", 0, card=fay, **{"with": gus})
    res = assert_legal(g.add("trigger", 0, card=CHEER, effect=0))
    assert _stats(res, 0, fay) == (40, 40) and _stats(res, 0, gus) == (20, 40)
