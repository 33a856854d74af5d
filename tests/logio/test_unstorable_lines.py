"""Issue 19: in JSON Lines, a NUL or lone surrogate is named by its own line and action index, even when the header
line or another line does not decode (the count once skipped such lines and blamed the wrong one)."""

from __future__ import annotations

import json

import pytest

from pmemo_replay.logio.errors import LogError
from pmemo_replay.logio.reader import parse_log

BAD_HEADER = '{"format": "pmemo-log", "version": 1, "game": {"ruleset": "toy-race"'
GOOD_HEADER = '{"format": "pmemo-log", "version": 1, "game": {}}'
FINE = json.dumps({"type": "note", "text": "fine"})
NUL = json.dumps({"type": "note", "text": "bad\u0000"})
SURROGATE = '{"type": "note", "text": "\\udc00"}'


@pytest.mark.parametrize(("lines", "line", "index"), [
    ([BAD_HEADER, NUL], 2, 0),  # was blamed on the header ("log: field 'text'", no index)
    ([BAD_HEADER, FINE, NUL], 3, 1),  # was "action 0"
    ([BAD_HEADER, "", FINE, "", SURROGATE], 5, 1),  # blank lines count for the line, not the index
    ([GOOD_HEADER, FINE, "{not json", NUL], 4, 2),  # an undecodable action still takes its index
])
def test_the_ruling_names_the_line_and_action_that_hold_it(lines: list[str], line: int, index: int) -> None:
    with pytest.raises(LogError) as refused:
        parse_log("\n".join(lines))
    assert refused.value.index == index and refused.value.path == f"{index}.text"
    assert refused.value.message.startswith(f"line {line}: action {index}: field 'text' holds a ")


def test_a_nul_in_the_header_line_is_named_on_line_1() -> None:
    header = json.dumps({"format": "pmemo-log", "version": 1, "game": {"event": "a\u0000"}})
    with pytest.raises(LogError) as refused:
        parse_log("\n".join([header, FINE, "{not json"]))
    assert refused.value.index is None
    assert refused.value.message.startswith("line 1: game: field 'event' holds a NUL")
