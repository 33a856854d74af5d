"""Issue 19, minor findings: a what-if branch counts against the write rate; a malformed ``PMEMO_*`` number or rate
stops the server at start with a message naming the variable and the accepted form, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmemo_replay.web import create_app
from pmemo_replay.web.settings import SettingError
from tests.drafts.conftest import FIXTURE
from tests.serve.test_gunicorn import ROOT
from tests.web.conftest import OPEN


def test_a_what_if_branch_counts_against_the_write_rate(tmp_path: Path) -> None:
    app = create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}", "TESTING": True, "SECRET_KEY": "t",
                      **OPEN, "PMEMO_WRITE_RATE": "3/minute", "PMEMO_DRAFT_RATE": "1000/minute"})
    log = FIXTURE.read_text(encoding="utf-8")
    client = app.test_client()
    answers = [client.post("/api/drafts/branch", json={"log": log, "at": 3}) for _ in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[-1].headers["Retry-After"] and "too many writes" in answers[-1].json["error"]
    app.extensions["pmemo_store"].close()


BAD = [
    ("PMEMO_WRITE_RATE", "sixty a minute", "a rate such as 60/minute"),
    ("PMEMO_DRAFT_RATE", "120/fortnight", "a rate such as 60/minute"),
    ("PMEMO_MAX_UPLOAD_BYTES", "5MB", "a whole number of bytes above 0"),
    ("PMEMO_PROXIES", "-1", "a whole number of proxies"),
    ("PMEMO_REQUEST_SECONDS", "ten", "a number of seconds above 0"),
    ("PMEMO_RESPONSE_SECONDS", "0", "a number of seconds above 0"),
]


@pytest.mark.parametrize(("name", "value", "form"), BAD)
def test_a_malformed_setting_names_the_variable_and_its_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            name: str, value: str, form: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingError, match=f"^{name} must be {form}.*not '{value}'"):
        create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite3'}", "TESTING": True, "SECRET_KEY": "t"})


def test_serve_stops_at_once_on_a_malformed_rate_without_a_traceback(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pmemo_replay", "serve", "--db", f"sqlite:///{tmp_path / 'g.sqlite3'}",
                           "--port", "0"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PMEMO_WRITE_RATE": "lots"})
    assert done.returncode == 2
    assert "PMEMO_WRITE_RATE must be a rate such as 60/minute" in done.stderr and "'lots'" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
