"""A small synthetic card set and a log builder for engine tests.

Decks are stacked: the builder puts named cards on top of each deck in order so
a test knows every hand. Cards ``TST 90-0xx`` are vanilla fillers.
"""

from __future__ import annotations

from typing import Any

from engine.fold import FoldResult, fold
from engine.pm.cards import Card, CardDB, Effect, Timing


def _chara(num: str, name: str, color: str = "red", cost: int = 2, source: int = 2, ap: int | None = 30,
           dp: int | None = 30, series: str = "Test", **kw: Any) -> Card:
    return Card(id=f"TST {num}", name=name, series=series, type="chara", color=color, cost=cost, source=source,
                ap=ap, dp=dp, **kw)


def _event(num: str, name: str, timing: str, color: str = "red", cost: int = 1, source: int = 2,
           script: tuple | None = None, targets: tuple = (), **kw: Any) -> Card:  # type: ignore[type-arg]
    t = Timing.parse(timing)
    eff = Effect(kind="activated", timing=t, script=script, targets=targets)
    return Card(id=f"TST {num}", name=name, series="Test", type="event", color=color, cost=cost, source=source,
                timing=t, effects=(eff,), **kw)


def build_db() -> CardDB:
    cards = [
        _chara("01-001", "Aki", ap=30, dp=30),
        _chara("01-002", "Ben", color="blue", ap=40, dp=40),
        _chara("01-003", "Aki&Ben", color="blue", cost=3, source=1, ap=60, dp=40, combo=("Aki", "Ben")),
        _chara("01-004", "Cat", ap=40, dp=20, active=True),
        _chara("01-005", "Dan", color="blue", cost=4, ap=50, dp=50, ignore=2),
        _chara("01-006", "Eve", color="green", cost=3, ap=30, dp=30, pinch=(3, 20, 20)),
        _chara("01-007", "Fay", color="yellow", cost=2, ap=30, dp=30, reinforcement=("name", "Gus")),
        _chara("01-008", "Gus", color="yellow", cost=2, ap=20, dp=40),
        _chara("01-009", "Aki", cost=3, ap=40, dp=40, level_up=True),
        _chara("01-010", "Aki", cost=4, ap=50, dp=50, level_up=True),
        _chara("01-011", "Hal", ap=None, dp=None, cost=1),
        _chara("01-012", "Ivy", color="purple", cost=3, ap=50, dp=50),
        _chara("01-013", "Ivy", color="purple", cost=1, ap=20, dp=20),
        _chara("01-014", "Jon", color="blue", cost=0, source=2, ap=70, dp=70, ex=True),
        _chara("01-015", "Kim", cost=2, ap=30, dp=30, effects=(
            Effect(kind="activated", timing=Timing.parse("main/self"), cost=0, rest=True,
                   script=({"op": "draw", "who": "self", "n": 1},)),
            Effect(kind="activated", timing=Timing.parse("main/both"), cost=1, cost_color="blue",
                   script=({"op": "modify", "target": "self", "ap": 10, "dp": 10},)),
            Effect(kind="activated", timing=Timing.parse("approach/self"), cost=0, discard_name="Aki",
                   script=({"op": "modify", "target": "self", "ap": 20, "dp": 0},)),
        )),
        _chara("01-016", "Lou", cost=2, ap=30, dp=30, effects=(
            Effect(kind="auto", trigger="enter", script=({"op": "draw", "who": "self", "n": 1},)),
        )),
        _chara("01-017", "Mia", color="green", cost=2, ap=40, dp=30,
               backup=Effect(kind="auto", script=({"op": "draw", "who": "self", "n": 2},))),
        _chara("01-018", "Ned", color="blue", series="Other", cost=2, ap=30, dp=30),
        _chara("01-019", "Oli", color="red", series="Test Encore", cost=2, ap=30, dp=30),
        _chara("01-020", "Pam", cost=1, ap=10, dp=10, untargetable=True),
        _event("02-001", "Quick Step", "main/self", script=({"op": "draw", "who": "self", "n": 1},)),
        _event("02-002", "Guard Up", "approach/both", color="blue",
               script=({"op": "modify", "target": "target", "ap": 0, "dp": 30},), targets=({"side": "self"},)),
        _event("02-003", "Cancel", "main/decline", color="blue", script=({"op": "disable"},)),
        _event("02-004", "Counter", "approach/decline", color="red", script=({"op": "disable"},)),
        _event("02-005", "Surprise", "main/self", color="green", break_=True, cost=2,
               script=({"op": "draw", "who": "self", "n": 2},)),
        _event("02-006", "Weaken", "main/self", script=({"op": "modify", "target": "target", "ap": -20, "dp": -20},),
               targets=({"side": "opponent"},)),
        _event("02-007", "Mystery", "main/both"),  # unscripted event: ops come from the log
        _event("02-009", "Rally", "approach/both", color="green"),  # unscripted too
        _event("02-008", "Night Raid", "approach/opponent", color="yellow", cost=0,
               script=({"op": "rest", "target": "target"},), targets=({"side": "opponent"},)),
        Card(id="TST 03-001", name="Charm", series="Test", type="support", color="red", cost=1, source=1),
    ]
    cards += [_chara(f"90-{i:03d}", f"Filler {i}", color="red" if i % 2 else "blue", cost=1, source=1, ap=20, dp=20)
              for i in range(1, 21)]
    return CardDB(cards, series_groups=[["Test", "Test Encore"]])


