"""Round 32 (issue 20): "when this card E1, or your X E2" with two different events, each heard with its own subject
(``subject_on``: engine.pm.triggers.subject_spec), on a made-up card the compiler reads whole."""

from __future__ import annotations

from tests.effects.test_machinery import AKI, BEN, F, boards_with, made_up
from tests.engine.kit import assert_illegal, assert_legal

HERALD = made_up("TST 72-001", "このカードが登場、または自分の「Aki」がアプローチした場合、カードを1枚引く。", "キャラクター")
#: the same with "may": on the Area from the first turn on without its entering logged
HERALD_MAY = made_up(
    "TST 72-002", "このカードが登場、または自分の「Aki」がアプローチした場合、カードを1枚引くことができる。", "キャラクター"
)


def _herald_on_the_area() -> object:
    g = boards_with([HERALD], [AKI, BEN], [], hand0=[HERALD.id])
    g.add("summon", 0, card=HERALD.id, area="main", pay=[])
    return g


def test_the_card_compiles_to_two_causes_each_with_its_subject() -> None:
    (eff,) = HERALD.effects
    assert eff.trigger == "any_enter|any_approach"
    assert eff.condition == {"subject_on": {"any_enter": {"is_source": True}, "any_approach": {"side": "self", "name": "Aki"}}}


def test_its_own_entering_fires_it() -> None:
    g = _herald_on_the_area()
    g.add("trigger", 0, card=HERALD.id, effect=0)
    assert_legal(g)
    g = _herald_on_the_area()
    g.passes(1)
    assert_illegal(g, "effect.result")  # mandatory, and not logged


def test_the_named_charas_approach_fires_it_another_charas_does_not() -> None:
    g = boards_with([HERALD_MAY], [AKI, BEN, HERALD_MAY.id], [])
    g.add("approach", 0, card=AKI).add("trigger", 0, card=HERALD_MAY.id, effect=0)
    assert_legal(g)
    g = boards_with([HERALD_MAY], [AKI, BEN, HERALD_MAY.id], [])
    g.add("approach", 0, card=BEN).add("trigger", 0, card=HERALD_MAY.id, effect=0)
    assert_illegal(g, "effect.result")
    g = boards_with([HERALD_MAY], [AKI, BEN, HERALD_MAY.id], [])
    g.add("approach", 0, card=HERALD_MAY.id).add("trigger", 0, card=HERALD_MAY.id, effect=0)
    assert_illegal(g, "effect.result")  # its own approach: it is not 「Aki」


#: an Event whose later part waits for the designated Chara to interfere (round 32: 妨害に参加した as a delayed cause)
WARDEN = made_up("TST 72-003", "[メイン/自分]:相手のキャラ1枚を指定する。このターン、指定したキャラが妨害に参加した場合、カードを1枚引く。")


def test_a_delayed_part_waits_for_the_designated_chara_to_interfere() -> None:
    g = boards_with([WARDEN], [AKI], [BEN], hand0=[WARDEN.id, F[5]])
    g.add("play_event", 0, card=WARDEN.id, pay=[], targets=[{"p": 1, "card": BEN}]).passes(1, 0, 1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)
    g.add("trigger", 0, card=WARDEN.id, effect=0, **{"from": "discard"})
    assert_legal(g)
    g = boards_with([WARDEN], [AKI], [BEN], hand0=[WARDEN.id, F[5]])
    g.add("play_event", 0, card=WARDEN.id, pay=[], targets=[{"p": 1, "card": BEN}]).passes(1, 0, 1)
    g.add("approach", 0, card=AKI)
    g.add("trigger", 0, card=WARDEN.id, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")  # set up, but the designated Chara has not interfered
