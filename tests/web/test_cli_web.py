"""``pmemo-replay serve`` and ``pmemo-replay demo``: options, filling the store, serving (real processes)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pmemo_replay.cli import build_parser, main
from pmemo_replay.cli.demo import fill_store, tasks
from pmemo_replay.store import Store

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"serving on (http://\S+/)")


def test_commands_registered() -> None:
    parser = build_parser()
    serve = parser.parse_args(["serve"])
    assert (serve.host, serve.port, serve.db, serve.workers, serve.threads, serve.dev, serve.open) == (
        "127.0.0.1", 5000, None, None, 4, False, False)
    serve = parser.parse_args(["serve", "--workers", "3", "--threads", "8", "--dev", "--open"])
    assert (serve.workers, serve.threads, serve.dev, serve.open) == (3, 8, True, True)
    demo = parser.parse_args(["demo", "--games", "12", "--port", "8001", "--host", "0.0.0.0"])
    assert (demo.games, demo.port, demo.host) == (12, 8001, "0.0.0.0")
    assert parser.parse_args(["demo"]).games == 300
    for command in ("serve", "demo"):
        with pytest.raises(SystemExit) as exc:
            main([command, "--help"])
        assert exc.value.code == 0


def test_demo_tasks_cover_every_game() -> None:
    chunks = tasks(300, 0)
    assert sum(n for _, n in chunks) == 300 and len({s for s, _ in chunks}) == len(chunks)


def test_fill_store_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'instance' / 'demo.sqlite3'}"
    assert fill_store(url, 4, 7) == 0
    assert "stored 4, already present 0, rejected 0" in capsys.readouterr().out
    assert fill_store(url, 4, 7) == 0
    assert "already holds 4 game(s): no simulation" in capsys.readouterr().out
    with Store(url) as store:
        assert store.count("game") == 4
        ids = {g.source_id for g in store.list_games(per_page=None).items}
    assert len(ids) == 4


def test_demo_rejects_negative_games() -> None:
    assert main(["demo", "--games", "-1", "--no-serve"]) == 2


def test_serve_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pmemo_replay.cli.serve import build_app, serve_app

    monkeypatch.chdir(tmp_path)  # its instance folder (secret key) is the test's

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serve_app(build_app(f"sqlite:///{tmp_path / 's.sqlite3'}"), "127.0.0.1", port) == 2
    assert "cannot listen" in capsys.readouterr().err


def test_serve_bad_store_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--db", "nosuchdriver://x/y"])
    assert exc.value.code == 2
    assert "cannot open the store" in capsys.readouterr().err


@contextmanager
def running(*args: str, cwd: Path, timeout: float = 120) -> Iterator[str]:
    """Run ``python -m pmemo_replay ARGS`` until it prints its address; yield the address, then stop it."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    env.pop("PMEMO_OPEN_UPLOADS", None)  # served as an operator would: closed unless --open
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + timeout
        lines = []
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            m = ADDRESS.search(line)
            if m:
                yield m.group(1)
                return
        pytest.fail("the server did not start:\n" + "".join(lines))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()


def get_json(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def post_status(url: str, data: bytes) -> int:
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as err:
        return err.code


@pytest.mark.parametrize("dev", [False, True])
def test_serve_command_serves(tmp_path: Path, dev: bool) -> None:
    """gunicorn by default, Werkzeug's server with --dev; uploads need a token unless --open."""
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    with running("serve", "--db", url, "--port", "0", *(["--dev"] if dev else []), cwd=tmp_path) as address:
        assert get_json(address + "api/games")["total"] == 0
        with urllib.request.urlopen(address, timeout=10) as r:
            page = r.read()
            assert r.status == 200 and b"Upload a log" in page and b'name="api_token"' in page
        assert post_status(address + "api/games", b"{}") == 401


def test_serve_open_takes_uploads_without_token(tmp_path: Path) -> None:
    from tests.web.data import as_json, simulated

    url = f"sqlite:///{tmp_path / 'open.sqlite3'}"
    with running("serve", "--db", url, "--port", "0", "--open", "--workers", "2", cwd=tmp_path) as address:
        assert post_status(address + "api/games", as_json(simulated(1, 3)[0])) == 201
        assert get_json(address + "api/games")["total"] == 1


def test_demo_command_on_a_fresh_folder(tmp_path: Path) -> None:
    """No --db, in a project folder (it has instance/): the store is created in ./instance, filled, and served."""
    (tmp_path / "instance").mkdir()
    demo = ("demo", "--games", "5", "--other-games", "2", "--port", "0")
    with running(*demo, cwd=tmp_path) as address:
        listed = get_json(address + "api/games?per_page=100")
        assert listed["total"] == 5  # --games counts every game: 2 of every other game (Mahou Shoujo, Clockwork), the rest PM
        assert sorted(g["ruleset"] for g in listed["items"]) == ["clockwork-memorion-1"] * 2 + ["mahou-shoujo-1"] * 2 + ["pm-2.22"]
        assert post_status(address + "api/games", b"{}") == 400  # open uploads: judged, not refused for a token
    assert (tmp_path / "instance" / "pmemo.sqlite3").is_file()
    with running(*demo, cwd=tmp_path) as address:  # kept, not simulated again
        assert get_json(address + "api/games")["total"] == 5