DB = build_db()
FILLERS = [f"TST 90-{i:03d}" for i in range(1, 21)]


def stacked_deck(top: list[str], size: int = 60) -> list[str]:
    """A legal deck (top first): ``top`` then fillers, at most 4 copies of each."""
    counts: dict[str, int] = {}
    for c in top:
        counts[c] = counts.get(c, 0) + 1
    deck = list(top)
    fillers = (f for f in FILLERS for _ in range(4))
    while len(deck) < size:
        f = next(fillers)
        if counts.get(f, 0) < 4:
            counts[f] = counts.get(f, 0) + 1
            deck.append(f)
    return deck


class Game:
    """Builds a log step by step; ``fold()`` checks it."""

    def __init__(self, top0: list[str] | None = None, top1: list[str] | None = None, *, first: int = 0,
                 db: CardDB = DB, ex0: list[str] | None = None, setup: bool = True) -> None:
        self.db = db
        self.order = [stacked_deck(top0 or []), stacked_deck(top1 or [])]
        self.header: dict[str, Any] = {
            "first": first,
            "players": [{"name": "Aoi", "deck": sorted(self.order[0]), "ex_deck": ex0 or []},
                        {"name": "Ren", "deck": sorted(self.order[1]), "ex_deck": []}],
        }
        self.actions: list[dict[str, Any]] = []
        if setup:
            self.add("shuffle", 0, order=self.order[0])
            self.add("shuffle", 1, order=self.order[1])
            self.add("keep", 0)
            self.add("keep", 1)

    def add(self, kind: str, p: int | None = None, **fields: Any) -> Game:
        action: dict[str, Any] = {"type": kind}
        if p is not None:
            action["p"] = p
        action.update(fields)
        self.actions.append(action)
        return self

    def passes(self, *players: int) -> Game:
        for p in players:
            self.add("pass", p)
        return self

    def end_turn(self, p: int, *, adjust: bool = True) -> Game:
        """Close the Main Phase window (both pass), end the Approach Phase, discard down to 7."""
        self.passes(p, 1 - p).add("end_approach", p)
        if adjust:
            self.adjust_hand(p)
        return self

    def adjust_hand(self, p: int) -> Game:
        """Add a ``hand_adjust`` discarding the newest cards when the fold says one is due."""
        s = self.fold().state_json()
        if s["step"] == "hand_adjust":
            hand = s["players"][p]["hand"]
            self.add("hand_adjust", p, discard=hand[7:])
        return self

    def fold(self, at: int | None = None) -> FoldResult:
        return fold(self.header, self.actions, self.db, at=at)

    @property
    def last(self) -> int:
        return len(self.actions) - 1


def assert_legal(g: Game) -> FoldResult:
    res = g.fold()
    assert res.ruling is None, res.ruling.to_json()
    return res


def assert_illegal(g: Game, rule: str, index: int | None = None) -> FoldResult:
    res = g.fold()
    assert res.ruling is not None, f"expected {rule}, the log was legal"
    got = res.ruling.to_json()
    assert got["rule"] == rule, got
    want_index = g.last if index is None else index
    assert got["index"] == want_index, got
    return res
