"""Review of issue 10: player views over HTTP (state, actions, the viewer page) for a complete log whose effect ops
hide cards: player 1's Event moves a card from their deck to their hand (no reveal) and puts player 0's top card
face down into player 0's Point Zone. Seat 0 and the public never saw the moved card; nobody saw the face-down one."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.kit import DB, Game, assert_legal
from tests.web.conftest import make_app
from tests.web.data import jsonl

MYSTERY = "TST 02-007"


def _log() -> tuple[dict, str, str]:
    g = Game([], [MYSTERY, "TST 01-020"])  # player 1's list: Mystery, Pam (the card searched later), fillers
    g.add("pass", 0)
    searched = "TST 01-020"
    g.order[1].remove(searched)
    g.order[1].insert(40, searched)  # deep in player 1's deck
    g.actions[1]["order"] = g.order[1]
    face_down = g.order[0][8]
    g.add("play_event", 1, card=MYSTERY, pay=[{"hand": g.order[1][1]}],
          ops=[{"op": "move", "p": 1, "card": searched, "from": "deck", "to": "hand"},
               {"op": "put_point", "p": 0, "n": 1, "face": "down", "cards": [face_down]}])
    assert_legal(g)
    return {"format": "pmemo-log", "version": 1, "game": g.header, "actions": g.actions}, searched, face_down


def test_http_views_of_hidden_moves(tmp_path: Path) -> None:
    doc, searched, _face_down = _log()
    app = make_app(tmp_path, PMEMO_CARDS=DB)
    store = app.extensions["pmemo_store"]
    try:
        client = app.test_client()
        game_id = store.ingest_text(jsonl(doc), "review").game_id
        n = len(doc["actions"])
        leaks = {}
        for view in ("0", "public"):
            for k, url in (("state", f"/api/games/{game_id}/state?at={n}&view={view}"),
                           ("actions", f"/api/games/{game_id}/actions?view={view}"),
                           ("page", f"/games/{game_id}?view={view}&step={n}")):
                r = client.get(url)
                assert r.status_code == 200, (url, r.status_code)
                if searched in r.get_data(as_text=True):
                    leaks[f"view {view} {k}"] = searched
        for view in ("0", "1", "public"):
            state = client.get(f"/api/games/{game_id}/state?at={n}&view={view}").get_json()["state"]
            pts = state["players"][0]["points"]
            if any(p["face"] == "down" and p["card"] is not None for p in pts):
                leaks[f"view {view} face-down point"] = pts
        assert not leaks, json.dumps(leaks, ensure_ascii=False)
    finally:
        store.close()
