"""`pmemo-replay check` text output lists the unverified steps, as ``--json``'s ``unverified`` does (issue 12)."""

from __future__ import annotations

import json

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_log
from pmemo_replay.cli.check import render
from pmemo_replay.logio import parse_log
from tests.effects.test_mhk_scripts import FILLERS, _game


def _report(cards: object) -> tuple[str, list[dict[str, object]]]:
    doc = _game(["MHK 01-114", "MHK ST-030", *FILLERS], [*FILLERS])
    play = {"type": "play_event", "p": 0, "card": "MHK 01-114", "pay": [{"hand": "MHK ST-030"}],
            "ops": [{"op": "draw", "p": 0, "n": 2}]}
    text = json.dumps({"format": "pmemo-log", "version": 1, "game": {**doc["header"], "ruleset": "pm-2.22"},
                       "actions": [*doc["actions"], play]})
    report = check_log(parse_log(text), cards)
    assert report.valid, report.ruling
    return render(report), report.to_json()["unverified"]


def test_text_lists_each_unverified_step_like_json() -> None:
    text, steps = _report(bundled_cards(scripted=False))  # bare facts: the event's ops are applied as recorded
    assert steps, "the unscripted effect's ops are unverified"
    assert f"unverified: {len(steps)} step(s)" in text
    for u in steps:
        assert f"action {u['index']} ({u['card']}): {u['why']}" in text


def test_text_has_no_unverified_section_when_everything_was_checked() -> None:
    text, steps = _report(bundled_cards())  # scripted: the draw is checked
    assert steps == [] and "unverified" not in text
