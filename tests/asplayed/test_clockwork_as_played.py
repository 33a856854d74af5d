"""As played in Clockwork Memorion (docs/as-played.md): out of turn, unlogged triggers, a second inherit or move,
a cost paid short and logged ops that differ from the script stand; a card that is not there still stops."""

from __future__ import annotations

import copy
from typing import Any

from engine.fold import fold
from tests.clockwork import kit, scenes
from tests.clockwork.test_rules import CASES, PIP_TRIGGER, summon

A = dict[str, Any]


def as_played(rule: str, *, flag: Any = True, good: bool = False) -> tuple[A, list[A]]:
    """The illegal (or legal) log of §11's ``rule`` from test_rules, with the header's ``as_played`` flag."""
    base, bad, legal = CASES[rule]
    header, actions = base()
    return {**header, "as_played": flag}, [*actions, legal if good else bad]


def run(header: A, actions: list[A], *, keep_trails: bool = True) -> Any:
    return fold(header, copy.deepcopy(actions), scenes.ALL, keep_trails=keep_trails)


def stood(res: Any) -> list[tuple[int, str]]:
    return [(x.index, str(x.rule)) for r in res.irregular for x in r.every()]  # every rule broken


def test_a_summon_out_of_turn_stands() -> None:
    header, actions = as_played("turn.priority")
    res = run(header, actions)
    assert res.ruling is None and stood(res) == [(6, "turn.priority")]
    assert res.trails[6].entries[0].ok is False and "stood as played" in res.trails[6].entries[0].message
    ren = res.state.players[1]
    assert ren.zones[3] is not None and ren.zones[3].card == "CWX 012" and "CWX 012" not in ren.hand
    assert res.state.turn_player == 0  # still Aoi's turn


def test_a_second_inherit_stands() -> None:
    header, actions = as_played("inherit.once")
    res = run(header, actions)
    assert res.ruling is None and stood(res) == [(13, "inherit.once")]
    assert [m[0] for m in res.state.players[0].ruler.memorions] == ["CWX 030"]


def test_a_second_move_stands() -> None:
    header, actions = as_played("move.once")
    res = run(header, actions)
    assert res.ruling is None and stood(res) == [(len(actions) - 1, "move.once")]
    assert [u.card if u else None for u in res.state.players[0].zones[:2]] == ["CWX 010", "CWX 011"]  # moved back


def test_an_activation_paid_short_stands_and_spends_what_there_is() -> None:
    header, actions = as_played("activate.cost")  # the Ruler is already in the action state
    before = run(header, actions[:-1]).state.players[0].counters
    res = run(header, actions)
    assert res.ruling is None and stood(res) == [(9, "activate.cost")]
    assert res.state.players[0].counters == max(0, before - 1)
    assert res.state.players[0].ruler.state == "action"


def test_logged_ops_that_differ_from_the_script_stand_as_recorded() -> None:
    header, actions = as_played("effect.result")
    assert actions[-1] == {**PIP_TRIGGER, "ops": [{"op": "counter", "p": 0, "n": 2}]}
    scripted = run(*as_played("effect.result", good=True)).state.players[0].counters
    res = run(header, actions)
    assert res.ruling is None and stood(res) == [(7, "effect.result")]
    assert res.state.players[0].counters == scripted + 1  # +2 as logged, not the scripted +1


def test_an_action_that_cannot_be_carried_out_still_stops() -> None:
    header, actions = as_played("zone")  # CWX 014 is not in Aoi's hand
    res = run(header, actions)
    assert res.ruling is not None and res.ruling.rule == "zone" and res.applied == 6 and res.irregular == []


def test_without_the_flag_nothing_changes_and_a_false_flag_is_the_same() -> None:
    for flag in (False, None):
        header, actions = as_played("turn.priority", flag=flag)
        if flag is None:
            header.pop("as_played")
        res = run(header, actions)
        assert res.ruling is not None and res.ruling.rule == "turn.priority" and res.irregular == []


def test_an_as_played_flag_that_is_not_a_boolean_is_malformed() -> None:
    header, actions = as_played("turn.priority", flag="yes")
    res = run(header, actions)
    assert res.ruling is not None and (res.ruling.rule, res.ruling.path) == ("log.schema", "game.as_played")


def test_keep_trails_off_and_rebuild_agree() -> None:
    """Irregular actions with rebuilds between them fold alike with and without trails: Ren's out-of-turn summon
    fires a trigger that Aoi's summon leaves unlogged (it lapses)."""
    header, actions = as_played("turn.priority")
    actions += [summon(1, "CWX 010", "zone:0"), summon(0, "CWX 010", "zone:0")]
    kept, bare = run(header, actions), run(header, actions, keep_trails=False)
    assert kept.ruling is None and bare.ruling is None
    assert kept.state_json() == bare.state_json() and stood(kept) == stood(bare) == [
        (6, "turn.priority"), (7, "turn.priority"), (8, "turn.pending")]
    assert [e["p"] for e in kept.state.pending] == [0]  # Ren's trigger lapsed; Aoi's summon fired her own
    assert kept.state.players[0].zones[0].card == "CWX 010"


def test_the_worked_example_is_unchanged_as_played() -> None:
    header = {**kit.header(), "as_played": True}
    res = run(header, kit.EXAMPLE)
    assert res.ruling is None and res.irregular == []
    assert res.state_json() == run(kit.header(), kit.EXAMPLE).state_json()
