"""Review r22d of issue 22, findings 1-2 (docs/as-played.md): a lapsed trigger logged late is one slip, counted for the
turn of its cause; an action ending a phase or turn, logged by the player whose turn it is not, ends nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine.fold import fold
from pmemo_replay.cards import bundled_cards, bundled_for
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import load_log
from pmemo_replay.simulate import simulated_logs
from tests.engine.kit import Game

ROOT = Path(__file__).resolve().parents[2]
CARDS = bundled_cards()


def _st024() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """MHK_ST-024's legal log, as played: 16 is the turn-1-end trigger, 17 turn 2's first summon, 43 the turn-2-end
    trigger of the same once-per-turn effect."""
    doc = json.loads((ROOT / "fixtures/cards/mhk-logs/MHK_ST-024.json").read_text(encoding="utf-8"))
    actions = copy.deepcopy(doc["legal"]["actions"])
    assert [actions[i]["type"] for i in (16, 17, 43)] == ["trigger", "summon", "trigger"]
    assert actions[16]["card"] == actions[43]["card"] == "MHK ST-024"
    return {**doc["game"], "as_played": True}, actions


def _stood(res: Any) -> list[tuple[int | None, str]]:
    return [(x.index, str(x.rule)) for r in res.irregular for x in r.every()]  # every rule broken


# -- finding 1: a trigger logged one action late --------------------------------------------------------------------

def test_a_trigger_logged_one_action_late_is_one_slip_and_the_next_turns_firing_stands() -> None:
    header, actions = _st024()
    legal = fold(header, actions, CARDS)
    assert legal.ruling is None and legal.irregular == []
    late = copy.deepcopy(actions)
    late[16], late[17] = late[17], late[16]
    res = fold(header, late, CARDS)
    assert res.ruling is None and res.applied == len(late)  # 43, turn 2's own firing, is no effect.once
    assert _stood(res) == [(16, "effect.result")]  # the summon skipped it; its late firing adds nothing
    assert "mandatory trigger missing" in res.irregular[0].message
    said = [e.message for e in res.trails[17].entries]
    assert any("logged late" in m and "turn 1" in m for m in said), said
    assert all(e.ok is not False for e in res.trails[17].entries)
    assert res.state_json() == legal.state_json()  # the same game: the effect fired once for each turn end
    # what a fold up to the summon said stays said
    assert _stood(fold(header, late, CARDS, at=17)) == _stood(res)
    assert fold(header, late, CARDS, keep_trails=False).state_json() == res.state_json()


def test_the_late_firing_is_counted_for_the_turn_of_its_cause_in_either_order() -> None:
    """Logged after turn 2's own firing of the same once-per-turn effect, the turn-1 firing still counts for turn 1."""
    header, actions = _st024()
    trigger = actions.pop(16)
    res = fold(header, [*actions, trigger], CARDS)
    assert res.ruling is None and _stood(res) == [(16, "effect.result")]
    assert any("counted for turn 1" in e.message for e in res.trails[-1].entries)


def test_a_lapsed_trigger_logged_two_turns_later_is_a_late_trigger_of_its_own() -> None:
    header, actions = _st024()
    trigger = actions.pop(16)
    log = [*actions, {"type": "pass", "p": 0}, trigger]  # turn 3 starts with player 0's pass
    res = fold(header, log, CARDS)
    assert res.ruling is None
    assert _stood(res) == [(16, "effect.result"), (len(log) - 1, "effect.result")]
    assert "has not just happened" in res.irregular[1].message


def test_a_trigger_logged_twice_late_fires_once_and_the_next_turns_firing_stands() -> None:
    """The lapsed trigger fires once, late: logged again, it names a firing that already resolved, which stands as
    ``effect.result`` and does nothing (review r22g, finding 6: before, it fired a second time, and turn 2's own firing
    then stood as ``effect.once``)."""
    header, actions = _st024()
    late = copy.deepcopy(actions)
    late[16], late[17] = late[17], late[16]
    late.insert(18, copy.deepcopy(late[17]))
    res = fold(header, late, CARDS)
    assert res.ruling is None and res.applied == len(late)
    assert _stood(res) == [(16, "effect.result"), (18, "effect.result")]  # turn 2's own firing (44) is regular
    assert "already resolved" in res.irregular[1].message and "turn 1" in res.irregular[1].message
    said = [e.message for e in res.trails[18].entries]
    assert any("does nothing" in m for m in said), said
    legal = fold(header, actions, CARDS).state_json()
    assert {**res.state_json(), "applied": legal["applied"]} == legal  # the effect resolved once per turn end
    assert fold({k: v for k, v in header.items() if k != "as_played"}, late, CARDS).ruling.index == 16


# -- finding 2: ending a turn that is not yours -----------------------------------------------------------------------

