"""GET /api/games/<id>/legal: what could have been done at a step of a stored game (every action offered is one
the fold accepts there); in a player view only that seat's own actions."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from tests.web.data import simulated


def test_legal_actions_are_accepted_where_offered(client: FlaskClient, app: Flask, game_ids: list[int]) -> None:
    doc = simulated(4, 5)[1]
    gid = game_ids[1]
    cards = bundled_cards()
    offered = 0
    for n in range(4, len(doc["actions"]), 17):
        body = client.get(f"/api/games/{gid}/legal?at={n}").get_json()
        assert body["at"] == n and body["view"] == "judge"
        for action in body["legal"][:6]:
            res = fold(doc["game"], [*doc["actions"][:n], action], cards, keep_trails=False)
            assert res.valid, (n, action, res.ruling)
            offered += 1
        mine = client.get(f"/api/games/{gid}/legal?at={n}&view=0").get_json()["legal"]
        assert all(a["p"] == 0 for a in mine)
        assert client.get(f"/api/games/{gid}/legal?at={n}&view=public").get_json()["legal"] == []
    assert offered > 10


def test_legal_errors(client: FlaskClient, game_ids: list[int]) -> None:
    assert client.get("/api/games/9999/legal").status_code == 404
    assert client.get(f"/api/games/{game_ids[0]}/legal?at=100000").status_code == 400
    assert client.get(f"/api/games/{game_ids[0]}/legal?view=x").status_code == 400
    assert client.get(f"/api/games/{game_ids[0]}/legal").get_json()["legal"] == []  # the game is over


def test_hover_facts_carry_the_text_only_when_the_card_data_has_one() -> None:
    from engine.pm.cards import Card
    from pmemo_replay.web.cardfacts import card_facts

    base = {"id": "TST 01-001", "name": "Aki", "series": "Test", "type": "chara", "color": "red", "cost": 2, "source": 2}
    assert card_facts(Card(**base, text="When this enters, draw 1."))["text"] == "When this enters, draw 1."
    assert "text" not in card_facts(Card(**base)) and "text" not in card_facts(Card(**base, text="-"))
