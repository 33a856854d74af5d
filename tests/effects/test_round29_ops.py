"""Engine behaviour of the twenty-ninth compiler round (issue 20, helper h20r29), on made-up cards compiled from
made-up texts, with legal and illegal logs: a modal Event whose modes differ by timing, each mode with a target
(a target spec's ``required_if``: required when the play's timing runs its mode, never named otherwise; rule book
000, playing a card, step 3, and 001 on targets), and "the opponent may discard two; if they did not, A; if they
did, B" (the opponent's own pick, which they may leave out, with ``else`` / ``then``: their decision, offered to
them by the legal-action generator), and a Chara "with this card's name, or sharing a property with it"
(``shares_name`` / ``shares_property`` in ``any_of``). Corrections after the independent read (helper f20w): a card
looked at, onto the Area or into the hand, must be taken into the hand when it cannot go onto the Area (a mode whose
pick takes nothing does nothing while another can take a card), and the opponent's pick of two is offered to them in
every combination."""

from __future__ import annotations

from copy import copy
from dataclasses import replace
from itertools import combinations
from typing import Any

import tests.effects.test_machinery as tm
from engine.pm.cards import CardDB
from engine.pm.legal import legal_actions, opponent_variants
from tests.effects.test_machinery import AKI, BEN, DAN, F
from tests.engine.kit import Game, assert_illegal, assert_legal

TIMED, OFFER, KIN = "TST 97-001", "TST 97-002", "TST 97-003"
TAKER, TAKEN, TOLL = "TST 97-005", "TST 97-006", "TST 97-007"


CARDS = [
    tm.made_up(TIMED, "このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:相手のキャラ1枚を手札に戻す。"
                    "・[アプローチ/両方]:自分のキャラ1枚は、ターン終了時まで+20/+20を得る。"),
    tm.made_up(OFFER, "このカードが登場した場合、相手は、手札2枚を捨て札にすることができる。捨て札にしなかった場合、カードを2枚"
                    "引く。捨て札にした場合、相手のキャラ1枚を休息状態にする。", "キャラクター"),
    replace(tm.made_up(KIN, "[メイン/両方]:《0》このカードを捨て札にする。その場合、このカードと同じ名称、または同じ特徴を持つ自分の"
                          "キャラ1枚は、ターン終了時まで+10/+10を得る。", "キャラクター"), name="Aki", properties=("Kin",)),
    replace(tm._chara("97-004", "Cousin"), properties=("Kin",)),
    # named 試験 (the made-up default): the top three looked at, a 試験 taken onto the Area or into the hand
    tm.made_up(TAKER, "このカードが登場した場合、デッキの上のカード3枚を見て、その中にある「試験」1枚を抜き出し、場に出す。"
                    "または、表にしてから手札に加える。その後、残りのカードを任意の順番でデッキの下に移す。", "キャラクター"),
    tm.made_up(TAKEN, "このカードが登場した場合、カードを1枚引く。", "キャラクター"),
    tm.made_up(TOLL, "このカードが登場した場合、相手は、手札2枚を捨て札にする。", "キャラクター"),
]
ME, HIM = {"p": 0, "card": AKI}, {"p": 1, "card": DAN}


