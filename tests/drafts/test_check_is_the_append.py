"""``POST /api/drafts/<id>/check`` answers what the append would (review r21c, finding 6): it runs the append's own
path on a copy of the draft's fold, so a shuffle sent without its order, an action that names a drawn card nobody
named, or an illegal action get the same answer from both, for every ruleset."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

STEPS = 36


def _recorded(ruleset: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A simulated game as the table records it (Precious Memories: its judge table log)."""
    rs = get_ruleset(ruleset)
    cards = bundled_for(ruleset)
    doc = next(iter(simulated_logs(cards, 1, 5, ruleset=ruleset)))
    if rs.table_logs:
        red = rs.redact(doc["game"], doc["actions"], cards, "judge")
        return red.header, red.actions
    return doc["game"], doc["actions"]


def _bare(ruleset: str, action: dict[str, Any]) -> dict[str, Any] | None:
    """The action without its ``order`` when nobody at the table sees that order (None otherwise)."""
    if action.get("type") not in getattr(get_ruleset(ruleset), "hidden_orders", ()):
        return None
    return {k: v for k, v in action.items() if k != "order"}


def _same(check: Any, append: Any) -> None:
    """The check's answer is the append's: taken, or refused with the same ruling (or the same error status)."""
    if append.status_code == 200:
        assert check.status_code == 200 and check.json["legal"] is True, (check.json, append.json)
    elif append.status_code == 422:
        assert check.status_code == 200 and check.json == {"count": check.json["count"], "legal": False,
                                                           "ruling": append.json["ruling"]}
    else:
        assert check.status_code == append.status_code, (check.json, append.json)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_check_answers_as_the_append_does(client: FlaskClient, ruleset: str) -> None:
    header, actions = _recorded(ruleset)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    tried = taken = 0
    for n, action in enumerate(actions[:STEPS]):
        # an action out of turn first (most often refused; when taken, taken back)
        for other in (actions[n + 2], {**action, "p": 1 - action["p"]} if type(action.get("p")) is int else None,
                      _bare(ruleset, action)):
            if other is None or other == action:
                continue
            body = {"action": other, "expected": n, "as_played": False}
            check = client.post(f"/api/drafts/{draft}/check", json=body, headers=auth)
            append = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
            _same(check, append)
            tried += 1
            if append.status_code == 200:
                assert client.post(f"/api/drafts/{draft}/undo", json={"expected": n + 1}, headers=auth).status_code == 200
        body = {"action": action, "expected": n, "as_played": False}
        check = client.post(f"/api/drafts/{draft}/check", json=body, headers=auth)
        append = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        _same(check, append)
        assert append.status_code == 200, (n, action, append.json)
        taken += 1
    assert tried > STEPS and taken == STEPS


@pytest.mark.parametrize("ruleset", sorted(name for name in RULESETS if getattr(get_ruleset(name), "hidden_orders", ())))
def test_after_a_shuffle_without_its_order_check_answers_as_the_append_does(client: FlaskClient, ruleset: str) -> None:
    """The reviewer's case: a bare shuffle (check said 'order' missing) and then an action naming a card drawn from
    it (check said refused, the append takes it, naming the drawn card)."""
    header, actions = _recorded(ruleset)
    r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    first = next(n for n, a in enumerate(actions) if _bare(ruleset, a) is not None)
    for n, action in enumerate(actions[:first + 3]):
        sent = _bare(ruleset, action) if n == first else action
        body = {"action": sent, "expected": n}
        check = client.post(f"/api/drafts/{draft}/check", json=body, headers=auth)
        append = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        _same(check, append)
        if append.status_code != 200:
            break
    assert n > first
