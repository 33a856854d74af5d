"""Cards drawn at a real table that nobody named, in a complete-log game recorded with its deck orders unseen
(review 21c, finding 4): the draft's placeholder order holds cards nobody drew, so a position nobody named is never
shown, stored, counted or offered as a real card (pmemo_replay/games/unnamed.py, drafts/unnamed.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.games.unnamed import header_unnamed
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import make_app
from tests.drafts.conftest import open_draft as _draft

MAHOU = "mahou-shoujo-1"


def _doc(ruleset: str, seed: int, index: int) -> dict[str, Any]:
    return list(simulated_logs(bundled_for(ruleset), index + 1, seed, ruleset=ruleset))[index]


def _no_invented(shown: dict[str, Any], real: dict[str, Any]) -> int:
    """Every card a shown hand names is in the real hand (the rest null); the number of nulls."""
    nulls = 0
    for mine, theirs in zip(shown["players"], real["players"], strict=True):
        named = Counter(c for c in mine["hand"] if c is not None)
        assert not named - Counter(theirs["hand"]), (mine["hand"], theirs["hand"])
        assert len(mine["hand"]) == len(theirs["hand"])
        nulls += len(mine["hand"]) - sum(named.values())
        assert mine.get("not_named", 0) == len(mine["hand"]) - sum(named.values())
    return nulls


def _record_bare(client: FlaskClient, doc: dict[str, Any]) -> tuple[int, dict[str, str], list[dict[str, Any]]]:
    """The p11 probe: every shuffle sent without its order, only a redraw's draws named (and the draws it sends
    back); the real states after each action."""
    rs = get_ruleset(doc["game"].get("ruleset", MAHOU))
    real = Folder(doc["game"], bundled_for(rs.name))
    draft, auth = _draft(client, doc["game"])
    actions, states = doc["actions"], []
    for n, action in enumerate(actions):
        real.push(action)
        states.append(rs.to_json(real.state))
        sent = {k: v for k, v in action.items() if k != "order"} if action["type"] in rs.hidden_orders else action
        body: dict[str, Any] = {"action": sent, "expected": n}
        redraw_next = n + 1 < len(actions) and actions[n + 1]["type"] == "redraw"
        if action["type"] == "redraw" or (redraw_next and action["type"] in rs.hidden_orders):
            after, top = list(rs.pile(real.state, action["p"])), list(reversed(action["order"]))
            body["named"] = {"p": action["p"], "cards": top[len(after):][::-1]}
        r = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        assert r.status_code == 200, (n, sent, r.json)
        _no_invented(r.json["state"], states[-1])
    return draft, auth, states


def test_a_game_with_every_draw_unnamed_shows_stores_and_counts_no_invented_card(tmp_path: Path) -> None:
    """sim-mahou-7-00002 recorded as the p11 probe records it: neither the draft, nor the stored game at any step,
    nor the statistics hold a card nobody named."""
    doc = _doc(MAHOU, 7, 2)
    assert doc["game"]["id"] == "sim-mahou-7-00002"
    app = make_app(f"sqlite:///{tmp_path / 'd.sqlite3'}", PMEMO_WAREHOUSE=str(tmp_path / "wh"))
    client = app.test_client()
    try:
        draft, auth, states = _record_bare(client, doc)
        now = client.get(f"/api/drafts/{draft}", headers=auth).json
        assert _no_invented(now["state"], states[-1]) > 0  # the hands drawn and never played stay not named
        done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
        assert done.status_code == 201, done.json
        game = done.json["game_id"]
        unnamed = header_unnamed(client.get(f"/api/games/{game}").json["header"])
        assert set(unnamed) == {0, 1} and all(unnamed.values())
        for at in range(0, len(states) + 1, 7):
            shown = client.get(f"/api/games/{game}/state?view=judge&at={at}").json
            if at:
                _no_invented(shown["state"], states[at - 1])
        final = client.get(f"/api/games/{game}/state?view=judge").json
        assert _no_invented(final["state"], states[-1]) > 0
        seat = client.get(f"/api/games/{game}/state?view=0").json["state"]
        assert seat["players"][0].get("not_named", 0) > 0 and "not_named" not in seat["players"][1]
        stats = client.get(f"/api/stats/cards?ruleset={MAHOU}&envelope=1").json
        assert stats["covers"]["player_games"] == 2 and stats["covers"]["known_hands_player_games"] == 0
        assert all(r["gih_games"] == 0 and r["oh_games"] == 0 and r["unknown_seen_games"] == r["games"]
                   for r in stats["rows"])
    finally:
        app.extensions["pmemo_store"].close()


def test_a_card_not_named_is_offered_as_such_and_named_by_its_play(client: FlaskClient) -> None:
    """After a bare shuffle, no offer pairs the Hero with the placeholder's Magical Girl: the player plays "a card
    not named yet", named from the pool; the append names it, the other three stay not named until named."""
    doc = _doc(MAHOU, 7, 2)
    search, shuffle = doc["actions"][:2]
    p = search["p"]
    draft, auth = _draft(client, doc["game"])
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": search, "expected": 0}, headers=auth).status_code == 200
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "shuffle", "p": p}, "expected": 1}, headers=auth)
    assert r.status_code == 200
    hand = r.json["state"]["players"][p]["hand"]
    assert hand == [*search["cards"], None, None, None, None]
    assert "draws 4: " + ", ".join(["a card not named"] * 4) in " ".join(e["message"] for e in r.json["trail"])
    offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
    assert offers["unknown"][p] == 4 and offers["hand_play"] == p
    assert not [a for a in offers["actions"] if a["type"] == "place_active" and a["p"] == p]
    pool = offers["draws"][p]["pool"]
    girl = next(c for c in sorted(pool) if bundled_for(MAHOU).by_id[c].type == "magical_girl" and c != shuffle["order"][0])
    absent = next(c for c in bundled_for(MAHOU).by_id if c not in pool)
    refused = client.get(f"/api/drafts/{draft}/legal", query_string={"p": p, "card": absent}, headers=auth)
    assert refused.status_code == 422 and refused.json["ruling"]["rule"] == "identify.count"
    options = client.get(f"/api/drafts/{draft}/legal", query_string={"p": p, "card": girl}, headers=auth).json["options"]
    plays = [o["action"] for o in options]
    assert plays and all(a["type"] == "place_active" and a["girl"] == girl and a["hero"] in search["cards"] for a in plays)
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": plays[0], "expected": 2}, headers=auth)
    assert r.status_code == 200, r.json
    me = r.json["state"]["players"][p]
    assert me["active"]["girl"] == girl and me["hand"].count(None) == 3 and me["not_named"] == 3
    named = [c for c in sorted(pool) if c != girl][:3]
    r = client.post(f"/api/drafts/{draft}/name", json={"p": p, "cards": named, "expected": 3}, headers=auth)
    assert r.status_code == 200, r.json
    me = r.json["state"]["players"][p]
    assert None not in me["hand"] and Counter(named) <= Counter(me["hand"]) and "not_named" not in me
    assert client.get(f"/api/drafts/{draft}/legal", headers=auth).json["hand_play"] is None


