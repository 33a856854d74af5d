"""`pmemo-replay check`: forms, --json, --at, --cards, standard input, exit codes; the sample logs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pmemo_replay.cli import main

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "logs"
MHK = ROOT.parent / "shared" / "data" / "precious-data" / "data" / "MHK"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", ["mhk-points", "original-points"])
def test_sample_games_end_by_points_in_both_forms(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out = run(capsys, "check", str(LOGS / f"{name}.json"), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["valid"] and doc["ruling"] is None
    assert doc["result"]["reason"] == "points" and doc["state"]["phase"] == "over"
    loser = 1 - doc["result"]["winner"]
    assert len(doc["state"]["players"][loser]["points"]) >= 7
    code2, out2 = run(capsys, "check", str(LOGS / f"{name}.jsonl"), "--json")
    assert code2 == 0 and json.loads(out2) == doc


def test_at_folds_only_n_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", str(LOGS / "mhk-points.json"), "--json", "--at", "4")
    doc = json.loads(out)
    assert code == 0 and doc["applied"] == 4 and doc["state"]["turn"] == 1 and doc["result"] is None
    code, out = run(capsys, "check", str(LOGS / "mhk-points.json"), "--json", "--at", "0")
    assert json.loads(out)["state"]["phase"] == "setup"


def _illegal_copy(tmp_path: Path) -> Path:
    doc = json.loads((LOGS / "mhk-points.json").read_text(encoding="utf-8"))
    doc["actions"].insert(6, {"type": "approach", "p": doc["game"]["first"], "card": "MHK ST-003"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_illegal_exit_1_and_readable_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _illegal_copy(tmp_path)
    code, out = run(capsys, "check", str(path))
    assert code == 1
    assert "ruling: " in out and "at action 6" in out and "Rule Book v2.22" in out
    code, out = run(capsys, "check", str(path), "--json", "--at", "6")
    assert code == 0 and json.loads(out)["valid"]


def test_malformed_and_unknown_card_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out = run(capsys, "check", str(bad), "--json")
    assert code == 2 and json.loads(out)["ruling"]["rule"] == "log.schema"
    doc = json.loads((LOGS / "mhk-points.json").read_text(encoding="utf-8"))
    doc["actions"][5]["cardd"] = "x"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out = run(capsys, "check", str(bad), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 2 and ruling["rule"] == "log.schema" and ruling["index"] == 5
    doc = json.loads((LOGS / "mhk-points.json").read_text(encoding="utf-8"))
    doc["game"]["players"][0]["deck"][3] = "MHK 09-999"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out = run(capsys, "check", str(bad), "--json")
    assert code == 2 and json.loads(out)["ruling"]["rule"] == "log.card"


def test_missing_file_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(capsys, "check", str(tmp_path / "nope.json"), "--json")
    assert code == 2 and "cannot read" in json.loads(out)["ruling"]["message"]


def test_standard_input_and_module_entry_point() -> None:
    data = (LOGS / "mhk-points.jsonl").read_bytes()
    proc = subprocess.run([sys.executable, "-m", "pmemo_replay", "check", "-", "--json"], input=data,
                          capture_output=True, check=False, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["result"]["reason"] == "points"


def test_help_for_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check", "--help"])
    assert exc.value.code == 0 and "--at" in capsys.readouterr().out


@pytest.mark.skipif(not MHK.exists(), reason="../shared/data/precious-data is not beside the repository")
def test_real_mhk_files_as_card_data(capsys: pytest.CaptureFixture[str]) -> None:
    bundled = json.loads(run(capsys, "check", str(LOGS / "mhk-points.json"), "--json")[1])
    code, out = run(capsys, "check", str(LOGS / "mhk-points.json"), "--json", "--cards", str(MHK))
    assert code == 0 and json.loads(out) == bundled


def test_bad_card_file_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"format": "pmemo-cards", "version": 1, "cards": [{"id": "X 01-001"}]}), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["check", str(LOGS / "mhk-points.json"), "--cards", str(cards)])
    assert exc.value.code == 2
    assert "card data" in capsys.readouterr().err


def test_bench_fold_reports_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "bench", "fold", str(LOGS), "--json")
    doc = json.loads(out)
    assert code == 0 and set(doc) == {"games", "actions", "seconds", "actions_per_second"}
    logs = [p for p in LOGS.iterdir() if p.suffix in (".json", ".jsonl")]
    assert doc["games"] == len(logs) and doc["actions"] > 1000 and doc["actions_per_second"] > 0


def test_simulate_writes_checked_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(capsys, "simulate", "--games", "3", "--seed", "5", "--out", str(tmp_path / "a"))
    assert code == 0 and "3 game(s)" in out
    run(capsys, "simulate", "--games", "3", "--seed", "5", "--out", str(tmp_path / "b"))
    files = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(files) == 3 and files == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        code, out = run(capsys, "check", str(tmp_path / "a" / name), "--json")
        doc = json.loads(out)
        assert code == 0 and doc["result"] is not None