def _simulated(ruleset: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    doc = load_log(next(iter(simulated_logs(CardLibrary(), 1, 7, ruleset=ruleset)))).document()
    return doc["game"], doc["actions"]


def _wrong_player_copy(ruleset: str, kind: str, nth: int) -> None:
    """The ``nth`` ``kind`` of a simulated game logged twice, the copy by the same player (whose turn or phase it no
    longer is): one irregularity, and the game folds to the same end."""
    header, actions = _simulated(ruleset)
    cards = bundled_for(ruleset, True)
    legal = fold(header, actions, cards)
    assert legal.ruling is None and legal.result is not None
    e = [i for i, a in enumerate(actions) if a["type"] == kind][nth]
    log = copy.deepcopy(actions)
    log.insert(e + 1, copy.deepcopy(log[e]))
    plain = fold(header, log, cards)
    assert plain.ruling is not None and plain.ruling.index == e + 1 and plain.ruling.rule == "turn.priority"
    res = fold({**header, "as_played": True}, log, cards)
    assert res.ruling is None and res.applied == len(log)
    assert _stood(res) == [(e + 1, "turn.priority")]
    assert res.result == legal.result
    before = fold({**header, "as_played": True}, log, cards, at=e + 1).state_json()
    after = fold({**header, "as_played": True}, log, cards, at=e + 2).state_json()
    assert (after["turn"], after.get("phase")) == (before["turn"], before.get("phase"))  # it ended nothing
    assert any("ends nothing" in m.message for m in res.trails[e + 1].entries)


def test_mahou_an_end_turn_by_the_player_whose_turn_it_is_not_ends_nothing() -> None:
    _wrong_player_copy("mahou-shoujo-1", "end_turn", 10)


def test_clockwork_an_end_phase_by_the_player_whose_turn_it_is_not_ends_nothing() -> None:
    """A turn-ending end_phase logged twice: the copy, out of turn, repeats it and ends nothing (review f22e: an end
    out of turn that repeats none is the turn player's, tests/asplayed/test_end_duplicate_or_misnamed.py)."""
    _, actions = _simulated("clockwork-memorion-1")
    ends = [i for i, a in enumerate(actions) if a["type"] == "end_phase"]
    turn_ends = [n for n, i in enumerate(ends) if actions[i + 1]["p"] != actions[i]["p"]]
    _wrong_player_copy("clockwork-memorion-1", "end_phase", turn_ends[1])


def test_clockwork_damage_logged_by_the_other_player_is_the_attacks_damage() -> None:
    header, actions = _simulated("clockwork-memorion-1")
    cards = bundled_for("clockwork-memorion-1", True)
    legal = fold(header, actions, cards)
    e = [i for i, a in enumerate(actions) if a["type"] == "damage"][3]
    log = copy.deepcopy(actions)
    log[e] = {**log[e], "p": 1 - log[e]["p"]}
    res = fold({**header, "as_played": True}, log, cards)
    assert res.ruling is None and _stood(res) == [(e, "turn.priority")]
    assert res.state_json() == legal.state_json() and res.result == legal.result


def test_pm_an_end_approach_repeated_by_the_approacher_ends_nothing() -> None:
    """The Approacher's end_approach logged twice (no hand adjustment due): the copy, in the rival's turn, repeats it
    and ends nothing (out of its step and out of turn, one action irregular)."""
    header, actions = _simulated("pm-2.22")
    cards = bundled_for("pm-2.22", True)
    legal = fold(header, actions, cards)
    e = [i for i, a in enumerate(actions) if a["type"] == "end_approach"
         and actions[i + 1 : i + 2] != [] and actions[i + 1]["type"] != "hand_adjust"][5]
    log = copy.deepcopy(actions)
    log.insert(e + 1, copy.deepcopy(log[e]))
    res = fold({**header, "as_played": True}, log, cards)
    assert res.ruling is None and _stood(res) == [(e + 1, "turn.step"), (e + 1, "turn.priority")]
    assert {**res.state_json(), "applied": 0} == {**legal.state_json(), "applied": 0}  # one action more, nothing else
    assert any("ends nothing" in m.message for m in res.trails[e + 1].entries)


def test_pm_an_end_approach_by_the_interferer_is_the_approachers() -> None:
    """Not a repeat: the Approacher's end_approach logged under the Interferer's name; it ends turn 1."""
    g = Game([]).passes(0, 1).add("end_approach", 0)
    legal = g.fold().state_json()
    g = Game([]).passes(0, 1).add("end_approach", 1)  # step ①: the Approacher's decision, logged by player 1
    g.header["as_played"] = True
    res = g.fold()
    assert res.ruling is None and _stood(res) == [(g.last, "turn.priority")]
    assert "not player 1's" in res.irregular[0].message
    assert res.state_json() == legal
    assert any("carried out as player 0's" in e.message for e in res.trails[g.last].entries)


def test_pm_an_end_approach_by_the_interferer_in_the_main_phase_ends_the_approachers_turn() -> None:
    g = Game([]).passes(0, 1).add("end_approach", 0)
    legal = g.fold().state_json()
    g = Game([]).add("end_approach", 1)
    g.header["as_played"] = True
    res = g.fold()
    assert _stood(res) == [(g.last, "turn.step"), (g.last, "turn.priority")]
    s = res.state_json()
    assert (s["turn"], s["phase"], s["step"]) == (legal["turn"], legal["phase"], legal["step"])
