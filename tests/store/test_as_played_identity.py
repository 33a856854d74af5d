"""A regular game is one game with or without ``"as_played"`` (review of issue 22, finding 1): the web form's box,
``?as_played=1`` and ``import --as-played`` never store a legal game a second time; a legal game is stored byte for
byte as received; a game where an irregularity stood is stored with the flag in its header."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from pmemo_replay.cli import main
from pmemo_replay.logio import parse_log
from pmemo_replay.store import Store, content_hash
from pmemo_replay.store.models import GAME, UPLOAD
from tests.asplayed.test_store_as_played import AS_PLAYED, without_flag
from tests.web.conftest import make_app
from tests.web.test_pages import token

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
LEGAL = (LOGS / "original-points.jsonl").read_text(encoding="utf-8")
NDJSON = "application/x-ndjson"


def flagged(text: str) -> str:
    """``text`` (JSON Lines) with ``"as_played": true`` in its header."""
    lines = text.splitlines()
    head = json.loads(lines[0])
    head["game"]["as_played"] = True
    return "\n".join([json.dumps(head), *lines[1:]]) + "\n"


def stored_bytes(store: Store, game_id: int) -> bytes:
    with store.engine.connect() as conn:
        return bytes(conn.execute(sa.select(UPLOAD.c.data).join(GAME, GAME.c.upload_id == UPLOAD.c.id)
                                  .where(GAME.c.id == game_id)).scalar_one())


def test_the_as_played_box_does_not_store_a_legal_game_a_second_time(tmp_path: Path) -> None:
    client = make_app(tmp_path).test_client()
    first = client.post("/api/games", data=LEGAL, content_type=NDJSON)
    assert first.status_code == 201
    again = client.post("/api/games?as_played=1", data=LEGAL, content_type=NDJSON)
    assert again.status_code == 200 and again.get_json()["id"] == first.get_json()["id"]
    form = client.post("/", data={"csrf_token": token(client), "log": LEGAL, "as_played": "on"},
                       content_type="multipart/form-data")
    assert form.status_code == 303 and form.headers["Location"].endswith(f"/games/{first.get_json()['id']}")
    assert client.get("/api/stats/games?ruleset=pm-2.22").get_json()["games"] == 1


def test_a_legal_game_sent_with_the_box_first_is_stored_as_received(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    boxed = client.post("/api/games?as_played=1", data=LEGAL, content_type=NDJSON)
    assert boxed.status_code == 201
    game_id = boxed.get_json()["id"]
    assert "as_played" not in client.get(f"/api/games/{game_id}").get_json()["header"]
    assert stored_bytes(app.extensions["pmemo_store"], game_id) == LEGAL.encode("utf-8")
    plain = client.post("/api/games", data=LEGAL, content_type=NDJSON)
    assert plain.status_code == 200 and plain.get_json()["id"] == game_id


def test_a_regular_game_whose_header_says_as_played_is_the_same_game(tmp_path: Path) -> None:
    """A recorder's as-played draft that stayed regular, or a log written with the flag: one identity."""
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        with_flag = store.ingest_text(flagged(LEGAL), "flagged.jsonl")
        assert with_flag.status == "stored"
        assert store.ingest_text(LEGAL, "plain.jsonl").game_id == with_flag.game_id
        assert with_flag.content_hash == content_hash(parse_log(LEGAL.encode())) == content_hash(parse_log(flagged(LEGAL).encode()))
        assert stored_bytes(store, with_flag.game_id) == flagged(LEGAL).encode("utf-8")  # the first upload, byte for byte


def test_an_irregular_game_sent_with_the_box_is_a_new_game_marked_as_played(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    plain = without_flag(AS_PLAYED)
    assert client.post("/api/games", data=plain, content_type=NDJSON).status_code == 422
    boxed = client.post("/api/games?as_played=1", data=plain, content_type=NDJSON)
    assert boxed.status_code == 201
    game = client.get(f"/api/games/{boxed.get_json()['id']}").get_json()
    assert game["header"]["as_played"] is True and game["irregular"] == 2
    stored = parse_log(stored_bytes(app.extensions["pmemo_store"], game["id"]))
    assert stored.header["as_played"] is True and stored.actions == parse_log(plain.encode()).actions
    again = client.post("/api/games", data=AS_PLAYED, content_type=NDJSON)  # the same game, flagged by its writer
    assert again.status_code == 200 and again.get_json()["id"] == game["id"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_import_as_played(capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "irregular.jsonl").write_text(without_flag(AS_PLAYED), encoding="utf-8")
    (logs / "legal.jsonl").write_text(LEGAL, encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'i.sqlite3'}"
    assert main(["import", str(logs), "--db", url, "--jobs", jobs]) == 1
    assert capsys.readouterr().out.splitlines()[0] == "stored 1, already present 0, rejected 1"
    assert main(["import", str(logs), "--db", url, "--jobs", jobs, "--as-played"]) == 0
    assert capsys.readouterr().out.splitlines() == ["stored 1, already present 1, rejected 0"]
    with Store(url) as store:
        games = {g.to_json()["irregular"] for g in store.list_games(per_page=None).items}
        assert games == {0, 2}
