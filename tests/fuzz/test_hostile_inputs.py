"""The crashes of issue 13, each answered now: by a ruling, a 400/422, or exit 2, never a traceback or a 500."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pmemo_replay.cli import main
from pmemo_replay.logio import dump_jsonl, load_log
from tests.store.data import LOGS, ROOT, simulated
from tests.web.conftest import make_app

SAMPLE = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))


def sample(**header: Any) -> bytes:
    return json.dumps({**SAMPLE, "game": {**SAMPLE["game"], **header}}).encode("utf-8")


HOSTILE = {  # a log, and the path of the field its log.schema ruling names
    "round 2^63": (sample(round=2**63), "game.round"),
    "round 2^31": (sample(round=2**31), "game.round"),
    "surrogate in a name": (json.dumps({**SAMPLE, "game": {**SAMPLE["game"], "players": [
        {**SAMPLE["game"]["players"][0], "name": "\udfff"}, SAMPLE["game"]["players"][1]]}}).encode(), "game.players.0.name"),
    "surrogate in a note": (json.dumps({**SAMPLE, "actions": [*SAMPLE["actions"], {"type": "note", "text": "x\ud800"}]}).encode(),
                            f"{len(SAMPLE['actions'])}.text"),
    "NUL in a note": (json.dumps({**SAMPLE, "actions": [{"type": "note", "text": "\x00"}, *SAMPLE["actions"]]}).encode(), "0.text"),
    "played_at year 1 with an offset": (sample(played_at="0001-01-01T00:00:00+05:00"), "game.played_at"),
    "huge draw": (json.dumps({**SAMPLE, "actions": [*SAMPLE["actions"][:4], {"type": "backup", "p": 0, "card": "MHK ST-001",
                                                                           "ops": [{"op": "draw", "p": 0, "n": 10**9}]}]}).encode(),
                  "4.ops.0.n"),
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(Path(tmp_path_factory.mktemp("web")))
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def check_json(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    code = main(["check", str(path), "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("case", list(HOSTILE))
def test_refused_as_log_schema_everywhere(case: str, tmp_path: Path, client: FlaskClient, app: Flask,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    data, path = HOSTILE[case]
    (tmp_path / "log.json").write_bytes(data)
    code, body = check_json(capsys, tmp_path / "log.json")
    assert code == 2 and body["ruling"]["rule"] == "log.schema" and body["ruling"]["path"] == path
    assert main(["check", str(tmp_path / "log.json")]) == 2 and path in capsys.readouterr().out
    result = app.extensions["pmemo_store"].ingest_text(data, "hostile")
    assert result.status == "rejected" and result.ruling == body["ruling"]
    upload = client.post("/api/games", data=data, content_type="application/json")
    assert upload.status_code == 400 and upload.get_json()["ruling"] == body["ruling"]
    checked = client.post("/api/check", data=data)
    assert checked.status_code == 200 and checked.get_json()["ruling"] == body["ruling"]


@pytest.mark.parametrize("text", ["", "\n", "{}", "[]", "null", "0", '""', '{"format":"pmemo-log"}',
                                  '{"format":"pmemo-log","version":1,"game":{"players":[{},{}]}}',
                                  '{"format":"pmemo-log","version":1,"game":{"first":0,"players":[{"name":"a"},{"name":"b"}]},"actions":[]}',
                                  '{"format":"pmemo-log","version":1,"game":{"first":0,"players":[{"name":"a","deck":[]},'
                                  '{"name":"b","deck":[]}]},"actions":[{"type":"keep","p":0}]}'])
def test_empty_shapes(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "log.json").write_text(text, "utf-8")
    code, body = check_json(capsys, tmp_path / "log.json")
    assert code in (0, 1, 2) and body.keys() >= {"valid", "applied", "ruling", "state", "result"}
    assert main(["check", str(tmp_path / "log.json")]) == code


def test_at_below_zero_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(LOGS / "mhk-points.json"), "--json", "--at", "-1"])
    out = capsys.readouterr()
    assert code == 2 and json.loads(out.out)["error"] == "--at must be 0 or more, not -1" and "--at" in out.err


def test_upload_and_check_agree_on_dates(client: FlaskClient, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for when, status in (("0001-01-01T05:00:00+05:00", 201), ("0001-01-01T04:59:59+05:00", 400)):
        doc = load_log(json.loads(simulated(1, 61)[0].decode().splitlines()[0]) | {"actions": []}).document()
        doc["game"]["played_at"] = when
        data = dump_jsonl(load_log(doc)).encode() if status == 201 else json.dumps(doc).encode()
        (tmp_path / "log.json").write_bytes(data)
        code, _ = check_json(capsys, tmp_path / "log.json")
        assert client.post("/api/games", data=data, content_type="application/json").status_code == status
        assert code == (0 if status == 201 else 2)


@pytest.mark.parametrize("command", [["check", str(LOGS / "mhk-points.json")], ["list", "--db", "DB"]])
def test_a_closed_pipe_is_no_traceback(command: list[str], tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    assert main(["import", str(LOGS), "--db", db, "--workers", "0"]) == 0
    argv = [a.replace("DB", db) for a in command]
    script = f"import sys; from pmemo_replay.cli import main; sys.exit(main({argv!r}))"
    reader = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # gone before the command writes (it is still importing), as `| head` may be
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 141 and "Traceback" not in err and "BrokenPipe" not in err


def test_pages_show_a_surrogate_as_text(tmp_path: Path) -> None:
    """The upload form and the judge point at the action holding it: shown escaped, not a 500."""
    client = make_app(tmp_path, WTF_CSRF_ENABLED=False).test_client()
    data = HOSTILE["surrogate in a note"][0].decode()
    for page, status in (("/", 400), ("/judge", 200)):
        r = client.post(page, data={"log": data})
        assert r.status_code == status and "x\\ud800" in r.get_data(as_text=True)
