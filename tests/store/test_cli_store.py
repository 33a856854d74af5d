"""`pmemo-replay import`, `list` and `simulate --db`: summaries, exit codes, output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_log
from pmemo_replay.cli import main
from pmemo_replay.logio import read_log
from pmemo_replay.store import Store, default_database_url
from pmemo_replay.store.config import database_url, normalize_url
from tests.store.data import LOGS, illegal_log


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_import_folders_and_files(capsys: pytest.CaptureFixture[str], store_url: str, tmp_path: Path, sim_dir: Path) -> None:
    nested = tmp_path / "logs" / "deeper"
    nested.mkdir(parents=True)
    shutil.copy(LOGS / "mhk-points.json", nested / "a.json")
    (tmp_path / "logs" / "readme.txt").write_text("not a log")
    (tmp_path / "logs" / ".editor-backup.json").write_text("{")  # hidden: passed over
    (tmp_path / "logs" / ".trash").mkdir()
    (tmp_path / "logs" / ".trash" / "old.json").write_text("{")
    code, out = run(capsys, "import", str(tmp_path / "logs"), str(LOGS / "original-points.jsonl"), "--db", store_url)
    assert code == 0 and out.splitlines() == ["stored 2, already present 0, rejected 0"]
    code, out = run(capsys, "import", str(LOGS), str(sim_dir), "--db", store_url)
    assert code == 0 and out.splitlines() == ["stored 25, already present 5, rejected 0"]
    with Store(store_url) as store:
        assert store.list_games(per_page=None).total == 27


def test_import_reports_rejected_files_and_exits_1(capsys: pytest.CaptureFixture[str], store_url: str, tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_bytes(illegal_log())
    (tmp_path / "broken.jsonl").write_text('{"format": "pmemo-log"\n')
    shutil.copy(LOGS / "mhk-points.jsonl", tmp_path / "good.jsonl")
    code, out = run(capsys, "import", str(tmp_path), str(tmp_path / "missing.json"), "--db", store_url)
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == "stored 1, already present 0, rejected 3" and lines[1] == "rejected:"
    assert lines[2].startswith(f"  {tmp_path / 'bad.json'}: approach.first_turn at action 6: ")
    assert lines[3].startswith(f"  {tmp_path / 'broken.jsonl'}: log.schema at the header: not valid JSON")
    assert lines[4].startswith(f"  {tmp_path / 'missing.json'}: log.schema at the header: cannot read")
    code, out = run(capsys, "import", str(tmp_path / "good.jsonl"), "--db", store_url)
    assert code == 0 and out.splitlines() == ["stored 0, already present 1, rejected 0"]


def test_import_with_workers_and_cards(capsys: pytest.CaptureFixture[str], store_url: str, sim_dir: Path) -> None:
    cards = LOGS.parent / "cards"
    code, out = run(capsys, "import", str(sim_dir), str(LOGS), "--db", store_url, "--workers", "2",
                    "--cards", str(cards / "mhk.json"), "--cards", str(cards / "scripted" / "mhk.json"))
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("stored ") and "rejected " in lines[0]
    assert all(" log.card at the header: " in line for line in lines[2:])  # the original set is not in mhk.json
    code, out = run(capsys, "import", str(sim_dir), "--db", store_url, "--workers", "2")
    stored, present = (int(x.split()[-1]) for x in out.splitlines()[0].split(",")[:2])
    assert code == 0 and stored + present == 24


def test_list_newest_first(capsys: pytest.CaptureFixture[str], store_url: str) -> None:
    run(capsys, "import", str(LOGS), "--db", store_url)
    code, out = run(capsys, "list", "--db", store_url, "--json")
    games = json.loads(out)
    assert code == 0 and [g["source_id"] for g in games] == ["sample-original-1", "sample-mhk-1", "table-seat0-unlisted"]
    g = games[1]
    report = check_log(read_log(LOGS / "mhk-points.json"), bundled_cards())
    assert report.valid and report.state is not None and report.applied == g["actions"]
    assert g["players"] == ["Aoi", "Ren"] and g["played_at"] == "2026-11-01T14:00:00Z"
    assert g["result"] == report.result and g["turns"] == report.state["turn"] and isinstance(g["id"], int)
    assert [s["player"] for s in g["seats"]] == g["players"] and g["unverified"] == len({u["index"] for u in report.unverified})
    code, out = run(capsys, "list", "--db", store_url)
    assert code == 0 and "sample-original-1" in out.splitlines()[0] and out.splitlines()[-1] == "3 game(s)"
    code, out = run(capsys, "list", "--db", store_url, "--json", "--player", "Aoi", "--to", "2026-11-01")
    assert [g["source_id"] for g in json.loads(out)] == ["sample-mhk-1"]


def test_simulate_into_the_store(capsys: pytest.CaptureFixture[str], store_url: str, tmp_path: Path) -> None:
    code, out = run(capsys, "simulate", "--games", "3", "--seed", "5", "--db", store_url, "--out", str(tmp_path))
    assert code == 0 and out.strip() == f"simulated 3 game(s) into {tmp_path}; stored 3, already present 0, rejected 0"
    code, out = run(capsys, "import", str(tmp_path), "--db", store_url)
    assert code == 0 and out.strip() == "stored 0, already present 3, rejected 0"


def test_default_store_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PMEMO_DATABASE_URL", raising=False)
    monkeypatch.delenv("PMEMO_HOME", raising=False)
    (tmp_path / "instance").mkdir()  # a folder with an instance folder is a project's (else: the per-user folder)
    assert database_url() == default_database_url() == f"sqlite:///{tmp_path / 'instance' / 'pmemo.sqlite3'}"
    code, _ = run(capsys, "import", str(LOGS / "mhk-points.json"))
    assert code == 0 and (tmp_path / "instance" / "pmemo.sqlite3").is_file()
    other = tmp_path / "other.sqlite3"
    monkeypatch.setenv("PMEMO_DATABASE_URL", f"sqlite:///{other}")
    assert database_url() == f"sqlite:///{other}" and database_url("sqlite:///x.db") == "sqlite:///x.db"
    code, out = run(capsys, "list", "--json")
    assert code == 0 and json.loads(out) == [] and other.is_file()
    assert normalize_url("postgresql://u@h:5432/d") == "postgresql+psycopg://u@h:5432/d"


def test_unreachable_store_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["list", "--db", "postgresql+psycopg://postgres@127.0.0.1:1/nowhere?connect_timeout=2"])
    assert exc.value.code == 2 and "cannot open the store" in capsys.readouterr().err
