"""The viewer's unverified marks come from the same list ``check --json`` gives (issue 12): a Precious Memories
scenario whose unscripted carrier cards are applied as recorded, and a Mahou Shoujo game with its unscripted
Event, stored and judged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from pmemo_replay.checking import check_text
from pmemo_replay.games.cards import load_library
from tests.web.conftest import make_app
from tests.web.data import SCENARIOS, as_text, mahou_games
from tests.web.test_pages import embedded, token

PM_SCENARIO = "event_main_self_ok_with_ops"  # two unscripted carrier cards' ops applied as logged


def scenario_log() -> tuple[bytes, Any]:
    path = SCENARIOS / f"{PM_SCENARIO}.json"
    cards = json.loads(path.read_text())["game"]["meta"]["cards"]
    return path.read_bytes(), load_library([SCENARIOS / c for c in cards])


def by_index(unverified: list[dict[str, Any]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in unverified:
        out.setdefault(str(u["index"]), []).append(u["why"])
    return out


@pytest.mark.parametrize("game", ["pm", "mahou"])
def test_marks_equal_the_checks_unverified_list(tmp_path: Path, game: str) -> None:
    if game == "pm":
        text, cards = scenario_log()
        app = make_app(tmp_path, PMEMO_CARDS=cards)
    else:
        text, cards = as_text(mahou_games(1, 3)[0]), None
        app = make_app(tmp_path)
    client: FlaskClient = app.test_client()
    expected = by_index(check_text(text, app.extensions["pmemo_store"].library).unverified)
    assert expected  # the log has unverified steps
    stored = client.post("/api/games", data=text, content_type="application/json")
    assert stored.status_code == 201, stored.get_json()
    gid = stored.get_json()["id"]
    assert embedded(client.get(f"/games/{gid}").get_data(as_text=True))["unverified"] == expected
    assert client.get(f"/api/games/{gid}").get_json()["unverified"] == len(expected)
    judged = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text.decode()})
    page = judged.get_data(as_text=True)
    assert embedded(page)["unverified"] == expected
    steps = len(expected)
    assert 'id="verdict-unverified"' in page and f"{steps} step{'' if steps == 1 else 's'} unverified" in page
    app.extensions["pmemo_store"].close()


def test_a_player_view_marks_the_steps_without_reasons(tmp_path: Path) -> None:
    """Reasons may name a card in a hand ("... in player 0's hand: usage cost -2"): a seat's page gets the steps."""
    path = SCENARIOS / "cost_op_reduces_to_zero_ok.json"
    text = path.read_bytes()
    cards = load_library([SCENARIOS / c for c in json.loads(text)["game"]["meta"]["cards"]])
    app = make_app(tmp_path, PMEMO_CARDS=cards)
    client = app.test_client()
    expected = by_index(check_text(text, cards).unverified)
    assert any("hand" in why for whys in expected.values() for why in whys)
    gid = client.post("/api/games", data=text, content_type="application/json").get_json()["id"]
    for view in ("0", "1", "public"):
        data = embedded(client.get(f"/games/{gid}?view={view}").get_data(as_text=True))
        assert data["unverified"] == {index: [] for index in expected}
    assert embedded(client.get(f"/games/{gid}").get_data(as_text=True))["unverified"] == expected
    app.extensions["pmemo_store"].close()
