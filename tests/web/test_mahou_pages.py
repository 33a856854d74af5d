"""Pages for a second game: the viewer names the ruleset's board module and embeds its card facts and unverified
steps, the judge page and its step API rule on Mahou Shoujo logs, and the games list gives each game's game
name and verified share."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.web.pages import board_assets
from tests.web.data import MAHOU, UNSCRIPTED_EVENT, as_text, jsonl, mahou_games, simulated
from tests.web.test_pages import embedded, token


def stored(app: Flask, doc: dict[str, Any], text: bytes) -> int:
    result = app.extensions["pmemo_store"].ingest_text(text, doc["game"]["id"])
    assert result.status == "stored", result.ruling
    return int(result.game_id)


def test_the_game_page_loads_the_rulesets_board_module(client: FlaskClient, app: Flask) -> None:
    doc = mahou_games(1, 3)[0]
    gid = stored(app, doc, as_text(doc))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-board="/static/js/boards/mahou-shoujo-1\.js\?v=[0-9a-f]+"', page)
    assert 'data-ruleset="mahou-shoujo-1"' in page and "css/boards/mahou-shoujo-1.css" in page
    data = embedded(page)
    db = bundled_for(MAHOU)
    played = {a["card"] for a in doc["actions"] if "card" in a}
    assert played <= set(data["cards"])  # facts for every card the log names
    hero = next(c for c in played if db.get(c).type == "hero")
    assert data["cards"][hero] == {"id": hero, "name": db.get(hero).name, "type": "hero", "hp": db.get(hero).hp,
                                   "atk": db.get(hero).atk, "mgk": 0, "cost": 0, "conditions": {},
                                   **({"text": db.get(hero).text} if db.get(hero).text else {})}
    index = next(i for i, a in enumerate(doc["actions"]) if a.get("card") == UNSCRIPTED_EVENT)
    assert list(data["unverified"]) == [str(index)] and UNSCRIPTED_EVENT in data["unverified"][str(index)][0]
    assert [t for t, _ in data["turns"]][:3] == [1, 2, 3]


def test_precious_memories_keeps_its_board(client: FlaskClient, app: Flask) -> None:
    doc = simulated(1, 5)[0]
    gid = stored(app, doc, jsonl(doc))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "/static/js/boards/pm-2.22.js" in page and "css/boards/" not in page
    assert embedded(page)["unverified"] == {}


def test_a_game_without_a_board_module_gets_the_generic_one(app: Flask) -> None:
    with app.test_request_context():
        for name in ("chess-1", "../css/app", "PM-2.22", ""):
            assets = board_assets(name)
            assert (assets["js"].startswith("/static/js/boards/") and "boards/generic.js" in assets["js"]) or name == ""
            assert assets["css"] is None
        assert "boards/pm-2.22.js" in board_assets(None)["js"]  # a log without a ruleset is Precious Memories


def test_judge_page_rules_on_a_mahou_log(client: FlaskClient) -> None:
    doc = copy.deepcopy(mahou_games(1, 4)[0])
    turn = [i for i, a in enumerate(doc["actions"]) if a["type"] == "end_turn"][1]
    p = doc["actions"][turn]["p"]
    doc["actions"][turn:turn] = [{"type": "draw", "p": p}] * 3
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": as_text(doc).decode()})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Illegal." in text and "action.count" in text and "Mahou Shoujo SR Start 4" in text
    assert "Mahou Shoujo (mahou-shoujo-1)" not in text  # the form's list of games is on the empty form only
    data = embedded(text)
    ruling = data["ruling"]
    assert data["mode"] == "judge" and data["total"] == ruling["index"] and ruling["rule"] == "action.count"
    assert 'data-ruleset="mahou-shoujo-1"' in text
    at = ruling["index"]
    step = client.post(f"/api/judge/step?at={at}", data=as_text(doc), content_type="application/json").get_json()
    expected = fold(doc["game"], doc["actions"], bundled_for(MAHOU), at=at)
    assert step["state"] == expected.state_json()
    assert {"type": "end_turn", "p": p} in step["legal"]
    assert "Mahou Shoujo (mahou-shoujo-1)" in client.get("/judge").get_data(as_text=True)


def test_judge_replays_a_mahou_log_up_to_a_malformed_action(client: FlaskClient) -> None:
    doc = copy.deepcopy(mahou_games(1, 4)[0])
    doc["actions"][20] = {"type": "place_hero", "p": 0, "card": "KRM 001", "to": "squad:3"}
    text = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": as_text(doc).decode()})
    data = embedded(text.get_data(as_text=True))
    assert data["ruling"]["rule"] == "log.schema" and data["total"] == 20 and len(data["actions"]) == 21
    ok = client.post("/api/judge/step?at=20", data=as_text(doc), content_type="application/json")
    assert ok.status_code == 200 and ok.get_json()["state"]["applied"] == 20
    past = client.post("/api/judge/step?at=21", data=as_text(doc), content_type="application/json")
    assert past.status_code == 400 and "squad:3" in past.get_json()["error"]


def test_judge_refuses_an_unknown_ruleset_clearly(client: FlaskClient) -> None:
    doc = json.loads(as_text(simulated(1, 5)[0]))
    doc["game"]["ruleset"] = "chess-1"
    r = client.post("/api/judge/step?at=0", data=json.dumps(doc), content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"]
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": json.dumps(doc)})
    assert page.status_code == 200 and "chess-1" in page.get_data(as_text=True) and "log.schema" in page.get_data(as_text=True)


def test_games_list_gives_game_and_verified_share(client: FlaskClient, app: Flask) -> None:
    doc = mahou_games(1, 3)[0]
    mahou = stored(app, doc, as_text(doc))
    pm_doc = simulated(1, 5)[0]
    pm = stored(app, pm_doc, jsonl(pm_doc))
    page = client.get("/").get_data(as_text=True)
    rows = {int(m.group(1)): m.group(0) for m in re.finditer(r'<tr>\s*<td><a href="/games/(\d+)">.*?</tr>', page, re.S)}
    assert "Mahou Shoujo" in rows[mahou] and "Precious Memories" in rows[pm]
    actions = len(doc["actions"])
    assert 'data-unverified="1"' in rows[mahou] and f"{100 * (actions - 1) / actions:.1f}%" in rows[mahou]
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["items"]}
    pm_unverified = listed[pm]["unverified"]
    assert ('data-unverified="0"' in rows[pm] and ">100%<" in rows[pm]) if pm_unverified == 0 else \
        f'data-unverified="{pm_unverified}"' in rows[pm]


def test_games_list_filters_by_game(client: FlaskClient, app: Flask) -> None:
    doc = mahou_games(1, 3)[0]
    mahou = stored(app, doc, as_text(doc))
    pm_doc = simulated(1, 5)[0]
    pm = stored(app, pm_doc, jsonl(pm_doc))
    for ruleset, shown, hidden in ((MAHOU, mahou, pm), ("pm-2.22", pm, mahou)):
        page = client.get(f"/?ruleset={ruleset}").get_data(as_text=True)
        assert f'href="/games/{shown}"' in page and f'href="/games/{hidden}"' not in page
        assert f'<option value="{ruleset}" selected>' in page
        assert "1 game matches" in page
    assert "2 games" in client.get("/").get_data(as_text=True)
