"""Review r22c of issue 22, findings 1-2: a skipped owed step lapses as played and the passes the action omitted after
it are implied as for a legal action (no spurious ``turn.step``); a hand adjustment of the wrong count stands."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import read_log

ROOT = Path(__file__).resolve().parents[2]
CARDS = bundled_cards()


def _st024() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    doc = json.loads((ROOT / "fixtures/cards/mhk-logs/MHK_ST-024.json").read_text(encoding="utf-8"))
    return {**doc["game"], "as_played": True}, copy.deepcopy(doc["legal"]["actions"])


def _deck_out() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    log = read_log(ROOT / "fixtures/scenarios/deck_out_legal_end.json")
    actions = copy.deepcopy(list(log.actions))
    assert actions[5]["type"] == "hand_adjust" and actions[6]["type"] == "end_approach"
    del actions[5]  # player 0's hand adjustment after turn 1 is skipped
    return {**log.header, "as_played": True}, actions


def _stood(res: Any) -> list[tuple[int | None, str]]:
    return [(x.index, x.rule) for r in res.irregular for x in r.every()]  # every rule broken


def test_a_skipped_trigger_lapses_and_the_omitted_passes_are_implied_after_it() -> None:
    header, actions = _st024()
    assert actions[16]["type"] == "trigger"
    log = [*actions[:16], {"type": "end_approach", "p": 1}]
    res = fold(header, log, CARDS)
    assert res.ruling is None
    assert _stood(res) == [(16, "effect.result")]  # no turn.step: player 1's Main Phase passes were omitted
    assert res.implied[16] == 2
    said = [e.message for e in res.trails[16].entries]
    assert any("implied pass" in m for m in said) and any("ends the Approach Phase" in m for m in said), said
    assert said.index("turn 1 ends") < min(i for i, m in enumerate(said) if "implied pass" in m)


def test_the_state_is_rebuilt_with_the_lapse_before_the_passes() -> None:
    """An action after the lapse that cannot be carried out stops the fold on the state the lapse and passes gave."""
    header, actions = _st024()
    impossible = {"type": "summon", "p": 0, "card": "MHK 01-100", "area": "main", "pay": []}  # not in the hand
    log = [*actions[:16], {"type": "end_approach", "p": 1}, impossible]
    stopped = fold(header, log, CARDS)
    assert stopped.ruling is not None and (stopped.ruling.index, stopped.ruling.rule) == (17, "zone"), stopped.ruling
    assert _stood(stopped) == [(16, "effect.result")]
    state = stopped.state_json()
    assert state == fold(header, log, CARDS, at=17).state_json()
    assert state["turn"] == 2 and state["phase"] == "end"


def test_a_skipped_hand_adjustment_adds_no_turn_step() -> None:
    header, actions = _deck_out()
    res = fold(header, actions, CARDS)
    at5 = [r for r in res.irregular if r.index == 5]
    assert [r.rule for r in at5] == ["hand.adjust"], at5
    assert "hand adjustment missing" in at5[0].message


def test_a_hand_adjustment_of_the_wrong_count_stands_as_logged() -> None:
    header, actions = _deck_out()
    adjust = actions[8]
    assert adjust["type"] == "hand_adjust" and len(adjust["discard"]) == 2
    at8 = fold(header, actions, CARDS, at=8).state_json()
    before = at8["players"][0]
    res = fold(header, actions, CARDS, at=9)
    assert res.ruling is None
    wrong = [r for r in res.irregular if r.index == 8]
    assert [(r.rule, r.message) for r in wrong] == [
        ("hand.adjust", "player 0 holds 10 cards and must discard 3, not 2")]
    after = res.state_json()["players"][0]
    assert len(after["discard"]) == len(before["discard"]) + 2  # the discard happened as logged
    assert res.state_json()["turn"] == at8["turn"] + 1  # the Turn End went on: the next turn started
    full = fold(header, actions, CARDS)
    assert full.ruling is None and full.result is not None  # the fold goes on to the game's end


def test_without_the_flag_the_wrong_count_is_still_refused() -> None:
    header, actions = _deck_out()
    actions.insert(5, {"type": "hand_adjust", "p": 0, "discard": []})
    res = fold({k: v for k, v in header.items() if k != "as_played"}, actions, CARDS)
    assert res.ruling is not None and res.ruling.rule == "hand.adjust" and res.ruling.index == 5
