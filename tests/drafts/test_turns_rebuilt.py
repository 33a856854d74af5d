"""The live page's turn separators after a restart or in another worker (review of issue 21, 1): a fold rebuilt
from a stored snapshot (one every 32 actions) knows the turn of every action before it, so ``GET /api/drafts/<id>``
and the event stream give the same turns as the process that took the appends, and those of a fold from the start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.drafts.models import DRAFT_SNAPSHOT
from pmemo_replay.drafts.service import SNAPSHOT_EVERY
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.db import read_connection
from pmemo_replay.web.drafts import KEY
from tests.drafts.conftest import append_actions, make_app, open_draft


def _pm_seat0(length: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Seat 0's table log of a simulated Precious Memories game: its header and first ``length`` actions."""
    rs, cards = get_ruleset("pm-2.22"), bundled_for("pm-2.22")
    doc = next(d for d in simulated_logs(cards, 4, 21) if len(d["actions"]) > length + 40)
    seat = rs.redact(doc["game"], doc["actions"], cards, 0)
    return seat.header, seat.actions[:length]


def _mahou(length: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A simulated Mahou Shoujo game recorded from the judge's seat (every order given): header, first actions."""
    cards = bundled_for("mahou-shoujo-1")
    doc = next(d for d in simulated_logs(cards, 8, 3, ruleset="mahou-shoujo-1") if len(d["actions"]) >= length)
    return doc["game"], doc["actions"][:length]


def _turns_folded(header: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
    """The turn each action is taken in, from a fold of the log from its start (the ruleset's ``turn_shown``)."""
    name = header.get("ruleset", "pm-2.22")
    rs = get_ruleset(name)
    folder = Folder(header, bundled_for(name))
    turns = []
    for action in actions:
        turns.append(rs.turn_shown(folder.state, action))
        folder.push(action)
    return turns


@pytest.mark.parametrize("game", [_pm_seat0, _mahou], ids=["pm-seat0", "mahou"])
def test_a_rebuilt_fold_knows_every_actions_turn(tmp_path: Path, game: Any) -> None:
    header, actions = game(200 if game is _pm_seat0 else 100)
    url = f"sqlite:///{tmp_path / 'drafts.sqlite3'}"
    first = make_app(url)
    client = first.test_client()
    draft, auth = open_draft(client, header)
    append_actions(client, draft, auth, actions)
    taken = client.get(f"/api/drafts/{draft}").json["turns"]
    with read_connection(first.extensions["pmemo_store"].engine) as conn:
        snapshots = conn.execute(sa.select(sa.func.count()).select_from(DRAFT_SNAPSHOT)
                                 .where(DRAFT_SNAPSHOT.c.draft_id == draft)).scalar_one()
    assert snapshots == len(actions) // SNAPSHOT_EVERY > 0  # a rebuild starts from one of them
    first.extensions["pmemo_store"].close()

    restarted = make_app(url)  # another process: an empty fold cache, rebuilt from the latest snapshot
    other = restarted.test_client()
    drafts = restarted.extensions[KEY]
    public = other.get(f"/api/drafts/{draft}").json
    entry = next(iter(drafts.cache._entries.values()))
    assert entry.fold.base > 0  # it did start from a snapshot, not from the header
    judge = other.get(f"/api/drafts/{draft}", headers=auth).json
    events, _ = drafts.events_after(draft, 0)
    assert None not in taken
    assert taken == public["turns"] == judge["turns"] == [e["turn"] for e in events if e["kind"] == "append"]
    assert taken == _turns_folded(header, actions)
    assert len(set(taken)) >= 4  # the game went through several turns: the separators are there to draw
    restarted.extensions["pmemo_store"].close()
