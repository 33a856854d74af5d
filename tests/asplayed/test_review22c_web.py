"""Review r22c of issue 22 over HTTP and the command line: checking and judging an ordinary log as played (finding 4),
one reading of yes/no parameters (6), links to player, card and deck pages that a browser cannot resolve away (7), a
Mahou card's facts in words (9), a player's statistics split by ruleset (10), ``list`` naming the irregularities
(12), hiding passes never hides a consequence and the action list files an action under the turn it was applied in
(3, 5: the viewer's data)."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.cli import main
from pmemo_replay.logio import PmemoLog, dump_jsonl, read_log
from tests.asplayed.test_store_as_played import AS_PLAYED, without_flag
from tests.web.data import jsonl, simulated
from tests.web.test_pages import token

ROOT = Path(__file__).resolve().parents[2]
PLAIN = without_flag(AS_PLAYED)  # short-payments.jsonl without its flag: refused at action 4 (cost.amount)
NDJSON = "application/x-ndjson"


def viewer_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found.group(1))


def skipped_trigger_log() -> str:
    """MHK_ST-024's legal log with the turn-end trigger at 16 left out, as played: the summon at 16 is turn 2's."""
    doc = json.loads((ROOT / "fixtures/cards/mhk-logs/MHK_ST-024.json").read_text(encoding="utf-8"))
    actions = copy.deepcopy(doc["legal"]["actions"])
    assert actions[16]["type"] == "trigger" and actions[17]["type"] == "summon"
    del actions[16]
    return dump_jsonl(PmemoLog({**doc["game"], "as_played": True}, actions))


# -- finding 4: check and judge an ordinary log as played ----------------------------------------------------------

def test_check_as_played_folds_an_ordinary_log_as_played(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plain = tmp_path / "plain.jsonl"
    plain.write_text(PLAIN, encoding="utf-8")
    assert main(["check", str(plain), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["ruling"]["index"] == 4
    assert main(["check", str(plain), "--json", "--as-played"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["ruling"] is None and [(r["index"], r["rule"]) for r in doc["irregular"]] == [(4, "cost.amount"),
                                                                                            (21, "cost.amount")]
    assert main(["check", str(ROOT / "fixtures/logs/original-points.jsonl"), "--as-played"]) == 0  # legal stays legal
    assert "log: legal" in capsys.readouterr().out


def test_api_check_as_played(client: FlaskClient) -> None:
    plain = client.post("/api/check", data=PLAIN, content_type=NDJSON).get_json()
    assert plain["ruling"]["index"] == 4 and plain["irregular"] == []
    played = client.post("/api/check?as_played=1", data=PLAIN, content_type=NDJSON).get_json()
    assert played["ruling"] is None and len(played["irregular"]) == 2 and played["applied"] == plain["applied"] + 255
    assert client.post("/api/check?as_played=0", data=PLAIN, content_type=NDJSON).get_json() == plain
    bad = client.post("/api/check?as_played=2", data=PLAIN, content_type=NDJSON)
    assert bad.status_code == 400 and "as_played" in bad.get_json()["error"]


def test_the_judge_form_has_a_played_as_logged_box(client: FlaskClient) -> None:
    form = client.get("/judge").get_data(as_text=True)
    assert 'id="judge-as-played"' in form and "Played as logged" in form
    intro = re.search(r'<p class="hint">Paste.*?</p>', form, re.S)
    assert intro and "as_played" in intro.group(0) and "every irregularity" in intro.group(0)
    plain = client.post("/judge", data={"csrf_token": token(client), "log": PLAIN})
    assert plain.status_code == 200 and "Illegal." in plain.get_data(as_text=True)
    assert 'id="could-stand"' in plain.get_data(as_text=True)  # the box is named where it would help
    ticked = client.post("/judge", data={"csrf_token": token(client), "log": PLAIN, "as_played": "1"})
    html = ticked.get_data(as_text=True)
    assert "Played as logged." in html and 'id="irregular-list"' in html and 'id="could-stand"' not in html
    key = re.search(r'id="judge-permalink" class="button" href="/judge/([0-9a-f]{64})"', html)
    assert key  # the permalink judges the log as ticked
    assert "Played as logged." in client.get(f"/judge/{key.group(1)}").get_data(as_text=True)


def test_the_upload_refusal_names_the_played_as_logged_box(client: FlaskClient) -> None:
    data = {"csrf_token": token(client), "log": (io.BytesIO(PLAIN.encode()), "game.jsonl")}
    refused = client.post("/", data=data, content_type="multipart/form-data")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and 'id="could-stand"' in html and "Played as logged" in html
    impossible = read_log(ROOT / "fixtures/logs/original-points.jsonl")
    actions = [*impossible.actions[:10], {"type": "summon", "p": 0, "card": "MHK 01-018", "area": "main", "pay": []}]
    data = {"csrf_token": token(client),
            "log": (io.BytesIO(dump_jsonl(PmemoLog(impossible.header, actions)).encode()), "zone.jsonl")}
    html = client.post("/", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert 'id="ruling-box"' in html and 'id="could-stand"' not in html  # a card not in the hand cannot stand


# -- finding 6: yes/no parameters read one way -------------------------------------------------------------------

@pytest.mark.parametrize("value", ["2", "maybe", "", "TRUE "])
def test_an_as_played_value_that_is_no_flag_is_a_400_naming_it(client: FlaskClient, value: str) -> None:
    r = client.post(f"/api/games?as_played={value}", data=PLAIN, content_type=NDJSON)
    assert r.status_code == 400 and "as_played" in r.get_json()["error"]
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize("value", ["2", "maybe"])
def test_regular_only_refuses_the_same_values(client: FlaskClient, value: str) -> None:
    r = client.get(f"/api/stats/games?regular_only={value}")
    assert r.status_code == 400 and "regular_only" in r.get_json()["error"]


@pytest.mark.parametrize("value", ["1", "true", "yes", "on"])
def test_every_spelling_of_yes_stores_as_played_and_filters_regular_only(client: FlaskClient, value: str) -> None:
    assert client.post(f"/api/games?as_played={value}", data=PLAIN, content_type=NDJSON).status_code == 201
    assert client.get(f"/api/stats/games?regular_only={value}&ruleset=pm-2.22").status_code == 200


def test_the_openapi_document_lists_the_flag_values_for_both(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    upload = next(p for p in spec["paths"]["/api/games"]["post"]["parameters"] if p["name"] == "as_played")
    check = next(p for p in spec["paths"]["/api/check"]["post"]["parameters"] if p["name"] == "as_played")
    stats = next(p for p in spec["paths"]["/api/stats/games"]["get"]["parameters"] if p["name"] == "regular_only")
    assert upload["schema"]["enum"] == check["schema"]["enum"] == stats["schema"]["enum"]
    assert set(upload["schema"]["enum"]) == {"1", "true", "yes", "on", "0", "false", "no", "off"}


# -- finding 7: links a browser cannot resolve away -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["..", ".", "a/../b"])
def test_a_dot_segment_player_name_links_to_its_own_page(app: Any, client: FlaskClient, name: str) -> None:
    doc = simulated(1, 5)[0]
    doc["game"]["players"][0]["name"] = name
    doc["game"]["players"][0]["deck_name"] = name
    assert app.extensions["pmemo_store"].ingest_text(jsonl(doc), "sim").status == "stored"
    index = client.get("/").get_data(as_text=True)
    links = re.findall(r'class="player player-link[^"]*" href="([^"]+)"', index)
    link = next(h for h in links if not h.endswith("/players/" + doc["game"]["players"][1]["name"]))
    href = link.replace("&amp;", "&")
    for segment in href.split("?")[0].split("/"):
        assert segment not in (".", "..") and segment.lower() not in ("%2e", "%2e%2e", ".%2e", "%2e.")
    page = client.get(href)
    assert page.status_code == 200 and f'data-player="{name}"' in page.get_data(as_text=True)
    deck = re.search(r'class="deck-link" href="([^"]+)"', index)
    assert deck and client.get(deck.group(1).replace("&amp;", "&")).status_code == 200


# -- finding 9: a Mahou card's facts in words -------------------------------------------------------------------

def test_the_mahou_card_page_narrates_its_effect(client: FlaskClient) -> None:
    html = client.get("/cards/KRM%20040?ruleset=mahou-shoujo-1").get_data(as_text=True)
    facts = re.search(r'<dl class="facts" id="card-facts">(.*?)</dl>', html, re.S)
    assert facts, html[:500]
    assert "{&#39;op&#39;" not in facts.group(1) and "{'op'" not in facts.group(1)
    assert "damage to the rival&#39;s Active fighter" in facts.group(1)


# -- finding 10: a player's statistics split by ruleset ------------------------------------------------------------

def test_the_player_page_keeps_rulesets_apart(app: Any, client: FlaskClient) -> None:
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import load_log
    from pmemo_replay.simulate import simulated_logs

    store = app.extensions["pmemo_store"]
    for doc in simulated(2, 5):
        doc["game"]["players"][0]["name"], doc["game"]["players"][1]["name"] = "Ren", "Emi"
        store.ingest_text(jsonl(doc), "pm")
    for text in simulated_logs(CardLibrary(), 2, 7, ruleset="mahou-shoujo-1"):
        doc = load_log(text).document()
        doc["game"]["players"][0]["name"], doc["game"]["players"][1]["name"] = "Ren", "Emi"
        store.ingest_text(jsonl(doc), "ms")
    html = client.get("/players/Ren").get_data(as_text=True)
    sections = re.findall(r'<section class="ruleset-section"[^>]*data-ruleset="([^"]+)"(.*?)</section>', html, re.S)
    assert sorted(r for r, _ in sections) == ["mahou-shoujo-1", "pm-2.22"]
    for ruleset, body in sections:
        assert re.search(r'href="/players/Emi">Emi</a>: 2 games', body), (ruleset, body)
        assert len(re.findall(r'<li><a href="/games/\d+">game \d+</a>', body)) == 2
    assert "4 games" not in html


# -- finding 12: ``list`` names the irregularities -------------------------------------------------------------------

def test_list_shows_the_irregular_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'list.sqlite3'}"
    played = tmp_path / "played.jsonl"
    played.write_text(AS_PLAYED, encoding="utf-8")
    assert main(["import", "--db", db, str(played), str(ROOT / "fixtures/logs/original-points.jsonl")]) == 0
    capsys.readouterr()
    assert main(["list", "--db", db, "--json"]) == 0
    counts = sorted(g["irregular"] for g in json.loads(capsys.readouterr().out))
    assert counts == [0, 2]
    assert main(["list", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum("as played: 2 irregular" in line for line in lines) == 1
    assert sum("irregular" in line for line in lines) == 1


# -- findings 3 and 5: the viewer's data ----------------------------------------------------------------------------

def test_the_viewer_data_files_an_action_under_the_turn_it_was_applied_in(client: FlaskClient) -> None:
    r = client.post("/api/games", data=skipped_trigger_log(), content_type=NDJSON)
    assert r.status_code == 201, r.get_json()
    data = viewer_data(client.get(f"/games/{r.get_json()['id']}?step=17").get_data(as_text=True))
    assert list(data["irregular"]) == ["16"]
    assert data["acted_in"] == {"16": 2}  # the summon is turn 2's, though its step still shows turn 1's end
    assert [2, 17] in data["turns"]


def test_the_viewer_data_names_the_actions_whose_rulings_only_move_the_game_on(client: FlaskClient) -> None:
    log = read_log(ROOT / "fixtures/logs/mhk-points.jsonl")
    r = client.post("/api/games", data=(ROOT / "fixtures/logs/mhk-points.jsonl").read_bytes(), content_type=NDJSON)
    data = viewer_data(client.get(f"/games/{r.get_json()['id']}").get_data(as_text=True))
    bare = set(data["bare"])
    trails = fold(log.header, log.actions, bundled_cards()).trails
    eliminating = [i for i, a in enumerate(log.actions)
                   if a["type"] == "pass" and any(e.rule == "elimination" for e in trails[i].entries)]
    handing = [i for i, a in enumerate(log.actions)
               if a["type"] == "pass" and {e.rule for e in trails[i].entries} == {"window"}]
    assert eliminating and handing
    assert not bare & set(eliminating)  # a pass that closed a window into an Elimination Judgement shows
    assert set(handing) <= bare
