"""Valid logs pass: every action type, every op, both forms, defaults, input variants."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from pmemo_replay.logio import PmemoLog, load_log, parse_log, read_log
from pmemo_replay.logio.schemas import ACTION_SCHEMAS, OP_SCHEMAS, RESPONSE_TYPES
from tests.logio.logio_samples import A, document, every_action, every_op, fresh, game, jsonl

SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec" / "log-format.md"


def test_samples_cover_every_action_type_and_op() -> None:
    def walk(actions: list[dict]) -> tuple[set[str], set[str]]:
        types: set[str] = set()
        ops: set[str] = set()
        for action in actions:
            types.add(action["type"])
            ops.update(op["op"] for op in action.get("ops", []))
            sub_types, sub_ops = walk(action.get("responses", []))
            types |= sub_types
            ops |= sub_ops
        return types, ops

    types, ops = walk(every_action())
    assert types == set(ACTION_SCHEMAS)
    assert ops == set(OP_SCHEMAS)


@pytest.mark.skipif(not SPEC.exists(), reason="spec not available")
def test_schemas_cover_the_spec_tables() -> None:
    text = SPEC.read_text(encoding="utf-8")
    actions = text.split("## Actions", 1)[1].split("## Payments", 1)[0]
    ops = text.split("## Effect ops", 1)[1].split("## Example", 1)[0]
    row = re.compile(r"^\| `([a-z_]+)`(?: / `([a-z_]+)`)? \|", re.M)
    spec_types = {name for m in row.finditer(actions) for name in m.groups() if name}
    spec_ops = {name for m in row.finditer(ops) for name in m.groups() if name}
    table = (SPEC.parent / "table-logs.md").read_text(encoding="utf-8").split("## Unknown cards", 1)[1]
    spec_types |= {name for m in row.finditer(table.split("## Views", 1)[0]) for name in m.groups() if name}
    assert spec_types == set(ACTION_SCHEMAS)
    assert spec_ops == set(OP_SCHEMAS)
    assert set(RESPONSE_TYPES) == {"play_event", "use_effect", "backup"}


def test_every_action_type_and_op_passes() -> None:
    doc = document()
    log = parse_log(json.dumps(doc))
    assert log.form == "json"
    assert log.actions == doc["actions"]  # actions kept as given: no default keys added
    assert len(log.actions) == len(every_action())


def test_each_op_alone_passes() -> None:
    for op in every_op():
        action = {"type": "trigger", "p": 0, "card": A, "effect": 0, "ops": [op]}
        parse_log(json.dumps(document([action])))


def test_header_defaults_are_filled_and_optional_fields_kept() -> None:
    extra = {"id": "g-1", "played_at": "2026-11-01T14:00:00Z", "event": "Shop league",
             "round": 2, "cardset": "bundled", "meta": {"anything": [1, {"x": None}]}}
    doc = document([], **extra)
    doc["game"]["players"][1]["ex_deck"] = ["MHK 01-127"]
    doc["game"]["players"][1]["deck_name"] = "Blue"
    log = parse_log(json.dumps(doc))
    assert log.header["ruleset"] == "pm-2.22"
    assert log.header["players"][0]["ex_deck"] == []
    assert log.header["players"][1]["ex_deck"] == ["MHK 01-127"]
    assert log.header["players"][1]["deck_name"] == "Blue"
    for key, value in extra.items():
        assert log.header[key] == value
    explicit = parse_log(json.dumps(document([], ruleset="custom")))
    assert explicit.header["ruleset"] == "custom"


def test_jsonl_form_is_detected() -> None:
    doc = document()
    log = parse_log(jsonl(doc))
    assert log.form == "jsonl"
    assert log == parse_log(json.dumps(doc))


def test_pretty_printed_json_document_is_json() -> None:
    doc = document()
    log = parse_log(json.dumps(doc, indent=2))
    assert log.form == "json"
    assert log.actions == doc["actions"]


def test_one_line_header_alone_is_an_empty_jsonl_log() -> None:
    head = {"format": "pmemo-log", "version": 1, "game": game()}
    log = parse_log(json.dumps(head) + "\n")
    assert (log.form, log.actions) == ("jsonl", [])


def test_empty_json_document_actions() -> None:
    log = parse_log(json.dumps(document([]), indent=1))
    assert (log.form, log.actions) == ("json", [])


def test_jsonl_blank_lines_crlf_and_bom_are_accepted() -> None:
    lines = jsonl(document()).split("\n")
    text = "\ufeff\n" + "\r\n".join(lines[:3]) + "\r\n\r\n   \n" + "\n".join(lines[3:]) + "\n\n"
    log = parse_log(text)
    assert log.form == "jsonl"
    assert log.actions == every_action()


def test_bytes_input_is_utf8() -> None:
    doc = document()
    assert parse_log(json.dumps(doc, ensure_ascii=False).encode("utf-8")) == parse_log(
        json.dumps(doc)
    )
    assert parse_log(b"\xef\xbb\xbf" + json.dumps(doc).encode()).actions == doc["actions"]


def test_load_log_accepts_a_decoded_document() -> None:
    doc = fresh(document())
    log = load_log(doc)
    assert isinstance(log, PmemoLog)
    assert log.actions == every_action()


def test_read_log_from_file_and_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = document()
    path = tmp_path / "game.jsonl"
    path.write_text(jsonl(doc), encoding="utf-8")
    from_file = read_log(path)
    assert from_file.form == "jsonl"
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(doc).encode("utf-8")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    from_stdin = read_log("-")
    assert from_stdin.form == "json"
    assert from_file == from_stdin


def test_valid_date_times_and_card_id_shapes() -> None:
    ats = ["2026-11-01T14:00:00Z", "2026-11-01T14:00", "2026-11-01 14:00:00+09:00",
           "2026-11-01T14:00:00.123456", "20261101T140000"]
    ids = ["MHK ST-001", "MHK 01-022", "MHK 01-001a", "MHK P-010", "PM_K-ON 02-100", "hyakka 1-1"]
    actions = [{"type": "keep", "p": 0, "at": at} for at in ats]
    actions += [{"type": "approach", "p": 0, "card": card} for card in ids]
    parse_log(json.dumps(document(actions)))
