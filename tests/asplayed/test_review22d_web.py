"""Review r22d of issue 22, findings 3-4: a name a path cannot hold whole is linked through ``?name=``; a refused
upload or import that would stand as played says so (docs/as-played.md)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from pmemo_replay.cli import main
from tests.asplayed.test_store_as_played import AS_PLAYED, without_flag
from tests.web.data import jsonl, simulated

ROOT = Path(__file__).resolve().parents[2]
PLAIN = without_flag(AS_PLAYED)  # refused at action 4 (cost.amount), which stands as played
NDJSON = "application/x-ndjson"


# -- finding 3: names starting with "/" ----------------------------------------------------------------------------

def _links(page: str, kind: str) -> dict[str, str]:
    """Each ``kind`` link's text -> its href, on a page."""
    return {html.unescape(text): html.unescape(href)
            for href, text in re.findall(rf'class="{kind}[^"]*" href="([^"]+)">([^<]+)</a>', page)}


def test_a_player_named_with_a_leading_slash_has_a_page_of_its_own(app: Any, client: FlaskClient) -> None:
    docs = simulated(2, 22)
    docs[0]["game"]["players"][0]["name"] = "/Aoi"
    docs[0]["game"]["players"][0]["deck_name"] = "/ deck"
    docs[1]["game"]["players"][0]["name"] = "Aoi"
    docs[1]["game"]["players"][0]["deck_name"] = "deck"
    store = app.extensions["pmemo_store"]
    assert all(store.ingest_text(jsonl(d), f"sim{i}").status == "stored" for i, d in enumerate(docs))
    index = client.get("/").get_data(as_text=True)
    players, decks = _links(index, "player player-link"), _links(index, "deck-link")
    assert players["Aoi"] == "/players/Aoi"
    assert players["/Aoi"].startswith("/players/?name=")
    for name, href in ((n, players[n]) for n in ("/Aoi", "Aoi")):
        page = client.get(href)
        assert page.status_code == 200, (name, href)
        assert f'data-player="{name}"' in page.get_data(as_text=True)
    assert decks["/ deck"].startswith("/decks/?name=")
    page = client.get(decks["/ deck"])
    assert page.status_code == 200 and 'data-deck="/ deck"' in page.get_data(as_text=True)


@pytest.mark.parametrize("name", ["/Aoi", "a//b", "x/", "/", "a/./b", "..", "a/b", "Aoi"])
def test_every_link_to_a_player_page_reaches_that_name(app: Any, client: FlaskClient, name: str) -> None:
    """Built by the one converter, a link never names a path a server or browser would rewrite (a merged "//",
    a dot segment): it reaches the page of the name it was built for, with no redirect."""
    with app.test_request_context():
        from flask import url_for

        href = url_for("entities.player", name=name)
    path = href.split("?")[0]
    assert "%2F%2F" not in path and not path.endswith("%2F") and "/%2F" not in path, href
    r = client.get(href)
    assert r.status_code == 404 and repr(name) in html.unescape(r.get_data(as_text=True))  # no such player: its name


# -- finding 4: a refusal that would stand as played says so ------------------------------------------------------

def test_the_api_refusal_says_the_log_would_stand_as_played(client: FlaskClient) -> None:
    r = client.post("/api/games", data=PLAIN, content_type=NDJSON)
    body = r.get_json()
    assert r.status_code == 422 and body["ruling"]["index"] == 4 and body["stands_as_played"] is True
    assert "as_played=1" in body["hint"]
    assert client.post("/api/games?as_played=1", data=PLAIN, content_type=NDJSON).status_code == 201


def test_the_api_refusal_of_an_action_that_cannot_stand_says_it_would_not(client: FlaskClient) -> None:
    lines = PLAIN.splitlines()
    lines.insert(5, '{"type": "summon", "p": 0, "card": "MHK 01-018", "area": "main", "pay": []}')  # not in the hand
    r = client.post("/api/games", data="\n".join(lines) + "\n", content_type=NDJSON)
    body = r.get_json()
    assert r.status_code == 422 and body["stands_as_played"] is False and "hint" not in body
    r = client.post("/api/games?as_played=1", data="\n".join(lines) + "\n", content_type=NDJSON)
    assert r.status_code == 422 and r.get_json()["stands_as_played"] is False  # asked as played: nothing to hint


def test_the_openapi_document_describes_the_refusal(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    refusal = spec["paths"]["/api/games"]["post"]["responses"]["422"]["content"]["application/json"]["schema"]
    schema = spec["components"]["schemas"][refusal["$ref"].rsplit("/", 1)[1]]
    assert {"ruling", "stands_as_played"} <= set(schema["required"]) and "hint" in schema["properties"]


def test_import_names_the_as_played_option_for_a_log_that_would_stand(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    plain = tmp_path / "plain.jsonl"
    plain.write_text(PLAIN, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    assert main(["import", "--db", db, str(plain)]) == 1
    out = capsys.readouterr().out
    assert "cost.amount at action 4" in out and "action 4 would stand as played" in out and "--as-played" in out
    assert main(["import", "--db", db, "--as-played", str(plain)]) == 0
    capsys.readouterr()
    lines = PLAIN.splitlines()
    lines.insert(5, '{"type": "summon", "p": 0, "card": "MHK 01-018", "area": "main", "pay": []}')
    impossible = tmp_path / "impossible.jsonl"
    impossible.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["import", "--db", db, str(impossible)]) == 1
    assert "would stand as played" not in capsys.readouterr().out
