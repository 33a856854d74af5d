"""What must hold for any input: the fuzz tests and ``benchmarks/fuzz_long.py`` check these on hostile logs."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from flask.testing import FlaskClient

from engine.pm.cards import CardDB
from pmemo_replay.checking import check_text
from pmemo_replay.cli import main
from pmemo_replay.store import Store
from tests.store.data import table_counts

REPORT_KEYS = {"valid", "applied", "ruling", "state", "result", "unverified", "irregular", "refused_irregular"}
RULING_KEYS = {"index", "path", "rule", "ref", "message"}
UPLOAD_STATUSES = {200, 201, 400, 413, 422}


def check_function(data: bytes, cards: CardDB, at: int | None) -> None:
    """``check_text`` never raises: a report with exit 0/1/2 whose JSON prints as UTF-8."""
    report = check_text(data, cards, at=at)
    assert report.exit_code in (0, 1, 2)
    assert report.valid == (report.exit_code == 0) and (report.ruling is None) == report.valid
    body = report.to_json()
    assert set(body) == REPORT_KEYS
    json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
    if report.ruling is not None:
        assert report.ruling.keys() >= RULING_KEYS


def check_command(path: Path, data: bytes, as_json: bool, at: int | None) -> None:
    """``pmemo-replay check`` (in process) exits 0/1/2 without a traceback, and prints one JSON object with --json."""
    path.write_bytes(data)
    argv = ["check", str(path), *(["--json"] if as_json else []), *([] if at is None else ["--at", str(at)])]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 1, 2) and "Traceback" not in err.getvalue()
    out.getvalue().encode("utf-8")
    if as_json:
        assert json.loads(out.getvalue()).keys() >= REPORT_KEYS


def ingest(store: Store, data: bytes) -> None:
    """Ingest stores a whole game, finds it present, or rejects it with a ruling and stores nothing."""
    before = table_counts(store.engine)
    result = store.ingest_text(data, "fuzz")
    after = table_counts(store.engine)
    assert result.status in ("stored", "present", "rejected")
    if result.status == "rejected":
        assert result.ruling is not None and result.ruling["rule"] and result.ruling["message"]
        assert result.exit_code in (1, 2) and after == before
    elif result.status == "present":
        assert after == before and result.game_id is not None
    else:
        assert result.game_id is not None
        game = store.get_game(result.game_id)
        assert game is not None and len(store.actions(result.game_id)) == game.n_actions
        assert after["game"] == before["game"] + 1 and after["upload"] == before["upload"] + 1
        assert after["actions"] == before["actions"] + game.n_actions and after["game_snapshot"] > before["game_snapshot"]


def post(client: FlaskClient, path: str, data: bytes, how: str) -> tuple[int, object]:
    """POST ``data`` as a body of content type ``how``, or as the form file ``log`` (``how == "form"``)."""
    if how == "form":
        r = client.post(path, data={"log": (io.BytesIO(data), "log.json")}, content_type="multipart/form-data")
    else:
        r = client.post(path, data=data, content_type=how)
    return r.status_code, r.get_json(silent=True)


def upload(client: FlaskClient, data: bytes, how: str) -> None:
    """POST /api/games answers 200/201 with an id, or 400/413/422 with a ruling: never a 500."""
    status, body = post(client, "/api/games", data, how)
    assert status in UPLOAD_STATUSES, (status, body)
    assert isinstance(body, dict)
    if status in (400, 422):
        assert body["ruling"]["rule"] and body["ruling"]["message"]
    elif status in (200, 201):
        assert isinstance(body["id"], int)


def check_api(client: FlaskClient, data: bytes, how: str, at: object) -> None:
    """POST /api/check answers the check object (or 400/413 on its query or size): never a 500."""
    status, body = post(client, "/api/check" if at is None else f"/api/check?at={at}", data, how)
    assert status in (200, 400, 413), (status, body)
    assert isinstance(body, dict)
    if status == 200:
        assert body.keys() >= REPORT_KEYS