def _boards(p0: list[str], p1: list[str], hand0: list[str], hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    return tm.boards_over(CardDB([*tm.MY_DB, *CARDS], series_groups=[["Test"]]), p0, p1, hand0, hand1)


def _stats(res: Any, p: int, card: str) -> tuple[int, int]:
    return next((c["ap"], c["dp"]) for c in res.state_json()["players"][p]["main"] if c["card"] == card)


def _in_approach(p1: list[str]) -> Game:
    g = _boards([AKI], p1, [TIMED, F[5]])
    return g.passes(0, 1).add("approach", 0, card=AKI)


def test_the_main_phase_mode_needs_its_target() -> None:
    g = _boards([AKI], [DAN], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[], targets=[HIM])
    assert DAN in assert_legal(g).state_json()["players"][1]["hand"]
    for targets in ([], [None], [None, ME]):  # left out, or only the other mode's named
        g = _boards([AKI], [DAN], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[], targets=targets)
        res = assert_illegal(g, "effect.target")
        assert "target 0 is left out" in res.ruling.message
    g = _boards([AKI], [DAN], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[], targets=[HIM, ME])
    res = assert_illegal(g, "effect.target")  # the approach mode's target named in the Main Phase
    assert "target 1 belongs to a mode that does not run now" in res.ruling.message
    g = _boards([AKI], [DAN], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[], targets=[ME])
    assert_illegal(g, "effect.target")  # the player's own Chara is no opponent's


def test_with_no_chara_for_the_running_modes_target_the_event_cannot_be_played() -> None:
    g = _boards([AKI], [], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[])
    res = assert_illegal(g, "effect.target")
    assert "target 0 is left out" in res.ruling.message
    state = assert_legal(_boards([AKI], [], [TIMED, F[5]])).state
    assert not [a for a in legal_actions(state) if a.get("card") == TIMED]  # none offered either
    state = assert_legal(_boards([AKI], [DAN], [TIMED, F[5]])).state
    assert [a.get("targets") for a in legal_actions(state) if a.get("card") == TIMED] == [[HIM]]


def test_the_approach_phase_mode_needs_its_own_target() -> None:
    g = _in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], targets=[None, ME])
    assert _stats(assert_legal(g), 0, AKI) == (50, 50)
    for targets in ([], [None], [None, None]):
        res = assert_illegal(_in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], targets=targets),
                             "effect.target")
        assert "target 1 is left out" in res.ruling.message
    res = assert_illegal(_in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], targets=[HIM, ME]),
                         "effect.target")  # the Main Phase mode's target named in the Approach Phase
    assert "target 0 belongs to a mode that does not run now" in res.ruling.message
    res = assert_illegal(_in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], targets=[None, HIM]),
                         "effect.target")  # the opponent's Chara is not the player's own
    # no Chara of the opponent: the approach mode still has its target
    assert _stats(assert_legal(_in_approach([]).add("play_event", 0, card=TIMED, pay=[], targets=[None, ME])), 0, AKI) \
        == (50, 50)


def test_ops_alone_name_the_running_modes_target() -> None:
    op = {"op": "modify", "p": 0, "card": AKI, "ap": 20, "dp": 20, "until": "turn_end"}
    assert _stats(assert_legal(_in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], ops=[op])), 0, AKI) \
        == (50, 50)
    back = {"op": "move", "p": 1, "card": DAN, "from": "main", "to": "hand"}
    g = _boards([AKI], [DAN], [TIMED, F[5]]).add("play_event", 0, card=TIMED, pay=[], ops=[back])
    assert DAN in assert_legal(g).state_json()["players"][1]["hand"]
    assert_illegal(_in_approach([DAN]).add("play_event", 0, card=TIMED, pay=[], ops=[back]), "effect.target")


def test_the_generator_offers_the_running_modes_target() -> None:
    state = assert_legal(_in_approach([DAN])).state
    assert [a.get("targets") for a in legal_actions(state) if a.get("card") == TIMED] == [[None, ME]]


def _offer(p1: list[str]) -> tuple[Game, list[str]]:
    """Player 0 summons Offer (its trigger owed); the opponent's hand."""
    g = _boards([AKI], p1, [OFFER, F[5]]).add("summon", 0, card=OFFER, area="main", pay=[])
    return g, assert_legal(g).state_json()["players"][1]["hand"]


