"""Player views computed by the server: no response in a player's view carries a card hidden from that seat."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.fold import Folder
from engine.pm.redact import shown_state
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import is_card_id
from tests.web.conftest import make_app
from tests.web.data import jsonl


@pytest.fixture
def views_app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(tmp_path)
    yield app
    app.extensions["pmemo_store"].close()


def _ids(value: Any) -> set[str]:
    text = json.dumps(value, ensure_ascii=False)
    out = set()
    for part in text.split('"'):
        if is_card_id(part):
            out.add(part)
    return out


def hidden_ids(doc: dict[str, Any], seat: int) -> list[set[str]]:
    """For each step: ids that stand only where ``seat`` cannot see them (the other hand, the decks, face-down
    points) and that the seat has not seen anywhere so far (its own deck list, and every card that has stood in a
    place it sees: its hand, discards, Areas, removed cards, face-up points), all read off the complete log."""
    cards = bundled_cards()
    folder = Folder(doc["game"], cards, keep_trails=False)
    seen: set[str] = set(doc["game"]["players"][seat]["deck"])
    out = []
    for n in range(len(doc["actions"]) + 1):
        if n:
            folder.push(doc["actions"][n - 1])
        g = shown_state(folder, doc["actions"][n] if n < len(doc["actions"]) else None)
        secret: set[str] = set()
        for p, pl in enumerate(g.players):
            secret |= {c for c in pl.deck if c is not None}
            (seen if p == seat else secret).update(c for c in pl.hand if c is not None)
            seen |= set(pl.discard) | set(pl.removed) | {c for c, up in pl.points if up and c is not None}
            secret |= {c for c, up in pl.points if not up and c is not None}
            for chara in pl.area():
                seen |= set(chara.ids()) | {s.card for s in chara.supports}
        out.append(secret - seen)
    return out


def test_player_views_never_carry_a_hidden_card(views_app: Flask, sim_logs: list[dict[str, Any]]) -> None:
    client = views_app.test_client()
    store = views_app.extensions["pmemo_store"]
    checked = 0
    for doc in sim_logs[:3]:
        game_id = store.ingest_text(jsonl(doc), "sim").game_id
        for seat in (0, 1):
            hidden = hidden_ids(doc, seat)
            assert any(hidden), "a game with nothing hidden tests nothing"
            actions = client.get(f"/api/games/{game_id}/actions?view={seat}").get_json()["actions"]
            assert len(actions) == len(doc["actions"])
            assert not _ids(actions) & hidden[-1]
            for n in range(0, len(doc["actions"]) + 1, 3):
                r = client.get(f"/api/games/{game_id}/state?at={n}&view={seat}")
                assert r.status_code == 200
                body = r.get_json()
                assert body["at"] == n and body["state"]["applied"] == n
                leaked = _ids(body) & hidden[n]
                assert not leaked, f"game {game_id} seat {seat} step {n}: {leaked}"
                other = body["state"]["players"][1 - seat]
                assert all(c is None for c in other["hand"])
                checked += 1
    assert checked > 100


def test_views_match_the_judge_counts_and_the_seat_hand(views_app: Flask, sim_logs: list[dict[str, Any]]) -> None:
    client = views_app.test_client()
    doc = sim_logs[5]
    game_id = views_app.extensions["pmemo_store"].ingest_text(jsonl(doc), "sim").game_id
    for n in (0, 10, 57, len(doc["actions"])):
        judge = client.get(f"/api/games/{game_id}/state?at={n}").get_json()["state"]
        for seat in (0, 1):
            mine = client.get(f"/api/games/{game_id}/state?at={n}&view={seat}").get_json()["state"]
            for a, b in zip(judge["players"], mine["players"], strict=True):
                assert (a["deck_count"], len(a["hand"]), len(a["points"])) == (b["deck_count"], len(b["hand"]),
                                                                               len(b["points"]))
            assert mine["players"][seat]["hand"] == judge["players"][seat]["hand"]
            assert (mine["turn"], mine["phase"], mine["result"]) == (judge["turn"], judge["phase"], judge["result"])


def test_unknown_views_and_steps(views_app: Flask, sim_logs: list[dict[str, Any]]) -> None:
    client = views_app.test_client()
    game_id = views_app.extensions["pmemo_store"].ingest_text(jsonl(sim_logs[6]), "sim").game_id
    assert client.get(f"/api/games/{game_id}/state?view=2").status_code == 400
    assert client.get(f"/api/games/{game_id}/actions?view=judge2").status_code == 400
    assert client.get(f"/api/games/{game_id}/state?view=0&at=100000").status_code == 400
    assert client.get("/api/games/999/state?view=1").status_code == 404
    public = client.get(f"/api/games/{game_id}/state?view=public").get_json()["state"]
    assert all(c is None for p in public["players"] for c in p["hand"])
