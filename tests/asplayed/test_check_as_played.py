"""``check`` on an as-played log (docs/as-played.md): folds to the end, exit 1, every irregularity listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
AS_PLAYED_LOG = LOGS.parent / "as-played" / "short-payments.jsonl"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_check_json_folds_to_the_end_with_the_irregular_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", str(AS_PLAYED_LOG), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["valid"] is False and doc["ruling"] is None and doc["applied"] == 259
    assert doc["result"] == {"winner": 1, "reason": "points"} and doc["state"]["phase"] == "over"
    assert [(r["index"], r["path"], r["rule"]) for r in doc["irregular"]] == [(4, "4", "cost.amount"),
                                                                             (21, "21", "cost.amount")]
    assert all(set(r) == {"index", "path", "rule", "ref", "message"} for r in doc["irregular"])
    assert doc["irregular"][0]["ref"] == "Rule Book v2.22 P11" and "costs 3" in doc["irregular"][0]["message"]


def test_without_the_flag_the_same_log_stops_at_its_first_refused_action(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (AS_PLAYED_LOG).read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["game"]["as_played"]
    plain = tmp_path / "plain.jsonl"
    plain.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    code, out = run(capsys, "check", str(plain), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["ruling"]["rule"] == "cost.amount" and doc["ruling"]["index"] == 4
    assert doc["applied"] == 4 and doc["irregular"] == []


def test_legal_logs_carry_an_empty_irregular_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", str(LOGS / "original-points.jsonl"), "--json")
    assert code == 0 and json.loads(out)["irregular"] == []


def test_readable_output_names_each_irregularity(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", str(AS_PLAYED_LOG))
    assert code == 1
    assert "as played, 2 irregular action(s) stood (259 action(s) applied)" in out
    assert "irregular: cost.amount at action 21 (path 21) [Rule Book v2.22 P11]" in out


def test_an_as_played_flag_that_is_not_a_boolean_is_malformed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (AS_PLAYED_LOG).read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["game"]["as_played"] = "yes"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    code, out = run(capsys, "check", str(bad), "--json")
    assert code == 2 and "as_played" in json.loads(out)["ruling"]["message"]


def test_an_action_that_cannot_be_carried_out_keeps_its_own_irregularities_out_of_irregular(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Review 22b finding 5: the refused action was not carried out, so what it broke did not stand: ``irregular``
    holds the earlier actions' only, ``refused_irregular`` the refused action's own (readable: under the ruling)."""
    from tests.asplayed.test_browser_review22 import REFUSED, irregular_then_impossible

    log = tmp_path / "impossible.jsonl"
    log.write_text(irregular_then_impossible(), encoding="utf-8")
    code, out = run(capsys, "check", str(log), "--json")
    doc = json.loads(out)
    assert code == 1 and (doc["ruling"]["index"], doc["ruling"]["rule"]) == (REFUSED, "zone")
    assert [(r["index"], r["rule"]) for r in doc["irregular"]] == [(347, "effect.result")]
    assert [(r["index"], r["rule"]) for r in doc["refused_irregular"]] == [(REFUSED, "turn.step")]
    assert all(set(r) == {"index", "path", "rule", "ref", "message"} for r in doc["refused_irregular"])
    code, out = run(capsys, "check", str(log))
    lines = out.splitlines()
    ruling = next(i for i, line in enumerate(lines) if line.startswith("ruling: zone"))
    assert lines[ruling + 2].startswith(f"  also broken by action {REFUSED} (path {REFUSED}), not stood: turn.step")
    assert not any(line.startswith(f"irregular: turn.step at action {REFUSED}") for line in lines)
