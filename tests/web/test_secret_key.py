"""The secret key: made once in the instance folder and shared by every process and restart; configuration wins."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from pmemo_replay.web import create_app
from tests.web.data import illegal
from tests.web.test_pages import token


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current directory (so the instance folder: ``PMEMO_HOME`` names it) is a fresh temporary folder; no key
    in the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PMEMO_HOME", str(tmp_path / "instance"))
    monkeypatch.delenv("PMEMO_SECRET_KEY", raising=False)
    return tmp_path


def _app(folder: Path, **config: Any) -> Flask:
    return create_app({"PMEMO_DATABASE_URL": f"sqlite:///{folder / 'k.sqlite3'}", "TESTING": True, **config})


def test_key_made_once_in_instance_folder_and_reused(workdir: Path) -> None:
    first = _app(workdir)
    key_file = workdir / "instance" / "secret_key"
    assert key_file.is_file()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert first.config["SECRET_KEY"] == key_file.read_text().strip() and len(first.config["SECRET_KEY"]) >= 32
    assert _app(workdir).config["SECRET_KEY"] == first.config["SECRET_KEY"]  # a restart or a second process
    assert [p.name for p in key_file.parent.iterdir() if p.name.startswith(".secret_key")] == []  # no temporary left


def test_csrf_token_from_one_process_is_accepted_by_another(workdir: Path) -> None:
    one, two = _app(workdir).test_client(), _app(workdir).test_client()
    form = {"csrf_token": token(one, "/judge"), "log": illegal().decode()}
    session = one.get_cookie("session")
    assert session is not None
    two.set_cookie("session", session.value)
    assert two.post("/judge", data=form).status_code == 200


def test_configured_key_wins_and_makes_no_file(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _app(workdir, SECRET_KEY="from-config").config["SECRET_KEY"] == "from-config"
    monkeypatch.setenv("PMEMO_SECRET_KEY", "from-env")
    assert _app(workdir).config["SECRET_KEY"] == "from-env"
    assert _app(workdir, SECRET_KEY="from-config").config["SECRET_KEY"] == "from-config"
    assert not (workdir / "instance" / "secret_key").exists()


def test_existing_key_file_is_used(workdir: Path) -> None:
    (workdir / "instance").mkdir()
    (workdir / "instance" / "secret_key").write_text("an operator's own key\n")
    assert _app(workdir).config["SECRET_KEY"] == "an operator's own key"


def test_unwritable_instance_folder_falls_back_to_a_process_key(workdir: Path, caplog: pytest.LogCaptureFixture) -> None:
    (workdir / "instance").write_text("a file where the folder should be")
    app = _app(workdir)
    assert len(app.config["SECRET_KEY"]) >= 32
    assert "PMEMO_SECRET_KEY" in caplog.text
