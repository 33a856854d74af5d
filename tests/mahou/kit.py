"""A small ms-cards set (the spec's example ids and more) and a builder of stacked-deck Mahou logs.

Each player's deck is three searched Heroes, then the named cards in draw order, then inert fillers, so a
test knows every hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.fold import FoldResult, fold
from engine.mahou.actions import apply_action
from engine.mahou.cards import MsCardDB, parse_cards
from engine.rulings import Trail

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "mahou"


def _c(cid: str, name: str, kind: str, **kw: Any) -> dict[str, Any]:
    return {"id": f"MSJ {cid}", "name": name, "type": kind, **kw}


def _op(op: str, **kw: Any) -> dict[str, Any]:
    return {"op": op, **kw}


CARDS: dict[str, Any] = {
    "format": "ms-cards", "version": 1, "name": "test-set",
    "cards": [
        _c("001", "Hana", "hero", hp=4, atk=1),
        _c("002", "Kai", "hero", hp=5, atk=0),
        _c("003", "Mei", "hero", hp=3, atk=2),
        _c("004", "Ren", "hero", hp=4, atk=1),
        _c("005", "Tiny", "hero", hp=1, atk=0),
        _c("010", "Ruby", "magical_girl", hp=3, atk=2, mgk=2),
        _c("011", "Sapphire", "magical_girl", hp=2, atk=1, mgk=3),
        _c("012", "Pearl", "magical_girl", hp=1, atk=1, mgk=1),
        _c("020", "Grand Ruby", "grand_magical_girl", hp=2, atk=4, conditions={"girl": ["Ruby"]}),
        _c("021", "Grand Any", "grand_magical_girl", hp=1, atk=3,
           conditions={"mgk_at_least": 2, "hp_at_most": 7}),
        _c("022", "Grand Late", "grand_magical_girl", hp=0, atk=2, conditions={"dreamscape_at_least": 2}),
        _c("030", "Mochi", "pet", cost=1, atk=1),
        _c("031", "Big Pet", "pet", cost=3, hp=2, atk=2),
        _c("040", "Heart Beam", "magical_power", cost=1, effect=[_op("damage", p="rival", pos="active", n=2)]),
        _c("041", "Mend", "magical_power", cost=1, effect=[_op("heal", p="self", pos="choose", n=3)]),
        _c("042", "Drain", "magical_power", cost=0, effect=[_op("mgk", p="rival", pos="choose", n=-1)]),
        _c("043", "Snatch", "magical_power", cost=1, effect=[_op("discard", p="rival", card="choose")]),
        _c("044", "Riddle", "magical_power", cost=1),
        _c("045", "Unleash", "magical_power", cost=2, effect=[_op("detach", p="rival", pos="active", card="choose")]),
        _c("046", "Mega Draw", "magical_power", cost=0, effect=[_op("draw", p="self", n=3)]),
        _c("050", "Sudden Rain", "event", effect=[_op("mgk", p="rival", pos="active", n=-1)]),
        _c("051", "Rally", "event", effect=[_op("boost", p="self", pos="choose", atk=2, until="turn_end")]),
        _c("052", "Mystery", "event"),
        _c("053", "Squall", "event", effect=[_op("damage", p="rival", pos="active", n=5)]),
        _c("054", "Brace", "event", effect=[_op("boost", p="self", pos="active", atk=1, until="permanent")]),
        *[_c(f"{900 + i}", f"Filler {i}", "event", effect=[]) for i in range(13)],
    ],
}
DB: MsCardDB = parse_cards(CARDS)
HEROES = ("MSJ 001", "MSJ 002", "MSJ 003")
FILLERS = [f"MSJ {900 + i}" for i in range(13) for _ in range(3)]


def deck_of(tops: Sequence[str], heroes: Sequence[str] = HEROES) -> list[str]:
    """A 40-card deck: ``heroes``, ``tops``, then fillers (at most 3 of each)."""
    cards = list(heroes) + list(tops)
    for filler in FILLERS:
        if len(cards) == 40:
            break
        if cards.count(filler) < 3:
            cards.append(filler)
    return cards


class Log:
    """A stacked-deck log: ``tops[i]`` are player i's draws in order (4 at setup, then one per draw)."""

    def __init__(self, tops0: Sequence[str], tops1: Sequence[str], *, first: int = 0,
                 pairs: Sequence[tuple[str, str]] = (("MSJ 001", "MSJ 010"), ("MSJ 001", "MSJ 010")),
                 heroes: Sequence[Sequence[str]] = (HEROES, HEROES), setup: bool = True) -> None:
        self.decks = [deck_of(tops0, heroes[0]), deck_of(tops1, heroes[1])]
        self.header: dict[str, Any] = {
            "ruleset": "mahou-shoujo-1", "first": first,
            "players": [{"name": "Aoi", "deck": list(self.decks[0])}, {"name": "Ren", "deck": list(self.decks[1])}],
        }
        self.actions: list[dict[str, Any]] = []
        if setup:
            for i in (0, 1):
                self.add("search", i, cards=list(heroes[i]))
                self.add("shuffle", i, order=self.decks[i][3:])
            for i in (0, 1):
                self.add("place_active", i, hero=pairs[i][0], girl=pairs[i][1])

    def add(self, kind: str, p: int | None = None, **fields: Any) -> Log:
        a: dict[str, Any] = {"type": kind, **({} if p is None else {"p": p}), **fields}
        self.actions.append(a)
        return self

    @property
    def last(self) -> int:
        return len(self.actions) - 1

    def fold(self, at: int | None = None) -> FoldResult:
        return fold(self.header, self.actions, DB, at=at)

    def doc(self) -> dict[str, Any]:
        return {"format": "pmemo-log", "version": 1, "game": self.header, "actions": self.actions}


def ruled(log: Log, rule: str, *words: str) -> None:
    """Assert the log is ruled illegal at its last action with ``rule``, the message naming ``words``."""
    r = log.fold()
    assert r.ruling is not None, f"expected {rule}, the log is legal"
    assert r.ruling.rule == rule, r.ruling
    assert r.ruling.index == log.last, r.ruling
    for w in words:
        assert w in r.ruling.message, (w, r.ruling.message)
    assert r.ruling.to_json()["ref"] is None or r.ruling.to_json()["ref"].startswith("Mahou Shoujo")


def legal(log: Log) -> FoldResult:
    r = log.fold()
    assert r.ruling is None, r.ruling
    return r


def std(tops0: Sequence[str] = (), tops1: Sequence[str] = (), **kw: Any) -> Log:
    """Both players search Hana, Kai, Mei and lay Hana + Ruby (7 HP, ATK 3, MGK 2); ``tops`` follow Ruby in draw order."""
    return Log(["MSJ 010", *tops0], ["MSJ 010", *tops1], **kw)


def act(g: Any, kind: str, p: int | None = None, **fields: Any) -> Trail:
    """Apply one action straight to a state (for states arranged by hand); returns its trail."""
    trail = Trail()
    apply_action(g, {"type": kind, **({} if p is None else {"p": p}), **fields}, trail)
    return trail


def bundled() -> tuple[MsCardDB, dict[str, list[str]]]:
    """The bundled original set and its decks (fixtures/mahou)."""
    db = parse_cards(json.loads((FIXTURES / "cards.json").read_text()))
    decks = {path.stem: json.loads(path.read_text())["cards"] for path in sorted((FIXTURES / "decks").glob("*.json"))}
    return db, decks
