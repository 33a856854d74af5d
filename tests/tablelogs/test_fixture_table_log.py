"""The hand-written table log in fixtures/logs: a short game recorded by player 0 at the table, the opponent's deck
list unknown."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_log
from pmemo_replay.logio import read_log

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"


@pytest.mark.parametrize("name", ["table-seat0-unlisted.jsonl", "table-seat0-unlisted.json"])
def test_the_recorded_game_checks_legal(name: str) -> None:
    log = read_log(LOGS / name)
    report = check_log(log, bundled_cards())
    assert report.valid and report.result == {"winner": 0, "reason": "concede"}
    aoi, ren = report.state["players"]  # type: ignore[index]
    assert None not in aoi["hand"] and len(aoi["hand"]) == 7
    assert ren["hand"] == [None] * 7 and ren["unseen"] is None and "deck" not in log.header["players"][1]
    assert ren["points"] == [{"card": "MHK 01-052", "face": "up"}]
    assert aoi["unseen"]["MHK ST-001"] == 2  # two of four seen
    trails = report.folded.trails  # type: ignore[union-attr]
    summon = next(i for i, a in enumerate(log.actions) if a["type"] == "summon" and a["p"] == 1)
    messages = [e.message for e in trails[summon].entries]
    assert "MHK 01-077 (一条 将輝) identified in hand by the summon: 1 of at most 4 copies now seen" in messages


def test_the_same_game_with_a_fifth_copy_is_refused() -> None:
    log = read_log(LOGS / "table-seat0-unlisted.jsonl")
    extra = {"type": "identify", "p": 1, "zone": "hand", "cards": ["MHK 01-077"] * 4}
    report = check_log(type(log)(log.header, [*log.actions, extra]), bundled_cards())
    assert report.ruling is not None and report.ruling["rule"] == "identify.count"
    assert report.ruling["index"] == len(log.actions) and "fifth copy" in report.ruling["message"]