def test_the_opponent_may_discard_two_or_not() -> None:
    g, theirs = _offer([DAN])
    res = assert_legal(g.add("trigger", 0, card=OFFER, effect=0, targets=[HIM], choices=[theirs[:2]]))
    now = res.state_json()["players"]
    assert now[1]["hand"] == theirs[2:] and next(c for c in now[1]["main"] if c["card"] == DAN)["rested"]
    g, theirs = _offer([DAN])
    before = len(assert_legal(g).state_json()["players"][0]["hand"])
    res = assert_legal(g.add("trigger", 0, card=OFFER, effect=0, choices=[[]]))  # they keep their hand: draw two
    assert res.state_json()["players"][1]["hand"] == theirs
    assert len(res.state_json()["players"][0]["hand"]) == before + 2
    g, theirs = _offer([DAN])
    assert_illegal(g.add("trigger", 0, card=OFFER, effect=0, targets=[HIM], choices=[theirs[:1]]), "effect.target")
    g, theirs = _offer([DAN])  # they discarded: the rest is owed on Dan (a branch's Chara, named when it runs)
    assert_illegal(g.add("trigger", 0, card=OFFER, effect=0, choices=[theirs[:2]]), "effect.target")
    g, theirs = _offer([DAN])  # no discard and yet Dan rested: not what the effect does
    assert_illegal(g.add("trigger", 0, card=OFFER, effect=0, choices=[[]],
                         ops=[{"op": "rest", "p": 1, "card": DAN}]), "effect.result")


def test_the_opponents_choice_is_offered_to_them() -> None:
    g, theirs = _offer([DAN])
    state = assert_legal(g).state
    offered = [a for a in legal_actions(state) if a["type"] == "trigger" and a["card"] == OFFER]
    assert offered and offered[0]["choices"] == [theirs[:2]]
    assert {"type": "trigger", "p": 0, "card": OFFER, "effect": 0, "choices": [[]]} in \
        [{k: v for k, v in a.items() if k != "targets"} for a in opponent_variants(state, offered[0])]


def test_a_chara_with_this_cards_name_or_a_property_of_it() -> None:
    cousin = "TST 97-004"
    for mate, ok in ((AKI, True), (cousin, True), (BEN, False)):
        g = _boards([KIN, mate], [], [])
        g.add("use_effect", 0, card=KIN, effect=0, targets=[{"p": 0, "card": mate}])
        if ok:
            res = assert_legal(g)
            assert _stats(res, 0, mate)[0] == 40 and KIN in res.state_json()["players"][0]["discard"]
        else:  # Ben has neither the name Aki nor the property Kin
            assert_illegal(g, "effect.target")


def _taker(top: list[str]) -> tuple[Game, list[str]]:
    """Player 0 summons Taker with ``top`` the top of their deck (its trigger owed); the top three as looked at."""
    hand0 = [TAKER, *F[5:11]]  # the opening hand and the draws take these seven
    g = _boards([AKI], [DAN], [*hand0, *top, F[11], F[12]]).add("summon", 0, card=TAKER, area="main", pay=[])
    looked = assert_legal(g).state.players[0].deck[-3:][::-1]
    assert looked == [*top, F[11], F[12]][:3]
    return g, looked


def _trigger(g: Game, **fields: Any) -> Game:
    """``g`` (left as it is) with Taker's trigger added."""
    out = copy(g)
    out.actions = [*g.actions, {"type": "trigger", "p": 0, "card": TAKER, "effect": 0, **fields}]
    return out


def test_a_card_that_cannot_go_onto_the_area_is_taken_into_the_hand() -> None:
    # the only 試験 among the three is a copy of Taker, on the Area already: it cannot go there, so the Area mode takes
    # nothing and the hand mode takes it; the Area mode is refused (rule book 000/001: the effect does what it can)
    g, looked = _taker([TAKER])
    res = assert_illegal(_trigger(g, choices=[0, []]), "effect.target")
    assert "can do nothing here while mode 1 can" in res.ruling.message
    bottom = [{"op": "move", "p": 0, "card": c, "from": "deck", "to": "deck_bottom"} for c in looked]
    assert_illegal(_trigger(g, ops=bottom), "effect.target")  # all three to the bottom, read off the ops: refused
    res = assert_legal(_trigger(g, choices=[1, [TAKER]]))
    assert TAKER in res.state_json()["players"][0]["hand"]
    assert res.state.players[0].deck[:2] == looked[:0:-1]  # the other two at the bottom (the last looked at lowest)
    taken = {"op": "move", "p": 0, "card": TAKER, "from": "deck", "to": "hand"}
    assert TAKER in assert_legal(_trigger(g, ops=[taken, *bottom[1:]])).state_json()["players"][0]["hand"]


