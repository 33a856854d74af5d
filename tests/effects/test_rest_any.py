"""``rest_any`` (engine/pm/rest_any.py): "rest any number of your Charas of a kind; if so, one of yours gets +10/+10
for each Chara rested" (the HSF wording 任意の枚数の自分の…を休息状態にする。その場合、…休息状態にしたキャラ1枚につき…)."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect, Timing
from tests.effects.test_machinery import F, boards, pay
from tests.engine.kit import assert_illegal, assert_legal

AKI, BEN, CAT = "TST 01-001", "TST 01-002", "TST 01-004"  # Aki and Cat are red, Ben blue
RALLY = "TST 72-001"
SCRIPT = ({"op": "rest_any", "spec": {"color": "red"}, "then": [
    {"op": "modify", "target": "target", "ap": 10, "dp": 10, "until": "turn_end", "per": {"picked": "cards"}}]},)
MAIN_SELF = Timing.parse("main/self")
CARDS = [Card(id=RALLY, name="Rally Call", series="Test", type="event", color="red", cost=1, source=1, timing=MAIN_SELF,
              effects=(Effect(kind="activated", timing=MAIN_SELF, script=SCRIPT, targets=({"side": "self"},)),))]


def _game(choice: list[str] | None, **extra: object):  # type: ignore[no-untyped-def]
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, *CARDS], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([AKI, CAT], [BEN], hand0=[RALLY, F[7]])
    finally:
        machinery.MY_DB = old
    fields = {"choices": [choice]} if choice is not None else {}
    return g.add("play_event", 0, card=RALLY, pay=pay(F[7]), targets=[{"p": 0, "card": CAT}], **fields, **extra)


def test_resting_two_gives_twenty() -> None:
    res = assert_legal(_game([AKI, CAT]))
    main = res.state_json()["players"][0]["main"]
    assert [c["rested"] for c in main if c["card"] in (AKI, CAT)] == [True, True]
    cat = next(c for c in main if c["card"] == CAT)
    assert (cat["ap"], cat["dp"]) == (60, 40)  # Cat 40/20, +10/+10 for each of the two rested


def test_resting_none_gives_nothing() -> None:
    res = assert_legal(_game([]))
    main = res.state_json()["players"][0]["main"]
    assert not any(c["rested"] for c in main)
    cat = next(c for c in main if c["card"] == CAT)
    assert (cat["ap"], cat["dp"]) == (40, 20)


def test_only_fitting_standing_charas_may_be_rested() -> None:
    assert_illegal(_game([BEN]), "effect.target")  # Ben is the opponent's, and blue
    assert_illegal(_game([AKI, AKI]), "effect.target")  # one Aki stands


def test_logged_rest_ops_are_the_choice() -> None:
    ops = [{"op": "rest", "p": 0, "card": AKI},
           {"op": "modify", "p": 0, "card": CAT, "ap": 10, "dp": 10, "until": "turn_end"}]
    res = assert_legal(_game(None, ops=ops))
    cat = next(c for c in res.state_json()["players"][0]["main"] if c["card"] == CAT)
    assert (cat["ap"], cat["dp"]) == (50, 30)
    wrong = [ops[0], {**ops[1], "ap": 20, "dp": 20}]
    assert_illegal(_game(None, ops=wrong), "effect.result")  # one rested: +10/+10, not +20/+20


def _game_n(n: int, choice: list[str]):  # type: ignore[no-untyped-def]
    """Rest exactly ``n`` red Charas (Aki and Cat stand); if so, Cat gets +10/+10."""
    import tests.effects.test_machinery as machinery

    script = ({"op": "rest_any", "spec": {"color": "red"}, "n": n, "then": [
        {"op": "modify", "target": "target", "ap": 10, "dp": 10, "until": "turn_end"}]},)
    card = Card(id=RALLY, name="Rally Call", series="Test", type="event", color="red", cost=1, source=1,
                timing=MAIN_SELF, effects=(Effect(kind="activated", timing=MAIN_SELF, script=script,
                                                  targets=({"side": "self"},)),))
    db = CardDB([*machinery.MY_DB, card], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        g = boards([AKI, CAT], [BEN], hand0=[RALLY, F[7]])
    finally:
        machinery.MY_DB = old
    return g.add("play_event", 0, card=RALLY, pay=pay(F[7]), targets=[{"p": 0, "card": CAT}], choices=[choice])


def _cat(res):  # type: ignore[no-untyped-def]
    cat = next(c for c in res.state_json()["players"][0]["main"] if c["card"] == CAT)
    return cat["ap"], cat["dp"]


def test_exactly_n_rested_then_if_so() -> None:
    assert _cat(assert_legal(_game_n(2, [AKI, CAT]))) == (50, 30)  # both rested: if so
    assert_illegal(_game_n(2, [AKI]), "effect.target")  # two stand: both must be chosen
    assert _cat(assert_legal(_game_n(3, [AKI, CAT]))) == (40, 20)  # three asked, two there: no "if so"
    assert _cat(assert_legal(_game_n(1, [AKI]))) == (50, 30)
