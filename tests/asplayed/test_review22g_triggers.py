"""Review r22g of issue 22, finding 6: as played, a trigger logged again after its firing resolved (a double tap)
stands as one irregular action that does nothing: a trigger effect never resolves twice from one firing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine.fold import Folder, fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import load_log
from pmemo_replay.simulate import simulated_logs
from tests.engine.kit import Game

ROOT = Path(__file__).resolve().parents[2]
CARDS = bundled_cards()
LOU = "TST 01-016"  # the kit's Lou: a mandatory "draw 1" when it enters
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def _lou_entered() -> Game:
    """Player 0 summons Lou (turn 1) and logs its trigger: it draws 1."""
    g = Game([LOU, F[0], F[1]]).add("summon", 0, card=LOU, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}])
    return g.add("trigger", 0, card=LOU, effect=0)


def _hand(res: Any, p: int = 0) -> list[str]:
    return list(res.state_json()["players"][p]["hand"])


def _stood(res: Any) -> list[tuple[int | None, str]]:
    return [(x.index, str(x.rule)) for r in res.irregular for x in r.every()]


# -- finding 6: a trigger logged twice ----------------------------------------------------------------------------

def test_a_double_tapped_trigger_stands_once_and_does_nothing() -> None:
    g = _lou_entered()
    once = g.fold()
    assert once.ruling is None
    g.add("trigger", 0, card=LOU, effect=0)  # the same trigger again, at the same point
    plain = g.fold()
    assert plain.ruling is not None and plain.ruling.rule == "effect.result" and plain.ruling.index == 6
    assert "already resolved" in plain.ruling.message  # why, in the ordinary fold too
    g.header["as_played"] = True
    res = g.fold()
    assert res.ruling is None and _stood(res) == [(6, "effect.result")]
    assert _hand(res) == _hand(once)  # it drew once: the effect never resolves twice from one firing
    said = [e.message for e in res.trails[6].entries]
    assert said[0].startswith("irregular, stood as played: ") and "already resolved" in said[0]
    assert any("does nothing" in m for m in said), said
    assert all("fires" not in m or "which has not just happened" in m for m in said), said


def test_a_trigger_logged_again_later_in_the_turn_does_nothing_either() -> None:
    g = _lou_entered().passes(1).add("trigger", 0, card=LOU, effect=0)
    g.header["as_played"] = True
    res = g.fold()
    assert res.ruling is None and _stood(res) == [(7, "effect.result")]
    once = _lou_entered().passes(1).fold()
    assert _hand(res) == _hand(once)


def test_the_repeat_survives_a_snapshot() -> None:
    """A stored game is replayed from snapshots: the memory of the resolved firing is in them."""
    g = _lou_entered()
    g.header["as_played"] = True
    folder = Folder(g.header, g.db)
    for action in g.actions:
        folder.push(action)
    ruleset = folder.ruleset
    restored = ruleset.from_snapshot(json.loads(json.dumps(ruleset.to_snapshot(folder.state))), g.db)
    again = Folder(g.header, g.db, state=restored, offset=len(g.actions))
    trail = again.push({"type": "trigger", "p": 0, "card": LOU, "effect": 0})
    assert [r.rule for r in again.irregular] == ["effect.result"]
    assert any("does nothing" in e.message for e in trail.entries)
    assert again.state.players[0].hand == folder.state.players[0].hand


def test_a_once_per_turn_trigger_logged_twice_leaves_the_next_turns_firing_regular() -> None:
    """MHK ST-024's turn-end trigger double tapped at turn 1's end: the copy breaks ``effect.once`` and
    ``effect.result`` (in the contract's order), does nothing and uses nothing up, so turn 2's own firing stays
    regular (the late-logged case, where it did not: test_review22d_engine.py)."""
    doc = json.loads((ROOT / "fixtures/cards/mhk-logs/MHK_ST-024.json").read_text(encoding="utf-8"))
    header, actions = {**doc["game"], "as_played": True}, copy.deepcopy(doc["legal"]["actions"])
    assert [(actions[i]["type"], actions[i]["card"]) for i in (16, 43)] == [("trigger", "MHK ST-024")] * 2
    legal = fold(header, actions, CARDS).state_json()
    doubled = [*actions[:17], copy.deepcopy(actions[16]), *actions[17:]]
    res = fold(header, doubled, CARDS)
    assert res.ruling is None and [r.index for r in res.irregular] == [17]
    assert {x.rule for x in res.irregular[0].every()} == {"effect.once", "effect.result"}  # the contract's order
    assert {**res.state_json(), "applied": legal["applied"]} == legal


def test_double_tapped_triggers_of_simulated_games_fold_to_the_same_end() -> None:
    """Every trigger of a Chara on the Area in these simulated games, logged twice in a row as played: one irregular
    action (the copy), and the game ends exactly as it did (before, several drew or searched twice)."""
    tried = 0
    for raw in simulated_logs(CARDS, 4, 7):
        doc = load_log(raw).document()
        header, actions = {**doc["game"], "as_played": True}, doc["actions"]
        base = fold(header, actions, CARDS, keep_trails=False)
        assert base.ruling is None and not base.irregular
        want = {**base.state_json(), "applied": None}
        for i, action in enumerate(actions):
            if action["type"] != "trigger" or action.get("from") not in (None, "main", "support"):
                continue
            doubled = [*actions[: i + 1], copy.deepcopy(action), *actions[i + 1:]]
            res = fold(header, doubled, CARDS, keep_trails=False)
            if res.ruling is not None and res.ruling.rule == "zone":  # its effect took its own Chara off the Area:
                continue  # the copy cannot be carried out at all (docs/as-played.md), and resolves nothing either
            assert res.ruling is None, (i, res.ruling)
            assert [r.index for r in res.irregular] == [i + 1], (i, res.irregular)
            assert {**res.state_json(), "applied": None} == want, i
            tried += 1
    assert tried >= 5
