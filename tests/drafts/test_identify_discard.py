"""Recording from one seat a card that went face up to the discard from under the rival's Chara (issue 21, synthetic
cards of tests/tablelogs/test_redaction_under.py): the recorder's offers count each discard's cards nobody named
(``discard_unknown``), and appending the ``identify`` of the discard names the card there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.drafts.conftest import append_actions, make_app, open_draft
from tests.tablelogs.test_redaction_under import DB, SECRET, _index, _seat1


@pytest.fixture
def client(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlaskClient]:
    """The drafts API folding with the synthetic cards."""
    app = make_app(sqlite_url)
    store = app.extensions["pmemo_store"]
    monkeypatch.setattr(store.library, "for_ruleset", lambda name: DB)
    yield app.test_client()
    store.close()


def _discard_unknown(client: FlaskClient, draft: int, auth: dict[str, str]) -> list[int]:
    r = client.get(f"/api/drafts/{draft}/legal", headers=auth)
    assert r.status_code == 200, r.json
    return r.json["discard_unknown"]  # type: ignore[no-any-return]


def test_the_recorder_is_offered_to_name_a_card_face_up_in_the_discard(client: FlaskClient) -> None:
    header, actions = _seat1()  # seat 1's table log: the card under player 0's Hider is unknown to it
    named = _index(actions, lambda a: a["type"] == "identify" and a["zone"] == "discard")
    left = _index(actions, lambda a: a["type"] == "play_event")  # the rival's Chara leaves: its card goes face up
    assert named == left + 1
    draft, auth = open_draft(client, header)
    append_actions(client, draft, auth, actions[:left])
    assert _discard_unknown(client, draft, auth) == [0, 0]  # still under the Chara: nothing to name yet
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[left], "expected": left}, headers=auth)
    assert r.status_code == 200, r.json
    assert r.json["state"]["players"][0]["discard"].count(None) == 1
    assert _discard_unknown(client, draft, auth) == [1, 0]
    # a card the pool cannot hold is refused; the card seen is recorded
    wrong: dict[str, Any] = {"type": "identify", "p": 0, "zone": "discard", "cards": ["TST 01-014"]}  # an EX card
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": wrong, "expected": named}, headers=auth)
    assert r.status_code == 422 and r.json["ruling"]["rule"] == "identify.count"
    seen = {"type": "identify", "p": 0, "zone": "discard", "cards": [SECRET[0]]}
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": seen, "expected": named}, headers=auth)
    assert r.status_code == 200, r.json
    discard = r.json["state"]["players"][0]["discard"]
    assert SECRET[0] in discard and None not in discard
    assert _discard_unknown(client, draft, auth) == [0, 0]
