"""Issue 19, finding 8: a negative ``at`` is refused by name (a ValueError), never an engine.error ruling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.fold import BadStep, fold
from pmemo_replay.checking import check_log, check_text
from pmemo_replay.cli import main
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import parse_log
from tests.store.data import LOGS
from tests.web.conftest import make_app

TEXT = (LOGS / "mhk-points.json").read_text("utf-8")


@pytest.mark.parametrize("at", [-1, -100000])
def test_a_negative_at_is_refused_by_name(at: int) -> None:
    log = parse_log(TEXT)
    with pytest.raises(BadStep, match=r"^at must be 0 or more .*not -"):
        check_text(TEXT, None, at=at)
    with pytest.raises(ValueError, match="at must be"):
        check_log(log, None, at=at)
    with pytest.raises(BadStep):
        fold(log.header, log.actions, cards_for(None, "pm-2.22"), at=at)


def test_at_zero_and_beyond_the_end_still_fold() -> None:
    log = parse_log(TEXT)
    assert check_text(TEXT, None, at=0).applied == 0
    assert check_text(TEXT, None, at=10**9).applied == len(log.actions)


def test_the_cli_and_api_say_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.json"
    path.write_text(TEXT, encoding="utf-8")
    assert main(["check", str(path), "--json", "--at", "-100000"]) == 2
    out, err = capsys.readouterr()
    assert "--at must be 0 or more" in json.loads(out)["error"] and "Traceback" not in err
    app = make_app(tmp_path / "web")
    for route in ("/api/check", "/api/judge/step"):
        r = app.test_client().post(f"{route}?at=-100000", data=TEXT, content_type="application/json")
        assert r.status_code == 400 and r.json["error"].startswith("at: "), r.get_data(as_text=True)
    app.extensions["pmemo_store"].close()
