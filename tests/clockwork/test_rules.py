"""Every rule id of clockwork-memorion.md §11 reached by an illegal log, each next to a legal log that differs
from it in the one action. ``inherit.target`` is reached only through an as-played log (docs/clockwork-readings.md):
the rival's triggers are left unlogged and the inherit made out of turn, both standing as played, onto the
Successor still waiting destroyed."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.clockwork.rules import RULES
from engine.fold import fold
from tests.clockwork import kit, scenes

A = dict[str, Any]
Base = Callable[[], tuple[A, list[A]]]


def example(n: int) -> Base:
    return lambda: (kit.header(), copy.deepcopy(kit.EXAMPLE[:n]))


def stacked(aoi: list[str], ren: list[str], then: list[A], *, turns: int = 0, after: list[A] | None = None,
            **kw: Any) -> Base:
    def build() -> tuple[A, list[A]]:
        header, setup = scenes.game(aoi, ren, **kw)
        actions = scenes.pass_turns(header, setup + then, turns) if turns else setup + then
        return header, actions + (after or [])
    return build


def summon(p: int, card: str, at: str) -> A:
    return {"type": "summon", "p": p, "card": card, "at": at}


REPLACED = stacked(["CWX 010", "CWX 014"], [], [summon(0, "CWX 010", "zone:0"),
                                               {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0},
                                               summon(0, "CWX 014", "zone:0")])
DEIFIABLE = stacked([], [], [], aoi_ruler="CWT 001")
DISCARD_DUE = lambda: (kit.header(), [*copy.deepcopy(kit.EXAMPLE[:10]), {"type": "end_phase", "p": 1}])
DANCER = stacked(["CWX 015"], [], [summon(0, "CWX 015", "zone:3"),
                                   {"type": "trigger", "p": 0, "at": "zone:3", "ability": 0}], turns=2)
TWO_UP = stacked(["CWX 010", "CWX 011"], [], [summon(0, "CWX 010", "zone:0"),
                                              {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0},
                                              summon(0, "CWX 011", "zone:1")], turns=2)
BOUND = "CWX 021"


def _king_twice() -> tuple[A, list[A]]:
    header, setup = scenes.game(["CWX 030", "CWX 030"], [])
    actions = scenes.pass_turns(header, setup, 2)
    actions.append({"type": "inherit", "p": 0, "card": "CWX 030", "at": "ruler", "slot": None})
    return header, scenes.pass_turns(header, actions, 2)
STORAGE_RECALL = {"type": "recall", "p": 0, "card": "CWX 010", "from": "storage", "slot": [1, 0], "mode": "add"}
RULER_BOOST = {"type": "activate", "p": 0, "at": "ruler", "ability": 1, "targets": ["zone:0"]}
PIP_TRIGGER = {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0}



def _destroyed_rival() -> tuple[A, list[A]]:
    """As played: Aoi's Jester Quill deals 100 to Ren's Lantern Moth (Mind 100) in turn 3; Ren's destroyed
    triggers are pending and the Moth waits, destroyed, in zone:1."""
    header, actions = stacked(["CWX 013"], ["CWY 016", "CWX 020"], [
        summon(0, "CWX 013", "zone:3"), {"type": "end_turn", "p": 0}, summon(1, "CWY 016", "zone:1"),
        {"type": "end_turn", "p": 1}, {"type": "activate", "p": 0, "at": "zone:3", "ability": 1, "targets": ["zone:1"]}])()
    return {**header, "as_played": True}, actions


#: rule -> (base, illegal action, legal action in its place)
CASES: dict[str, tuple[Base, A, A]] = {
    "log.schema": (example(6), {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:4"}, summon(0, "CWX 010", "zone:0")),
    "log.card": (example(6), summon(0, "CWX 999", "zone:0"), summon(0, "CWX 010", "zone:0")),
    "game.over": (lambda: (kit.header(), [*kit.SETUP, {"type": "concede", "p": 1}]), summon(0, "CWX 010", "zone:0"),
                  {"type": "note", "text": "gg"}),
    "setup.order": (example(0), {"type": "shuffle", "p": 0, "order": kit.AOI_ORDER}, kit.SETUP[0]),
    "setup.place": (example(0), {**kit.SETUP[0], "ruler": "CWX 010"}, kit.SETUP[0]),
    "setup.mulligan": (example(5), {**kit.SETUP[5], "cards": ["CWX 001"]}, kit.SETUP[5]),
    "turn.priority": (example(6), summon(1, "CWX 012", "zone:3"), summon(0, "CWX 010", "zone:0")),
    "turn.pending": (example(7), summon(0, "CWX 011", "zone:1"), PIP_TRIGGER),
    "turn.phase": (example(6), {"type": "attack", "p": 0, "at": "zone:0"}, summon(0, "CWX 010", "zone:0")),
    "turn.first": (example(6), {"type": "inherit", "p": 0, "card": BOUND, "at": "ruler", "slot": [0, 0]},
                   summon(0, "CWX 010", "zone:0")),
    "timing.step": (example(17), {"type": "damage", "p": 0, "interrupts": [{"type": "deify", "p": 1}]},
                    {"type": "damage", "p": 0}),
    "zone": (example(6), summon(0, "CWX 014", "zone:0"), summon(0, "CWX 010", "zone:0")),
    "card.type": (example(6), summon(0, "CWX 020", "zone:0"), summon(0, "CWX 010", "zone:0")),
    "summon.limit": (example(8), summon(0, "CWX 011", "zone:0"), summon(0, "CWX 011", "zone:1")),
    "summon.level": (example(8), summon(0, "CWX 016", "zone:1"), summon(0, "CWX 013", "zone:3")),
    "inherit.once": (example(13), {"type": "inherit", "p": 0, "card": "CWX 030", "at": "ruler", "slot": None},
                     {"type": "end_phase", "p": 0}),
    "inherit.target": (_destroyed_rival, {"type": "inherit", "p": 1, "card": "CWX 020", "at": "zone:1", "slot": None},
                       {"type": "inherit", "p": 1, "card": "CWX 020", "at": "ruler", "slot": [1, 0]}),
    "inherit.king": (lambda: _king_twice(), {"type": "inherit", "p": 0, "card": "CWX 030", "at": "ruler", "slot": None},
                     {"type": "end_turn", "p": 0}),
    "move.once": (stacked([], [], [], turns=0, after=[]), {"type": "end_phase", "p": 1}, {"type": "end_phase", "p": 0}),
    "move.path": (TWO_UP, {"type": "move", "p": 0, "from": "zone:0", "to": "zone:2"},
                  {"type": "move", "p": 0, "from": "zone:0", "to": "zone:1"}),
    "move.blocked": (DANCER, {"type": "move", "p": 0, "from": "zone:3", "to": "zone:2"},
                     {"type": "end_turn", "p": 0}),
    "recall.source": (REPLACED, {**STORAGE_RECALL, "target": {"p": 1, "at": "ruler"}},
                      {**STORAGE_RECALL, "target": {"p": 0, "at": "ruler"}}),
    "recall.target": (example(6), {"type": "recall", "p": 0, "card": "CWX 020", "from": "hand",
                                   "target": {"at": "summoning"}, "slot": [1, 0], "mode": "add"},
                      {"type": "recall", "p": 0, "card": "CWX 020", "from": "hand",
                       "target": {"p": 0, "at": "ruler"}, "slot": [1, 0], "mode": "add"}),
    "activate.ability": (example(8), {**RULER_BOOST, "ability": 0}, RULER_BOOST),
    "activate.blank": (DANCER, {"type": "activate", "p": 0, "at": "zone:3", "ability": 1},
                       {"type": "end_turn", "p": 0}),
    "activate.cost": (lambda: (kit.header(), [*kit.EXAMPLE[:8], RULER_BOOST]), RULER_BOOST,
                      summon(0, "CWX 011", "zone:1")),
    "deify.once": (lambda: (lambda h, a: (h, [*a, {"type": "deify", "p": 0}]))(*DEIFIABLE()),
                   {"type": "deify", "p": 0}, {"type": "end_phase", "p": 0}),
    "deify.condition": (example(6), {"type": "deify", "p": 0}, summon(0, "CWX 010", "zone:0")),
    "attack.successor": (example(18), {"type": "attack", "p": 0, "at": "zone:1"},
                         {"type": "attack", "p": 0, "at": "zone:0"}),
    "block.successor": (example(16), {"type": "block", "p": 1, "with": ["zone:3", "zone:3"]},
                        {"type": "block", "p": 1, "with": ["zone:3"]}),
    "damage.split": (example(17), {"type": "damage", "p": 0, "split": [{"at": "ruler", "n": 400}]},
                     {"type": "damage", "p": 0}),
    "trigger.pending": (example(15), {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0},
                        {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0}),
    "hand.discard": (DISCARD_DUE, {"type": "discard", "p": 1, "cards": ["CWX 011", "CWX 014"]},
                     {"type": "discard", "p": 1, "cards": ["CWX 011"]}),
    "memory.slot": (example(12), {"type": "inherit", "p": 0, "card": BOUND, "at": "zone:1", "slot": [0, 1]},
                    kit.EXAMPLE[12]),
    "effect.target": (example(7), {**PIP_TRIGGER, "targets": ["zone:0"]}, PIP_TRIGGER),
    "effect.result": (example(7), {**PIP_TRIGGER, "ops": [{"op": "counter", "p": 0, "n": 2}]},
                      {**PIP_TRIGGER, "ops": [{"op": "counter", "p": 0, "n": 1}]}),
}
CASES["move.once"] = (stacked(["CWX 010", "CWX 011"], [], CASES["move.path"][0]()[1][6:],
                              after=[{"type": "move", "p": 0, "from": "zone:0", "to": "zone:1"}]),
                      {"type": "move", "p": 0, "from": "zone:0", "to": "zone:1"}, {"type": "end_turn", "p": 0})
#: header-level rules: (a header change, the rule)
DECKS = {
    "deck.size": lambda h: h["players"][0]["deck"].pop(),
    "deck.copies": lambda h: h["players"][1]["deck"].__setitem__(slice(2, 6), ["CWX 013"] * 4),
    "deck.ruler": lambda h: h["players"][0]["deck"].__setitem__(2, "CWY 001"),
    "deck.limit": lambda h: h["players"][0]["deck"].__setitem__(2, "CWY 090"),
    "deck.sideboard": lambda h: h["players"][1].__setitem__("sideboard", ["CWX 010"] * 16),
}


def _fold(header: A, actions: list[A]) -> Any:
    return fold(header, copy.deepcopy(actions), scenes.ALL)


def test_every_rule_id_is_covered() -> None:
    assert set(RULES) == set(CASES) | set(DECKS)


@pytest.mark.parametrize("rule", sorted(CASES))
def test_illegal_and_its_legal_neighbour(rule: str) -> None:
    base, bad, good = CASES[rule]
    header, actions = base()
    assert _fold(header, actions).ruling is None, "the base log is legal"
    ruling = _fold(header, [*actions, bad]).ruling
    assert ruling is not None and ruling.rule == rule, ruling
    assert ruling.index == len(actions)
    assert ruling.to_json()["ref"] == (f"Clockwork Memorion {RULES[rule][0]}" if RULES[rule][0] else None)
    assert _fold(header, [*actions, good]).ruling is None


@pytest.mark.parametrize("rule", sorted(DECKS))
def test_deck_rules(rule: str) -> None:
    header = kit.header()
    assert _fold(header, []).ruling is None
    DECKS[rule](header)
    ruling = _fold(header, []).ruling
    assert ruling is not None and ruling.rule == rule and ruling.index is None
    assert ruling.path.startswith("game.players.")


def test_inherit_target_needs_the_irregularities_that_stood_before_it() -> None:
    header, actions = _destroyed_rival()
    bad, good = CASES["inherit.target"][1:]
    plain = {k: v for k, v in header.items() if k != "as_played"}
    assert _fold(plain, [*actions, bad]).ruling.rule == "turn.pending"  # an ordinary log stops at the owed trigger
    res = _fold(header, [*actions, good])
    assert [x.rule for r in res.irregular for x in r.every()] == ["turn.pending", "turn.priority"]  # both rules it broke
    assert len(res.irregular) == 1  # one action stood
    assert res.state.pending == [] and res.state.players[1].zones[1] is None  # the triggers lapsed; the Moth left


def test_a_ruling_inside_interrupts_names_the_nested_path() -> None:
    bad = {**kit.EXAMPLE[15], "interrupts": [{**kit.EXAMPLE[15]["interrupts"][0], "card": "CWX 014"}]}
    ruling = _fold(kit.header(), [*kit.EXAMPLE[:15], bad]).ruling
    assert ruling is not None and (ruling.rule, ruling.path) == ("zone", "15.interrupts.0")


def test_activate_in_recall_time_is_timing_step_at_its_path() -> None:
    recall = {"type": "recall", "p": 0, "card": "CWX 020", "from": "hand", "target": {"p": 0, "at": "ruler"},
              "slot": [1, 0], "mode": "add", "time": [{"type": "deify", "p": 1}]}
    ruling = _fold(kit.header(), [*kit.EXAMPLE[:8], recall]).ruling
    assert ruling is not None and (ruling.rule, ruling.path) == ("timing.step", "8.time.0")
