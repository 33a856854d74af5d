"""The log boundary on Mahou Shoujo logs: JSON = JSON Lines (same log, same content hash), and any damaged action is
ruled (log.schema naming its index, or a rule of the game), never an engine failure."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pmemo_replay.checking import check_text
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_json, dump_jsonl, load_log, parse_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import content_hash

LIBRARY = CardLibrary()


@cache
def docs() -> tuple[dict[str, Any], ...]:
    return tuple(simulated_logs(LIBRARY, 3, 77, ruleset="mahou-shoujo-1"))


@settings(max_examples=10, deadline=None)
@given(k=st.integers(0, 2))
def test_json_equals_json_lines(k: int) -> None:
    log = load_log(docs()[k])
    as_json, as_jsonl = parse_log(dump_json(log)), parse_log(dump_jsonl(log))
    assert as_json == as_jsonl == log and content_hash(as_json) == content_hash(as_jsonl)
    assert as_jsonl.header["ruleset"] == "mahou-shoujo-1" and "ex_deck" not in as_jsonl.header["players"][0]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 50) | st.sampled_from(
    ["active", "squad:0", "squad:3", "KRM 001", "MSJ 001", "", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["op", "p", "n", "pos"]), inner,
                                                                max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(k=st.integers(0, 2), where=st.floats(0, 0.999), key=st.sampled_from(
    ["type", "p", "card", "onto", "with", "to", "from", "order", "cards", "hero", "girl", "targets", "ops", "extra"]),
       value=JSON)
def test_a_damaged_action_is_ruled_not_crashed(k: int, where: float, key: str, value: Any) -> None:
    doc = json.loads(json.dumps(docs()[k]))
    index = int(where * len(doc["actions"]))
    doc["actions"][index][key] = value
    report = check_text(json.dumps(doc), LIBRARY)
    ruling = report.ruling
    assert report.exit_code in (0, 1, 2)
    if ruling is not None:
        assert ruling["rule"] != "engine.error", ruling
        if report.exit_code == 2:
            assert ruling["rule"] in ("log.schema", "log.card") and ruling["index"] == index
            assert ruling["path"] == str(index) and ruling["message"].startswith(f"action {index}")
        else:
            assert ruling["ref"] is None or ruling["ref"].startswith("Mahou Shoujo ")
