"""A draft's public copy of a knowledge action comes from the ruleset (review r21h, 4a): drafts/folding.py names no
action type of a game; what the recorder learned is emptied by ``knowledge_unlearned``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rulesets import get_ruleset
from pmemo_replay.drafts.folding import DraftFold
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def test_the_public_copy_of_a_knowledge_action_is_the_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    seat = PM.redact(doc["game"], doc["actions"], CARDS, 0)
    fold = DraftFold(seat.header, CARDS)
    calls: list[dict[str, Any]] = []

    def unlearned(action: dict[str, Any]) -> dict[str, Any]:
        calls.append(dict(action))
        return {**action, "cards": [], "meta": {"unlearned": True}}

    monkeypatch.setattr(PM, "knowledge_unlearned", unlearned)
    copies = [fold.push(a) for a in seat.actions[:60]]
    learned = [(a, c) for a, c in zip(seat.actions, copies, strict=False) if a["type"] in PM.knowledge_actions]
    assert learned and len(calls) == len(learned)
    assert all(c["cards"] == [] and c["meta"] == {"unlearned": True} for _, c in learned)
    assert any(a["cards"] for a, _ in learned)  # the recorder's own hand was named: the public copy names nothing
