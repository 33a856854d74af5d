"""Hostile review of issue 22 (r22): failing tests that demonstrate findings on main. They assert the behaviour the
issue and docs/as-played.md promise; each fails on main as of fe482e5."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import read_log
from tests.web.conftest import make_app

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
NDJSON = "application/x-ndjson"


def _client(tmp_path: Path) -> FlaskClient:
    return make_app(tmp_path).test_client()


def test_the_as_played_box_does_not_store_a_legal_game_a_second_time(tmp_path: Path) -> None:
    """README: identical logs are stored once. Ticking "played as logged" (or ?as_played=1) for a game already stored
    rewrites the header, so the content hash differs and the same legal game is stored (and counted) twice: the
    league organiser who re-uploads a week's folder with the box ticked doubles every legal game."""
    client = _client(tmp_path)
    text = (LOGS / "original-points.jsonl").read_text(encoding="utf-8")
    first = client.post("/api/games", data=text, content_type=NDJSON)
    assert first.status_code == 201
    again = client.post("/api/games?as_played=1", data=text, content_type=NDJSON)
    assert again.status_code == 200 and again.get_json()["id"] == first.get_json()["id"]
    games = client.get("/api/stats/games?ruleset=pm-2.22").get_json()
    assert games["games"] == 1


def test_card_page_numbers_an_automatic_effect_as_a_trigger_names_it(tmp_path: Path) -> None:
    """log-format.md: a trigger's ``effect`` is the 0-based index among the card's automatic effects; rulings say
    "automatic effect 0 of MHK 01-056". The card page's "how the engine reads its effects" numbers effects across all
    kinds ("auto effect 1"), so a reader writing a log from it names the wrong effect."""
    html = _client(tmp_path).get("/cards/MHK%2001-056").get_data(as_text=True)
    labels = re.findall(r"(\w+) effect (\d+)", re.sub(r"<[^>]+>", " ", html))
    assert ("auto", "0") in labels, labels


def test_logged_ops_that_stood_are_not_called_unscripted() -> None:
    """As played, a scripted effect whose logged ops differ (an extra draw) stands; the engine then tells the
    unverified list that the card "is not scripted", which is false (the same action's irregular ruling quotes the
    script)."""
    log = read_log(LOGS / "mhk-points.jsonl")
    actions = copy.deepcopy(log.actions)
    action = actions[347]
    assert action["type"] == "use_effect" and action["card"] == "MHK ST-023"
    action["ops"] = [{"op": "modify", "p": 1, "card": "MHK 01-077", "ap": 0, "dp": 20, "until": "turn_end"},
                     {"op": "draw", "p": 1, "n": 1}]
    res = fold({**log.header, "as_played": True}, actions, bundled_cards())
    assert [(r.index, r.rule) for r in res.irregular] == [(347, "effect.result")], res.ruling
    claims = [e.message for e in res.trails[347].entries if e.unverified]
    assert not any("is not scripted" in m for m in claims), json.dumps(claims, ensure_ascii=False)
