"""〔突破N〕 (``breakthrough``, printed or granted ``{"breakthrough": N}``): in the Elimination Judgement of its
approach, with its AP at least N above the interfering Chara's DP, it gives a point as if not interfered
(engine.pm.turns.breaks_through; the rule is the keyword's reminder text)."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect
from tests.effects.test_machinery import DRAW, MAIN_SELF, F, boards, pay
from tests.engine.kit import Game, assert_illegal, assert_legal


def _chara(num: str, ap: int, dp: int, *effects: Effect, breakthrough: int | None = None) -> Card:
    return Card(id=f"TST {num}", name=f"Chara {num}", series="Test", type="chara", color="red", cost=2, source=1,
                ap=ap, dp=dp, breakthrough=breakthrough, effects=effects)


POINT_DRAW = Effect("auto", trigger="gave_point", script=DRAW)
BREAKER = _chara("75-001", 50, 30, POINT_DRAW, breakthrough=20)
PLAIN = _chara("75-002", 50, 30, POINT_DRAW)
THIN, THICK = _chara("75-003", 10, 30), _chara("75-004", 10, 40)
BOOST = Card(id="TST 75-005", name="Boost", series="Test", type="event", color="red", cost=1, source=1, timing=MAIN_SELF,
             effects=(Effect(kind="activated", timing=MAIN_SELF, targets=({"side": "self"},), script=(
                 {"op": "grant", "target": "target", "what": {"breakthrough": 20}, "until": "turn_end"},)),))


def _game(attacker: Card, guard: Card, hand0: list[str] = ()) -> Game:  # type: ignore[assignment]
    import tests.effects.test_machinery as machinery

    db = CardDB([*machinery.MY_DB, BREAKER, PLAIN, THIN, THICK, BOOST], series_groups=[["Test", "Test Encore"]])
    old, machinery.MY_DB = machinery.MY_DB, db
    try:
        return boards([attacker.id], [guard.id], hand0=hand0)
    finally:
        machinery.MY_DB = old


def _blocked(g: Game, attacker: Card, guard: Card) -> Game:
    return g.add("approach", 0, card=attacker.id).passes(0, 1).add("interfere", 1, card=guard.id).passes(0, 1)


def _points(g: Game, p: int) -> int:
    return len(assert_legal(g).state_json()["players"][p]["points"])


def test_breakthrough_gives_a_point_through_interference() -> None:
    g = _game(BREAKER, THIN)
    before = _points(g, 1)
    _blocked(g, BREAKER, THIN).add("trigger", 0, card=BREAKER.id, effect=0)
    assert _points(g, 1) == before + 1
    g.actions.pop()
    assert_illegal(g.passes(0), "effect.result")  # its "gave a point" trigger is mandatory


def test_no_point_when_the_ap_is_not_n_above_the_dp() -> None:
    g = _game(BREAKER, THICK)  # AP 50 < DP 40 + 20
    before = _points(g, 1)
    _blocked(g, BREAKER, THICK)
    assert _points(g, 1) == before
    g.add("trigger", 0, card=BREAKER.id, effect=0)
    assert_illegal(g, "effect.result")


def test_granted_breakthrough() -> None:
    g = _game(PLAIN, THIN, hand0=[BOOST.id, F[5]])
    before = _points(g, 1)
    g.add("play_event", 0, card=BOOST.id, pay=pay(F[5]), targets=[{"p": 0, "card": PLAIN.id}])
    _blocked(g, PLAIN, THIN).add("trigger", 0, card=PLAIN.id, effect=0)
    assert _points(g, 1) == before + 1
    plain = _game(PLAIN, THIN)
    _blocked(plain, PLAIN, THIN).add("trigger", 0, card=PLAIN.id, effect=0)
    assert_illegal(plain, "effect.result")  # without it, no point is given
