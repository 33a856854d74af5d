"""Two seats' copies of a public action must say the same (review r21c, finding 5): only what a table log may leave
out (table-logs.md: a shuffle's order, cards nobody saw) is taken from the other seat; an approach without its
``with``, a use without its ``rest``, an effect without its ``until`` or ``targets`` is a disagreement naming the
action and the field, with both versions: in the engine, ``pmemo-replay merge`` (exit 1) and the pairing API."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.merge import merge
from engine.ruleset import Redaction
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def _seats_with(field: str) -> tuple[Redaction, Redaction, int, int]:
    """Both seats' redactions of a simulated game whose seat-1 log has an action carrying ``field`` (at that index),
    and that action's game action number (knowledge actions not counted)."""
    for seed in (2, 3, 4, 5):
        for doc in simulated_logs(CARDS, 12, seed):
            seat0, seat1 = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1))
            at = next((i for i, a in enumerate(seat1.actions) if field in a), None)
            if at is not None:
                return seat0, seat1, at, sum(1 for a in seat1.actions[:at] if a["type"] not in PM.knowledge_actions)
    raise AssertionError(f"no simulated game has an action with {field!r}")  # pragma: no cover


@pytest.mark.parametrize("field", ["with", "rest", "targets", "until"])
def test_a_public_field_one_seat_left_out_is_a_disagreement(field: str) -> None:
    if field == "until":  # no simulated action carries it: the same action with it added on one side
        seat0, seat1, at, k = _seats_with("targets")
        seat0 = copy.deepcopy(seat0)
        mine = next(i for i, a in enumerate(seat0.actions) if a == seat1.actions[at])
        seat0.actions[mine]["until"] = "end_of_turn"
        changed = seat1
    else:
        seat0, seat1, at, k = _seats_with(field)
        changed = copy.deepcopy(seat1)
        del changed.actions[at][field]
    out = merge(PM, CARDS, [(seat0.header, seat0.actions), (changed.header, changed.actions)])
    assert out.disagreement is not None, f"merged silently without {field!r}"
    d = out.disagreement
    assert (d.step, d.kind, d.fields) == (k, "action", [field]), d.to_json()
    assert field in d.message and d.versions[0] != d.versions[1]
    assert (field in d.versions[0]) != (field in d.versions[1])  # both versions shown


def test_a_hidden_order_or_unseen_card_left_out_still_merges() -> None:
    """What a seat may leave out (a shuffle's order, a face-up point's card it did not see) is no disagreement."""
    doc = next(iter(simulated_logs(CARDS, 1, 5)))
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
    seat0, seat1 = (PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1))
    out = merge(PM, CARDS, [(seat0.header, seat0.actions), (seat1.header, seat1.actions)])
    assert out.disagreement is None and out.actions == judge.actions


def _write(path: Path, red: Redaction) -> str:
    path.write_text("\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": red.header}),
                               *map(json.dumps, red.actions)]) + "\n", encoding="utf-8")
    return str(path)


def test_merge_cli_names_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seat0, seat1, at, k = _seats_with("with")
    changed = copy.deepcopy(seat1)
    del changed.actions[at]["with"]
    changed.actions[at + 1:] = []  # seat 1's phone stopped there (without 'with' the rest may be refused)
    paths = [_write(tmp_path / "seat0.jsonl", seat0), _write(tmp_path / "seat1.jsonl", changed)]
    assert main(["merge", *paths]) == 1
    err = capsys.readouterr().err
    assert "the recordings disagree" in err and f"game action {k}" in err and "with" in err, err


def test_the_pairing_api_shows_the_field(client: FlaskClient) -> None:
    seat0, seat1, at, k = _seats_with("with")
    changed = copy.deepcopy(seat1)
    del changed.actions[at]["with"]
    drafts = []
    for seat, red in enumerate((seat0, changed)):
        r = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": red.header}))
        draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
        for n, action in enumerate(red.actions[:at + 1]):
            assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200, (seat, n)
        drafts.append((draft, auth))
    (d0, a0), (d1, a1) = drafts
    client.post(f"/api/drafts/{d0}/pair", json={"with": d1, "seat": 0}, headers=a0)
    client.post(f"/api/drafts/{d1}/pair", json={"with": d0, "seat": 1}, headers=a1)
    for draft, auth in drafts:
        assert client.post(f"/api/drafts/{draft}/finish", headers=auth).status_code == 201
    got: dict[str, Any] = client.get(f"/api/drafts/{d0}/merge", headers=a0).json["disagreement"]
    assert got["step"] == k and got["kind"] == "action" and got["fields"] == ["with"]
    assert ["with" in v for v in got["versions"]] == [True, False]