def test_the_generator_offers_the_hand_mode_when_the_area_cannot_take_the_card() -> None:
    g, _ = _taker([TAKER])
    offered = [a["choices"] for a in legal_actions(assert_legal(g).state) if a["type"] == "trigger" and a["card"] == TAKER]
    assert offered == [[[1], [TAKER]]]


def test_a_card_that_can_go_onto_the_area_goes_either_way() -> None:
    for mode, where in ((0, "main"), (1, "hand")):
        g, _ = _taker([TAKEN, TAKER])
        res = assert_legal(_trigger(g, choices=[mode, [TAKEN]]))
        now = res.state_json()["players"][0]
        assert TAKEN in ([c["card"] for c in now["main"]] if where == "main" else now["hand"])
    g, _ = _taker([TAKEN, TAKER])
    assert_illegal(_trigger(g, choices=[0, [TAKER]]), "effect.target")  # the copy cannot go onto the Area
    assert_illegal(_trigger(g, choices=[0, []]), "effect.target")  # one could: the pick is not optional
    g, _ = _taker([TAKEN, TAKER])
    offered = [a["choices"] for a in legal_actions(assert_legal(g).state) if a["type"] == "trigger" and a["card"] == TAKER]
    assert [[0], [TAKEN]] in offered


def test_with_no_fitting_card_either_mode_puts_the_three_back() -> None:
    for mode in (0, 1):
        g, looked = _taker([F[13]])
        res = assert_legal(_trigger(g, choices=[mode, []]))
        assert res.state.players[0].deck[:3] == looked[::-1]  # at the bottom, the last looked at lowest


def _toll(hand1: list[str]) -> Game:
    """Player 0 summons Toll (its trigger owed: the opponent discards two of their hand, ``hand1`` on top of it)."""
    g = _boards([AKI], [DAN], [TOLL, F[5]], hand1)
    return g.add("summon", 0, card=TOLL, area="main", pay=[])


def _offered_sets(g: Game, card: str) -> list[list[str]]:
    state = assert_legal(g).state
    return [sorted(a["choices"][0]) for a in legal_actions(state) if a["type"] == "trigger" and a["card"] == card]


def _two_of(hand: list[str]) -> list[list[str]]:
    return sorted({tuple(sorted(x)) for x in combinations(hand, 2)})  # type: ignore[misc]


def test_the_opponent_chooses_which_two_they_discard() -> None:
    g = _toll([F[13], F[14], F[13]])
    theirs = assert_legal(g).state_json()["players"][1]["hand"]
    assert len(set(theirs)) == 3 and len(theirs) == 4  # a copy among them: each set of two offered once
    got = _offered_sets(g, TOLL)
    assert sorted(map(tuple, got)) == _two_of(theirs)  # every two of their hand, each once; none is not theirs to take
    g = _boards([AKI], [DAN], [OFFER, F[5]], [F[13], F[14]]).add("summon", 0, card=OFFER, area="main", pay=[])
    theirs = assert_legal(g).state_json()["players"][1]["hand"]
    got = _offered_sets(g, OFFER)
    assert sorted(map(tuple, got)) == sorted([(), *_two_of(theirs)])  # two of any kind, or none


def test_the_opponents_sets_are_bounded(monkeypatch: Any) -> None:
    import engine.pm.legal as legal

    g = _toll([F[13], F[14], F[15]])
    monkeypatch.setattr(legal, "OPPONENT_SETS", 2)
    assert len(_offered_sets(g, TOLL)) == 3  # the first set and two others
