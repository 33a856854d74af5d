"""Where the store goes when nothing is configured: the project's instance/ folder, else the per-user data folder
(and the command says which); never a stray instance/ in whatever folder the command ran in."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmemo_replay.cli import main


@pytest.fixture
def unconfigured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("PMEMO_DATABASE_URL", "PMEMO_HOME", "PMEMO_WAREHOUSE", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    work = tmp_path / "somewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def test_outside_a_project_the_store_is_per_user(unconfigured: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    err = capsys.readouterr().err
    user = tmp_path / "home" / ".local" / "share" / "pmemo-replay"
    assert str(user / "pmemo.sqlite3") in err and "per-user data folder" in err
    assert not (unconfigured / "instance").exists()
    assert (user / "pmemo.sqlite3").exists()


def test_in_a_project_the_store_is_its_instance_folder(unconfigured: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (unconfigured / "pyproject.toml").write_text('[project]\nname = "pmemo-replay"\n', encoding="utf-8")
    assert main(["list"]) == 0
    assert "per-user" not in capsys.readouterr().err
    assert (unconfigured / "instance" / "pmemo.sqlite3").exists()


def test_pmemo_home_chooses_the_folder(unconfigured: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PMEMO_HOME", str(tmp_path / "data"))
    assert main(["list"]) == 0
    assert capsys.readouterr().err == "" and (tmp_path / "data" / "pmemo.sqlite3").exists()
