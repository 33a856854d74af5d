"""Who may start and write drafts when uploads are closed, and the per-draft write rate."""

from __future__ import annotations

from pathlib import Path

from pmemo_replay.store.tokens import add_token
from tests.drafts.conftest import make_app, table_log

HEAD, ACTIONS = table_log()


def test_closed_uploads_need_an_api_token_to_start_not_to_write(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'closed.sqlite3'}", PMEMO_OPEN_UPLOADS=False)
    client = app.test_client()
    assert client.post("/api/drafts", data=HEAD).status_code == 401
    _, secret = add_token(app.extensions["pmemo_store"].engine, "club")
    created = client.post("/api/drafts", data=HEAD, headers={"Authorization": f"Bearer {secret}"})
    assert created.status_code == 201
    draft, token = created.json["id"], created.json["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": ACTIONS[0], "expected": 0}, headers=auth).status_code == 200
    api = {"Authorization": f"Bearer {secret}"}  # an API token is not the draft's token
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": ACTIONS[1], "expected": 1}, headers=api).status_code == 403
    app.extensions["pmemo_store"].close()


def test_draft_writes_count_per_draft(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'rate.sqlite3'}", PMEMO_WRITE_RATE="1000/minute", PMEMO_DRAFT_RATE="3/minute")
    client = app.test_client()
    created = [client.post("/api/drafts", data=HEAD).json for _ in range(2)]
    codes = []
    for n in range(4):
        r = client.post(f"/api/drafts/{created[0]['id']}/actions", json={"action": ACTIONS[n], "expected": n},
                        headers={"Authorization": f"Bearer {created[0]['token']}"})
        codes.append(r.status_code)
    assert codes == [200, 200, 200, 429] and r.headers["Retry-After"]
    other = client.post(f"/api/drafts/{created[1]['id']}/actions", json={"action": ACTIONS[0], "expected": 0},
                        headers={"Authorization": f"Bearer {created[1]['token']}"})
    assert other.status_code == 200  # another draft has its own count
    app.extensions["pmemo_store"].close()
