"""r19: a number that does not fit a double (``1e400``, ``-1e400``: an infinity once decoded) is malformed input, a
``log.schema`` ruling naming its path at every entry point (check, judge step, uploads, drafts, import); it was a 500
on drafts, an ``engine.error`` on uploads and import, and stored as null where it got through. Integers beyond 64 bits
are kept: both stores give them back digit for digit (tests/store/test_exact_numbers.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main
from pmemo_replay.logio.errors import LogError
from pmemo_replay.logio.reader import parse_log
from tests.store.data import LOGS
from tests.web.conftest import make_app

SAMPLE = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))
BIG_INT = "12345678901234567890123"
OVERFLOWING = ["1e400", "-1e400", "1E+309", "-2.5e0400", "1" + "0" * 400 + ".5"]


def _document(number: str, *, in_action: bool = False, jsonl: bool = False) -> str:
    """The sample log with ``{"odd": {"a": <number>, "b": BIG_INT}}`` as its header's meta (or an action's field)."""
    doc = json.loads(json.dumps(SAMPLE))
    marker = '"@@"'
    if in_action:
        doc["actions"][1]["odd"] = {"a": "@@", "b": "##"}
    else:
        doc["game"]["meta"] = {"odd": {"a": "@@", "b": "##"}}
    parts = [{k: v for k, v in doc.items() if k != "actions"}, *doc["actions"]] if jsonl else [doc]
    return "\n".join(json.dumps(p) for p in parts).replace(marker, number).replace('"##"', BIG_INT)


def _path(in_action: bool) -> str:
    return "1.odd.a" if in_action else "game.meta.odd.a"


@pytest.mark.parametrize("number", OVERFLOWING)
@pytest.mark.parametrize(("in_action", "jsonl"), [(False, False), (True, False), (False, True), (True, True)])
def test_the_reader_refuses_a_number_beyond_a_double(number: str, in_action: bool, jsonl: bool) -> None:
    text = _document(number, in_action=in_action, jsonl=jsonl)
    for given in (text, text.encode("utf-8")):
        for fast in (True, False):
            with pytest.raises(LogError) as refused:
                parse_log(given, fast=fast)
            ruling = refused.value.ruling
            assert (ruling["rule"], ruling["path"]) == ("log.schema", _path(in_action)), ruling
            assert "too large for a double" in ruling["message"]


@pytest.mark.parametrize("number", ["1.5e308", "-1e308", "1e-400", "2e-0400", "5e-324"])
def test_numbers_a_double_holds_pass(number: str) -> None:
    log = parse_log(_document(number))
    assert log.header["meta"]["odd"]["a"] == float(number) and log.header["meta"]["odd"]["b"] == int(BIG_INT)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1" + "0" * 400 + ".5"])
def test_every_entry_point_gives_the_same_ruling(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  number: str) -> None:
    text = _document(number)
    app = make_app(tmp_path)
    client = app.test_client()
    try:
        for url in ("/api/drafts", "/api/judge/step?at=0", "/api/check", "/api/games"):
            r = client.post(url, data=text.encode("utf-8"), content_type="application/json")
            assert r.status_code in (200, 400, 422), (url, r.status_code, r.get_data(as_text=True))
            body = r.get_json()
            assert "too large for a double" in json.dumps(body) and "meta.odd.a" in json.dumps(body), (url, body)
            if "judge" not in url:  # the judge answers with the message alone
                assert "log.schema" in json.dumps(body) and "game.meta.odd.a" in json.dumps(body), (url, body)
        assert client.get("/api/games").get_json()["total"] == 0
        head = {k: v for k, v in SAMPLE.items() if k != "actions"}
        created = client.post("/api/drafts", data=json.dumps(head), content_type="application/json").get_json()
        action = json.dumps({**SAMPLE["actions"][0], "odd": "@@"}).replace('"@@"', number)
        r = client.post(f"/api/drafts/{created['id']}/actions", data=action, content_type="application/json",
                        headers={"Authorization": f"Bearer {created['token']}"})
        assert r.status_code == 400 and "too large for a double" in r.get_data(as_text=True), r.get_data(as_text=True)
    finally:
        app.extensions["pmemo_store"].close()
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path), "--json"]) != 0
    ruling = json.loads(capsys.readouterr().out)["ruling"]
    assert (ruling["rule"], ruling["path"]) == ("log.schema", "game.meta.odd.a")
    db = f"sqlite:///{tmp_path / 'import.sqlite3'}"
    assert main(["import", "--db", db, str(path)]) == 1
    out = capsys.readouterr()
    assert "log.schema" in out.out + out.err and "engine.error" not in out.out + out.err


def test_a_big_integer_is_kept_digit_for_digit_by_uploads_and_drafts(tmp_path: Path) -> None:
    text = _document("1.5e308")
    app = make_app(tmp_path)
    client = app.test_client()
    try:
        r = client.post("/api/games", data=text.encode("utf-8"), content_type="application/json")
        assert r.status_code == 201, r.get_data(as_text=True)
        game = client.get(f"/api/games/{r.get_json()['id']}").get_data(as_text=True)
        assert BIG_INT in game and "1.5e+308" in game, game
        head = json.loads(text)
        del head["actions"]
        r = client.post("/api/drafts", data=json.dumps(head).replace('"b": "##"', f'"b": {BIG_INT}').encode(),
                        content_type="application/json")
        assert r.status_code == 201, r.get_data(as_text=True)
    finally:
        app.extensions["pmemo_store"].close()
