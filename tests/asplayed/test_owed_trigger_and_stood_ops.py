"""Review of issue 22: an action that skips a mandatory trigger and is refused for its own reasons gets the first ruling
in the contract's order (rules.md "Which ruling when several rules are broken": effect.result comes last); as played,
the skipped trigger is listed with what stood; logged ops that stood as played are not called unscripted."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import read_log
from tests.effects.test_issue26_engine import CARDS, from_log

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
#: MHK 01-085's interfered trigger (mandatory, scripted) moves MHK 01-088 from the EX deck to the hand at 115
FETCHED = {"type": "summon", "p": 0, "card": "MHK 01-088", "area": "main",
           "pay": [{"hand": "MHK 01-087"}, {"hand": "MHK 01-085"}]}


def _trigger_skipped() -> tuple[dict[str, object], list[dict[str, object]]]:
    g = from_log("MHK 01-085")
    assert g.actions[115]["type"] == "trigger" and g.actions[115]["card"] == "MHK 01-085"
    return g.header, [*g.actions[:115], FETCHED]


def test_the_summon_skipping_the_trigger_gets_the_first_ruling_in_the_contracts_order() -> None:
    header, actions = _trigger_skipped()
    res = fold(header, actions, CARDS)
    assert res.ruling is not None
    got = res.ruling.to_json()
    assert (got["index"], got["rule"]) == (115, "turn.step"), got  # before zone and effect.result (rules.md)


def test_as_played_the_lapsed_trigger_is_listed_beside_the_action_that_cannot_be_carried_out() -> None:
    header, actions = _trigger_skipped()
    res = fold({**header, "as_played": True}, actions, CARDS)
    assert res.ruling is not None and (res.ruling.index, res.ruling.rule) == (115, "zone")
    # the summon was not carried out: what it broke did not stand, and is listed beside its ruling instead
    assert res.irregular == []
    assert [(r.index, r.rule) for r in res.refused_irregular] == [(115, "effect.result"), (115, "turn.step")]


def test_logged_ops_that_stood_are_not_called_unscripted() -> None:
    """As played, a scripted effect whose logged ops differ (an extra draw) stands; its trail says the script did not
    allow them, never that the card "is not scripted" (the same action's ruling quotes the script)."""
    log = read_log(LOGS / "mhk-points.jsonl")
    actions = copy.deepcopy(log.actions)
    action = actions[347]
    assert action["type"] == "use_effect" and action["card"] == "MHK ST-023"
    action["ops"] = [{"op": "modify", "p": 1, "card": "MHK 01-077", "ap": 0, "dp": 20, "until": "turn_end"},
                     {"op": "draw", "p": 1, "n": 1}]
    res = fold({**log.header, "as_played": True}, actions, bundled_cards())
    assert [(r.index, r.rule) for r in res.irregular] == [(347, "effect.result")], res.ruling
    claims = [e.message for e in res.trails[347].entries if e.unverified]
    assert claims and not any("is not scripted" in m for m in claims), json.dumps(claims, ensure_ascii=False)
    assert any("applied as played" in m for m in claims), claims