@pytest.mark.parametrize("ruleset", [MAHOU, "clockwork-memorion-1"])
def test_orders_given_whole_are_known_and_bare_draws_are_not(client: FlaskClient, ruleset: str) -> None:
    """A shuffle sent with its order was seen whole: nothing is hidden (no cost for complete logs). The same
    actions with bare shuffles and nothing named: every drawn card still in a hand is null, none invented."""
    doc = _doc(ruleset, 3, 0)
    rs = get_ruleset(ruleset)
    actions = doc["actions"][:12]
    whole, auth = _draft(client, doc["game"])
    bare, auth2 = _draft(client, doc["game"])
    real = Folder(doc["game"], bundled_for(ruleset))
    for n, action in enumerate(actions):
        real.push(action)
        r = client.post(f"/api/drafts/{whole}/actions", json={"action": action, "expected": n}, headers=auth)
        assert r.status_code == 200, r.json
        assert r.json["state"] == rs.to_json(real.state) or r.json["state"]["players"] == rs.to_json(real.state)["players"]
        sent = {k: v for k, v in action.items() if k != "order"} if action["type"] in rs.hidden_orders else action
        r = client.post(f"/api/drafts/{bare}/actions", json={"action": sent, "expected": n}, headers=auth2)
        if r.status_code != 200:  # a later action needs what a bare order does not say (a redraw's draws)
            break
        _no_invented(r.json["state"], rs.to_json(real.state))
    assert _no_invented(client.get(f"/api/drafts/{bare}", headers=auth2).json["state"], rs.to_json(real.state)) > 0
