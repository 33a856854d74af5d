"""``pmemo-replay redact`` (interfaces.md): exit codes, forms, and a redacted log that checks legal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.cli import main


def _write(tmp_path: Path, doc: dict[str, Any], name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("view", ["0", "1", "public"])
def test_redact_writes_a_legal_table_log(tmp_path: Path, sim_logs: list[dict[str, Any]], view: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path, sim_logs[2])
    out = tmp_path / "table.jsonl"
    assert main(["redact", str(src), "--view", view, "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    players = json.loads(lines[0])["game"]["players"]
    assert [("deck" in p) for p in players] == [view == "0", view == "1"]  # the seat's own list only
    assert all("order" not in json.loads(line) for line in lines[1:])
    capsys.readouterr()
    assert main(["check", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["result"] is not None
    assert all("unseen" in p for p in report["state"]["players"])


def test_redact_to_standard_output_keeps_the_form(tmp_path: Path, sim_logs: list[dict[str, Any]],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path, sim_logs[3])
    assert main(["redact", str(src), "--view", "public"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "pmemo-log" and "deck" not in doc["game"]["players"][0]


def test_redact_exit_codes(tmp_path: Path, sim_logs: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path, sim_logs[4])
    assert main(["redact", str(src), "--view", "2"]) == 2
    assert "unknown view" in capsys.readouterr().err
    bad = dict(sim_logs[4], actions=[*sim_logs[4]["actions"][:6], {"type": "approach", "p": 0, "card": "MHK 01-001"}])
    assert main(["redact", str(_write(tmp_path, bad, "bad.json")), "--view", "0"]) == 1
    assert json.loads(capsys.readouterr().err)["ruling"]["index"] == 6
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main(["redact", str(tmp_path / "broken.json"), "--view", "0"]) == 2
    # a name without .json/.jsonl is written in the input's form (review r21h, 5c: --out /dev/null)
    assert main(["redact", str(src), "--view", "0", "--out", str(tmp_path / "x.txt")]) == 0
    assert json.loads((tmp_path / "x.txt").read_text(encoding="utf-8"))["format"] == "pmemo-log"
