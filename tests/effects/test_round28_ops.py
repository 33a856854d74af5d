"""Engine behaviour the twenty-eighth compiler round's readings rely on (issue 20, helper h20r28), on made-up cards
compiled from made-up texts, with legal and illegal logs: a modal Event whose modes differ by timing (each mode an
``if`` on its timing: the play's timing names the mode), a Chara's AP/DP set to another chosen Chara's, "if so"
after a hand is shown (``look_hand`` ``then``: when it held a card), a delayed part acting on the Chara the effect
that set it up designated (its targets, as registered), grants naming one Chara (``chara``, bound to it by the
``grant`` op: 指定したキャラに妨害されない, 指定されたキャラはこのカードを妨害できない), "when this card enters
while you have no Chara" (the entering card not counted), "up to N" mills and hand discards, a Support's
activated effect on every Chara (one op each, as it resolves), "if the card discarded is an X" (``picked``), a
Chara moved to the Main or the Support Area (the other one), another Chara's interfering heard
(``other_interfering``), this card's own rest as a cause, every Chara without a property (【P】を持たない), every
coin of a kind taken off a Chara (``remove_coins`` ``all``), and another Chara leaving by an approach (a subject's
``left_by_approach``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tests.effects.test_machinery as tm
from tests.effects.test_machinery import AKI, BEN, DAN, F
from tests.engine.kit import Game, assert_illegal, assert_legal

TIMED, MIRROR, SHOWN, EMPTY, MARKER, SHIELD, GUARDED, LONER, SIFT, TRADE, CHEER, IF_CHARA, IF_EVENT, MOVER, COACH, \
    SLEEPER, PLAIN, HERO, COINER, STRIP, MOURNER, DISMISS = (f"TST 98-0{i:02d}" for i in range(1, 23))


CARDS = [
    tm.made_up(TIMED, "このカードをプレイする場合、以下から1つ選択する。・[メイン/自分]:カードを1枚引く。"
                    "・[アプローチ/両方]:カードを2枚引く。"),
    tm.made_up(MIRROR, "[メイン/自分]:自分のキャラ1枚のAP/DPの値を、ターン終了時まで相手のキャラ1枚のAP/DPの値と同じ値に変更する。"),
    tm.made_up(SHOWN, "[メイン/自分]:相手の手札を全て表にする。その場合、カードを1枚引く。"),
    tm.made_up(EMPTY, "[メイン/自分]:相手は、手札7枚を捨て札にする。"),
    tm.made_up(MARKER, "このカードがアプローチに参加した場合、相手のキャラ1枚を指定する。このターン、このカードがアプローチでポイントを"
                     "与えた場合、指定したキャラ1枚を手札に戻すことができる。", "キャラクター"),
    tm.made_up(SHIELD, "[メイン/自分]:相手のキャラ1枚を指定する。その場合、自分のキャラ1枚は、このターン、指定したキャラに妨害されない。"),
    tm.made_up(GUARDED, "このカードがアプローチに参加した場合、相手のキャラ1枚を指定する。このターン、指定されたキャラは、このカードを"
                      "妨害することができない。", "キャラクター"),
    tm.made_up(LONER, "このカードが自分のキャラがいない状態で登場した場合、カードを1枚引く。", "キャラクター"),
    tm.made_up(SIFT, "[メイン/自分]:デッキの上のカードを3枚まで捨て札にする。"),
    tm.made_up(TRADE, "[メイン/自分]:手札を2枚まで捨て札にする。その場合、捨て札にしたカード1枚につき、カードを1枚引く。"),
    tm.made_up(CHEER, "[メイン/両方]:《0》全てのキャラは、ターン終了時まで+10/+10を得る。", "サポート"),
    tm.made_up(IF_CHARA, "[メイン/自分]:デッキの上のカード1枚を捨て札にする。捨て札にしたカードがキャラの場合、カードを1枚引く。"),
    tm.made_up(IF_EVENT, "[メイン/自分]:デッキの上のカード1枚を捨て札にする。捨て札にしたカードがイベントカードの場合、カードを1枚引く。"),
    tm.made_up(MOVER, "[メイン/両方]:《休》自分のキャラ1枚をメインエリアまたはサポートエリアに移す。", "キャラクター"),
    tm.made_up(COACH, "自分の「Ben」が妨害に参加した場合、カードを1枚引く。", "キャラクター"),
    tm.made_up(SLEEPER, "このカードが休息状態になった場合、カードを1枚引く。", "キャラクター"),
    tm.made_up(PLAIN, "[メイン/自分]:【Hero】を持たない全てのキャラは、ターン終了時まで-10/-10を得る。"),
    replace(tm._chara("98-018", "Hero"), properties=("Hero",)),
    tm.made_up(COINER, "[メイン/自分]:相手のキャラ1枚の上に+10/+10コインを2個乗せる。"),
    tm.made_up(STRIP, "[メイン/自分]:相手のキャラ1枚の上に乗っている+10/+10コインを全て取り除く。"),
    tm.made_up(MOURNER, "自分の「Aki」がアプローチで退場した場合、カードを1枚引く。", "キャラクター"),
    tm.made_up(DISMISS, "[メイン/自分]:自分のキャラ1枚を捨て札にする。"),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str]) -> Game:
    return tm.boards_with(CARDS, p0, p1, hand0)


def _stats(res: Any, p: int, card: str) -> tuple[int, int]:
    return next((c["ap"], c["dp"]) for c in res.state_json()["players"][p]["main"] if c["card"] == card)


def test_a_modal_events_main_phase_mode_is_the_one_played_in_the_main_phase() -> None:
    g = _boards([AKI], [], [TIMED, F[5]])
    before = len(assert_legal(g).state_json()["players"][0]["hand"])
    g.add("play_event", 0, card=TIMED, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == before  # the Event left, a card came
    g = _boards([AKI], [], [TIMED, F[5]])
    g.add("play_event", 0, card=TIMED, pay=[], ops=[{"op": "draw", "p": 0, "n": 2}])
    assert_illegal(g, "effect.result")  # the approach mode in the Main Phase: not this play's


def test_a_modal_events_approach_mode_is_the_one_played_in_the_approach_phase() -> None:
    g = _boards([AKI], [], [TIMED, F[5]])
    g.passes(0, 1).add("approach", 0, card=AKI)
    before = len(assert_legal(g).state_json()["players"][0]["hand"])
    g.add("play_event", 0, card=TIMED, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == before + 1  # the Event left, two cards came
    g = _boards([AKI], [], [TIMED, F[5]])
    g.passes(0, 1).add("approach", 0, card=AKI)
    g.add("play_event", 0, card=TIMED, pay=[], ops=[{"op": "draw", "p": 0, "n": 1}])
    assert_illegal(g, "effect.result")  # the Main Phase mode in the Approach Phase: not this play's


def test_a_charas_values_set_to_those_of_another_chosen_chara() -> None:
    g = _boards([AKI], [DAN], [MIRROR, F[5]])
    g.add("play_event", 0, card=MIRROR, pay=[], targets=[{"p": 0, "card": AKI}, {"p": 1, "card": DAN}])
    assert _stats(assert_legal(g), 0, AKI) == (50, 50)  # Dan's 50/50
    g = _boards([AKI], [DAN], [MIRROR, F[5]])
    g.add("play_event", 0, card=MIRROR, pay=[], targets=[{"p": 1, "card": DAN}, {"p": 0, "card": AKI}])
    assert_illegal(g, "effect.target")  # the first target is the player's own Chara, the second the opponent's
    g = _boards([AKI], [DAN], [MIRROR, F[5]])
    g.add("play_event", 0, card=MIRROR, pay=[], targets=[{"p": 0, "card": AKI}, {"p": 1, "card": DAN}],
          ops=[{"op": "modify", "p": 0, "card": AKI, "ap": 10, "dp": 10, "until": "turn_end"}])
    assert_illegal(g, "effect.result")


def test_if_so_after_a_hand_shown_needs_a_card_in_it() -> None:
    g = _boards([AKI], [], [SHOWN, F[5]])
    before = len(assert_legal(g).state_json()["players"][0]["hand"])
    g.add("play_event", 0, card=SHOWN, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == before  # the Event left, a card came
    g.actions[-1] = {**g.actions[-1], "ops": []}
    assert_illegal(g, "effect.result")  # the opponent's hand held cards: the draw is owed
    g = _boards([AKI], [], [EMPTY, SHOWN, F[5]])
    g.add("play_event", 0, card=EMPTY, pay=[])
    now = assert_legal(g).state_json()["players"]
    assert now[1]["hand"] == []
    g.add("play_event", 0, card=SHOWN, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == len(now[0]["hand"]) - 1  # nothing shown: no draw
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "draw", "p": 0, "n": 1}]}
    assert_illegal(g, "effect.result")


def _marked(target: str) -> Game:
    """Turn 3: Marker approaches and designates ``target``; Ren does not interfere: Marker gives a point."""
    g = _boards([MARKER], [DAN, BEN], [])
    g.add("approach", 0, card=MARKER).add("trigger", 0, card=MARKER, effect=0, targets=[{"p": 1, "card": target}])
    return g.passes(0, 1).add("no_interfere", 1)


def test_a_delayed_part_acts_on_the_chara_designated_before() -> None:
    g = _marked(DAN).add("trigger", 0, card=MARKER, effect=1)
    now = assert_legal(g).state_json()["players"][1]
    assert DAN in now["hand"] and [c["card"] for c in now["main"]] == [BEN]
    g = _marked(DAN).add("trigger", 0, card=MARKER, effect=1,
                         ops=[{"op": "move", "p": 1, "card": BEN, "from": "main", "to": "hand"}])
    assert_illegal(g, "effect.result")  # not the Chara designated


def _shielded(blocker: str) -> Game:
    """Turn 3: Shield names Dan, Aki is not to be interfered by it; Aki approaches and ``blocker`` interferes."""
    g = _boards([AKI], [DAN, BEN], [SHIELD, F[5]])
    g.add("play_event", 0, card=SHIELD, pay=[], targets=[{"p": 1, "card": DAN}, {"p": 0, "card": AKI}]).passes(1)
    return g.passes(0, 1).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=blocker)


def test_not_interfered_by_the_one_chara_designated() -> None:
    assert_illegal(_shielded(DAN), "interfere.chara")
    assert_legal(_shielded(BEN))
    g = _boards([AKI], [DAN, BEN], [SHIELD, F[5]])
    g.add("play_event", 0, card=SHIELD, pay=[], targets=[{"p": 1, "card": DAN}, {"p": 0, "card": AKI}], ops=[
        {"op": "grant", "p": 0, "card": AKI, "what": {"not_interfered_by": {"chara": {"p": 1, "card": BEN}}}}])
    assert_illegal(g, "effect.result")  # the grant names the Chara designated, not another
    g.actions[-1]["ops"][0]["what"]["not_interfered_by"]["chara"]["card"] = DAN
    assert_legal(g)


def _guarded(blocker: str) -> Game:
    g = _boards([GUARDED], [DAN, BEN], [])
    g.add("approach", 0, card=GUARDED).add("trigger", 0, card=GUARDED, effect=0, targets=[{"p": 1, "card": DAN}])
    return g.passes(0, 1).add("interfere", 1, card=blocker)


def test_the_designated_chara_cannot_interfere_this_card() -> None:
    assert_illegal(_guarded(DAN), "interfere.chara")
    assert_legal(_guarded(BEN))


def test_entering_while_no_other_chara_of_yours_is_there() -> None:
    g = _boards([], [DAN], [LONER])
    g.add("summon", 0, card=LONER, area="main", pay=[]).add("trigger", 0, card=LONER, effect=0)
    assert_legal(g)  # the entering card itself is not counted
    g = _boards([], [DAN], [LONER])
    assert_illegal(g.add("summon", 0, card=LONER, area="main", pay=[]).passes(1), "effect.result")  # owed: logged
    g = _boards([AKI], [DAN], [LONER])
    g.add("summon", 0, card=LONER, area="main", pay=[]).add("trigger", 0, card=LONER, effect=0)
    assert_illegal(g, "effect.condition")  # Aki is there


def _discard(res: Any, p: int) -> list[str]:
    return list(res.state_json()["players"][p]["discard"])


def test_an_up_to_n_mill_takes_the_count_chosen() -> None:
    g = _boards([AKI], [], [SIFT])
    before = len(_discard(assert_legal(g), 0))
    g.add("play_event", 0, card=SIFT, pay=[], choices=[2])
    assert len(_discard(assert_legal(g), 0)) == before + 3  # the Event and two cards
    g.actions[-1] = {**g.actions[-1], "choices": [0]}
    assert len(_discard(assert_legal(g), 0)) == before + 1  # none milled
    g.actions[-1] = {**g.actions[-1], "choices": [4]}
    assert_illegal(g, "effect.target")  # more than 3
    g.actions[-1] = {k: v for k, v in g.actions[-1].items() if k != "choices"}
    assert_illegal(g, "effect.target")  # how many is the player's choice: the log must say
    res = assert_legal(_boards([AKI], [], [SIFT]))
    top = res.state.players[0].deck[-1]
    g = _boards([AKI], [], [SIFT])
    g.add("play_event", 0, card=SIFT, pay=[], ops=[{"op": "move", "p": 0, "card": top, "from": "deck", "to": "discard"}])
    assert len(_discard(assert_legal(g), 0)) == before + 2  # the ops show one


def test_up_to_n_hand_cards_discarded_then_one_drawn_for_each() -> None:
    g = _boards([AKI], [], [TRADE, F[5], F[6]])
    hand = assert_legal(g).state_json()["players"][0]["hand"]
    g.add("play_event", 0, card=TRADE, pay=[], choices=[[F[5], F[6]]])
    now = assert_legal(g).state_json()["players"][0]["hand"]
    assert len(now) == len(hand) - 1 and F[5] not in now  # the Event and two gone, two drawn
    g.actions[-1] = {**g.actions[-1], "choices": [[]]}
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == len(hand) - 1  # none: nothing drawn
    third = next(c for c in hand if c not in (TRADE, F[5], F[6]))
    g.actions[-1] = {**g.actions[-1], "choices": [[F[5], F[6], third]]}
    assert_illegal(g, "effect.target")  # at most 2


def test_a_supports_activated_effect_on_every_chara() -> None:
    g = _boards([AKI], [DAN], [CHEER])
    g.add("set_support", 0, card=CHEER, on=AKI, pay=[])
    g.add("use_effect", 0, card=CHEER, on=AKI, effect=0, pay=[])
    res = assert_legal(g)
    assert _stats(res, 0, AKI) == (40, 40) and _stats(res, 1, DAN) == (60, 60)  # both sides' Charas
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "modify", "p": 0, "card": AKI, "ap": 10, "dp": 10}]}
    assert_illegal(g, "effect.result")  # Dan's is owed too


def test_if_the_card_milled_is_of_a_kind() -> None:
    g = _boards([AKI], [], [IF_CHARA])  # the deck's top card is a filler Chara
    res = assert_legal(g)
    hand, top = len(res.state_json()["players"][0]["hand"]), res.state.players[0].deck[-1]
    g.add("play_event", 0, card=IF_CHARA, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == hand  # the Event left, a card came
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 0, "card": top, "from": "deck", "to": "discard"}]}
    assert_illegal(g, "effect.result")  # a Chara was milled: the draw is owed
    g = _boards([AKI], [], [IF_EVENT])
    g.add("play_event", 0, card=IF_EVENT, pay=[])
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == hand - 1  # no Event milled: no draw


def _moved(choice: int) -> Game:
    g = _boards([MOVER, AKI], [], [])
    return g.add("use_effect", 0, card=MOVER, effect=0, rest=True, pay=[], targets=[{"p": 0, "card": AKI}],
                 choices=[choice])


def test_a_chara_moved_to_the_main_or_the_support_area() -> None:
    now = assert_legal(_moved(1)).state_json()["players"][0]
    assert [c["card"] for c in now["support"]] == [AKI] and [c["card"] for c in now["main"]] == [MOVER]
    assert_illegal(_moved(0), "effect.target")  # Aki is in the Main Area already: that mode does nothing


def _interfered_by(blocker: str) -> Game:
    g = _boards([AKI], [COACH, BEN, DAN], [])
    return g.passes(0, 1).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=blocker)


def test_another_charas_interfering_is_heard() -> None:
    assert_legal(_interfered_by(BEN).add("trigger", 1, card=COACH, effect=0))
    assert_illegal(_interfered_by(BEN).passes(0), "effect.result")  # owed: it must be logged
    assert_illegal(_interfered_by(DAN).add("trigger", 1, card=COACH, effect=0), "effect.result")  # Dan: not heard


def test_this_cards_own_rest_is_heard() -> None:
    g = _boards([SLEEPER, AKI], [], [])
    g.passes(0, 1).add("approach", 0, card=SLEEPER).add("trigger", 0, card=SLEEPER, effect=0)
    assert_legal(g)  # approaching rested it
    g = _boards([SLEEPER, AKI], [], [])
    assert_illegal(g.passes(0, 1).add("approach", 0, card=AKI).add("trigger", 0, card=SLEEPER, effect=0),
                   "effect.result")  # Aki rested, not this card


def test_every_chara_without_a_property() -> None:
    g = _boards([HERO, AKI], [], [PLAIN])
    g.add("play_event", 0, card=PLAIN, pay=[])
    res = assert_legal(g)
    assert _stats(res, 0, HERO) == (30, 30) and _stats(res, 0, AKI) == (20, 20)  # the 【Hero】 keeps its values
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "modify", "p": 0, "card": HERO, "ap": -10, "dp": -10}]}
    assert_illegal(g, "effect.result")


def test_every_coin_of_a_kind_taken_off() -> None:
    g = _boards([AKI], [DAN], [COINER, STRIP])
    g.add("play_event", 0, card=COINER, pay=[], targets=[{"p": 1, "card": DAN}])
    assert _stats(assert_legal(g), 1, DAN) == (70, 70)
    g.add("play_event", 0, card=STRIP, pay=[], targets=[{"p": 1, "card": DAN}])
    assert _stats(assert_legal(g), 1, DAN) == (50, 50)  # both gone, nothing to choose
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "coin", "p": 1, "card": DAN, "coin": "+10/+10", "n": -1}]}
    assert_illegal(g, "effect.result")  # one left on it


def test_another_chara_leaving_by_an_approach() -> None:
    g = _boards([MOURNER, AKI], [DAN], [])
    g.passes(0, 1).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=DAN).passes(0, 1)
    g.add("trigger", 0, card=MOURNER, effect=0)
    assert_legal(g)  # Aki (30/30) eliminated by Dan (50/50)
    g = _boards([MOURNER, AKI], [DAN], [DISMISS])
    g.add("play_event", 0, card=DISMISS, pay=[], targets=[{"p": 0, "card": AKI}])
    assert AKI in assert_legal(g).state_json()["players"][0]["discard"]
    assert_illegal(g.add("trigger", 0, card=MOURNER, effect=0), "effect.result")  # an effect, not an approach
