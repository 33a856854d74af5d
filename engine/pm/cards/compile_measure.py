"""How well the compiler does: per set, its scripts against the hand-written ones, and the share it compiles.

``python -m pmemo_replay.cards.compile_measure [FOLDER ...] [--diff] [--gaps N]`` reads each precious-data folder
(default: every set under ../shared/data/precious-data/data) and hands the decoded files to :func:`report` (the
ruleset's ``measure_compiler``), which compiles every effect and gives per set: effects, compiled, and where hand
scripts exist (fixtures/cards/scripted/), reproduced / different / not compiled; ``diff`` lists the differences,
``gaps`` the N most frequent reasons effects stay uncompiled over all the sets (:mod:`engine.pm.cards.compile_gaps`),
``blockers`` the first unread part of each, by kind and part (:mod:`engine.pm.cards.compile_blockers`).
Scripts are compared normalized: key order, defaults filled, ``target`` = ``target:0``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.pm.cards import Card, CardDB, Effect
from engine.pm.cards.files import parse_documents

_STEP_DEFAULTS: dict[str, dict[str, Any]] = {
    "modify": {"until": "turn_end", "ap": 0, "dp": 0, "target": "self"},
    "grant": {"until": "turn_end", "target": "self"},
    "rest": {"target": "self"}, "activate": {"target": "self"}, "move": {"target": "self"},
    "draw": {"who": "self", "n": 1}, "pick": {"who": "self", "n": 1, "filter": {}},
    "cost": {"who": "self", "until": "turn_end"}, "shuffle": {"who": "self"}, "mill": {"who": "self", "n": 1},
    "flip": {"who": "self", "face": "up"}, "put_point": {"who": "self", "n": 1},
}


def _norm(x: Any) -> Any:
    if isinstance(x, dict):
        d = {k: _norm(v) for k, v in x.items()}
        for key in ("name", "color"):  # "any of": order does not matter
            if isinstance(d.get(key), list):
                d[key] = sorted(d[key])
        if "spec" in d and set(d) <= {"spec", "at_least"}:  # a count condition: at least 1 by default
            d.setdefault("at_least", 1)
        for k, v in _STEP_DEFAULTS.get(str(d.get("op")), {}).items():
            d.setdefault(k, v)
        return d
    if isinstance(x, (list, tuple)):
        return [_norm(v) for v in x]
    return "target:0" if x == "target" else x


def normalized(eff: Effect) -> dict[str, Any]:
    """An effect's meaning as data: trigger, optional, condition, targets and steps, defaults filled."""
    return {"trigger": eff.trigger, "optional": eff.optional, "condition": _norm(dict(eff.condition or {})),
            "targets": _norm([dict(t) for t in eff.targets]), "do": _norm([dict(s) for s in eff.script or ()])}


@dataclass
class SetReport:
    """One set's figures; ``diffs``: (card id, effect index or "backup", compiled, hand) of the differences."""

    name: str
    effects: int = 0
    compiled: int = 0
    hand: int = 0
    reproduced: int = 0
    different: int = 0
    not_compiled: int = 0
    diffs: list[tuple[str, Any, dict[str, Any], dict[str, Any]]] = field(default_factory=list)

    def line(self) -> str:
        s = f"{self.name:<8} effects {self.effects:>4}  compiled {self.compiled:>4} ({self.compiled / max(self.effects, 1):.0%})"
        if self.hand:
            s += (f"  hand-scripted {self.hand:>4}: reproduced {self.reproduced} ({self.reproduced / self.hand:.0%}),"
                  f" different {self.different}, not compiled {self.not_compiled}")
        return s


def _effects(card: Card) -> list[tuple[Any, Effect]]:
    return [*enumerate(card.effects), *([("backup", card.backup)] if card.backup else [])]


def measure(db: CardDB, name: str, hand: Iterable[Card]) -> SetReport:
    """Every effect of ``db`` (a set read with compiled scripts) against the hand scripts of the same cards."""
    known = {c.id: c for c in hand}
    rep = SetReport(name)
    for card in sorted(db, key=lambda c: c.id):
        mine = known.get(card.id)
        theirs = dict(_effects(mine)) if mine is not None else {}
        for idx, eff in _effects(card):
            rep.effects += 1
            rep.compiled += eff.compiled
            h = theirs.get(idx)
            if h is None or not h.scripted:
                continue
            rep.hand += 1
            if not eff.compiled:
                rep.not_compiled += 1
            elif normalized(eff) == normalized(h):
                rep.reproduced += 1
            else:
                rep.different += 1
                rep.diffs.append((card.id, idx, normalized(eff), normalized(h)))
    return rep


def report(sets: Sequence[tuple[str, Sequence[tuple[str, Any]]]], hand: Iterable[Card] | None, *, diff: bool = False,
           gaps: int | None = None, blockers: int | None = None) -> list[str]:
    """The lines printed for ``sets`` (each ``(name, decoded precious-data files)``) against the hand scripts."""
    hand = list(hand or ())
    lines: list[str] = []
    for name, documents in sets:
        rep = measure(parse_documents(documents, name, compile=True), name, hand)
        lines.append(rep.line())
        if diff:
            for cid, idx, got, want in rep.diffs:
                keys = [k for k in got if got[k] != want[k]]
                lines.append(f"  {cid} [{idx}] differs in {', '.join(keys)}")
                for k in keys:
                    lines.append(f"    compiled: {json.dumps(got[k], ensure_ascii=False)}")
                    lines.append(f"    hand:     {json.dumps(want[k], ensure_ascii=False)}")
    if gaps:
        from engine.pm.cards.compile_gaps import histogram

        lines.append("most frequent reasons effects stay uncompiled (names 「N」, properties 【P】, titles 『S』, numbers n):")
        read = [(parse_documents(docs, name, compile=False), parse_documents(docs, name, compile=True))
                for name, docs in sets]
        lines.extend(f"{n:5d}  {reason}" for reason, n in histogram(read).most_common(gaps))
    if blockers:
        from engine.pm.cards.compile_blockers import table

        read = [(parse_documents(docs, name, compile=False), parse_documents(docs, name, compile=True))
                for name, docs in sets]
        lines.extend(table(read, blockers))
    return lines
