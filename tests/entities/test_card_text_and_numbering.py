"""A card's own text reaches its page when the server is given the card files (``serve``/``demo --cards``,
``PMEMO_CARDS``), and the page numbers effects as logs and rulings do (review of issue 22, findings 4 and 5).
The card files are read from ../shared at run time (never copied)."""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from pmemo_replay.cli import main
from pmemo_replay.games.cards import served_library
from pmemo_replay.web import create_app
from tests.serve.test_gunicorn import ADDRESS, ROOT, Served
from tests.web.conftest import make_app

MHK = ROOT.parent / "shared" / "data" / "precious-data" / "data" / "MHK"
CARD = "MHK 01-056"


def own_text(card: str = CARD) -> str:
    """The card file's ``text`` (read at run time)."""
    found = next(MHK.rglob(f"{card.replace(' ', '_')}.json"))
    return str(json.loads(found.read_text(encoding="utf-8"))["text"])


def shown_text(page: str) -> str | None:
    m = re.search(r'<blockquote class="card-text" id="card-text">(.*?)</blockquote>', page, re.S)
    return None if m is None else html_lib.unescape(m.group(1))


def effect_labels(page: str) -> list[tuple[str, str]]:
    return re.findall(r"(\w+) effect (\d+)", re.sub(r"<[^>]+>", " ", page))


def test_without_card_files_the_page_says_the_text_is_missing(tmp_path: Path) -> None:
    page = make_app(tmp_path).test_client().get("/cards/MHK%2001-056").get_data(as_text=True)
    assert 'id="card-text-missing"' in page and 'id="card-text"' not in page


def test_given_card_files_the_page_shows_the_cards_own_text(tmp_path: Path) -> None:
    client = make_app(tmp_path, PMEMO_CARDS=served_library([MHK])).test_client()
    page = client.get("/cards/MHK%2001-056").get_data(as_text=True)
    assert shown_text(page) == own_text()
    sla = client.get("/cards/SLA%2001-001")  # a bundled card the files do not hold still has its page
    assert sla.status_code == 200


def test_the_environment_names_the_card_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PMEMO_CARDS", f"{MHK}{os.pathsep}")
    app = create_app({"PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'e.sqlite3'}", "TESTING": True, "SECRET_KEY": "t"})
    assert shown_text(app.test_client().get("/cards/MHK%2001-056").get_data(as_text=True)) == own_text()


def test_bad_card_files_stop_serve_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--db", f"sqlite:///{tmp_path / 'b.sqlite3'}", "--cards", str(bad), "--port", "0"])
    assert stopped.value.code == 2
    assert "card data" in capsys.readouterr().err


def test_serve_cards_option_on_a_real_server(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    env.pop("PMEMO_CARDS", None)
    proc = subprocess.Popen([sys.executable, "-m", "pmemo_replay", "serve", "--db", f"sqlite:///{tmp_path / 's.sqlite3'}",
                             "--port", "0", "--workers", "1", "--threads", "2", "--cards", str(MHK)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    served = Served(proc)
    threading.Thread(target=served.read, daemon=True).start()
    try:
        served.wait_for(lambda lines: any(ADDRESS.search(line) for line in lines))
        served.wait_for(lambda _: served.count("Booting worker") >= 1)
        host, port = served.address
        with urllib.request.urlopen(f"http://{host}:{port}/cards/MHK%2001-056", timeout=60) as response:
            assert shown_text(response.read().decode("utf-8")) == own_text()
    finally:
        proc.kill()
        proc.wait(timeout=30)


def test_card_page_numbers_effects_as_logs_and_rulings_name_them(tmp_path: Path) -> None:
    """log-format.md: a trigger's ``effect`` is the 0-based index among the card's automatic effects, and rulings say
    "automatic effect 0 of MHK 01-056"; the page says the same (not "auto effect 1", counted across kinds)."""
    page = make_app(tmp_path).test_client().get("/cards/MHK%2001-056").get_data(as_text=True)
    labels = effect_labels(page)
    assert ("automatic", "0") in labels and ("automatic", "1") not in labels and ("auto", "1") not in labels, labels
    assert "trigger &#34;effect&#34;: 0" in page or 'trigger "effect": 0' in page


def test_demo_takes_the_cards_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'd.sqlite3'}"
    assert main(["demo", "--db", db, "--games", "0", "--no-serve", "--cards", str(MHK)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["demo", "--db", db, "--games", "0", "--no-serve", "--cards", str(bad)])
    assert stopped.value.code == 2 and "card data" in capsys.readouterr().err
