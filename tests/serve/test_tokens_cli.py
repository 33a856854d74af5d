"""``pmemo-replay tokens add | list | revoke``: shown once, stored hashed, revoked tokens refused."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main
from pmemo_replay.store import Store
from pmemo_replay.store.tokens import find_token, list_tokens


def test_add_list_revoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    assert main(["tokens", "add", "ci", "--db", url]) == 0
    out = capsys.readouterr()
    secret = out.out.strip()
    assert secret.startswith("pmr_") and "shown only now" in out.err
    assert main(["tokens", "add", "mod", "--moderator", "--db", url]) == 0
    capsys.readouterr()
    assert main(["tokens", "add", "ci", "--db", url]) == 1  # the name is taken
    assert "exists" in capsys.readouterr().err
    assert main(["tokens", "list", "--json", "--db", url]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(t["name"], t["moderator"], t["revoked_at"]) for t in listed] == [("ci", False, None), ("mod", True, None)]
    assert secret not in json.dumps(listed)
    with Store(url) as store:
        found = find_token(store.engine, secret)
        assert found is not None and found.name == "ci"
        with store.engine.connect() as conn:
            hashes = [r[0] for r in conn.exec_driver_sql("SELECT token_hash FROM api_token")]
        assert hashlib.sha256(secret.encode()).hexdigest() in hashes and secret not in hashes
    assert main(["tokens", "revoke", "ci", "--db", url]) == 0
    assert main(["tokens", "revoke", "2", "--db", url]) == 0  # by id
    assert main(["tokens", "revoke", "ci", "--db", url]) == 1  # nothing active left with that name
    assert main(["tokens", "list", "--db", url]) == 0
    assert "revoked" in capsys.readouterr().out
    with Store(url) as store:
        assert find_token(store.engine, secret) is None and all(not t.active for t in list_tokens(store.engine))
    assert main(["tokens", "add", "ci", "--db", url]) == 0  # a revoked name may be reused
